import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuditLogListSchema, AuditLogQuerySchema } from '@optika/domain/admin/users-api'
import type { Db } from '../../platform/db/client.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'

type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>

/** One page of the audit log, newest first, with the number of matching entries. */
export async function listAuditLog(
  db: Db,
  query: AuditLogQuery,
): Promise<z.infer<typeof AuditLogListSchema>> {
  const filters: SQL[] = []
  if (query.actorId !== undefined) filters.push(eq(auditLog.actorId, query.actorId))
  if (query.action) filters.push(eq(auditLog.action, query.action))
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType))
  if (query.from) filters.push(gte(auditLog.at, new Date(query.from)))
  if (query.to) filters.push(lte(auditLog.at, new Date(query.to)))
  const where = filters.length > 0 ? and(...filters) : undefined
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const [total] = await db.select({ n: count() }).from(auditLog).where(where)
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
    total: total?.n ?? 0,
  }
}
