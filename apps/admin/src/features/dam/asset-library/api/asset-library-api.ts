import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { z } from 'zod'
import {
  AssetCopySchema,
  AssetJobSchema,
  AssetNodeSchema,
  type AssetNode,
} from '@optika/domain/pim/asset-api'
import { AssetGridPageSchema, type AssetGridListInput } from '@optika/domain/pim/asset-grid-api'
import { JobSchema, type Job } from '@optika/domain/pim/grid-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { combineChildPages } from '../../../../lib/child-pages.ts'

/** A tree node as the library shows it (rights, lock and date included). */
export const LibraryNodeSchema = AssetNodeSchema
export type LibraryNode = AssetNode

const LibraryChildrenSchema = z.object({
  nodes: z.array(LibraryNodeSchema),
  total: z.number().int().nonnegative(),
})

/** The asset library's cache keys; every write refreshes everything under `all`. */
export const libraryKeys = {
  all: ['admin', 'assets'] as const,
  root: ['admin', 'assets', 'root'] as const,
  children: (id: number, page: number) => ['admin', 'assets', 'children', id, page] as const,
  asset: (id: number) => ['admin', 'assets', 'asset', id] as const,
  grid: (input: GridPageInput) => ['admin', 'assets', 'grid', input] as const,
  job: (id: string) => ['admin', 'assets', 'job', id] as const,
}

/** How many children the tree shows per page of a folder. */
export const TREE_PAGE_SIZE = 100
export const ROOT_ID = 1

export function useAssetRoot() {
  return useQuery({
    queryKey: libraryKeys.root,
    queryFn: async () => LibraryNodeSchema.parse(await getJson('/admin/asset/tree-get-root')),
  })
}

/**
 * A folder's children, its first `pages` pages (the tree's and the thumbnails' "load more"). Each
 * page is its own request and cache entry, so a bigger folder never asks for one huge page; the
 * pages loaded so far show while the next one arrives.
 */
export function useAssetChildren(folderId: number, pages = 1) {
  return useQueries({
    queries: Array.from({ length: Math.max(1, pages) }, (_, page) => ({
      queryKey: libraryKeys.children(folderId, page),
      queryFn: async () =>
        LibraryChildrenSchema.parse(
          await getJson(
            `/admin/asset/tree-get-children-by-id?node=${folderId}&start=${page * TREE_PAGE_SIZE}&limit=${TREE_PAGE_SIZE}`,
          ),
        ),
    })),
    combine: combineChildPages,
  })
}

export function useAsset(id: number) {
  return useQuery({
    queryKey: libraryKeys.asset(id),
    queryFn: async () =>
      LibraryNodeSchema.parse(await getJson(`/admin/asset/get-data-by-id?id=${id}`)),
  })
}

/** POST add-folder: a folder named `name` in `parentId`. */
export async function addAssetFolder(parentId: number, name: string) {
  return AssetNodeSchema.parse(
    await sendJson('POST', '/admin/asset/add-folder', { parentId, name }),
  )
}

/** PUT update: rename (`key`) or move (`parentId`). */
export async function updateAsset(input: { id: number; key?: string; parentId?: number }) {
  return sendJson('PUT', '/admin/asset/update', input)
}

/** DELETE delete: the asset and its subtree go to the recycle bin. */
export async function deleteAsset(id: number) {
  return sendJson('DELETE', `/admin/asset/delete?id=${id}`)
}

/** A background job (copy, zip) as the job API shows it. */
export type LibraryJob = Job

/** POST copy: copies `sourceId` and its subtree into `targetId`, as a job. */
export async function startAssetCopy(sourceId: number, targetId: number) {
  const body = AssetCopySchema.parse({ sourceId, targetId, type: 'recursive' })
  return AssetJobSchema.parse(await sendJson('POST', '/admin/asset/copy', body)).jobId
}

/** GET download-as-zip-jobs: starts packing a folder (or one asset) into a zip, as a job. */
export async function startZipDownload(id: number) {
  return AssetJobSchema.parse(await getJson(`/admin/asset/download-as-zip-jobs?id=${id}`)).jobId
}

/** Where the packed zip of a finished job downloads. */
export function zipDownloadUrl(jobId: string): string {
  return `/admin/asset/download-as-zip?jobId=${encodeURIComponent(jobId)}`
}

/** The job API every asset job reports through (copy, zip, batch, export). */
export async function getJob(id: string): Promise<LibraryJob> {
  return JobSchema.parse(await getJson(`/admin/asset/job?id=${encodeURIComponent(id)}`))
}

function isFinished(job: LibraryJob | undefined): boolean {
  return job?.status === 'done' || job?.status === 'failed'
}

/** Polls a job until it is done or failed. */
export function useLibraryJob(id: string | null) {
  return useQuery({
    queryKey: libraryKeys.job(id ?? ''),
    queryFn: () => getJob(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 500),
  })
}

/** The columns the folder's column grid sorts by (asset grid system columns). */
export const GRID_SORT_COLUMNS = ['key', 'type', 'size', 'modificationDate'] as const
export type GridSortColumn = (typeof GRID_SORT_COLUMNS)[number]

export type GridPageInput = AssetGridListInput & {
  sort: { column: GridSortColumn; direction: 'asc' | 'desc' }
}

/** POST grid-proxy: one page of the folder's assets for the column grid. */
export function useAssetGridPage(input: GridPageInput) {
  return useQuery({
    queryKey: libraryKeys.grid(input),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      AssetGridPageSchema.parse(await sendJson('POST', '/admin/asset/grid-proxy', input)),
  })
}

/** The library's tree writes; each refreshes the library when it lands. */
export function useLibraryActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: libraryKeys.all })
  return {
    refresh,
    addFolder: useMutation({
      mutationFn: (input: { parentId: number; name: string }) =>
        addAssetFolder(input.parentId, input.name),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: updateAsset,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteAsset(id),
      onSuccess: refresh,
    }),
  }
}
