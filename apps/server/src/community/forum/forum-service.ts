import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { hasPartnerTerms, isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import {
  FORUM_POSTS_PER_PAGE,
  FORUM_THREADS_PER_PAGE,
  type ForumBoardPage,
  type ForumBoardSummary,
  type ForumPaging,
  type ForumPostView,
  type ForumThreadPage,
  type ForumThreadSummary,
  type NewPost,
  type NewThread,
} from '@optika/domain/community/forum-api'
import { localize } from '@optika/domain/i18n/localized-text'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  forumBoards,
  forumPostImages,
  forumPosts,
  forumReports,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { getProduct } from '../../catalogue/reads/get-product.ts'
import { searchProducts } from '../../catalogue/reads/search-products.ts'
import { sendDocumentMail, type MailWarningLogger } from '../../cms/mails/send-document-mail.ts'
import { authorColumns, toForumAuthor, type AuthorRow } from './forum-authors.ts'
import { boardNotFound, fieldError, imageNotFound, threadNotFound } from './forum-errors.ts'
import { prepareForumImages, storeForumImages, type ForumUpload } from './forum-images.ts'
import { loadForumMarkdown } from './render-forum-markdown.ts'
import { slugify } from '@optika/domain/routing/slugify'

/** Posts one person may write in `POST_WINDOW_MINUTES` (threads' first posts included). */
export const FORUM_POSTS_PER_WINDOW = 10
export const FORUM_POST_WINDOW_MINUTES = 10
/** Threads one person may start in an hour. */
export const FORUM_THREADS_PER_HOUR = 3

/** Who reads or writes, in which language, on which database (a request's context). */
export interface ForumContext {
  readonly db: Db
  readonly locale: Locale
  readonly viewer: Viewer
}

export interface ForumServiceDeps {
  readonly store: AssetStore
  readonly translator: Translator
  readonly mailer: Mailer
  readonly publicUrl: string
  readonly log?: MailWarningLogger
}

/** Where a new post can be read: its thread, the page it is on and its anchor. */
export interface ForumPostPlace {
  readonly threadId: number
  readonly postId: number
  readonly url: string
}

export interface ForumProductChoice {
  readonly id: number
  readonly name: string
  readonly thumbnail: string | null
}

export interface ForumImageFile {
  readonly body: Buffer
  readonly mimeType: string
}

export interface ForumService {
  listBoards(ctx: ForumContext): Promise<ForumBoardSummary[]>
  boardPage(ctx: ForumContext, key: string, page: number): Promise<ForumBoardPage>
  threadPage(ctx: ForumContext, id: number, page: number): Promise<ForumThreadPage>
  startThread(
    ctx: ForumContext,
    boardKey: string,
    input: NewThread,
    images: readonly ForumUpload[],
  ): Promise<ForumPostPlace>
  reply(
    ctx: ForumContext,
    threadId: number,
    input: NewPost,
    images: readonly ForumUpload[],
  ): Promise<ForumPostPlace>
  /** Products a post may refer to, for the composer's picker. */
  findProducts(ctx: ForumContext, query: string): Promise<ForumProductChoice[]>
  /** A post's picture (`thumbnail`: 480 px wide WebP), only while the viewer may see the post. */
  openImage(
    ctx: ForumContext,
    postId: number,
    position: number,
    size: 'full' | 'thumbnail',
  ): Promise<ForumImageFile>
}

function paging(page: number, total: number, perPage: number): ForumPaging {
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  return { page: Math.min(Math.max(1, page), pageCount), pageCount, total }
}

/** Whether the viewer may write in a board: signed in; approved partners only where marked. */
function mayPostIn(viewer: Viewer, partnersOnly: boolean): boolean {
  if (!isSignedIn(viewer) || viewer.impersonatedBy !== null) return false
  return !partnersOnly || hasPartnerTerms(viewer) || viewer.isModerator
}

export function imageUrl(postId: number, position: number, size?: 'thumbnail'): string {
  return `/api/forum/posts/${postId}/images/${position}${size ? `?size=${size}` : ''}`
}

export function threadUrl(locale: Locale, id: number, title: string, page = 1): string {
  const base = generateUrl('forumThread', {
    locale,
    id: String(id),
    slug: slugify(title, 'thread'),
  })
  return page > 1 ? `${base}?page=${page}` : base
}

/** The forum's reading and posting (issue 18, forum-api.ts), over one database per call. */
export function createForumService(deps: ForumServiceDeps): ForumService {
  const deletedName = (locale: Locale) => deps.translator.t(locale, 'forum.deletedAuthor')

  async function boardByKey(db: Db, key: string) {
    const [board] = await db.select().from(forumBoards).where(eq(forumBoards.key, key)).limit(1)
    if (!board) throw boardNotFound()
    return board
  }

  async function authorsById(ctx: ForumContext, ids: readonly number[]) {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map<number, AuthorRow>()
    const rows = await ctx.db
      .select(authorColumns)
      .from(customers)
      .where(inArray(customers.id, unique))
    return new Map(rows.map((row) => [row.id, row]))
  }

  function author(ctx: ForumContext, rows: Map<number, AuthorRow>, id: number) {
    const row = rows.get(id) ?? {
      id,
      kind: null,
      firstName: null,
      lastName: null,
      company: null,
      isModerator: null,
      deletedAt: new Date(0),
    }
    return toForumAuthor(row, deletedName(ctx.locale))
  }

  function boardSummary(
    ctx: ForumContext,
    board: typeof forumBoards.$inferSelect,
    stats: { threadCount: number; postCount: number; lastPostAt: Date | null } | undefined,
  ): ForumBoardSummary {
    return {
      key: board.key,
      title: localize(board.titles, ctx.locale),
      description: localize(board.descriptions, ctx.locale),
      partnersOnly: board.partnersOnly,
      threadCount: stats?.threadCount ?? 0,
      postCount: stats?.postCount ?? 0,
      lastPostAt: stats?.lastPostAt ? new Date(stats.lastPostAt).toISOString() : null,
    }
  }

  async function boardStats(db: Db, boardIds: readonly number[]) {
    if (boardIds.length === 0) {
      return new Map<number, { threadCount: number; postCount: number; lastPostAt: Date | null }>()
    }
    const rows = await db
      .select({
        boardId: forumThreads.boardId,
        threadCount: sql<number>`count(*)::int`,
        postCount: sql<number>`coalesce(sum(${forumThreads.postCount}), 0)::int`,
        lastPostAt: sql<Date | null>`max(${forumThreads.lastPostAt})`,
      })
      .from(forumThreads)
      .where(inArray(forumThreads.boardId, [...boardIds]))
      .groupBy(forumThreads.boardId)
    return new Map(rows.map((row) => [row.boardId, row]))
  }

  function threadSummary(
    ctx: ForumContext,
    row: typeof forumThreads.$inferSelect,
    authors: Map<number, AuthorRow>,
  ): ForumThreadSummary {
    return {
      id: row.id,
      slug: slugify(row.title, 'thread'),
      title: row.title,
      author: author(ctx, authors, row.authorId),
      locked: row.locked,
      postCount: row.postCount,
      createdAt: row.createdAt.toISOString(),
      lastPostAt: row.lastPostAt.toISOString(),
    }
  }

  /** Counts the viewer's recent posts and threads; over the limit is a translated 429. */
  async function assertWithinLimits(tx: Db, customerId: number, newThread: boolean) {
    // The customer's row is locked, so two posts sent at once are counted one after the other.
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update')
    const since = sql`now() - make_interval(mins => ${FORUM_POST_WINDOW_MINUTES})`
    const [posts] = await tx
      .select({ n: count() })
      .from(forumPosts)
      .where(and(eq(forumPosts.authorId, customerId), gte(forumPosts.createdAt, since)))
    if ((posts?.n ?? 0) >= FORUM_POSTS_PER_WINDOW) {
      throw new AppError(429, 'FORUM_RATE_LIMITED', 'forum.rateLimit.posts', {
        count: FORUM_POSTS_PER_WINDOW,
        minutes: FORUM_POST_WINDOW_MINUTES,
      })
    }
    if (!newThread) return
    const [threads] = await tx
      .select({ n: count() })
      .from(forumThreads)
      .where(
        and(
          eq(forumThreads.authorId, customerId),
          gte(forumThreads.createdAt, sql`now() - interval '1 hour'`),
        ),
      )
    if ((threads?.n ?? 0) >= FORUM_THREADS_PER_HOUR) {
      throw new AppError(429, 'FORUM_RATE_LIMITED', 'forum.rateLimit.threads', {
        count: FORUM_THREADS_PER_HOUR,
      })
    }
  }

  async function assertProduct(ctx: ForumContext, productId: number | undefined) {
    if (productId === undefined) return
    const product = await getProduct(ctx.db, ctx.locale, productId)
    if (!product) throw fieldError('productId', 'forum.productNotFound')
  }

  /**
   * Writes one post with its pictures (stored as assets) and counts it on the thread, in the
   * caller's transaction; the pictures' files are removed again if the transaction fails.
   */
  async function insertPost(
    tx: Db,
    threadId: number,
    customerId: number,
    input: NewPost,
    images: Awaited<ReturnType<typeof prepareForumImages>>,
    written: string[],
  ): Promise<number> {
    const [post] = await tx
      .insert(forumPosts)
      .values({
        threadId,
        authorId: customerId,
        body: input.body,
        quotePostId: input.quotePostId ?? null,
        productId: input.productId ?? null,
      })
      .returning({ id: forumPosts.id, createdAt: forumPosts.createdAt })
    const assetIds = await storeForumImages(tx, deps.store, threadId, images, written)
    if (assetIds.length > 0) {
      await tx
        .insert(forumPostImages)
        .values(assetIds.map((assetId, position) => ({ postId: post!.id, position, assetId })))
    }
    await tx
      .update(forumThreads)
      .set({
        postCount: sql`${forumThreads.postCount} + 1`,
        lastPostAt: post!.createdAt,
      })
      .where(eq(forumThreads.id, threadId))
    return post!.id
  }

  async function withRemovalOnFailure<T>(run: (written: string[]) => Promise<T>): Promise<T> {
    const written: string[] = []
    try {
      return await run(written)
    } catch (error) {
      await Promise.all(written.map((key) => deps.store.delete(key).catch(() => undefined)))
      throw error
    }
  }

  function requireWriter(ctx: ForumContext): number {
    if (!isSignedIn(ctx.viewer) || ctx.viewer.customerId === null) {
      throw new AppError(401, 'UNAUTHENTICATED', 'forum.signInToPost')
    }
    if (ctx.viewer.impersonatedBy !== null) {
      throw new AppError(403, 'FORBIDDEN', 'forum.impersonatedCannotPost')
    }
    return ctx.viewer.customerId
  }

  return {
    async listBoards(ctx) {
      const boards = await ctx.db
        .select()
        .from(forumBoards)
        .orderBy(asc(forumBoards.position), asc(forumBoards.id))
      const stats = await boardStats(
        ctx.db,
        boards.map((b) => b.id),
      )
      return boards.map((board) => boardSummary(ctx, board, stats.get(board.id)))
    },

    async boardPage(ctx, key, page) {
      const board = await boardByKey(ctx.db, key)
      const stats = (await boardStats(ctx.db, [board.id])).get(board.id)
      const pages = paging(page, stats?.threadCount ?? 0, FORUM_THREADS_PER_PAGE)
      const rows = await ctx.db
        .select()
        .from(forumThreads)
        .where(eq(forumThreads.boardId, board.id))
        .orderBy(desc(forumThreads.lastPostAt), desc(forumThreads.id))
        .limit(FORUM_THREADS_PER_PAGE)
        .offset((pages.page - 1) * FORUM_THREADS_PER_PAGE)
      const authors = await authorsById(
        ctx,
        rows.map((r) => r.authorId),
      )
      return {
        board: boardSummary(ctx, board, stats),
        threads: rows.map((row) => threadSummary(ctx, row, authors)),
        paging: pages,
        canPost: mayPostIn(ctx.viewer, board.partnersOnly),
      }
    },

    async threadPage(ctx, id, page) {
      const [row] = await ctx.db
        .select({ thread: forumThreads, board: forumBoards })
        .from(forumThreads)
        .innerJoin(forumBoards, eq(forumBoards.id, forumThreads.boardId))
        .where(eq(forumThreads.id, id))
        .limit(1)
      if (!row) throw threadNotFound()
      const { thread, board } = row
      const [total] = await ctx.db
        .select({ n: count() })
        .from(forumPosts)
        .where(eq(forumPosts.threadId, id))
      const pages = paging(page, total?.n ?? 0, FORUM_POSTS_PER_PAGE)
      const posts = await ctx.db
        .select()
        .from(forumPosts)
        .where(eq(forumPosts.threadId, id))
        .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
        .limit(FORUM_POSTS_PER_PAGE)
        .offset((pages.page - 1) * FORUM_POSTS_PER_PAGE)
      const postIds = posts.map((p) => p.id)
      const quoteIds = posts.flatMap((p) => (p.quotePostId === null ? [] : [p.quotePostId]))
      const [quoted, images, reports] = await Promise.all([
        quoteIds.length === 0
          ? []
          : ctx.db
              .select({
                id: forumPosts.id,
                authorId: forumPosts.authorId,
                body: forumPosts.body,
                hidden: forumPosts.hidden,
              })
              .from(forumPosts)
              .where(and(inArray(forumPosts.id, quoteIds), eq(forumPosts.threadId, id))),
        postIds.length === 0
          ? []
          : ctx.db
              .select({ postId: forumPostImages.postId, position: forumPostImages.position })
              .from(forumPostImages)
              .where(inArray(forumPostImages.postId, postIds))
              .orderBy(asc(forumPostImages.position)),
        postIds.length === 0 || ctx.viewer.customerId === null
          ? []
          : ctx.db
              .select({ postId: forumReports.postId })
              .from(forumReports)
              .where(
                and(
                  inArray(forumReports.postId, postIds),
                  eq(forumReports.reporterId, ctx.viewer.customerId),
                ),
              ),
      ])
      const authors = await authorsById(ctx, [
        thread.authorId,
        ...posts.map((p) => p.authorId),
        ...quoted.map((q) => q.authorId),
      ])
      const productIds = [
        ...new Set(posts.flatMap((p) => (p.productId === null ? [] : [p.productId]))),
      ]
      const products = new Map(
        (await Promise.all(productIds.map((pid) => getProduct(ctx.db, ctx.locale, pid))))
          .filter((p) => p !== null)
          .map((p) => [p.id, p]),
      )
      const quotedById = new Map(quoted.map((q) => [q.id, q]))
      const reported = new Set(reports.map((r) => r.postId))
      const moderator = ctx.viewer.isModerator
      const markdown = await loadForumMarkdown()
      const views: ForumPostView[] = posts.map((post) => {
        const own = ctx.viewer.customerId !== null && post.authorId === ctx.viewer.customerId
        const visible = !post.hidden || own || moderator
        const quote = post.quotePostId === null ? undefined : quotedById.get(post.quotePostId)
        const product = post.productId === null ? undefined : products.get(post.productId)
        return {
          id: post.id,
          author: author(ctx, authors, post.authorId),
          html: visible ? markdown.render(post.body) : '',
          createdAt: post.createdAt.toISOString(),
          editedAt: post.editedAt?.toISOString() ?? null,
          quote:
            visible && quote
              ? {
                  postId: quote.id,
                  authorName: author(ctx, authors, quote.authorId).displayName,
                  excerpt: quote.hidden
                    ? deps.translator.t(ctx.locale, 'forum.post.hiddenByModerator')
                    : markdown.excerpt(quote.body),
                }
              : null,
          product:
            visible && product
              ? {
                  id: product.id,
                  name: product.name,
                  url: product.url,
                  thumbnail: product.variants[0]?.thumbnail ?? null,
                }
              : null,
          images: visible
            ? images
                .filter((image) => image.postId === post.id)
                .map((image) => ({
                  url: imageUrl(post.id, image.position),
                  thumbnailUrl: imageUrl(post.id, image.position, 'thumbnail'),
                }))
            : [],
          hidden: post.hidden,
          hiddenReason: post.hidden && (own || moderator) ? (post.hiddenReason ?? '') : null,
          reportedByMe: reported.has(post.id),
        }
      })
      const signedIn = isSignedIn(ctx.viewer) && ctx.viewer.impersonatedBy === null
      return {
        thread: {
          ...threadSummary(ctx, thread, authors),
          board: { key: board.key, title: localize(board.titles, ctx.locale) },
        },
        posts: views,
        paging: pages,
        canReply:
          signedIn && (moderator || (!thread.locked && mayPostIn(ctx.viewer, board.partnersOnly))),
        viewerIsModerator: moderator,
      }
    },

    async startThread(ctx, boardKey, input, files) {
      const customerId = requireWriter(ctx)
      const board = await boardByKey(ctx.db, boardKey)
      if (!mayPostIn(ctx.viewer, board.partnersOnly)) {
        throw new AppError(403, 'FORUM_PARTNERS_ONLY', 'forum.partnersOnly')
      }
      if (input.quotePostId !== undefined) throw fieldError('quotePostId', 'forum.quoteNotFound')
      await assertProduct(ctx, input.productId)
      const images = await prepareForumImages(files)
      const place = await withRemovalOnFailure((written) =>
        ctx.db.transaction(async (tx) => {
          await assertWithinLimits(tx, customerId, true)
          const [thread] = await tx
            .insert(forumThreads)
            .values({
              boardId: board.id,
              authorId: customerId,
              title: input.title,
              notifyAuthor: input.notifyAuthor,
            })
            .returning({ id: forumThreads.id })
          const postId = await insertPost(tx, thread!.id, customerId, input, images, written)
          return { threadId: thread!.id, postId }
        }),
      )
      return {
        ...place,
        url: `${threadUrl(ctx.locale, place.threadId, input.title)}#post-${place.postId}`,
      }
    },

    async reply(ctx, threadId, input, files) {
      const customerId = requireWriter(ctx)
      const [found] = await ctx.db
        .select({ thread: forumThreads, partnersOnly: forumBoards.partnersOnly })
        .from(forumThreads)
        .innerJoin(forumBoards, eq(forumBoards.id, forumThreads.boardId))
        .where(eq(forumThreads.id, threadId))
        .limit(1)
      if (!found) throw threadNotFound()
      if (!mayPostIn(ctx.viewer, found.partnersOnly)) {
        throw new AppError(403, 'FORUM_PARTNERS_ONLY', 'forum.partnersOnly')
      }
      if (input.quotePostId !== undefined) {
        const [quoted] = await ctx.db
          .select({ id: forumPosts.id })
          .from(forumPosts)
          .where(
            and(
              eq(forumPosts.id, input.quotePostId),
              eq(forumPosts.threadId, threadId),
              eq(forumPosts.hidden, false),
            ),
          )
        if (!quoted) throw fieldError('quotePostId', 'forum.quoteNotFound')
      }
      await assertProduct(ctx, input.productId)
      const images = await prepareForumImages(files)
      const { postId, position, thread } = await withRemovalOnFailure((written) =>
        ctx.db.transaction(async (tx) => {
          // Locked, so a moderator's lock and this reply do not pass each other.
          const [current] = await tx
            .select()
            .from(forumThreads)
            .where(eq(forumThreads.id, threadId))
            .for('update')
          if (!current) throw threadNotFound()
          if (current.locked && !ctx.viewer.isModerator) {
            throw new AppError(409, 'THREAD_LOCKED', 'forum.threadLocked')
          }
          await assertWithinLimits(tx, customerId, false)
          const id = await insertPost(tx, threadId, customerId, input, images, written)
          const [before] = await tx
            .select({ n: count() })
            .from(forumPosts)
            .where(and(eq(forumPosts.threadId, threadId), sql`${forumPosts.id} < ${id}`))
          if (current.notifyAuthor && current.authorId !== customerId) {
            await notifyAuthor(tx, current, customerId, input.body)
          }
          return { postId: id, position: before?.n ?? 0, thread: current }
        }),
      )
      const page = Math.floor(position / FORUM_POSTS_PER_PAGE) + 1
      return {
        threadId,
        postId,
        url: `${threadUrl(ctx.locale, threadId, thread.title, page)}#post-${postId}`,
      }

      /** Queues the reply mail to the thread's author in the author's language (same transaction). */
      async function notifyAuthor(
        tx: Db,
        current: typeof forumThreads.$inferSelect,
        replierId: number,
        body: string,
      ) {
        const [owner] = await tx
          .select({
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
            language: customers.language,
            deletedAt: customers.deletedAt,
          })
          .from(customers)
          .where(eq(customers.id, current.authorId))
        if (!owner || owner.deletedAt) return
        const locale = (
          ['cs', 'en', 'hu', 'pl', 'ro', 'sk'].includes(owner.language) ? owner.language : 'cs'
        ) as Locale
        const replier = author(
          { ...ctx, locale },
          await authorsById({ ...ctx, db: tx }, [replierId]),
          replierId,
        )
        const markdown = await loadForumMarkdown()
        await sendDocumentMail(
          {
            db: tx,
            translator: deps.translator,
            mailer: deps.mailer,
            ...(deps.log ? { log: deps.log } : {}),
          },
          'forum-reply',
          {
            db: tx,
            locale,
            to: owner.email,
            values: {
              name: `${owner.firstName} ${owner.lastName}`.trim(),
              threadTitle: current.title,
              replier: replier.displayName,
              excerpt: markdown.excerpt(body, 300),
              link: `${deps.publicUrl}${threadUrl(locale, current.id, current.title)}`,
            },
          },
        )
      }
    },

    async findProducts(ctx, query) {
      const q = query.trim().slice(0, 100)
      if (!q) return []
      const tiles = await searchProducts(ctx.db, ctx.locale, q, 8, { loggedIn: false })
      return tiles.map((tile) => ({
        id: tile.id,
        name: tile.name,
        thumbnail: tile.colors[0]?.thumbnail ?? null,
      }))
    },

    async openImage(ctx, postId, position, size) {
      const [row] = await ctx.db
        .select({
          authorId: forumPosts.authorId,
          hidden: forumPosts.hidden,
          storageKey: assets.storageKey,
          mimeType: assets.mimeType,
        })
        .from(forumPostImages)
        .innerJoin(forumPosts, eq(forumPosts.id, forumPostImages.postId))
        .innerJoin(assets, eq(assets.id, forumPostImages.assetId))
        .where(and(eq(forumPostImages.postId, postId), eq(forumPostImages.position, position)))
        .limit(1)
      const maySee =
        row !== undefined &&
        (!row.hidden || ctx.viewer.isModerator || row.authorId === ctx.viewer.customerId)
      const stream = maySee && row.storageKey ? await deps.store.get(row.storageKey) : null
      if (!row || !stream) throw imageNotFound()
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      const original = Buffer.concat(chunks)
      if (size === 'full') {
        return { body: original, mimeType: row.mimeType ?? 'application/octet-stream' }
      }
      const sharp = await loadSharp()
      const body = await sharp(original, { failOn: 'none' })
        .resize({ width: 480, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer()
      return { body, mimeType: 'image/webp' }
    },
  }
}
