import type { Db } from '../../platform/db/client.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'

/** One write to the documents as the audit log keeps it (`document.<verb>`, entity 'document'). */
export interface DocumentChange {
  readonly action: string
  /** The document's id; for document types, the type's id with `entityType` 'document-type'. */
  readonly documentId: number
  readonly entityType?: 'document' | 'document-type'
  readonly before?: unknown
  readonly after?: unknown
}

/** Appends an audit entry for a document change, in the caller's transaction. */
export async function auditDocumentChange(
  ctx: AdminContext,
  db: Db,
  change: DocumentChange,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    action: change.action,
    entityType: change.entityType ?? 'document',
    entityId: change.documentId,
    before: change.before,
    after: change.after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
