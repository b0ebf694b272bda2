import { and, asc, count, desc, eq, max, ne, sql } from 'drizzle-orm'
import type {
  AdminForumBoard,
  AdminForumBoardInput,
  AdminForumModerator,
  AdminModerationLogPage,
  ForumModerationAction,
} from '@optika/domain/community/forum-moderation-admin-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  forumBoards,
  forumModerationLog,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { slugify } from '@optika/domain/routing/slugify'

const boardNotFound = () =>
  new AppError(404, 'BOARD_NOT_FOUND', 'forumModeration.error.boardNotFound')

/** Only the languages that have a text: an empty one falls back as the catalogue does. */
function filled(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''))
}

/** The boards in their order, with how many threads each holds. */
export async function listForumBoards(db: Db): Promise<AdminForumBoard[]> {
  const rows = await db
    .select({
      id: forumBoards.id,
      key: forumBoards.key,
      titles: forumBoards.titles,
      descriptions: forumBoards.descriptions,
      position: forumBoards.position,
      partnersOnly: forumBoards.partnersOnly,
      threadCount: sql<number>`(select count(*)::int from ${forumThreads} where ${forumThreads.boardId} = ${forumBoards.id})`,
    })
    .from(forumBoards)
    .orderBy(asc(forumBoards.position), asc(forumBoards.id))
  return rows
}

async function boardById(db: Db, id: number): Promise<AdminForumBoard> {
  const board = (await listForumBoards(db)).find((row) => row.id === id)
  if (!board) throw boardNotFound()
  return board
}

async function assertKeyFree(db: Db, key: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: forumBoards.id })
    .from(forumBoards)
    .where(
      and(
        eq(forumBoards.key, key),
        exceptId === undefined ? undefined : ne(forumBoards.id, exceptId),
      ),
    )
  if (taken) throw new AppError(409, 'BOARD_KEY_TAKEN', 'forumModeration.error.boardKeyTaken')
}

function auditOf(ctx: AdminContext) {
  return {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ip: ctx.ip,
    requestId: ctx.requestId,
  }
}

/** Adds a board; the board and its audit entry are written together. */
export async function createForumBoard(
  ctx: AdminContext,
  input: AdminForumBoardInput,
): Promise<AdminForumBoard> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertKeyFree(tx, input.key)
    const values = {
      key: input.key,
      titles: filled(input.titles),
      descriptions: filled(input.descriptions),
      position: input.position,
      partnersOnly: input.partnersOnly,
    }
    const inserted = await tx
      .insert(forumBoards)
      .values(values)
      .onConflictDoNothing({ target: forumBoards.key })
      .returning({ id: forumBoards.id })
    const row = inserted[0]
    if (!row) throw new AppError(409, 'BOARD_KEY_TAKEN', 'forumModeration.error.boardKeyTaken')
    await recordAudit(tx, {
      ...auditOf(ctx),
      action: 'forumBoard.create',
      entityType: 'forumBoard',
      entityId: row.id,
      before: null,
      after: values,
    })
    return row.id
  })
  return boardById(ctx.db, id)
}

/** Renames, reorders or re-keys a board; the change and its audit entry are written together. */
export async function updateForumBoard(
  ctx: AdminContext,
  id: number,
  input: AdminForumBoardInput,
): Promise<AdminForumBoard> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(forumBoards).where(eq(forumBoards.id, id)).for('update')
    if (!before) throw boardNotFound()
    await assertKeyFree(tx, input.key, id)
    const values = {
      key: input.key,
      titles: filled(input.titles),
      descriptions: filled(input.descriptions),
      position: input.position,
      partnersOnly: input.partnersOnly,
    }
    await tx.update(forumBoards).set(values).where(eq(forumBoards.id, id))
    await recordAudit(tx, {
      ...auditOf(ctx),
      action: 'forumBoard.update',
      entityType: 'forumBoard',
      entityId: id,
      before: {
        key: before.key,
        titles: before.titles,
        descriptions: before.descriptions,
        position: before.position,
        partnersOnly: before.partnersOnly,
      },
      after: values,
    })
  })
  return boardById(ctx.db, id)
}

/** The moderation log, newest first: who did what to which post or thread, when and why. */
export async function readModerationLog(
  db: Db,
  query: { page: number; limit: number; action?: ForumModerationAction | undefined },
): Promise<AdminModerationLogPage> {
  const where = query.action ? eq(forumModerationLog.action, query.action) : undefined
  const [totalRow] = await db.select({ total: count() }).from(forumModerationLog).where(where)
  const rows = await db
    .select({
      id: forumModerationLog.id,
      at: forumModerationLog.createdAt,
      action: forumModerationLog.action,
      reason: forumModerationLog.reason,
      threadId: forumModerationLog.threadId,
      postId: forumModerationLog.postId,
      details: forumModerationLog.details,
      moderatorId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
      email: customers.email,
      threadTitle: forumThreads.title,
    })
    .from(forumModerationLog)
    .innerJoin(customers, eq(customers.id, forumModerationLog.moderatorId))
    .leftJoin(forumThreads, eq(forumThreads.id, forumModerationLog.threadId))
    .where(where)
    .orderBy(desc(forumModerationLog.createdAt), desc(forumModerationLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  return {
    total: totalRow?.total ?? 0,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      moderator: {
        id: row.moderatorId,
        name: `${row.firstName} ${row.lastName}`.trim() || row.company || row.email,
        email: row.email,
      },
      reason: row.reason,
      threadId: row.threadId,
      threadTitle: row.threadTitle,
      postId: row.postId,
      details: row.details,
      link:
        row.threadId !== null && row.threadTitle !== null
          ? generateUrl('forumThread', {
              locale: DEFAULT_LOCALE,
              id: row.threadId,
              slug: slugify(row.threadTitle, 'thread'),
            }) + (row.postId !== null ? `#post-${row.postId}` : '')
          : null,
    })),
  }
}

/** Customers holding the moderator flag, with how much they have done. */
export async function listForumModerators(db: Db): Promise<AdminForumModerator[]> {
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
      email: customers.email,
      clientNumber: customers.clientNumber,
      kind: customers.kind,
      actions: count(forumModerationLog.id),
      lastActionAt: max(forumModerationLog.createdAt),
    })
    .from(customers)
    .leftJoin(forumModerationLog, eq(forumModerationLog.moderatorId, customers.id))
    .where(eq(customers.isModerator, true))
    .groupBy(customers.id)
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim() || row.company || row.email,
    email: row.email,
    clientNumber: row.clientNumber,
    kind: row.kind,
    actions: row.actions,
    lastActionAt: row.lastActionAt ? new Date(row.lastActionAt).toISOString() : null,
  }))
}
