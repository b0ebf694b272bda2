import { and, eq } from 'drizzle-orm'
import { fullPathOf } from '../documents/read-document-tree.ts'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type {
  DocumentContentInput,
  DocumentSessionData,
} from '@optika/domain/cms/document-save-api'
import type { Db } from '../../platform/db/client.ts'
import { documentSessions } from '../../platform/db/schema/documents.ts'
import { notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { contentOfRow, loadDocumentRow } from './document-content-rows.ts'
import { prepareDocumentContent } from './write-document-content.ts'

/**
 * POST /admin/{type}/save-to-session: keeps the editor's unsaved content for the user's preview
 * (`document_sessions`), checked and sanitized like a save (the preview draws it), without
 * touching the document, its versions or its dependencies. Needs `view`.
 */
export async function saveDocumentToSession(
  ctx: AdminContext,
  input: { id: number; type?: DocumentType; data: DocumentContentInput },
): Promise<{ success: true }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const row = await loadDocumentRow(ctx.db, input.id)
  if (input.type && row.type !== input.type) throw notFound()
  rights.assert('document', fullPathOf(row), 'view')
  const base = (await readDocumentSession(ctx.db, row.id, ctx.admin.userId)) ?? contentOfRow(row)
  const { content } = await prepareDocumentContent(
    ctx.db,
    row,
    { ...contentOfRow(row), ...base },
    input.data,
    { checkReferences: false },
  )
  const data: DocumentSessionData = {
    editables: content.editables as DocumentSessionData['editables'],
    settings: { ...content.settings },
    template: content.template,
  }
  await ctx.db
    .insert(documentSessions)
    .values({ documentId: row.id, userId: ctx.admin.userId, data })
    .onConflictDoUpdate({
      target: [documentSessions.documentId, documentSessions.userId],
      set: { data, updatedAt: new Date() },
    })
  return { success: true }
}

/** DELETE /admin/{type}/remove-from-session: forgets the user's unsaved content of a document. */
export async function removeDocumentFromSession(
  ctx: AdminContext,
  input: { id: number; type?: DocumentType },
): Promise<{ success: true }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const row = await loadDocumentRow(ctx.db, input.id)
  if (input.type && row.type !== input.type) throw notFound()
  rights.assert('document', fullPathOf(row), 'view')
  await ctx.db
    .delete(documentSessions)
    .where(
      and(eq(documentSessions.documentId, row.id), eq(documentSessions.userId, ctx.admin.userId)),
    )
  return { success: true }
}

/** The user's session draft of a document (what the preview draws), or null. */
export async function readDocumentSession(
  db: Db,
  documentId: number,
  userId: number,
): Promise<DocumentSessionData | null> {
  const [row] = await db
    .select({ data: documentSessions.data })
    .from(documentSessions)
    .where(and(eq(documentSessions.documentId, documentId), eq(documentSessions.userId, userId)))
  if (!row) return null
  const data = (row.data ?? {}) as Partial<DocumentSessionData>
  return {
    editables: data.editables ?? {},
    settings: data.settings ?? {},
    template: data.template ?? null,
  }
}
