import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { DocumentType } from '@optika/domain/cms/document-api'
import {
  DiffVersionsSchema,
  SavedDocumentSchema,
  type DocumentContentInput,
  type SaveDocumentTask,
} from '@optika/domain/cms/document-save-api'
import { DocumentChildrenSchema, DocumentDataSchema } from '@optika/domain/cms/document-tree-api'
import { EditableMapSchema } from '@optika/domain/cms/editables'
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
  label: (id: number | null) => ['admin', 'documents', 'label', id] as const,
}

/** The types this editor opens; links, hardlinks and folders have their own forms. */
export type EditorDocumentType = 'page' | 'snippet' | 'email'

export function isEditorDocumentType(type: DocumentType): type is EditorDocumentType {
  return type === 'page' || type === 'snippet' || type === 'email'
}

/** `get-data-by-id` with its editables read as the editables contract. */
export const EditorDocumentSchema = DocumentDataSchema.extend({ editables: EditableMapSchema })
export type EditorDocument = z.infer<typeof EditorDocumentSchema>

/**
 * The document as the editor starts from: the type's own get-data-by-id (the newest draft or the
 * user's session draft, as Pimcore's editors open them); the generic call first names the type.
 */
export function useEditorDocument(id: number) {
  return useQuery({
    queryKey: documentEditorKeys.data(id),
    queryFn: async () => {
      const generic = DocumentDataSchema.parse(
        await getJson(`/admin/document/get-data-by-id?id=${id}`),
      )
      if (!isEditorDocumentType(generic.type)) return { ...generic, editables: {} }
      return EditorDocumentSchema.parse(
        await getJson(`/admin/${generic.type}/get-data-by-id?id=${id}`),
      )
    },
  })
}

/** The save tasks the toolbar offers. */
export type SaveTask = Extract<SaveDocumentTask, 'version' | 'publish' | 'unpublish'>

export type DocumentContent = Pick<DocumentContentInput, 'settings' | 'template'> & {
  readonly editables: z.infer<typeof EditableMapSchema>
}

/** PUT {type}/save: a draft (`version`), publish or unpublish, through the one save path. */
export async function saveDocument(
  type: EditorDocumentType,
  id: number,
  task: SaveTask,
  content: DocumentContent,
) {
  return SavedDocumentSchema.parse(
    await sendJson('PUT', `/admin/${type}/save`, { id, task, data: content }),
  )
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

/**
 * GET document/diff-versions/{from}/{to}: each editable flattened to a name (`content.2.body`)
 * and its text in both versions, and whether it changed.
 */
export function useVersionDiff(from: number, to: number) {
  return useQuery({
    queryKey: documentEditorKeys.diff(from, to),
    staleTime: Infinity,
    queryFn: async () =>
      DiffVersionsSchema.parse(await getJson(`/admin/document/diff-versions/${from}/${to}`)),
  })
}

/** GET document/tree-get-children-by-id: one folder's documents for the document picker. */
export function useDocumentChildren(parentId: number) {
  return useQuery({
    queryKey: documentEditorKeys.children(parentId),
    queryFn: async () =>
      DocumentChildrenSchema.parse(
        await getJson(`/admin/document/tree-get-children-by-id?node=${parentId}&limit=200`),
      ).nodes,
  })
}

/** GET document/get-data-by-id for a chosen document's path (labels of chosen targets). */
export function useDocumentLabel(id: number | null) {
  return useQuery({
    queryKey: documentEditorKeys.label(id),
    enabled: id !== null,
    staleTime: 60_000,
    queryFn: async () =>
      DocumentDataSchema.parse(await getJson(`/admin/document/get-data-by-id?id=${id}`)),
  })
}
