import { z } from 'zod'

/**
 * The back office's e-mail log and blocklist (issue 19, Pimcore's `/admin/email/*`). 'logged' is
 * a mail recorded with MAIL_TRANSPORT=log (never sent); 'blocked' one the blocklist stopped.
 */
export const EMAIL_LOG_STATUSES = ['queued', 'logged', 'sent', 'failed', 'blocked'] as const
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number]

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

/** A date (YYYY-MM-DD) or an instant (ISO 8601), from the date filter. */
const DateBoundSchema = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'invalid date' })
      return z.NEVER
    }
    return date
  })

/** GET (query) / POST (body) /admin/email/email-logs: the list, newest first. */
export const EmailLogListQuerySchema = z.object({
  /** Exactly this recipient (any case): the journeys' look-up. */
  to: optionalText(320),
  /** Searched in recipient and subject (Pimcore's `filter`). */
  q: optionalText(200),
  filter: optionalText(200),
  /** Searched in the subject only. */
  subject: optionalText(200),
  status: z
    .enum(EMAIL_LOG_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** From this day (inclusive). */
  from: DateBoundSchema,
  /** Until this day (inclusive: a date means its whole day). */
  until: DateBoundSchema,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type EmailLogListQuery = z.input<typeof EmailLogListQuerySchema>

export const EmailLogItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
  error: z.string().nullable(),
  resentFromId: z.number().nullable(),
})
export type EmailLogItem = z.infer<typeof EmailLogItemSchema>

export const EmailLogPageSchema = z.object({
  items: z.array(EmailLogItemSchema),
  total: z.number(),
})
export type EmailLogPage = z.infer<typeof EmailLogPageSchema>

/** One mail as sent: the HTML and text exactly, except secrets masked without `emailSecrets`. */
export const EmailLogEntrySchema = EmailLogItemSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string(),
  /** True when secrets (single-use links' tokens, codes) were masked for this viewer. */
  masked: z.boolean(),
})
export type EmailLogEntry = z.infer<typeof EmailLogEntrySchema>

/** GET /admin/email/show-email-log?id=&type= (Pimcore) — html and text answer the body alone. */
export const ShowEmailLogQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  type: z.enum(['html', 'text', 'details', 'params']).default('details'),
})

/** DELETE /admin/email/delete-email-log (query or body `id`), POST /admin/email/resend-email. */
export const EmailLogIdSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const ResentEmailSchema = z.object({
  success: z.literal(true),
  /** The new entry in the log. */
  emailLogId: z.number(),
  /** 'blocked' when the recipient has been blocklisted since. */
  status: z.enum(['queued', 'blocked']),
})

/**
 * POST /admin/email/send-test-email from the e-mail log (Pimcore's `emailType`): free text or
 * HTML, or an e-mail document rendered with the placeholders' values given (the rest from the
 * document's sample values).
 */
export const SendTestMailSchema = z.discriminatedUnion('emailType', [
  z.object({
    emailType: z.enum(['text', 'html']),
    to: z.email().max(320),
    subject: z.string().trim().min(1).max(500),
    content: z.string().min(1).max(200_000),
  }),
  z.object({
    emailType: z.literal('document'),
    to: z.email().max(320),
    documentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Placeholder values; an empty value leaves the sample's. */
    parameters: z.record(z.string().max(100), z.string().max(5000)).default({}),
  }),
])
export type SendTestMail = z.input<typeof SendTestMailSchema>

export const SentTestMailSchema = z.object({
  success: z.literal(true),
  emailLogId: z.number(),
  status: z.enum(['queued', 'blocked']),
})

// ── Blocklist ───────────────────────────────────────────────────────────────────────────────

export const BlocklistEntrySchema = z.object({
  id: z.number(),
  address: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type BlocklistEntry = z.infer<typeof BlocklistEntrySchema>

export const BlocklistAddressSchema = z.string().trim().toLowerCase().pipe(z.email().max(320))

export const BlocklistInputSchema = z.object({
  address: BlocklistAddressSchema,
  reason: z.string().trim().max(500).nullable().optional(),
})
export type BlocklistInput = z.input<typeof BlocklistInputSchema>

/** POST /admin/email/blocklist: Pimcore's list/create/update/destroy in one call. */
export const BlocklistRequestSchema = z.object({
  xaction: z.enum(['read', 'create', 'update', 'destroy']).default('read'),
  /** Pimcore sends the record(s) as a JSON string; our screen sends an object. */
  data: z.unknown().optional(),
  filter: optionalText(200),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type BlocklistRequest = z.input<typeof BlocklistRequestSchema>

export const BlocklistAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(BlocklistEntrySchema),
  total: z.number(),
})
export type BlocklistAnswer = z.infer<typeof BlocklistAnswerSchema>
