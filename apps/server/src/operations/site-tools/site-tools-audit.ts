import type { FastifyRequest } from 'fastify'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Db } from '../../platform/db/client.ts'

/** The back-office user acting, for the audit log. */
export interface StaffRequest {
  readonly adminUserId: number
  readonly name: string
  readonly ip: string
  readonly requestId: string
}

export function staffOf(request: FastifyRequest): StaffRequest {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return {
    adminUserId: admin.userId,
    name: admin.name || admin.username,
    ip: request.ip,
    requestId: request.id,
  }
}

/** Records a staff change of a static route or glossary term; `db` may be the write's transaction. */
export async function auditSiteToolsChange(
  db: Db,
  staff: StaffRequest,
  change: {
    action: string
    entityType: 'staticRoute' | 'glossaryTerm'
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
