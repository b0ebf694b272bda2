import { z } from 'zod'
import type { LOCALES } from '@optika/i18n/locales'
import { ForumBoardKeySchema } from './forum-api.ts'

/**
 * The back office's forum screen (/admin/forum, issue 18), key 'forum':
 *   GET  /admin/forum-moderation/boards                → AdminForumBoard[]
 *   POST /admin/forum-moderation/boards                ← AdminForumBoardInput → AdminForumBoard
 *   PUT  /admin/forum-moderation/boards/{id}           ← AdminForumBoardInput → AdminForumBoard
 *   GET  /admin/forum-moderation/log?page=&limit=      → AdminModerationLogPage
 *   GET  /admin/forum-moderation/moderators            → AdminForumModerator[]
 * Moderators are granted in the customer detail (PUT /admin/customers/{id}/moderator, audited).
 */

export const FORUM_BOARD_TITLE_MAX = 120
export const FORUM_BOARD_DESCRIPTION_MAX = 500

const optionalText = (max: number) =>
  z.string().trim().max(max, 'forumModeration.validation.tooLong').default('')

/** A text per language; English (the fallback) is required where `required`, the rest may be ''. */
const localizedTexts = (max: number, required: boolean) =>
  z.object({
    cs: optionalText(max),
    en: required
      ? z
          .string()
          .trim()
          .min(1, 'validation.required')
          .max(max, 'forumModeration.validation.tooLong')
      : optionalText(max),
    hu: optionalText(max),
    pl: optionalText(max),
    ro: optionalText(max),
    sk: optionalText(max),
  }) satisfies z.ZodType<Record<(typeof LOCALES)[number], string>>

export const AdminForumBoardInputSchema = z.object({
  key: ForumBoardKeySchema,
  /** English is required (the fallback); the other languages fall back to it when empty. */
  titles: localizedTexts(FORUM_BOARD_TITLE_MAX, true),
  descriptions: localizedTexts(FORUM_BOARD_DESCRIPTION_MAX, false),
  position: z.coerce.number().int().min(0).max(10_000),
  partnersOnly: z.boolean(),
})
export type AdminForumBoardInput = z.output<typeof AdminForumBoardInputSchema>

export const AdminForumBoardParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

export const AdminForumBoardSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  titles: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  position: z.number().int(),
  partnersOnly: z.boolean(),
  threadCount: z.number().int(),
})
export type AdminForumBoard = z.infer<typeof AdminForumBoardSchema>

export const FORUM_MODERATION_ACTIONS = [
  'hide',
  'restore',
  'lock',
  'unlock',
  'move',
  'dismiss-report',
] as const
export type ForumModerationAction = (typeof FORUM_MODERATION_ACTIONS)[number]

export const AdminModerationLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  action: z.enum(FORUM_MODERATION_ACTIONS).optional(),
})

export const AdminModerationLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(FORUM_MODERATION_ACTIONS),
  moderator: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  reason: z.string().nullable(),
  threadId: z.number().int().nullable(),
  threadTitle: z.string().nullable(),
  postId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The thread's storefront address (in Czech, the default language), when it still exists. */
  link: z.string().nullable(),
})
export type AdminModerationLogEntry = z.infer<typeof AdminModerationLogEntrySchema>

export const AdminModerationLogPageSchema = z.object({
  entries: z.array(AdminModerationLogEntrySchema),
  total: z.number().int(),
})
export type AdminModerationLogPage = z.infer<typeof AdminModerationLogPageSchema>

export const AdminForumModeratorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  clientNumber: z.string(),
  kind: z.enum(['customer', 'partner']),
  actions: z.number().int(),
  lastActionAt: z.string().nullable(),
})
export type AdminForumModerator = z.infer<typeof AdminForumModeratorSchema>
