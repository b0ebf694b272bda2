import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * A mail address as a sender or contact: one `@`, no spaces, line breaks or characters that
 * would end the address in a header. Looser than `z.email()`, which refuses `shop@localhost`.
 */
export const MailAddressSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/, 'systemSettings.error.email')

/** The shop's six languages are the most there can be; at least one stays enabled. */
export const LocaleSchema = z.enum(LOCALES)

/**
 * The shop's system settings (issue 19): languages, the shop's name and contact, the mail sender
 * and debug mode. The default language is always one of the enabled ones.
 */
export const SystemSettingsSchema = z
  .object({
    defaultLanguage: LocaleSchema,
    enabledLanguages: z.array(LocaleSchema).min(1).max(LOCALES.length),
    shopName: z.string().trim().min(1).max(120),
    contactEmail: z.union([MailAddressSchema, z.literal('')]),
    contactPhone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+\d\s()/.-]*$/),
    contactAddress: z.string().trim().max(500),
    mailSenderName: z.string().trim().min(1).max(120),
    mailSenderAddress: MailAddressSchema,
    debugMode: z.boolean(),
  })
  .refine(
    (settings) => new Set(settings.enabledLanguages).size === settings.enabledLanguages.length,
    {
      path: ['enabledLanguages'],
      message: 'systemSettings.error.languagesRepeated',
    },
  )
  .refine((settings) => settings.enabledLanguages.includes(settings.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'systemSettings.error.defaultNotEnabled',
  })
export type SystemSettings = z.infer<typeof SystemSettingsSchema>

/** The admin UI's custom logo: whether there is one, its type and when it changed (a cache key). */
export const CustomLogoSchema = z.object({
  hasLogo: z.boolean(),
  type: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type CustomLogo = z.infer<typeof CustomLogoSchema>

/** The logo types the back office accepts (checked from the bytes, not the name). */
export const CUSTOM_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const
export const CUSTOM_LOGO_MAX_BYTES = 512 * 1024

/** GET /admin/settings/system */
export const SystemSettingsAnswerSchema = z.object({
  settings: SystemSettingsSchema,
  logo: CustomLogoSchema,
})

// ── Website settings ──

export const WEBSITE_SETTING_TYPES = [
  'text',
  'number',
  'boolean',
  'document',
  'asset',
  'object',
] as const
export const WebsiteSettingTypeSchema = z.enum(WEBSITE_SETTING_TYPES)
export type WebsiteSettingType = z.infer<typeof WebsiteSettingTypeSchema>

/** A value as stored: text, a number, a boolean, or an element's id (document, asset, object). */
export const WebsiteSettingValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type WebsiteSettingValue = z.infer<typeof WebsiteSettingValueSchema>

export const WebsiteSettingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: WebsiteSettingTypeSchema,
  value: WebsiteSettingValueSchema,
  /** Null: every site. */
  siteId: z.number().int().nullable(),
  /** Null: every language. */
  language: LocaleSchema.nullable(),
  /** The referenced element's path, for document, asset and object settings. */
  elementPath: z.string().nullable(),
  updatedAt: z.string(),
})
export type WebsiteSetting = z.infer<typeof WebsiteSettingSchema>

/** A setting's name: what storefront code asks for, so plain letters, digits, `_`, `-` and `.`. */
export const WebsiteSettingNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][\w.-]*$/)

/**
 * A setting to create or change. The value is checked against the type: text up to 10,000
 * characters, a finite number, a boolean, or the positive id of an element that exists.
 */
export const WebsiteSettingInputSchema = z
  .object({
    name: WebsiteSettingNameSchema,
    type: WebsiteSettingTypeSchema,
    value: WebsiteSettingValueSchema.default(null),
    siteId: z.number().int().positive().nullable().default(null),
    language: LocaleSchema.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    const issue = () =>
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `systemSettings.error.value.${input.type}`,
      })
    const value = input.value
    if (value === null) return
    switch (input.type) {
      case 'text':
        if (typeof value !== 'string' || value.length > 10_000) issue()
        return
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) issue()
        return
      case 'boolean':
        if (typeof value !== 'boolean') issue()
        return
      case 'document':
      case 'asset':
      case 'object':
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) issue()
        return
    }
  })
export type WebsiteSettingInput = z.infer<typeof WebsiteSettingInputSchema>

export const WEBSITE_SETTING_SORTS = ['name', 'type', 'language', 'siteId', 'updatedAt'] as const

/** The list's query: a text in the name or value, a type, a language, paging and sort. */
export const WebsiteSettingQuerySchema = z.object({
  filter: z.string().trim().max(200).default(''),
  type: WebsiteSettingTypeSchema.optional(),
  language: LocaleSchema.optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort: z.enum(WEBSITE_SETTING_SORTS).default('name'),
  dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
})
export type WebsiteSettingQuery = z.infer<typeof WebsiteSettingQuerySchema>

export const WebsiteSettingListSchema = z.object({
  success: z.literal(true),
  data: z.array(WebsiteSettingSchema),
  total: z.number().int(),
})

/**
 * POST /admin/settings/website-settings — Pimcore's one call for the grid: `xaction` read (the
 * query's fields), create (`data`: an input), update (`data`: an input with its `id`), destroy
 * (`data`: `{ id }`). `data` may come as JSON text, as Pimcore's grid sends it.
 */
export const WebsiteSettingsCallSchema = z.object({
  xaction: z.enum(['read', 'create', 'update', 'destroy']).default('read'),
  data: z.unknown().optional(),
  filter: z.string().optional(),
  type: z.string().optional(),
  language: z.string().optional(),
  start: z.unknown().optional(),
  limit: z.unknown().optional(),
  sort: z.unknown().optional(),
  dir: z.unknown().optional(),
})

export const WebsiteSettingAnswerSchema = z.object({
  success: z.literal(true),
  data: WebsiteSettingSchema,
})
export const WebsiteSettingDeletedSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int() }),
})

// ── Caches ──

export const CACHE_IDS = [
  'pages',
  'productSearch',
  'thumbnails',
  'pictures',
  'temporaryFiles',
] as const
export const CacheIdSchema = z.enum(CACHE_IDS)
export type CacheId = z.infer<typeof CacheIdSchema>

/** One cache and how much it holds now: entries and bytes (null when a store cannot tell). */
export const CacheStateSchema = z.object({
  id: CacheIdSchema,
  entries: z.number().int(),
  bytes: z.number().int().nullable(),
})
export type CacheState = z.infer<typeof CacheStateSchema>

export const CacheListSchema = z.object({ caches: z.array(CacheStateSchema) })

/** DELETE /admin/settings/clear-cache: which caches (all but temporary files when not named). */
export const ClearCacheQuerySchema = z.object({
  only: z
    .union([CacheIdSchema, z.array(CacheIdSchema)])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
})

/** What clearing did: each cleared cache's state before and after. */
export const ClearCacheAnswerSchema = z.object({
  success: z.literal(true),
  cleared: z.array(
    z.object({ id: CacheIdSchema, before: CacheStateSchema, after: CacheStateSchema }),
  ),
})
export type ClearCacheAnswer = z.infer<typeof ClearCacheAnswerSchema>
