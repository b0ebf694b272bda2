import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  AddedElementSchema,
  CopiedElementSchema,
  CopyInfoSchema,
  DeleteInfoSchema,
  DeleteResultSchema,
  FolderDetailSchema,
  ObjectDetailSchema,
  SaveObjectResultSchema,
  SelectOptionsResultSchema,
  TreeChildrenSchema,
  UpdatedElementSchema,
  VariantListSchema,
  VersionDiffSchema,
  VersionPreviewSchema,
  type AddObjectSchema,
  type SaveObjectInput,
  type SaveObjectSchema,
  type UpdateElement,
} from '@optika/domain/pim/object-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { sendWithFieldErrors } from './send-with-field-errors.ts'

/** Children per tree page: a big folder shows this many, then "load more". */
export const TREE_PAGE_SIZE = 50

export const objectKeys = {
  all: ['admin', 'objects'] as const,
  tree: ['admin', 'objects', 'tree'] as const,
  children: (parentId: number, filter: string, pages: number) =>
    ['admin', 'objects', 'tree', parentId, filter, pages] as const,
  element: (id: number) => ['admin', 'objects', 'element', id] as const,
  object: (id: number) => ['admin', 'objects', 'element', id, 'object'] as const,
  folder: (id: number) => ['admin', 'objects', 'element', id, 'folder'] as const,
  variants: (id: number) => ['admin', 'objects', 'element', id, 'variants'] as const,
  diff: (from: number, to: number) => ['admin', 'objects', 'diff', from, to] as const,
  versionPreview: (id: number) => ['admin', 'objects', 'version', id] as const,
  selectOptions: (classId: string, field: string) =>
    ['admin', 'objects', 'select-options', classId, field] as const,
}

/** GET tree-get-children-by-id — one page of a folder's (or object's) children. */
export async function getTreeChildren(parentId: number, start: number, limit: number, filter = '') {
  const query = new URLSearchParams({
    node: String(parentId),
    start: String(start),
    limit: String(limit),
  })
  if (filter.trim() !== '') query.set('filter', filter.trim())
  return TreeChildrenSchema.parse(
    await getJson(`/admin/object/tree-get-children-by-id?${query.toString()}`),
  )
}

/**
 * The first `pages` pages of a node's children as one list: "load more" asks for one more page,
 * and a refetch (after a move or rename) reloads all the pages shown.
 */
export function useTreeChildren(parentId: number, filter: string, pages: number, enabled = true) {
  return useQuery({
    queryKey: objectKeys.children(parentId, filter, pages),
    enabled,
    placeholderData: (previous) => previous,
    queryFn: () => getTreeChildren(parentId, 0, pages * TREE_PAGE_SIZE, filter),
  })
}

export function useObjectDetail(id: number, enabled = true) {
  return useQuery({
    queryKey: objectKeys.object(id),
    enabled,
    staleTime: 0,
    queryFn: async () => ObjectDetailSchema.parse(await getJson(`/admin/object/get?id=${id}`)),
  })
}

export function useFolderDetail(id: number, enabled = true) {
  return useQuery({
    queryKey: objectKeys.folder(id),
    enabled,
    queryFn: async () =>
      FolderDetailSchema.parse(await getJson(`/admin/object/get-folder?id=${id}`)),
  })
}

/** POST|PUT save — a refused save keeps its field errors (see FieldErrorsApiError). */
export async function saveObject(input: z.input<typeof SaveObjectSchema>) {
  return SaveObjectResultSchema.parse(await sendWithFieldErrors('PUT', '/admin/object/save', input))
}
export type SaveTask = SaveObjectInput['task']

export async function addObject(input: z.input<typeof AddObjectSchema>) {
  return AddedElementSchema.parse(await sendJson('POST', '/admin/object/add', input))
}

export async function addFolder(input: { parentId: number; key: string }) {
  return AddedElementSchema.parse(await sendJson('POST', '/admin/object/add-folder', input))
}

/** PUT update — rename, move, reorder, publish or unpublish. */
export async function updateElement(input: UpdateElement) {
  return UpdatedElementSchema.parse(await sendJson('PUT', '/admin/object/update', input))
}

export async function getDeleteInfo(id: number) {
  return DeleteInfoSchema.parse(await getJson(`/admin/object/delete-info?id=${id}`))
}

export async function deleteElement(id: number) {
  return DeleteResultSchema.parse(await sendJson('DELETE', `/admin/object/delete?id=${id}`))
}

/**
 * Copies an element (and its subtree) under a target: the server plans the steps, each step copies
 * one element under the copy of its parent, and relations inside the copied subtree are then
 * pointed at the copies. Answers the id of the top copy.
 */
export async function copyElement(sourceId: number, targetId: number): Promise<number> {
  const info = CopyInfoSchema.parse(
    await getJson(
      `/admin/object/copy-info?sourceId=${sourceId}&targetId=${targetId}&type=recursive`,
    ),
  )
  const copies = new Map<number, number>()
  let topId: number | null = null
  for (const step of info.steps) {
    const parentCopy = step.sourceParentId === null ? undefined : copies.get(step.sourceParentId)
    const copied = CopiedElementSchema.parse(
      await sendJson('POST', '/admin/object/copy', {
        sourceId: step.sourceId,
        targetId: parentCopy ?? targetId,
        type: step.type,
      }),
    )
    copies.set(step.sourceId, copied.id)
    topId ??= copied.id
  }
  if (copies.size > 0) {
    await sendJson('PUT', '/admin/object/copy-rewrite-ids', {
      idMap: [...copies].map(([from, to]) => ({ from, to })),
    })
  }
  if (topId === null) throw new Error('copy-info planned no copy')
  return topId
}

export function useVariants(objectId: number, enabled = true) {
  return useQuery({
    queryKey: objectKeys.variants(objectId),
    enabled,
    queryFn: async () =>
      VariantListSchema.parse(
        await getJson(`/admin/variants/get-variants?objectId=${objectId}&limit=200`),
      ),
  })
}

export async function updateVariantKey(id: number, key: string) {
  await sendJson('PUT', '/admin/variants/update-key', { id, key })
}

export function useVersionDiff(from: number | null, to: number | null) {
  return useQuery({
    queryKey: objectKeys.diff(from ?? 0, to ?? 0),
    enabled: from !== null && to !== null,
    queryFn: async () =>
      VersionDiffSchema.parse(await getJson(`/admin/object/diff-versions/${from}/${to}`)),
  })
}

export function useVersionPreview(versionId: number | null) {
  return useQuery({
    queryKey: objectKeys.versionPreview(versionId ?? 0),
    enabled: versionId !== null,
    queryFn: async () =>
      VersionPreviewSchema.parse(await getJson(`/admin/object/preview-version?id=${versionId}`)),
  })
}

export async function publishVersion(versionId: number) {
  await sendJson('POST', '/admin/object/publish-version', { id: versionId })
}

/** Options of a select whose list comes from a named set (the class field names it). */
export function useSelectOptions(classId: string, fieldName: string, enabled: boolean) {
  return useQuery({
    queryKey: objectKeys.selectOptions(classId, fieldName),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      SelectOptionsResultSchema.parse(
        await sendJson('POST', '/admin/object/get-select-options', { classId, fieldName }),
      ).options,
  })
}

/** The storefront page of a product or category (the server redirects to it). */
export function previewUrl(id: number, locale: string): string {
  return `/admin/object/preview?id=${id}&locale=${encodeURIComponent(locale)}`
}
