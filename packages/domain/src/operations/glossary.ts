import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * The glossary (Pimcore's GlossaryBundle, issue 19): a term of document and article text drawn as
 * a link, an abbreviation (`<abbr title>`) or an acronym, per language and site.
 */

/** A link in the shop (`/cs/…`) or an http(s) address; no scripts, no protocol-relative hosts. */
const SAFE_LINK = /^(?:\/(?!\/)[^\s<>"'`\\]*|https?:\/\/[^\s<>"'`\\/]+(?:\/[^\s<>"'`\\]*)?)$/

export const GlossaryTermInputSchema = z
  .object({
    text: z.string().trim().min(1, 'siteTools.error.termRequired').max(100),
    /** '' = every language. */
    language: z.enum(['', ...LOCALES]).default(''),
    /** null = every site. */
    siteId: z.number().int().positive().nullable().default(null),
    link: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || SAFE_LINK.test(v), 'siteTools.error.unsafeLink')
      .default(''),
    abbr: z.string().trim().max(200).default(''),
    acronym: z.string().trim().max(200).default(''),
    caseSensitive: z.boolean().default(false),
    /** Whole words only (else also inside longer words). */
    exactMatch: z.boolean().default(true),
  })
  .refine((t) => t.link !== '' || t.abbr !== '' || t.acronym !== '', {
    message: 'siteTools.error.termNeedsMeaning',
    path: ['link'],
  })
export type GlossaryTermInput = z.infer<typeof GlossaryTermInputSchema>

export const GlossaryTermSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  language: z.string(),
  siteId: z.number().int().nullable(),
  link: z.string(),
  abbr: z.string(),
  acronym: z.string(),
  caseSensitive: z.boolean(),
  exactMatch: z.boolean(),
  updatedAt: z.string(),
})
export type GlossaryTerm = z.infer<typeof GlossaryTermSchema>

export const GlossaryListSchema = z.object({
  success: z.literal(true),
  data: z.array(GlossaryTermSchema),
  total: z.number().int(),
})
export type GlossaryList = z.infer<typeof GlossaryListSchema>
