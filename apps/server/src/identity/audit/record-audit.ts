import type { Db } from '../../platform/db/client.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { stripSecrets } from '../../platform/strip-secrets.ts'

export { stripSecrets }

/** Who did it: a back-office user, or nobody (an anonymous sign-in attempt, a script). */
export interface AuditActor {
  readonly id: number
  readonly name: string
}

export interface AuditEntry {
  readonly actor: AuditActor | null
  /** A dotted verb, e.g. 'adminAuth.login', 'adminUser.update'. */
  readonly action: string
  readonly entityType?: string | null
  readonly entityId?: string | number | null
  readonly before?: unknown
  readonly after?: unknown
  readonly ip?: string | null
  readonly requestId?: string | null
}

/** Appends one entry to the audit log; secrets in before/after are dropped first. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : stripSecrets(entry.before),
    after: entry.after === undefined ? null : stripSecrets(entry.after),
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  })
}
