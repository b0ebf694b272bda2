import type { Db } from '../../platform/db/client.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'

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

/** Field names never stored in the audit log, whatever entity they belong to. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordrepeat',
  'oldpassword',
  'newpassword',
  'passwordhash',
  'secret',
  'twofactorsecret',
  'recoverycodes',
  'twofactorrecoverycodes',
  'token',
  'tokenhash',
  'sessiontokenhash',
  'code',
])

function isSecretField(name: string): boolean {
  const lower = name.toLowerCase()
  return SECRET_FIELDS.has(lower) || lower.endsWith('token') || lower.endsWith('tokenhash')
}

/** A deep copy of `value` without secret fields (at any depth), ready for jsonb. */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets)
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isSecretField(key))
        .map(([key, inner]) => [key, stripSecrets(inner)]),
    )
  }
  return value
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
