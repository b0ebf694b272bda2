import { auditDocumentChange } from '../documents/document-audit.ts'
import { fullPathOf } from '../documents/read-document-tree.ts'
import { eq, sql } from 'drizzle-orm'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import { contentOfRow, loadDocumentRow } from './document-content-rows.ts'
import { hasEditables, writeDocumentContent } from './write-document-content.ts'

const invalid = () => new AppError(400, 'MAIN_DOCUMENT_INVALID', 'cmsContent.mainDocumentInvalid')

async function resolveTarget(
  db: Db,
  input: {
    contentMainDocumentPath?: string | undefined
    contentMainDocumentId?: number | null | undefined
  },
): Promise<number | null> {
  if (input.contentMainDocumentId !== undefined) return input.contentMainDocumentId
  const path = input.contentMainDocumentPath?.trim() ?? ''
  if (path === '') return null
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(sql`(${documents.path} || ${documents.key}) = ${path}`)
  if (!row)
    throw new AppError(400, 'MAIN_DOCUMENT_MISSING', 'cmsContent.targetMissing', { name: path })
  return Number(row.id)
}

/**
 * PUT /admin/{type}/change-main-document: makes a page (snippet, e-mail) show the editables of
 * another document of its type (Pimcore's content main document), or stops it (empty). As in
 * Pimcore its own editables are emptied and the change is saved like a draft: written directly
 * while the document is unpublished, a version otherwise. Refuses itself, another type and a
 * chain of main documents leading back to it.
 */
export async function changeMainDocument(
  ctx: AdminContext,
  input: {
    id: number
    type?: DocumentType
    contentMainDocumentPath?: string | undefined
    contentMainDocumentId?: number | null | undefined
  },
): Promise<{ success: true; contentMainDocumentId: number | null }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const row = await loadDocumentRow(tx, input.id, true)
    if (input.type && row.type !== input.type) throw notFound()
    rights.assert('document', fullPathOf(row), 'save')
    await assertNotLockedByOther(tx, { type: 'document', id: row.id }, ctx.admin.userId)
    if (!hasEditables(row.type)) throw invalid()
    const targetId = await resolveTarget(tx, input)
    if (targetId !== null) {
      let next: number | null = targetId
      for (let hops = 0; next !== null; hops += 1) {
        if (next === row.id || hops > 20) {
          throw new AppError(400, 'MAIN_DOCUMENT_CYCLE', 'cmsContent.mainDocumentCycle')
        }
        const [target] = await tx
          .select({ type: documents.type, main: documents.contentMainDocumentId })
          .from(documents)
          .where(eq(documents.id, next))
        if (!target) {
          throw new AppError(400, 'MAIN_DOCUMENT_MISSING', 'cmsContent.targetMissing', {
            name: String(next),
          })
        }
        if (hops === 0 && target.type !== row.type) throw invalid()
        next = target.main === null ? null : Number(target.main)
      }
    }
    const content = { ...contentOfRow(row), editables: {}, contentMainDocumentId: targetId }
    const written = await writeDocumentContent(tx, {
      row,
      content,
      references: [],
      published: row.published,
      draft: row.published,
      userId: ctx.admin.userId,
    })
    await auditDocumentChange(ctx, tx, {
      action: 'document.changeMainDocument',
      documentId: row.id,
      before: { contentMainDocumentId: row.contentMainDocumentId },
      after: { contentMainDocumentId: targetId, versionCount: written.versionCount },
    })
    return { success: true as const, contentMainDocumentId: targetId }
  })
}
