import type { ScheduleAction } from '@optika/domain/pim/element-api'
import type { Db } from '../../platform/db/client.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { contentOfRow, loadDocumentRow } from './document-content-rows.ts'
import { publishDocumentVersion } from './document-versions.ts'
import { prepareDocumentContent, writeDocumentContent } from './write-document-content.ts'

/**
 * Runs a due scheduled task of document `task.id` (the document `ElementKind.runScheduledTask`):
 * `publish` publishes the stored content, `unpublish` takes it offline, `publish-version` makes
 * a stored version the published content. Each writes a version and an audit entry in the
 * scheduler's transaction; content that no longer fits its template fails the task.
 */
export async function runDocumentScheduledTask(
  tx: Db,
  task: {
    readonly id: number
    readonly action: Exclude<ScheduleAction, 'delete'>
    readonly versionId: number | null
    readonly userId: number | null
  },
): Promise<void> {
  if (task.action === 'publish-version') {
    if (task.versionId === null) throw new Error('publish-version without a version')
    const result = await publishDocumentVersion(tx, {
      versionId: task.versionId,
      userId: task.userId,
    })
    await auditScheduled(tx, 'document.publishVersion', result.id, task)
    return
  }
  const published = task.action === 'publish'
  await setDocumentPublished(tx, {
    id: task.id,
    published,
    userId: task.userId,
    note: `scheduled ${task.action}`,
  })
  await auditScheduled(tx, published ? 'document.publish' : 'document.unpublish', task.id, task)
}

/**
 * Publishes a document's stored content or takes it offline, writing a version (the scheduler's
 * tasks and workflow transitions). Content that no longer fits its template is refused (400).
 */
export async function setDocumentPublished(
  tx: Db,
  input: {
    readonly id: number
    readonly published: boolean
    readonly userId: number | null
    readonly note: string
  },
): Promise<void> {
  const row = await loadDocumentRow(tx, input.id, true)
  const { content, references } = await prepareDocumentContent(
    tx,
    row,
    contentOfRow(row),
    {},
    { checkReferences: false },
  )
  await writeDocumentContent(tx, {
    row,
    content,
    references,
    published: input.published,
    draft: false,
    userId: input.userId,
    note: input.note,
  })
}

async function auditScheduled(
  tx: Db,
  action: string,
  documentId: number,
  task: { readonly action: string },
): Promise<void> {
  await recordAudit(tx, {
    actor: null,
    action,
    entityType: 'document',
    entityId: documentId,
    after: { scheduledAction: task.action },
  })
}
