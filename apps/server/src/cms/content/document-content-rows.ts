import { eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import type { ElementSnapshot } from '../../elements/element-services.ts'
import { documentNotFound, type DocumentRow } from '../documents/read-document-tree.ts'

export type { DocumentRow }

/** The document row (locked for update inside a write), or 404. */
export async function loadDocumentRow(db: Db, id: number, forUpdate = false): Promise<DocumentRow> {
  const query = db.select().from(documents).where(eq(documents.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw documentNotFound()
  return row
}

/** The content a version keeps of a document (`element_versions.snapshot.data`). */
export interface DocumentContent {
  readonly template: string | null
  readonly editables: Readonly<Record<string, unknown>>
  readonly settings: Readonly<Record<string, unknown>>
  readonly docTypeId: number | null
  readonly contentMainDocumentId: number | null
}

export function contentOfRow(row: DocumentRow): DocumentContent {
  return {
    template: row.template,
    editables: (row.editables ?? {}) as Record<string, unknown>,
    settings: (row.settings ?? {}) as Record<string, unknown>,
    docTypeId: row.docTypeId,
    contentMainDocumentId: row.contentMainDocumentId,
  }
}

/** A document as a version stores it. */
export function documentSnapshotOf(
  row: DocumentRow,
  published: boolean,
  content: DocumentContent,
): ElementSnapshot {
  return {
    key: row.key,
    parentId: row.parentId,
    path: row.path,
    type: row.type,
    classId: null,
    published,
    index: row.index,
    data: { ...content },
  }
}

/** The content of a stored snapshot (missing parts as empty). */
export function contentOfSnapshot(snapshot: unknown, fallback: DocumentRow): DocumentContent {
  const data =
    snapshot && typeof snapshot === 'object' && 'data' in snapshot
      ? ((snapshot as { data?: Record<string, unknown> }).data ?? {})
      : {}
  const record = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  return {
    template: typeof data.template === 'string' ? data.template : fallback.template,
    editables: record(data.editables),
    settings: record(data.settings),
    docTypeId: typeof data.docTypeId === 'number' ? data.docTypeId : fallback.docTypeId,
    contentMainDocumentId:
      typeof data.contentMainDocumentId === 'number' ? data.contentMainDocumentId : null,
  }
}
