import { z } from 'zod'

/**
 * The forum (issue 18): boards → threads → posts. Reading is public; posting needs a signed-in
 * customer or partner (boards marked `partnersOnly`: approved partners). Moderators are customers
 * with the moderator flag (granted in the back office); everything they do is written to
 * `forum_moderation_log`.
 *
 * Reading and posting (the forum slice):
 *   GET  /api/forum/boards                              → ForumBoardSummary[]
 *   GET  /api/forum/boards/{key}?page=                  → ForumBoardPage   ('forum.boardNotFound' 404)
 *   GET  /api/forum/threads/{id}?page=                  → ForumThreadPage  ('forum.threadNotFound' 404)
 *   POST /api/forum/boards/{key}/threads  (multipart: NewThreadSchema fields + up to 3 `images`)
 *   POST /api/forum/threads/{id}/posts    (multipart: NewPostSchema fields + up to 3 `images`)
 * Reports and moderation (the moderation slice):
 *   POST /api/forum/posts/{id}/report                     ← ReportPostSchema (any signed-in reader, once)
 *   POST /api/forum/moderation/posts/{id}/hide            ← HidePostSchema
 *   POST /api/forum/moderation/posts/{id}/restore
 *   POST /api/forum/moderation/threads/{id}/lock | unlock
 *   POST /api/forum/moderation/threads/{id}/move          ← MoveThreadSchema
 *   GET  /api/forum/moderation/reports?page=              → ForumReportQueue
 *   POST /api/forum/moderation/reports/{id}/dismiss
 * The storefront pages call the same services through the load context.
 */

export const FORUM_TITLE_MAX = 150
export const FORUM_POST_MAX = 10_000
export const FORUM_REASON_MAX = 500
export const FORUM_IMAGES_MAX = 3
/** Per picture, before the DAM's own checks. */
export const FORUM_IMAGE_BYTES_MAX = 5 * 1024 * 1024
export const FORUM_THREADS_PER_PAGE = 20
export const FORUM_POSTS_PER_PAGE = 20

/** Words of the forum's own addresses that a board key may not take. */
export const FORUM_RESERVED_KEYS = ['thread', 'moderation', 'new'] as const
export const ForumBoardKeySchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'forum.boardNotFound')
  .max(60, 'forum.boardNotFound')
  .refine((key) => !(FORUM_RESERVED_KEYS as readonly string[]).includes(key), 'forum.boardNotFound')

const body = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(FORUM_POST_MAX, 'forum.validation.postTooLong')

/** Multipart form fields; a checkbox sends 'on'. */
const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .transform((v) => v === true || v === 'on' || v === 'true')
  .default(false)
const optionalId = z
  .union([z.literal(''), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => (v === '' ? undefined : v))
  .optional()

export const NewPostSchema = z.object({
  body,
  /** A post of the same thread this one quotes. */
  quotePostId: optionalId,
  /** A product this post refers to (shown as a tile). */
  productId: optionalId,
})
export type NewPost = z.output<typeof NewPostSchema>

export const NewThreadSchema = NewPostSchema.extend({
  title: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(FORUM_TITLE_MAX, 'forum.validation.titleTooLong'),
  /** Mail me when someone replies. */
  notifyAuthor: checkbox,
})
export type NewThread = z.output<typeof NewThreadSchema>

const reason = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(FORUM_REASON_MAX, 'forum.validation.reasonTooLong')
export const ReportPostSchema = z.object({ reason })
export const HidePostSchema = z.object({ reason })
export const MoveThreadSchema = z.object({ boardKey: ForumBoardKeySchema })

export interface ForumAuthor {
  readonly id: number
  /** First name and the initial of the surname, or the company for partners; never the e-mail. */
  readonly displayName: string
  readonly isPartner: boolean
  readonly isModerator: boolean
}

export interface ForumBoardSummary {
  readonly key: string
  readonly title: string
  readonly description: string
  readonly partnersOnly: boolean
  readonly threadCount: number
  readonly postCount: number
  readonly lastPostAt: string | null
}

export interface ForumThreadSummary {
  readonly id: number
  readonly slug: string
  readonly title: string
  readonly author: ForumAuthor
  readonly locked: boolean
  readonly postCount: number
  readonly createdAt: string
  readonly lastPostAt: string
}

export interface ForumPaging {
  readonly page: number
  readonly pageCount: number
  readonly total: number
}

export interface ForumBoardPage {
  readonly board: ForumBoardSummary
  readonly threads: readonly ForumThreadSummary[]
  readonly paging: ForumPaging
  /** The viewer may start a thread here (signed in; an approved partner where partnersOnly). */
  readonly canPost: boolean
}

export interface ForumPostView {
  readonly id: number
  readonly author: ForumAuthor
  /** The Markdown subset drawn to sanitized HTML on the server ('' while hidden for this viewer). */
  readonly html: string
  readonly createdAt: string
  readonly editedAt: string | null
  readonly quote: {
    readonly postId: number
    readonly authorName: string
    readonly excerpt: string
  } | null
  readonly product: {
    readonly id: number
    readonly name: string
    readonly url: string
    readonly thumbnail: string | null
  } | null
  readonly images: readonly { readonly url: string; readonly thumbnailUrl: string }[]
  readonly hidden: boolean
  /** Shown to the post's author and to moderators only. */
  readonly hiddenReason: string | null
  /** The viewer reported this post already. */
  readonly reportedByMe: boolean
}

export interface ForumThreadPage {
  readonly thread: ForumThreadSummary & {
    readonly board: { readonly key: string; readonly title: string }
  }
  readonly posts: readonly ForumPostView[]
  readonly paging: ForumPaging
  /** Signed in, thread not locked (moderators may post in locked threads). */
  readonly canReply: boolean
  readonly viewerIsModerator: boolean
}

export interface ForumReportView {
  readonly id: number
  readonly reason: string
  readonly createdAt: string
  readonly reporter: ForumAuthor
  readonly post: ForumPostView
  readonly thread: { readonly id: number; readonly slug: string; readonly title: string }
}

export interface ForumReportQueue {
  readonly reports: readonly ForumReportView[]
  readonly paging: ForumPaging
}
