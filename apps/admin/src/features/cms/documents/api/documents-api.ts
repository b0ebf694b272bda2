import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AddDocumentSchema,
  AddedDocumentSchema,
  DocumentChildrenSchema,
  DocumentCopyResultSchema,
  DocumentDataSchema,
  DocumentDeleteInfoSchema,
  DocumentIdForPathSchema,
  DocumentJobSchema,
  DocumentNodeSchema,
  UpdateDocumentSchema,
  type AddDocument,
  type DocumentCopyResult,
  type UpdateDocument,
} from '@optika/domain/cms/document-tree-api'
import { JobSchema, type Job } from '@optika/domain/pim/grid-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { combineChildPages } from '../../../../lib/child-pages.ts'

/** The Documents screen's cache keys; every tree write refreshes everything under `all`. */
export const documentKeys = {
  all: ['admin', 'documents'] as const,
  root: ['admin', 'documents', 'root'] as const,
  children: (id: number, page: number) => ['admin', 'documents', 'children', id, page] as const,
  document: (id: number) => ['admin', 'documents', 'document', id] as const,
  deleteInfo: (id: number) => ['admin', 'documents', 'delete-info', id] as const,
  job: (id: string) => ['admin', 'documents', 'job', id] as const,
}

/** How many children the tree shows per page of a document. */
export const TREE_PAGE_SIZE = 100
/** The tree's root (key '', path '/'), made by the migration. */
export const ROOT_ID = 1

export function useDocumentRoot() {
  return useQuery({
    queryKey: documentKeys.root,
    queryFn: async () => DocumentNodeSchema.parse(await getJson('/admin/document/tree-get-root')),
  })
}

/**
 * A document's children, its first `pages` pages (the tree's "load more"), each page its own
 * request and cache entry; the pages loaded so far show while the next one arrives.
 */
export function useDocumentChildren(parentId: number, pages = 1) {
  return useQueries({
    queries: Array.from({ length: Math.max(1, pages) }, (_, page) => ({
      queryKey: documentKeys.children(parentId, page),
      queryFn: async () =>
        DocumentChildrenSchema.parse(
          await getJson(
            `/admin/document/tree-get-children-by-id?node=${parentId}&start=${page * TREE_PAGE_SIZE}&limit=${TREE_PAGE_SIZE}`,
          ),
        ),
    })),
    combine: combineChildPages,
  })
}

/** GET document/get-data-by-id: the document as an editor knows it (the generic read). */
export function useDocument(id: number) {
  return useQuery({
    queryKey: documentKeys.document(id),
    queryFn: async () =>
      DocumentDataSchema.parse(await getJson(`/admin/document/get-data-by-id?id=${id}`)),
  })
}

/** GET delete-info: how many documents go with it and whether others refer to them. */
export function useDeleteInfo(id: number) {
  return useQuery({
    queryKey: documentKeys.deleteInfo(id),
    queryFn: async () =>
      DocumentDeleteInfoSchema.parse(await getJson(`/admin/document/delete-info?id=${id}`)),
  })
}

/** POST add: a document of any type under `parentId` (pages, snippets, e-mails from a doc type). */
export async function addDocument(input: AddDocument) {
  return AddedDocumentSchema.parse(
    await sendJson('POST', '/admin/document/add', AddDocumentSchema.parse(input)),
  )
}

/** PUT update: rename (`key`), move (`parentId`) and/or reorder (`index`). */
export async function updateDocument(input: UpdateDocument) {
  return sendJson('PUT', '/admin/document/update', UpdateDocumentSchema.parse(input))
}

/** DELETE delete: the document and its subtree go to the recycle bin. */
export async function deleteDocument(id: number) {
  return sendJson('DELETE', `/admin/document/delete?id=${id}`)
}

/** GET get-id-for-path: the document at a full path (404 when there is none). */
export async function getIdForPath(path: string) {
  return DocumentIdForPathSchema.parse(
    await getJson(`/admin/document/get-id-for-path?path=${encodeURIComponent(path)}`),
  )
}

/** POST copy: copies `sourceId` (alone or with its subtree) into `targetId`, as a job. */
export async function startDocumentCopy(input: {
  sourceId: number
  targetId: number
  type: 'child' | 'recursive'
  rewrite: boolean
}) {
  return DocumentJobSchema.parse(await sendJson('POST', '/admin/document/copy', input)).jobId
}

/** The copy job's result: the new document and every source id → its copy. */
export function readCopyResult(job: Job): DocumentCopyResult | null {
  const parsed = DocumentCopyResultSchema.safeParse(job.result)
  return parsed.success ? parsed.data : null
}

/** The job API document copies report through. */
export async function getDocumentJob(id: string): Promise<Job> {
  return JobSchema.parse(await getJson(`/admin/document/job?id=${encodeURIComponent(id)}`))
}

function isFinished(job: Job | undefined): boolean {
  return job?.status === 'done' || job?.status === 'failed'
}

/** Polls a job until it is done or failed. */
export function useDocumentJob(id: string) {
  return useQuery({
    queryKey: documentKeys.job(id),
    queryFn: () => getDocumentJob(id),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 500),
  })
}

/** The tree's writes; each refreshes the screen when it lands. */
export function useDocumentActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all })
  return {
    refresh,
    add: useMutation({ mutationFn: addDocument, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateDocument, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteDocument, onSuccess: refresh }),
  }
}
