import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Viewer } from '@optika/domain/accounts/viewer'
import {
  FORUM_POSTS_PER_PAGE,
  type ForumPostView,
  type ForumReportQueue,
} from '@optika/domain/community/forum-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  forumBoards,
  forumModerationLog,
  forumPosts,
  forumReports,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { MailContext, Mailer } from '../../platform/mail/create-mailer.ts'
import { sendDocumentMail, type MailWarningLogger } from '../../cms/mails/send-document-mail.ts'
import { authorColumns, toForumAuthor } from '../forum/forum-authors.ts'
import { loadForumMarkdown } from '../forum/render-forum-markdown.ts'
import { slugify } from '@optika/domain/routing/slugify'

export interface ForumModerationDeps {
  readonly db: Db
  readonly translator: Translator
  readonly mailer: Mailer
  /** The shop's public origin, for the thread link in the author's mail. */
  readonly publicUrl: string
  readonly log?: MailWarningLogger
}

/** What a moderation action answers: the post or thread as it now is. */
export interface ModeratedPost {
  readonly id: number
  readonly threadId: number
  readonly hidden: boolean
  readonly hiddenReason: string | null
}
export interface ModeratedThread {
  readonly id: number
  readonly locked: boolean
  readonly boardKey: string
}

export interface ForumModerationService {
  /** A signed-in reader reports someone else's visible post, once. */
  report(viewer: Viewer, postId: number, reason: string): Promise<{ reported: true }>
  /** Open reports, oldest reported post first, a post's reports together (moderators only). */
  queue(viewer: Viewer, page: number, locale: Locale): Promise<ForumReportQueue>
  /** The boards a moderator may move a thread to, titled in `locale`, in their order. */
  boardChoices(locale: Locale): Promise<{ key: string; title: string }[]>
  /** How many posts have open reports: the badge on the moderator's link (moderators only). */
  openReportCount(viewer: Viewer): Promise<number>
  hide(viewer: Viewer, postId: number, reason: string, mail?: MailContext): Promise<ModeratedPost>
  restore(viewer: Viewer, postId: number): Promise<ModeratedPost>
  setLocked(viewer: Viewer, threadId: number, locked: boolean): Promise<ModeratedThread>
  move(viewer: Viewer, threadId: number, boardKey: string): Promise<ModeratedThread>
  dismissReport(viewer: Viewer, reportId: number): Promise<{ id: number; resolved: true }>
}

const conflict = (code: string, key: string) => new AppError(409, code, key)
const postNotFound = () => new AppError(404, 'POST_NOT_FOUND', 'forumModeration.error.postNotFound')
const threadNotFound = () =>
  new AppError(404, 'THREAD_NOT_FOUND', 'forumModeration.error.threadNotFound')

/** Signed in as oneself (staff viewing the shop as a customer may not act in the customer's name). */
function requireOwnSession(viewer: Viewer): number {
  if (viewer.customerId === null) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  if (viewer.impersonatedBy !== null) {
    throw new AppError(403, 'IMPERSONATION_REFUSED', 'forumModeration.error.impersonation')
  }
  return viewer.customerId
}

/** The moderator's customer id; 401 for visitors, 403 for everybody without the flag. */
function requireModerator(viewer: Viewer): number {
  const id = requireOwnSession(viewer)
  if (!viewer.isModerator) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  return id
}

export function createForumModerationService(deps: ForumModerationDeps): ForumModerationService {
  const { db } = deps

  /** Writes one line of the moderation log in the action's transaction. */
  async function log(
    tx: Db,
    entry: Omit<typeof forumModerationLog.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<void> {
    await tx.insert(forumModerationLog).values(entry)
  }

  /** Marks the post's open reports resolved by the moderator; answers how many. */
  async function resolveReports(tx: Db, postId: number, moderatorId: number): Promise<number> {
    const resolved = await tx
      .update(forumReports)
      .set({ resolvedAt: sql`now()`, resolvedBy: moderatorId })
      .where(and(eq(forumReports.postId, postId), isNull(forumReports.resolvedAt)))
      .returning({ id: forumReports.id })
    return resolved.length
  }

  /** The post and its thread, the row locked for the rest of the transaction. */
  async function lockPost(tx: Db, postId: number) {
    const [post] = await tx
      .select({
        id: forumPosts.id,
        threadId: forumPosts.threadId,
        authorId: forumPosts.authorId,
        hidden: forumPosts.hidden,
        hiddenReason: forumPosts.hiddenReason,
      })
      .from(forumPosts)
      .where(eq(forumPosts.id, postId))
      .for('update')
    if (!post) throw postNotFound()
    return post
  }

  async function lockThread(tx: Db, threadId: number) {
    const [thread] = await tx
      .select({
        id: forumThreads.id,
        title: forumThreads.title,
        locked: forumThreads.locked,
        boardId: forumThreads.boardId,
      })
      .from(forumThreads)
      .where(eq(forumThreads.id, threadId))
      .for('update')
    if (!thread) throw threadNotFound()
    return thread
  }

  async function boardKeyOf(tx: Db, boardId: number): Promise<string> {
    const [board] = await tx
      .select({ key: forumBoards.key })
      .from(forumBoards)
      .where(eq(forumBoards.id, boardId))
    return board?.key ?? ''
  }

  /** The page of the thread the post is on, so the mail's link opens the post itself. */
  async function pageOfPost(tx: Db, threadId: number, postId: number): Promise<number> {
    const [row] = await tx
      .select({ before: count() })
      .from(forumPosts)
      .where(and(eq(forumPosts.threadId, threadId), sql`${forumPosts.id} < ${postId}`))
    return Math.floor((row?.before ?? 0) / FORUM_POSTS_PER_PAGE) + 1
  }

  return {
    async report(viewer, postId, reason) {
      const reporterId = requireOwnSession(viewer)
      const [post] = await db
        .select({ authorId: forumPosts.authorId, hidden: forumPosts.hidden })
        .from(forumPosts)
        .where(eq(forumPosts.id, postId))
      // A hidden post is gone for readers: there is nothing left to report.
      if (!post || post.hidden) throw postNotFound()
      if (post.authorId === reporterId) {
        throw new AppError(400, 'OWN_POST', 'forumModeration.error.ownPost')
      }
      const inserted = await db
        .insert(forumReports)
        .values({ postId, reporterId, reason })
        .onConflictDoNothing({ target: [forumReports.postId, forumReports.reporterId] })
        .returning({ id: forumReports.id })
      if (inserted.length === 0) {
        throw conflict('ALREADY_REPORTED', 'forumModeration.error.alreadyReported')
      }
      return { reported: true }
    },

    async queue(viewer, page, locale) {
      requireModerator(viewer)
      const open = isNull(forumReports.resolvedAt)
      const [totalRow] = await db.select({ total: count() }).from(forumReports).where(open)
      const total = totalRow?.total ?? 0
      const pageCount = Math.max(1, Math.ceil(total / FORUM_POSTS_PER_PAGE))
      const current = Math.min(Math.max(1, page), pageCount)
      // A post's reports stay together; the post reported first comes first.
      const firstReported = sql<Date>`min(${forumReports.createdAt}) over (partition by ${forumReports.postId})`
      const rows = await db
        .select({
          id: forumReports.id,
          reason: forumReports.reason,
          createdAt: forumReports.createdAt,
          postId: forumReports.postId,
          reporterId: forumReports.reporterId,
          firstReported,
        })
        .from(forumReports)
        .where(open)
        .orderBy(asc(firstReported), asc(forumReports.postId), asc(forumReports.createdAt))
        .limit(FORUM_POSTS_PER_PAGE)
        .offset((current - 1) * FORUM_POSTS_PER_PAGE)
      const postIds = [...new Set(rows.map((row) => row.postId))]
      const customerIds = new Set(rows.map((row) => row.reporterId))
      const posts =
        postIds.length === 0
          ? []
          : await db
              .select({
                id: forumPosts.id,
                threadId: forumPosts.threadId,
                authorId: forumPosts.authorId,
                body: forumPosts.body,
                createdAt: forumPosts.createdAt,
                editedAt: forumPosts.editedAt,
                hidden: forumPosts.hidden,
                hiddenReason: forumPosts.hiddenReason,
                threadTitle: forumThreads.title,
              })
              .from(forumPosts)
              .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
              .where(inArray(forumPosts.id, postIds))
      for (const post of posts) customerIds.add(post.authorId)
      const people =
        customerIds.size === 0
          ? []
          : await db
              .select(authorColumns)
              .from(customers)
              .where(inArray(customers.id, [...customerIds]))
      const deletedName = deps.translator.t(locale, 'forum.deletedAuthor')
      const authorById = new Map(
        people.map((person) => [person.id, toForumAuthor(person, deletedName)]),
      )
      const postById = new Map(posts.map((post) => [post.id, post]))
      const markdown = await loadForumMarkdown()
      const reports = rows.flatMap((row) => {
        const post = postById.get(row.postId)
        const reporter = authorById.get(row.reporterId)
        const author = post ? authorById.get(post.authorId) : undefined
        if (!post || !reporter || !author) return []
        const view: ForumPostView = {
          id: post.id,
          author,
          html: markdown.render(post.body),
          createdAt: post.createdAt.toISOString(),
          editedAt: post.editedAt?.toISOString() ?? null,
          quote: null,
          product: null,
          images: [],
          hidden: post.hidden,
          hiddenReason: post.hiddenReason,
          reportedByMe: row.reporterId === viewer.customerId,
        }
        return [
          {
            id: row.id,
            reason: row.reason,
            createdAt: row.createdAt.toISOString(),
            reporter,
            post: view,
            thread: {
              id: post.threadId,
              slug: slugify(post.threadTitle, 'thread'),
              title: post.threadTitle,
            },
          },
        ]
      })
      return { reports, paging: { page: current, pageCount, total } }
    },

    async boardChoices(locale) {
      const rows = await db
        .select({ key: forumBoards.key, titles: forumBoards.titles })
        .from(forumBoards)
        .orderBy(asc(forumBoards.position), asc(forumBoards.id))
      return rows.map((row) => ({
        key: row.key,
        title: row.titles[locale] ?? row.titles.en ?? row.key,
      }))
    },

    async openReportCount(viewer) {
      requireModerator(viewer)
      const [row] = await db
        .select({ posts: sql<number>`count(distinct ${forumReports.postId})::int` })
        .from(forumReports)
        .where(isNull(forumReports.resolvedAt))
      return row?.posts ?? 0
    },

    /** Hides a post: the flag, the thread's count, its open reports and the log change together, and the author's mail is queued with them. */
    async hide(viewer, postId, reason, mail) {
      const moderatorId = requireModerator(viewer)
      return db.transaction(async (tx) => {
        const post = await lockPost(tx, postId)
        if (post.hidden) throw conflict('ALREADY_HIDDEN', 'forumModeration.error.alreadyHidden')
        await tx
          .update(forumPosts)
          .set({ hidden: true, hiddenReason: reason, hiddenBy: moderatorId, hiddenAt: sql`now()` })
          .where(eq(forumPosts.id, postId))
        await tx
          .update(forumThreads)
          .set({ postCount: sql`greatest(${forumThreads.postCount} - 1, 0)` })
          .where(eq(forumThreads.id, post.threadId))
        const resolvedReports = await resolveReports(tx, postId, moderatorId)
        await log(tx, {
          moderatorId,
          action: 'hide',
          threadId: post.threadId,
          postId,
          reason,
          details: { resolvedReports },
        })
        const [author] = await tx
          .select({
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
            company: customers.company,
            language: customers.language,
            deletedAt: customers.deletedAt,
            threadTitle: forumThreads.title,
          })
          .from(customers)
          .innerJoin(forumThreads, eq(forumThreads.id, post.threadId))
          .where(eq(customers.id, post.authorId))
        if (author && author.deletedAt === null && author.email.includes('@')) {
          const locale = isLocale(author.language) ? author.language : DEFAULT_LOCALE
          const page = await pageOfPost(tx, post.threadId, postId)
          const path = generateUrl('forumThread', {
            locale,
            id: post.threadId,
            slug: slugify(author.threadTitle, 'thread'),
            ...(page > 1 ? { page } : {}),
          })
          await sendDocumentMail(deps, 'forum-post-hidden', {
            locale,
            to: author.email,
            db: tx,
            mail,
            values: {
              name:
                `${author.firstName} ${author.lastName}`.trim() || author.company || author.email,
              threadTitle: author.threadTitle,
              reason,
              link: new URL(`${path}#post-${postId}`, deps.publicUrl).toString(),
            },
          })
        }
        return { id: postId, threadId: post.threadId, hidden: true, hiddenReason: reason }
      })
    },

    /** Shows a hidden post again: flag, thread count and log together. */
    async restore(viewer, postId) {
      const moderatorId = requireModerator(viewer)
      return db.transaction(async (tx) => {
        const post = await lockPost(tx, postId)
        if (!post.hidden) throw conflict('NOT_HIDDEN', 'forumModeration.error.notHidden')
        await tx
          .update(forumPosts)
          .set({ hidden: false, hiddenReason: null, hiddenBy: null, hiddenAt: null })
          .where(eq(forumPosts.id, postId))
        await tx
          .update(forumThreads)
          .set({ postCount: sql`${forumThreads.postCount} + 1` })
          .where(eq(forumThreads.id, post.threadId))
        await log(tx, {
          moderatorId,
          action: 'restore',
          threadId: post.threadId,
          postId,
          reason: null,
          details: { previousReason: post.hiddenReason },
        })
        return { id: postId, threadId: post.threadId, hidden: false, hiddenReason: null }
      })
    },

    /** Locks or unlocks a thread, logged in the same transaction. */
    async setLocked(viewer, threadId, locked) {
      const moderatorId = requireModerator(viewer)
      return db.transaction(async (tx) => {
        const thread = await lockThread(tx, threadId)
        if (thread.locked === locked) {
          throw locked
            ? conflict('ALREADY_LOCKED', 'forumModeration.error.alreadyLocked')
            : conflict('NOT_LOCKED', 'forumModeration.error.notLocked')
        }
        await tx.update(forumThreads).set({ locked }).where(eq(forumThreads.id, threadId))
        await log(tx, {
          moderatorId,
          action: locked ? 'lock' : 'unlock',
          threadId,
          postId: null,
          reason: null,
          details: {},
        })
        return { id: threadId, locked, boardKey: await boardKeyOf(tx, thread.boardId) }
      })
    },

    /** Moves a thread to another board, logged with both boards in the same transaction. */
    async move(viewer, threadId, boardKey) {
      const moderatorId = requireModerator(viewer)
      return db.transaction(async (tx) => {
        const thread = await lockThread(tx, threadId)
        const [target] = await tx
          .select({ id: forumBoards.id })
          .from(forumBoards)
          .where(eq(forumBoards.key, boardKey))
        if (!target) {
          throw new AppError(404, 'BOARD_NOT_FOUND', 'forumModeration.error.boardNotFound')
        }
        if (target.id === thread.boardId) {
          throw conflict('SAME_BOARD', 'forumModeration.error.sameBoard')
        }
        const fromBoardKey = await boardKeyOf(tx, thread.boardId)
        await tx
          .update(forumThreads)
          .set({ boardId: target.id })
          .where(eq(forumThreads.id, threadId))
        await log(tx, {
          moderatorId,
          action: 'move',
          threadId,
          postId: null,
          reason: null,
          details: {
            fromBoardId: thread.boardId,
            toBoardId: target.id,
            fromBoardKey,
            toBoardKey: boardKey,
          },
        })
        return { id: threadId, locked: thread.locked, boardKey }
      })
    },

    /** Dismisses one open report (the post stays as it is), logged in the same transaction. */
    async dismissReport(viewer, reportId) {
      const moderatorId = requireModerator(viewer)
      return db.transaction(async (tx) => {
        const [report] = await tx
          .select({
            id: forumReports.id,
            postId: forumReports.postId,
            reporterId: forumReports.reporterId,
            reason: forumReports.reason,
            resolvedAt: forumReports.resolvedAt,
            threadId: forumPosts.threadId,
          })
          .from(forumReports)
          .innerJoin(forumPosts, eq(forumPosts.id, forumReports.postId))
          .where(eq(forumReports.id, reportId))
          .for('update', { of: forumReports })
        if (!report) {
          throw new AppError(404, 'REPORT_NOT_FOUND', 'forumModeration.error.reportNotFound')
        }
        if (report.resolvedAt !== null) {
          throw conflict('REPORT_RESOLVED', 'forumModeration.error.reportResolved')
        }
        await tx
          .update(forumReports)
          .set({ resolvedAt: sql`now()`, resolvedBy: moderatorId })
          .where(eq(forumReports.id, reportId))
        await log(tx, {
          moderatorId,
          action: 'dismiss-report',
          threadId: report.threadId,
          postId: report.postId,
          reason: null,
          details: { reportId, reporterId: report.reporterId, reportReason: report.reason },
        })
        return { id: reportId, resolved: true as const }
      })
    },
  }
}
