import { and, count, desc, eq, gt, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm'
import type {
  LastUnread,
  LastUnreadQuerySchema,
  Notification,
  NotificationElementType,
  NotificationListQuerySchema,
  NotificationPage,
  Recipient,
  SendNotificationSchema,
} from '@optika/domain/identity/notifications'
import type { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { notifications } from '../../platform/db/schema/governance.ts'
import { adminRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../admin-users/admin-context.ts'
import { recordAudit } from '../audit/record-audit.ts'
import { sendNotification } from './send-notification.ts'

export interface ElementRefOf {
  readonly type: NotificationElementType
  readonly id: number
}

/**
 * Full paths of elements, by `type:id`; a missing element is absent. Identity may not read the
 * element trees: app.ts injects this from `elements/`.
 */
export type DescribeElements = (
  db: Db,
  refs: readonly ElementRefOf[],
) => Promise<ReadonlyMap<string, string>>

export interface NotificationDeps {
  readonly describeElements: DescribeElements
}

type Row = typeof notifications.$inferSelect & { senderName: string | null }

/** Links a notification may carry: only the back office's own addresses. */
const SAFE_LINK = /^\/admin\/[\w\-./?=&%]*$/

const elementKey = (type: string, id: number) => `${type}:${id}`

function selectRows(db: Db) {
  return db
    .select({
      id: notifications.id,
      recipientId: notifications.recipientId,
      senderId: notifications.senderId,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      params: notifications.params,
      elementType: notifications.elementType,
      elementId: notifications.elementId,
      read: notifications.read,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      senderName: sql<
        string | null
      >`coalesce(nullif(${adminUsers.name}, ''), ${adminUsers.username})`,
    })
    .from(notifications)
    .leftJoin(adminUsers, eq(adminUsers.id, notifications.senderId))
}

/**
 * Notifications as the recipient reads them. A notification with `params` was sent by the shop
 * with catalogue keys as title and message: they are translated into the reader's language, and a
 * `…Key` parameter (a job's kind) is translated first and passed as the parameter without `Key`.
 */
async function toNotifications(
  ctx: AdminContext,
  deps: NotificationDeps,
  rows: readonly Row[],
): Promise<Notification[]> {
  const refs = rows.flatMap((row) =>
    row.elementType && row.elementId !== null ? [{ type: row.elementType, id: row.elementId }] : [],
  )
  const paths: ReadonlyMap<string, string> =
    refs.length > 0 ? await deps.describeElements(ctx.db, refs) : new Map<string, string>()
  return rows.map((row) => {
    let title = row.title
    let message = row.message
    let link: string | null = null
    if (row.params) {
      const params: Record<string, string | number> = {}
      for (const [name, value] of Object.entries(row.params)) {
        if (name.endsWith('Key') && typeof value === 'string') {
          params[name.slice(0, -3)] = ctx.t(value)
        } else params[name] = value
      }
      title = ctx.t(row.title, params)
      message = ctx.t(row.message, params)
      const given = row.params.link
      if (typeof given === 'string' && SAFE_LINK.test(given)) link = given
    }
    return {
      id: row.id,
      type: row.type,
      title,
      message,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      sender: row.senderId !== null ? { id: row.senderId, name: row.senderName ?? '' } : null,
      element:
        row.elementType && row.elementId !== null
          ? {
              type: row.elementType,
              id: row.elementId,
              path: paths.get(elementKey(row.elementType, row.elementId)) ?? null,
            }
          : null,
      link,
    }
  })
}

function own(ctx: AdminContext): SQL {
  return eq(notifications.recipientId, ctx.admin.userId)
}

async function countUnread(ctx: AdminContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(own(ctx), eq(notifications.read, false)))
  return row?.n ?? 0
}

/** Escapes LIKE's wildcards so the search text is matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** The own notifications, newest first, filtered by read state, type and text. */
export async function listNotifications(
  ctx: AdminContext,
  deps: NotificationDeps,
  query: z.output<typeof NotificationListQuerySchema>,
): Promise<NotificationPage> {
  const conditions: SQL[] = [own(ctx)]
  if (query.read !== 'all') conditions.push(eq(notifications.read, query.read === 'read'))
  if (query.type) conditions.push(eq(notifications.type, query.type))
  if (query.q) {
    const pattern = containing(query.q)
    conditions.push(or(ilike(notifications.title, pattern), ilike(notifications.message, pattern))!)
  }
  const where = and(...conditions)
  const [totalRow] = await ctx.db.select({ n: count() }).from(notifications).where(where)
  const rows = await selectRows(ctx.db)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(query.limit)
    .offset(query.start)
  return {
    success: true,
    total: totalRow?.n ?? 0,
    unread: await countUnread(ctx),
    data: await toNotifications(ctx, deps, rows),
  }
}

/** The header's poll: the unread count, the newest id, and the unread ones newer than `lastId`. */
export async function findLastUnread(
  ctx: AdminContext,
  deps: NotificationDeps,
  query: z.output<typeof LastUnreadQuerySchema>,
): Promise<LastUnread> {
  const [newest] = await ctx.db
    .select({ id: max(notifications.id) })
    .from(notifications)
    .where(own(ctx))
  const rows = await selectRows(ctx.db)
    .where(and(own(ctx), eq(notifications.read, false), gt(notifications.id, query.lastId)))
    .orderBy(desc(notifications.id))
    .limit(5)
  return {
    success: true,
    unread: await countUnread(ctx),
    lastId: newest?.id ?? 0,
    data: await toNotifications(ctx, deps, rows),
  }
}

/**
 * One own notification (another user's is not found). As Pimcore's `find`, reading it marks it
 * read, unless `peek` asks to leave it as it is.
 */
export async function findNotification(
  ctx: AdminContext,
  deps: NotificationDeps,
  id: number,
  peek: boolean,
): Promise<Notification> {
  if (!peek) await markRead(ctx, [id])
  const [row] = await selectRows(ctx.db).where(and(own(ctx), eq(notifications.id, id)))
  if (!row) throw notFound('notifications.error.notFound')
  const [answer] = await toNotifications(ctx, deps, [row])
  return answer!
}

async function markRead(ctx: AdminContext, ids: readonly number[]): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ read: true, readAt: new Date() })
    .where(and(own(ctx), inArray(notifications.id, [...ids]), eq(notifications.read, false)))
    .returning({ id: notifications.id })
  return rows.length
}

/** Marks one own notification read; someone else's is not found. */
export async function markNotificationRead(ctx: AdminContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(own(ctx), eq(notifications.id, id)))
  if (!row) throw notFound('notifications.error.notFound')
  return markRead(ctx, [id])
}

/** Deletes one own notification (audited); someone else's is not found and stays. */
export async function deleteNotification(ctx: AdminContext, id: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(notifications)
      .where(and(eq(notifications.recipientId, ctx.admin.userId), eq(notifications.id, id)))
      .returning({ id: notifications.id, title: notifications.title })
    if (rows.length === 0) throw notFound('notifications.error.notFound')
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'notification.delete',
      entityType: 'notification',
      entityId: id,
      before: { title: rows[0]!.title },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return rows.length
  })
}

/** Deletes all the user's own notifications (audited with how many). */
export async function deleteAllNotifications(ctx: AdminContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(notifications)
      .where(eq(notifications.recipientId, ctx.admin.userId))
      .returning({ id: notifications.id })
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'notification.deleteAll',
      entityType: 'notification',
      after: { deleted: rows.length },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return rows.length
  })
}

/** The active users and the roles one may send to, by name. */
export async function listRecipients(ctx: AdminContext): Promise<Recipient[]> {
  const users = await ctx.db
    .select({
      id: adminUsers.id,
      name: sql<string>`coalesce(nullif(${adminUsers.name}, ''), ${adminUsers.username})`,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.type, 'user'), eq(adminUsers.active, true)))
  const roles = await ctx.db
    .select({ id: adminRoles.id, name: adminRoles.name })
    .from(adminRoles)
    .where(eq(adminRoles.type, 'role'))
  const byName = (a: Recipient, b: Recipient) => a.name.localeCompare(b.name, ctx.locale)
  return [
    ...roles.map((role) => ({ id: role.id, type: 'role' as const, name: role.name })).sort(byName),
    ...users.map((user) => ({ id: user.id, type: 'user' as const, name: user.name })).sort(byName),
  ]
}

/**
 * Sends a notification to a user or each active user of a role, once each, with the audit entry
 * in the same transaction: an unknown recipient, a role without active users or a linked element
 * that does not exist writes nothing.
 */
export async function sendAdminNotification(
  ctx: AdminContext,
  deps: NotificationDeps,
  input: z.output<typeof SendNotificationSchema>,
): Promise<number> {
  if ((input.elementType === undefined) !== (input.elementId === undefined)) {
    throw new AppError(400, 'BAD_ELEMENT', 'notifications.error.elementNotFound')
  }
  return ctx.db.transaction(async (tx) => {
    const table = input.recipientType === 'role' ? adminRoles : adminUsers
    const [recipient] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.id, input.recipientId),
          input.recipientType === 'role'
            ? eq(adminRoles.type, 'role')
            : and(eq(adminUsers.type, 'user'), eq(adminUsers.active, true)),
        ),
      )
    if (!recipient) throw notFound('notifications.error.recipientNotFound')
    const element =
      input.elementType && input.elementId !== undefined
        ? { type: input.elementType, id: input.elementId }
        : null
    if (element) {
      const paths = await deps.describeElements(tx, [element])
      if (!paths.has(elementKey(element.type, element.id))) {
        throw new AppError(400, 'BAD_ELEMENT', 'notifications.error.elementNotFound')
      }
    }
    const reached = await sendNotification(tx, {
      recipients:
        input.recipientType === 'role'
          ? { roleIds: [input.recipientId] }
          : { userIds: [input.recipientId] },
      senderId: ctx.admin.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      element,
    })
    if (reached.length === 0) {
      throw new AppError(400, 'NO_RECIPIENTS', 'notifications.error.noRecipients')
    }
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'notification.send',
      entityType: input.recipientType === 'role' ? 'adminRole' : 'adminUser',
      entityId: input.recipientId,
      after: { title: input.title, type: input.type, element, recipients: reached.length },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return reached.length
  })
}
