import { z } from 'zod'

/**
 * The application log's viewer (issue 20, Pimcore's `/admin/bundle/applicationlogger/log/*`):
 * what the shop's own components report, with PSR-3's priorities (0 emergency … 7 debug).
 */
export const APP_LOG_PRIORITY_NAMES = [
  'emergency',
  'alert',
  'critical',
  'error',
  'warning',
  'notice',
  'info',
  'debug',
] as const
export type AppLogPriorityName = (typeof APP_LOG_PRIORITY_NAMES)[number]

export const APP_LOG_ELEMENT_TYPES = ['object', 'asset', 'document'] as const
export const APP_LOG_SORT_FIELDS = ['at', 'priority', 'component'] as const

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

/** The earliest and latest instants a filter may name: anything else is a mistake, not a range. */
const EARLIEST = Date.UTC(2000, 0, 1)
const LATEST = Date.UTC(2200, 0, 1)

/** An ISO 8601 instant: date, time to the second or finer, optional zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** A date (YYYY-MM-DD), an instant (ISO 8601) or Pimcore's seconds since 1970. */
const DateBoundSchema = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined
    const date = /^\d{1,11}$/.test(value)
      ? new Date(Number(value) * 1000)
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(`${value}T00:00:00Z`)
        : ISO_INSTANT.test(value)
          ? new Date(value)
          : new Date(Number.NaN)
    const time = date.getTime()
    if (Number.isNaN(time) || time < EARLIEST || time > LATEST) {
      ctx.addIssue({ code: 'custom', message: 'invalid date' })
      return z.NEVER
    }
    return date
  })

const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/**
 * GET (query) / POST (body) …/log/show: the list with filters, sorted and paged on the server.
 * Pimcore's names are accepted beside ours: `fromDate`/`toDate`, `relatedobject`, `message`,
 * `pid`; `priority` is "at least this severe" unless `priorityMode` is `exactly`.
 */
export const AppLogListQuerySchema = z.object({
  priority: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(7).optional()),
  priorityMode: z.preprocess(emptyAsUndefined, z.enum(['atLeast', 'exactly']).default('atLeast')),
  component: optionalText(200),
  elementType: z.preprocess(emptyAsUndefined, z.enum(APP_LOG_ELEMENT_TYPES).optional()),
  elementId: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  ),
  relatedobject: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  ),
  from: DateBoundSchema,
  until: DateBoundSchema,
  fromDate: DateBoundSchema,
  toDate: DateBoundSchema,
  /** Searched in the message (any case). */
  q: optionalText(200),
  message: optionalText(200),
  requestId: optionalText(100),
  pid: optionalText(100),
  sort: z.preprocess(emptyAsUndefined, z.enum(APP_LOG_SORT_FIELDS).default('at')),
  dir: z.preprocess(
    (value) => (typeof value === 'string' ? value.toLowerCase() : emptyAsUndefined(value)),
    z.enum(['asc', 'desc']).default('desc'),
  ),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type AppLogListQuery = z.input<typeof AppLogListQuerySchema>

export const AppLogItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  priority: z.number().int().min(0).max(7),
  component: z.string(),
  message: z.string(),
  elementType: z.enum(APP_LOG_ELEMENT_TYPES).nullable(),
  elementId: z.number().nullable(),
  requestId: z.string().nullable(),
  source: z.string().nullable(),
  /** Whether a file object (a stack, rejected lines) is kept beside the entry. */
  hasFileObject: z.boolean(),
})
export type AppLogItem = z.infer<typeof AppLogItemSchema>

export const AppLogPageSchema = z.object({
  items: z.array(AppLogItemSchema),
  total: z.number(),
})
export type AppLogPage = z.infer<typeof AppLogPageSchema>

/** One entry with its details (GET …/log/show?id=…). */
export const AppLogEntrySchema = AppLogItemSchema.extend({
  context: z.unknown().nullable(),
  /** The file object's length in characters (read through show-file-object). */
  fileObjectLength: z.number(),
})
export type AppLogEntry = z.infer<typeof AppLogEntrySchema>

/** …/log/priority-json: the 8 priorities with their translated names. */
export const AppLogPrioritiesSchema = z.object({
  priorities: z.array(z.object({ key: z.number(), value: z.string() })),
})

/** …/log/component-json: the components seen in the log. */
export const AppLogComponentsSchema = z.object({
  components: z.array(z.object({ key: z.string(), value: z.string() })),
})

/** …/log/show-file-object: an entry's file object, as text; `download` asks for an attachment. */
export const AppLogFileObjectQuerySchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  download: z.preprocess(
    (value) => value === '1' || value === 'true' || value === true,
    z.boolean().default(false),
  ),
})
