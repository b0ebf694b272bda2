import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from './users.ts'

/**
 * The storefront's community (issue 18): partners' dealer-map entries, the forum and the contact
 * form. Dealers the shop lists itself, articles and galleries are PIM objects (classes Dealer,
 * Article, Gallery); these tables hold what shoppers and partners write.
 */

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** Per-language texts: `{ cs: '…', en: '…' }`, a missing language falls back as the catalogue does. */
type LocalizedTexts = Record<string, string>

/**
 * An approved partner's own entry on the dealer map (opt-in, edited in the partner area). Shown
 * only while `listed` and the partner is approved; `lat`/`lng` are WGS 84 degrees.
 */
export const partnerDealerListings = pgTable(
  'partner_dealer_listings',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    listed: boolean().notNull().default(false),
    name: text().notNull(),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    postcode: text().notNull().default(''),
    country: text().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    web: text().notNull().default(''),
    /** `DealerOpeningHours` of packages/domain/src/community/dealer-api.ts. */
    openingHours: jsonb().$type<unknown>().notNull().default([]),
    /** Keys of `DEALER_SERVICES`. */
    services: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Brand object ids. */
    brandIds: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    updatedAt: created(),
  },
  (t) => [
    check('partner_dealer_listings_lat', sql`${t.lat} between -90 and 90`),
    check('partner_dealer_listings_lng', sql`${t.lng} between -180 and 180`),
  ],
)

/** Forum boards ("Frames and fit", "Lenses and optics", …); `key` is the board's address. */
export const forumBoards = pgTable(
  'forum_boards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    key: text().notNull(),
    titles: jsonb().$type<LocalizedTexts>().notNull(),
    descriptions: jsonb().$type<LocalizedTexts>().notNull().default({}),
    position: integer().notNull().default(0),
    /** Only approved partners may start threads and post (e.g. "For opticians"); all may read. */
    partnersOnly: boolean().notNull().default(false),
    createdAt: created(),
  },
  (t) => [uniqueIndex('forum_boards_key_unique').on(t.key)],
)

export const forumThreads = pgTable(
  'forum_threads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    boardId: integer()
      .notNull()
      .references(() => forumBoards.id),
    authorId: integer()
      .notNull()
      .references(() => customers.id),
    title: text().notNull(),
    locked: boolean().notNull().default(false),
    /** The author wants a mail for each reply (opt-in when starting the thread). */
    notifyAuthor: boolean().notNull().default(false),
    /** Visible posts, kept with every post, hide and restore. */
    postCount: integer().notNull().default(0),
    lastPostAt: created(),
    createdAt: created(),
  },
  (t) => [index('forum_threads_board_last_post').on(t.boardId, t.lastPostAt.desc(), t.id)],
)

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    threadId: bigint({ mode: 'number' })
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => customers.id),
    /** What the author typed (the Markdown subset); never drawn as HTML. */
    body: text().notNull(),
    /** The post this one quotes (same thread). */
    quotePostId: bigint({ mode: 'number' }),
    /** A product object this post refers to. */
    productId: bigint({ mode: 'number' }),
    hidden: boolean().notNull().default(false),
    hiddenReason: text(),
    hiddenBy: integer().references(() => customers.id),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('forum_posts_thread_created').on(t.threadId, t.createdAt, t.id),
    index('forum_posts_author_created').on(t.authorId, t.createdAt),
  ],
)

/** Up to three pictures a post carries, stored as assets through the DAM's upload checks. */
export const forumPostImages = pgTable(
  'forum_post_images',
  {
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    assetId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
)

/** A reader's report of a post; one per reader and post. Resolved when a moderator acts on it. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => customers.id),
    reason: text().notNull(),
    createdAt: created(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => customers.id),
  },
  (t) => [
    uniqueIndex('forum_reports_post_reporter').on(t.postId, t.reporterId),
    index('forum_reports_open')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
)

/** Everything a moderator does (hide, restore, lock, unlock, move, dismiss a report): the audit. */
export const forumModerationLog = pgTable(
  'forum_moderation_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    moderatorId: integer()
      .notNull()
      .references(() => customers.id),
    action: text({
      enum: ['hide', 'restore', 'lock', 'unlock', 'move', 'dismiss-report'],
    }).notNull(),
    threadId: bigint({ mode: 'number' }),
    postId: bigint({ mode: 'number' }),
    reason: text(),
    /** e.g. `{ fromBoardId, toBoardId }` for a move. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index('forum_moderation_log_created').on(t.createdAt)],
)

/** The contact form's topics, configured in the back office: where each topic's messages go. */
export const contactTopics = pgTable(
  'contact_topics',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    key: text().notNull(),
    titles: jsonb().$type<LocalizedTexts>().notNull(),
    /** The address the topic's messages are mailed to; '' sends them to SHOP_EMAIL. */
    email: text().notNull().default(''),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: created(),
  },
  (t) => [uniqueIndex('contact_topics_key_unique').on(t.key)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    topicId: integer()
      .notNull()
      .references(() => contactTopics.id),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    /** An order of the signed-in customer's, checked when sent. */
    orderNumber: text(),
    message: text().notNull(),
    locale: text().notNull(),
    /** The document page the form was on, if any. */
    documentId: bigint({ mode: 'number' }),
    status: text({ enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index('contact_messages_status_created').on(t.status, t.createdAt.desc())],
)

/** Files sent with a message, checked from their bytes and kept in the asset store. */
export const contactMessageAttachments = pgTable(
  'contact_message_attachments',
  {
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    filename: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] })],
)

/** The shop's answers by mail, written in the back office. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminUserId: integer(),
    body: text().notNull(),
    createdAt: created(),
  },
  (t) => [index('contact_replies_message').on(t.messageId, t.createdAt)],
)
