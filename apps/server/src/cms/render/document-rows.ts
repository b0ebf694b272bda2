import { and, desc, eq, inArray, or } from 'drizzle-orm'
import type { EditableMap } from '@optika/domain/cms/editables'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentSessions } from '../../platform/db/schema/documents.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'

/** The columns the storefront reads of a document. */
export const pageColumns = {
  id: documents.id,
  parentId: documents.parentId,
  type: documents.type,
  key: documents.key,
  path: documents.path,
  index: documents.index,
  published: documents.published,
  template: documents.template,
  editables: documents.editables,
  settings: documents.settings,
  language: documents.language,
  contentMainDocumentId: documents.contentMainDocumentId,
  versionCount: documents.versionCount,
}

export type PageRow = {
  readonly id: number
  readonly parentId: number | null
  readonly type: (typeof documents.$inferSelect)['type']
  readonly key: string
  readonly path: string
  readonly index: number
  readonly published: boolean
  readonly template: string | null
  readonly editables: unknown
  readonly settings: unknown
  readonly language: string | null
  readonly contentMainDocumentId: number | null
  readonly versionCount: number
}

/** A document's own path: '/' for the root, else its parent's path and its key. */
export function documentPathOf(row: Pick<PageRow, 'parentId' | 'path' | 'key'>): string {
  return row.parentId === null ? '/' : `${row.path}${row.key}`
}

/** `/cs/terms` → `{ path: '/cs/', key: 'terms' }`, the columns a document is found by. */
export function splitDocumentPath(fullPath: string): { path: string; key: string } {
  const cut = fullPath.lastIndexOf('/')
  return { path: fullPath.slice(0, cut + 1), key: fullPath.slice(cut + 1) }
}

/** Every path from the top down to `fullPath` itself: `/cs/a/b` → `/cs`, `/cs/a`, `/cs/a/b`. */
export function ancestorPathsOf(fullPath: string): string[] {
  const segments = fullPath.split('/').filter(Boolean)
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)
}

/** The document at a full path, or null. */
export async function findDocumentByPath(db: Db, fullPath: string): Promise<PageRow | null> {
  if (fullPath === '/') {
    const [root] = await db.select(pageColumns).from(documents).where(eq(documents.id, 1))
    return root ?? null
  }
  const { path, key } = splitDocumentPath(fullPath)
  const [row] = await db
    .select(pageColumns)
    .from(documents)
    .where(and(eq(documents.path, path), eq(documents.key, key)))
    .limit(1)
  return row ?? null
}

/** The documents at these full paths (ancestors of a page), in no particular order. */
export async function findDocumentsByPaths(
  db: Db,
  fullPaths: readonly string[],
): Promise<PageRow[]> {
  if (fullPaths.length === 0) return []
  const conditions = fullPaths.map((fullPath) => {
    const { path, key } = splitDocumentPath(fullPath)
    return and(eq(documents.path, path), eq(documents.key, key))
  })
  return db
    .select(pageColumns)
    .from(documents)
    .where(or(...conditions))
}

export async function findDocumentById(db: Db, id: number): Promise<PageRow | null> {
  const [row] = await db.select(pageColumns).from(documents).where(eq(documents.id, id))
  return row ?? null
}

/** The children of these documents, in the tree's order (index, then key). */
export async function findChildren(db: Db, parentIds: readonly number[]): Promise<PageRow[]> {
  if (parentIds.length === 0) return []
  return db
    .select(pageColumns)
    .from(documents)
    .where(inArray(documents.parentId, [...parentIds]))
    .orderBy(documents.index, documents.key)
}

/** What an editor holds unsaved for a preview (save-to-session), or null. */
export async function findSessionDraft(
  db: Db,
  documentId: number,
  userId: number,
): Promise<DocumentContent | null> {
  const [row] = await db
    .select({ data: documentSessions.data })
    .from(documentSessions)
    .where(and(eq(documentSessions.documentId, documentId), eq(documentSessions.userId, userId)))
  return row ? contentOf(row.data) : null
}

/** The newest version of a document (a draft newer than the row, or the row's own), or null. */
export async function findNewestVersion(
  db: Db,
  documentId: number,
): Promise<DocumentContent | null> {
  const [row] = await db
    .select({ snapshot: elementVersions.snapshot })
    .from(elementVersions)
    .where(
      and(eq(elementVersions.elementType, 'document'), eq(elementVersions.elementId, documentId)),
    )
    .orderBy(desc(elementVersions.versionCount))
    .limit(1)
  return row ? contentOf(row.snapshot) : null
}

/** A page's content: what a session draft or a version holds of it. */
export interface DocumentContent {
  readonly template: string | null
  readonly editables: EditableMap
  readonly settings: Record<string, unknown>
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/**
 * Reads a session draft's data or a version's snapshot: `{ template, editables, settings }`,
 * at the top or under `data` (as object and asset snapshots keep theirs); anything missing is null.
 */
export function contentOf(stored: unknown): DocumentContent | null {
  const outer = record(stored)
  if (!outer) return null
  const inner = record(outer.data) ?? outer
  const editables = record(inner.editables) ?? record(outer.editables)
  if (!editables) return null
  const template = inner.template ?? outer.template
  return {
    template: typeof template === 'string' ? template : null,
    editables: editables as EditableMap,
    settings: record(inner.settings) ?? record(outer.settings) ?? {},
  }
}

/** `settings` as a record (a stored value that is not an object reads as none). */
export function settingsOf(row: Pick<PageRow, 'settings'>): Record<string, unknown> {
  return record(row.settings) ?? {}
}

export function editablesOf(row: Pick<PageRow, 'editables'>): EditableMap {
  return (record(row.editables) ?? {}) as EditableMap
}

/** The nearest hardlink at or above a path (for a child of a hardlinked subtree), or null. */
export async function findNearestHardlink(
  db: Db,
  fullPath: string,
): Promise<{ row: PageRow; fullPath: string } | null> {
  const above = ancestorPathsOf(fullPath).slice(0, -1)
  if (above.length === 0) return null
  const rows = await findDocumentsByPaths(db, above)
  const hardlinks = rows
    .filter((row) => row.type === 'hardlink')
    .map((row) => ({ row, fullPath: documentPathOf(row) }))
    .sort((a, b) => b.fullPath.length - a.fullPath.length)
  return hardlinks[0] ?? null
}
