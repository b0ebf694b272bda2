import { auditDocumentChange } from '../documents/document-audit.ts'
import { and, eq } from 'drizzle-orm'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type {
  DocumentContentInput,
  SaveDocumentTask,
  SavedDocument,
} from '@optika/domain/cms/document-save-api'
import type { ScheduleTaskInput } from '@optika/domain/pim/element-api'
import { documentSessions } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights, type ElementRights } from '../../elements/element-rights.ts'
import { saveSchedule } from '../../elements/element-schedules.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import { contentOfRow, loadDocumentRow } from './document-content-rows.ts'
import { runDocumentScheduledTask } from './document-scheduled-task.ts'
import { validateEditables } from './validate-editables.ts'
import {
  assertDocumentRight,
  prepareDocumentContent,
  writeDocumentContent,
} from './write-document-content.ts'

// The contract of issue 17 names this module as the home of both; the rules live beside it.
export { validateEditables }

export interface SaveDocumentInput {
  readonly id: number
  /** The route's type (`/admin/page/save` → page); another document's type answers 404. */
  readonly type?: DocumentType
  readonly task: SaveDocumentTask
  readonly data: DocumentContentInput
  readonly scheduler?: readonly ScheduleTaskInput[]
  readonly note?: string
}

/**
 * Saves a document's content — the one save path of every document type: rights (save, and
 * publish/unpublish for those tasks) → the edit lock → editables checked against the template
 * and sanitized, settings checked, referred elements existing → the row (unless a draft of a
 * published document) → a version → dependencies → audit, in one transaction; the user's
 * session draft is dropped. Bad content changes nothing and answers a translated 4xx.
 */
export async function saveDocument(
  ctx: AdminContext,
  input: SaveDocumentInput,
): Promise<SavedDocument> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  if (input.task === 'scheduler') return saveDocumentSchedule(ctx, rights, input)
  return ctx.db.transaction(async (tx) => {
    const row = await loadDocumentRow(tx, input.id, true)
    if (input.type && row.type !== input.type)
      throw new AppError(404, 'NOT_FOUND', 'server.notFound')
    assertDocumentRight(rights, row, 'save')
    if (input.task === 'publish') assertDocumentRight(rights, row, 'publish')
    if (input.task === 'unpublish') assertDocumentRight(rights, row, 'unpublish')
    await assertNotLockedByOther(tx, { type: 'document', id: row.id }, ctx.admin.userId)

    const { content, references } = await prepareDocumentContent(
      tx,
      row,
      contentOfRow(row),
      input.data,
    )
    const published =
      input.task === 'publish' ? true : input.task === 'unpublish' ? false : row.published
    // A draft of a published document is a version only; an unpublished one is written directly.
    const draft = (input.task === 'version' || input.task === 'autoSave') && row.published
    const written = await writeDocumentContent(tx, {
      row,
      content,
      references,
      published,
      draft,
      userId: ctx.admin.userId,
      ...(input.note ? { note: input.note } : {}),
      autoSave: input.task === 'autoSave',
    })
    await tx
      .delete(documentSessions)
      .where(
        and(eq(documentSessions.documentId, row.id), eq(documentSessions.userId, ctx.admin.userId)),
      )
    await auditDocumentChange(ctx, tx, {
      action:
        input.task === 'publish'
          ? 'document.publish'
          : input.task === 'unpublish'
            ? 'document.unpublish'
            : 'document.save',
      documentId: row.id,
      before: { published: row.published, template: row.template },
      after: { published, template: content.template, versionCount: written.versionCount, draft },
    })
    return {
      success: true as const,
      id: row.id,
      published,
      versionId: written.versionId,
      versionCount: written.versionCount,
      draft,
      modificationDate: written.modificationDate.toISOString(),
    }
  })
}

/**
 * The `scheduler` task: replaces the document's pending scheduled tasks (publish, unpublish,
 * publish a version, delete) through the element schedules; needs the `publish` right.
 */
async function saveDocumentSchedule(
  ctx: AdminContext,
  rights: ElementRights,
  input: SaveDocumentInput,
): Promise<SavedDocument> {
  const row = await loadDocumentRow(ctx.db, input.id)
  if (input.type && row.type !== input.type) throw new AppError(404, 'NOT_FOUND', 'server.notFound')
  assertDocumentRight(rights, row, 'publish')
  await assertNotLockedByOther(ctx.db, { type: 'document', id: row.id }, ctx.admin.userId)
  // The document kind runs the tasks; saveSchedule only needs to know it can.
  await saveSchedule(
    ctx,
    { document: { runScheduledTask: runDocumentScheduledTask } },
    {
      elementType: 'document',
      elementId: row.id,
      tasks: (input.scheduler ?? []).map((task) => ({
        action: task.action,
        versionId: task.versionId ?? null,
        date: task.date,
        active: task.active ?? true,
      })),
    },
  )
  await auditDocumentChange(ctx, ctx.db, {
    action: 'document.schedule',
    documentId: row.id,
    after: { tasks: input.scheduler ?? [] },
  })
  return {
    success: true as const,
    id: row.id,
    published: row.published,
    versionId: null,
    versionCount: row.versionCount,
    draft: false,
    modificationDate: row.updatedAt.toISOString(),
  }
}
