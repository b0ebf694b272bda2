import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { EditableMapSchema } from '@optika/domain/cms/editables'
import { DocumentTypeSchema, type DocumentType } from '@optika/domain/cms/document-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

/**
 * The document calls the editor makes: get-data-by-id and save per type (page, snippet, email),
 * the session draft the live preview draws, versions (publish, load into the session, diff).
 */

export const documentEditorKeys = {
  all: ['admin', 'documents'] as const,
  data: (id: number) => ['admin', 'documents', 'editor', id] as const,
  diff: (from: number, to: number) => ['admin', 'documents', 'diff', from, to] as const,
  children: (id: number) => ['admin', 'documents', 'picker', id] as const,
}

/** The types this editor opens; links, hardlinks and folders have their own forms. */
export type EditorDocumentType = 'page' | 'snippet' | 'email'

export function isEditorDocumentType(type: DocumentType): type is EditorDocumentType {
  return type === 'page' || type === 'snippet' || type === 'email'
}

const RightsSchema = z
  .object({
    view: z.boolean().default(true),
    save: z.boolean().default(false),
    publish: z.boolean().default(false),
    unpublish: z.boolean().default(false),
    delete: z.boolean().default(false),
    settings: z.boolean().default(false),
    versions: z.boolean().default(false),
    properties: z.boolean().default(false),
  })
  .partial()
  .transform((rights) => ({
    view: rights.view ?? true,
    save: rights.save ?? false,
    publish: rights.publish ?? false,
    unpublish: rights.unpublish ?? false,
    delete: rights.delete ?? false,
    settings: rights.settings ?? false,
    versions: rights.versions ?? false,
    properties: rights.properties ?? false,
  }))

const LockHolderSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  lockedAt: z.string(),
})

/** `DocumentData` of the brief's contract as the editor reads it (unknown fields are ignored). */
export const EditorDocumentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  type: DocumentTypeSchema,
  published: z.boolean(),
  language: z.string().nullable().optional(),
  template: z.string().nullable().optional(),
  permissions: RightsSchema,
  // The tree answers `locked` as a flag or the holder; the lock banner needs the holder.
  locked: z.union([z.boolean(), LockHolderSchema, z.null()]).optional(),
  lock: LockHolderSchema.nullable().optional(),
  editables: EditableMapSchema.nullable().optional(),
  settings: z.record(z.string(), z.unknown()).nullable().optional(),
  versionCount: z.number().int().optional(),
  modificationDate: z.string().nullable().optional(),
  userModification: z.union([z.string(), z.number()]).nullable().optional(),
  translations: z.record(z.string(), z.number()).optional(),
  draft: z.object({ versionId: z.number(), date: z.string() }).nullable().optional(),
  session: z.boolean().optional(),
})
export type EditorDocument = z.infer<typeof EditorDocumentSchema>

/** The lock holder, when the answer names one. */
export function lockHolderOf(document: EditorDocument) {
  if (document.lock !== undefined && document.lock !== null) return document.lock
  return typeof document.locked === 'object' && document.locked !== null ? document.locked : null
}

/** GET document/get-data-by-id (to learn the type), then the type's own get-data-by-id. */
export function useEditorDocument(id: number) {
  return useQuery({
    queryKey: documentEditorKeys.data(id),
    queryFn: async () => {
      const generic = EditorDocumentSchema.parse(
        await getJson(`/admin/document/get-data-by-id?id=${id}`),
      )
      if (!isEditorDocumentType(generic.type)) return generic
      return EditorDocumentSchema.parse(
        await getJson(`/admin/${generic.type}/get-data-by-id?id=${id}`),
      )
    },
  })
}

export type SaveTask = 'version' | 'publish' | 'unpublish'

export interface DocumentContent {
  readonly editables: z.infer<typeof EditableMapSchema>
  readonly settings: Record<string, unknown>
  readonly template?: string | null
}

/** PUT {type}/save: a draft (`version`), publish or unpublish, through the one save path. */
export async function saveDocument(
  type: EditorDocumentType,
  id: number,
  task: SaveTask,
  content: DocumentContent,
) {
  return sendJson('PUT', `/admin/${type}/save`, { id, task, data: content })
}

/** POST {type}/save-to-session: unsaved edits kept for this user, drawn by the preview. */
export async function saveToSession(
  type: EditorDocumentType,
  id: number,
  content: DocumentContent,
) {
  await sendJson('POST', `/admin/${type}/save-to-session`, { id, data: content })
}

/** DELETE {type}/remove-from-session: forgets this user's unsaved edits. */
export async function removeFromSession(type: EditorDocumentType, id: number) {
  await sendJson('DELETE', `/admin/${type}/remove-from-session?id=${id}`)
}

/** POST document/publish-version: makes a stored version the published document. */
export async function publishDocumentVersion(versionId: number) {
  await sendJson('POST', '/admin/document/publish-version', { id: versionId })
}

/** POST document/version-to-session: loads a stored version into the editor's session draft. */
export async function loadVersionIntoSession(versionId: number) {
  await sendJson('POST', '/admin/document/version-to-session', { id: versionId })
}

const DiffSideSchema = z.object({
  id: z.number().int(),
  versionCount: z.number().int(),
  date: z.string(),
})

/**
 * GET document/diff-versions/{from}/{to}: each editable flattened to a name (`content.2.body`)
 * and its text in both versions, and whether it changed.
 */
export const VersionDiffSchema = z.object({
  from: DiffSideSchema,
  to: DiffSideSchema,
  items: z.array(
    z.object({
      name: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
})
export type VersionDiff = z.infer<typeof VersionDiffSchema>

export function useVersionDiff(from: number, to: number) {
  return useQuery({
    queryKey: documentEditorKeys.diff(from, to),
    staleTime: Infinity,
    queryFn: async () =>
      VersionDiffSchema.parse(await getJson(`/admin/document/diff-versions/${from}/${to}`)),
  })
}

const PickerNodeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  path: z.string(),
  type: DocumentTypeSchema,
  hasChildren: z.boolean().default(false),
  published: z.boolean().default(true),
})
export type PickerNode = z.infer<typeof PickerNodeSchema>

const ChildrenSchema = z.object({ nodes: z.array(PickerNodeSchema) })

/** GET document/tree-get-children-by-id: one folder's documents for the document picker. */
export function useDocumentChildren(parentId: number) {
  return useQuery({
    queryKey: documentEditorKeys.children(parentId),
    queryFn: async () =>
      ChildrenSchema.parse(
        await getJson(`/admin/document/tree-get-children-by-id?node=${parentId}&limit=200`),
      ).nodes,
  })
}

/** GET document/get-data-by-id for a picked document's path (labels of chosen targets). */
export function useDocumentLabel(id: number | null) {
  return useQuery({
    queryKey: [...documentEditorKeys.all, 'label', id],
    enabled: id !== null,
    staleTime: 60_000,
    queryFn: async () =>
      EditorDocumentSchema.pick({ id: true, path: true, key: true, type: true })
        .loose()
        .parse(await getJson(`/admin/document/get-data-by-id?id=${id}`)),
  })
}
