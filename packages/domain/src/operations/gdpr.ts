import { z } from 'zod'
import { BigIdSchema, IdSchema } from '../ids.ts'

/**
 * The GDPR data extractor (issue 20, Pimcore's `/admin/gdpr/*`). Providers are where the shop
 * holds people: storefront customers and partners (our own provider beside Pimcore's, decision
 * 064), data objects, assets, back-office users and sent mails.
 */
export const GDPR_PROVIDERS = [
  'customers',
  'dataObjects',
  'assets',
  'adminUsers',
  'sentMails',
] as const
export type GdprProvider = (typeof GDPR_PROVIDERS)[number]

export const GdprDataProviderSchema = z.object({
  name: z.enum(GDPR_PROVIDERS),
  /** Where the provider's search answers (GET, `query` + Pimcore's id/firstname/lastname/email). */
  searchUrl: z.string(),
  /** Where one hit's export downloads (`?id=`). */
  exportUrl: z.string(),
})
export const GdprDataProvidersSchema = z.object({
  success: z.literal(true),
  data: z.array(GdprDataProviderSchema),
})

/** Search text: trimmed, at most 200 characters (a 10 kB paste is refused with a 400). */
const searchText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value === '' ? undefined : value))

/**
 * A provider's search (GET query). `query` searches name, e-mail, client number or id at once;
 * Pimcore's separate `id`, `firstname`, `lastname` and `email` narrow it further (all AND).
 */
export const GdprSearchQuerySchema = z.object({
  query: searchText,
  id: z.union([BigIdSchema, z.literal('').transform(() => undefined)]).optional(),
  firstname: searchText,
  lastname: searchText,
  email: searchText,
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export type GdprSearchQuery = z.input<typeof GdprSearchQuerySchema>

export const GdprHitSchema = z.object({
  provider: z.enum(GDPR_PROVIDERS),
  id: z.number(),
  /** A person's name, an element's path, a mail's subject. */
  title: z.string(),
  email: z.string().nullable(),
  /** Client number (customers), class (objects), type (assets), username, recipient. */
  detail: z.string().nullable(),
  /** The customer's kind ('customer' | 'partner'), the element's type, the mail's status. */
  kind: z.string().nullable(),
  anonymized: z.boolean(),
  createdAt: z.string().nullable(),
})
export type GdprHit = z.infer<typeof GdprHitSchema>

export const GdprSearchPageSchema = z.object({
  success: z.literal(true),
  data: z.array(GdprHitSchema),
  total: z.number(),
})
export type GdprSearchPage = z.infer<typeof GdprSearchPageSchema>

/** `?id=` of an export or a summary. */
export const GdprIdQuerySchema = z.object({ id: BigIdSchema })
/** `?id=` of a row of an integer id column (a customer, a back-office user). */
export const GdprUserIdQuerySchema = z.object({ id: IdSchema })
/** `?id=` of a customer (int4). */
export const GdprCustomerIdQuerySchema = z.object({
  id: IdSchema,
  format: z.enum(['json', 'pdf']).default('json'),
})

/** What one person's export holds, section by section (the screen's "what will be exported"). */
export const PERSONAL_DATA_SECTIONS = [
  'account',
  'consents',
  'addresses',
  'orders',
  'complaints',
  'ratings',
  'forumThreads',
  'forumPosts',
  'contactMessages',
  'mailsSent',
  'auditEntries',
] as const
export type PersonalDataSection = (typeof PERSONAL_DATA_SECTIONS)[number]

export const GdprPersonSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(['customer', 'partner']),
  name: z.string(),
  email: z.string(),
  clientNumber: z.string(),
  createdAt: z.string(),
  /** Set once the person was anonymized (by staff or by deleting the account). */
  anonymizedAt: z.string().nullable(),
  counts: z.record(z.enum(PERSONAL_DATA_SECTIONS), z.number()),
})
export type GdprPersonSummary = z.infer<typeof GdprPersonSummarySchema>

/**
 * POST /admin/gdpr/customer/anonymize. `confirmation` must repeat the person's client number
 * (spaces ignored): the typed confirmation the screen asks for, checked again by the server.
 */
export const GdprAnonymizeSchema = z.object({
  id: IdSchema,
  confirmation: z.string().trim().min(1).max(100),
})
export type GdprAnonymize = z.infer<typeof GdprAnonymizeSchema>

export const GdprAnonymizedSchema = z.object({
  success: z.literal(true),
  id: z.number(),
  /** Rows changed per table: orders kept with personal fields replaced, etc. */
  changed: z.record(z.string(), z.number()),
})
export type GdprAnonymized = z.infer<typeof GdprAnonymizedSchema>
