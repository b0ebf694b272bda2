import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'
import type { MailLogger } from '../../platform/mail/create-mailer.ts'

/** The back-office user acting, for the audit log and the reply's author. */
export interface StaffRequest {
  readonly adminUserId: number
  readonly name: string
  readonly ip: string
  readonly requestId: string
  readonly log: MailLogger
}

/** Records a staff action on contact messages or topics; `db` may be the action's transaction. */
export async function auditContactChange(
  db: Db,
  staff: StaffRequest,
  change: {
    action: string
    entityType: 'contactMessage' | 'contactTopic'
    entityId: number
    before?: unknown
    after?: unknown
  },
): Promise<void> {
  await recordAudit(db, {
    actor: { id: staff.adminUserId, name: staff.name },
    ...change,
    ip: staff.ip,
    requestId: staff.requestId,
  })
}
