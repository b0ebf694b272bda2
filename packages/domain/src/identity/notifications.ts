import { z } from 'zod'
import { BigIdSchema, IdSchema } from '../ids.ts'

/**
 * Back-office notifications (issue 20, Pimcore's `/admin/notification/*`): one row per recipient
 * user; a message to a role reaches each of its active users once.
 */

/** The types a person may send (Pimcore's); the shop itself also sends 'workflow' and 'job'. */
export const SENDABLE_NOTIFICATION_TYPES = ['info', 'success', 'error'] as const
export const NOTIFICATION_TYPES = [...SENDABLE_NOTIFICATION_TYPES, 'workflow', 'job'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const NOTIFICATION_ELEMENT_TYPES = ['object', 'asset', 'document'] as const
export type NotificationElementType = (typeof NOTIFICATION_ELEMENT_TYPES)[number]

/** Read and unread notifications older than this many days are pruned every night. */
export const NOTIFICATION_RETENTION_DAYS = { read: 30, unread: 180 } as const

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

export const NotificationElementSchema = z.object({
  type: z.enum(NOTIFICATION_ELEMENT_TYPES),
  id: z.number(),
  /** The element's full path; null when it no longer exists. */
  path: z.string().nullable(),
})
export type NotificationElement = z.infer<typeof NotificationElementSchema>

/** One notification as the recipient reads it (a catalogue-keyed text arrives translated). */
export const NotificationSchema = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  element: NotificationElementSchema.nullable(),
  /** Where the work's result waits (a finished export's file), when there is one. */
  link: z.string().nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NOTIFICATION_READ_FILTERS = ['all', 'unread', 'read'] as const
export type NotificationReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number]

/** POST /admin/notification/find-all (body or query): the own list, newest first. */
export const NotificationListQuerySchema = z.object({
  /** Searched in title and message (Pimcore's `filter` text). */
  q: optionalText(200),
  read: z.enum(NOTIFICATION_READ_FILTERS).default('all'),
  type: z
    .enum(NOTIFICATION_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(25),
})
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>

export const NotificationPageSchema = z.object({
  success: z.literal(true),
  total: z.number(),
  /** The user's unread notifications (whatever the filter). */
  unread: z.number(),
  data: z.array(NotificationSchema),
})
export type NotificationPage = z.infer<typeof NotificationPageSchema>

/** GET /admin/notification/find-last-unread: the header's counter and what is new since `lastId`. */
export const LastUnreadQuerySchema = z.object({
  /** The newest id the header has seen; only newer unread ones are answered (at most 5). */
  lastId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
})
export type LastUnreadQuery = z.input<typeof LastUnreadQuerySchema>

export const LastUnreadSchema = z.object({
  success: z.literal(true),
  /** The user's unread notifications. */
  unread: z.number(),
  /** The newest id among all the user's notifications (0 without any). */
  lastId: z.number(),
  /** Unread notifications newer than the asked `lastId`, newest first (at most 5). */
  data: z.array(NotificationSchema),
})
export type LastUnread = z.infer<typeof LastUnreadSchema>

/** GET find / PUT mark-as-read / DELETE delete: one of the own notifications. */
export const NotificationIdQuerySchema = z.object({
  id: BigIdSchema,
  /** find only: leave it unread (Pimcore's find marks it read; the popover's preview does not). */
  peek: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((value) => value === true || value === '1' || value === 'true'),
})

export const OneNotificationSchema = z.object({
  success: z.literal(true),
  data: NotificationSchema,
})

export const RECIPIENT_KINDS = ['user', 'role'] as const
export type RecipientKind = (typeof RECIPIENT_KINDS)[number]

/** POST /admin/notification/send: to a user or a role (Pimcore's `recipientId` = one of them). */
export const SendNotificationSchema = z.object({
  recipientType: z.enum(RECIPIENT_KINDS).default('user'),
  recipientId: IdSchema,
  type: z.enum(SENDABLE_NOTIFICATION_TYPES).default('info'),
  title: z.string().trim().min(1, 'notifications.error.titleRequired').max(250),
  message: z.string().trim().max(10_000).default(''),
  elementType: z
    .enum(NOTIFICATION_ELEMENT_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  elementId: z
    .union([BigIdSchema, z.literal('').transform(() => undefined), z.null()])
    .optional()
    .transform((value) => value ?? undefined),
})
export type SendNotification = z.input<typeof SendNotificationSchema>

export const SentNotificationSchema = z.object({
  success: z.literal(true),
  /** How many users it reached. */
  recipients: z.number(),
})

/** GET /admin/notification/recipients: the users and roles one may send to. */
export const RecipientSchema = z.object({
  id: z.number(),
  type: z.enum(RECIPIENT_KINDS),
  name: z.string(),
})
export const RecipientsSchema = z.object({
  success: z.literal(true),
  data: z.array(RecipientSchema),
})
export type Recipient = z.infer<typeof RecipientSchema>

export const NotificationDoneSchema = z.object({
  success: z.literal(true),
  /** How many notifications the call changed (delete-all: how many it deleted). */
  count: z.number(),
})
