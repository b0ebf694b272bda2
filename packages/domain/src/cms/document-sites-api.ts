import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { BigIdSchema } from '../ids.ts'
import { DocumentTypeSchema } from './document-api.ts'

/**
 * Translations between languages and sites (`/admin/document/*`, issue 17 slice "sites").
 * Field names follow Pimcore: `id`, `sourceId`, `targetId`/`targetPath`, `language`, `path`,
 * `node`, `languages`; a site is addressed by its root document's `id`.
 */

export const DocumentLocaleSchema = z.enum(LOCALES)

/** `GET translation-determine-parent?id=…&language=…`: where a new translation should go. */
export const TranslationDetermineParentQuerySchema = z.object({
  id: BigIdSchema,
  language: DocumentLocaleSchema,
})

export const TranslationParentSchema = z.object({
  /** The parent (or, for a language root, the root) has a translation in that language. */
  success: z.boolean(),
  targetPath: z.string().nullable(),
  targetId: z.number().int().nullable(),
})
export type TranslationParent = z.infer<typeof TranslationParentSchema>

/** `GET translation-check-language?path=…`: the language of a document and its links. */
export const TranslationCheckLanguageQuerySchema = z.object({
  path: z.string().min(1).max(2_000),
})

export const TranslationLanguageSchema = z.object({
  /** The document exists and has a language (its own or an ancestor's). */
  success: z.boolean(),
  language: DocumentLocaleSchema.nullable(),
  /** Languages the document is already linked to (itself included); null when not found. */
  translationLinks: z.array(DocumentLocaleSchema).nullable(),
})
export type TranslationLanguage = z.infer<typeof TranslationLanguageSchema>

/**
 * `POST translation-add`: links `target` (by id, or by path as Pimcore sends it) into the
 * translations of `sourceId`.
 */
export const TranslationAddSchema = z
  .object({
    sourceId: BigIdSchema,
    targetId: BigIdSchema.optional(),
    targetPath: z.string().min(1).max(2_000).optional(),
  })
  .refine((v) => v.targetId !== undefined || v.targetPath !== undefined, {
    message: 'validation.formError',
    path: ['targetId'],
  })
export type TranslationAdd = z.infer<typeof TranslationAddSchema>

/** `DELETE translation-remove`: unlinks `targetId` from the translations of `sourceId`. */
export const TranslationRemoveSchema = z.object({
  sourceId: BigIdSchema,
  targetId: BigIdSchema,
})
export type TranslationRemove = z.infer<typeof TranslationRemoveSchema>

/** What translation-add / translation-remove answer: the source's links afterwards. */
export const TranslationLinksSchema = z.object({
  success: z.literal(true),
  /** locale → document id, the source itself included; empty when it has no links. */
  translations: z.record(z.string(), z.number().int()),
})
export type TranslationLinks = z.infer<typeof TranslationLinksSchema>

/** One language's cell of the language tree: the linked document, or null. */
export const LanguageTreeCellSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  path: z.string(),
  type: DocumentTypeSchema,
  published: z.boolean(),
})
export type LanguageTreeCell = z.infer<typeof LanguageTreeCellSchema>

/** A row of the language tree: a document and its translations in the chosen languages. */
export const LanguageTreeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  path: z.string(),
  type: DocumentTypeSchema,
  published: z.boolean(),
  language: DocumentLocaleSchema.nullable(),
  hasChildren: z.boolean(),
  /** locale → its translation (null: none yet). Folders leave languages without one out. */
  translations: z.record(z.string(), LanguageTreeCellSchema.nullable()),
})
export type LanguageTreeNode = z.infer<typeof LanguageTreeNodeSchema>

/** `GET language-tree?node=…&languages=en,de`: the children of `node` with their translations. */
export const LanguageTreeQuerySchema = z.object({
  node: BigIdSchema,
  /** Comma-separated locales; unknown ones are ignored. */
  languages: z
    .string()
    .max(200)
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((l) => l.trim())
        .filter((l): l is (typeof LOCALES)[number] => (LOCALES as readonly string[]).includes(l)),
    ),
})

export const LanguageTreeSchema = z.object({ nodes: z.array(LanguageTreeNodeSchema) })

/** `GET language-tree-root?id=…`: the document as the root of a language tree. */
export const LanguageTreeRootQuerySchema = z.object({ id: BigIdSchema })

export const LanguageTreeRootSchema = z.object({
  root: LanguageTreeNodeSchema,
  /** The languages of the columns: the root's own first, then its (and its parent's) links. */
  languages: z.array(DocumentLocaleSchema),
})
export type LanguageTreeRoot = z.infer<typeof LanguageTreeRootSchema>

/** The most domains one site may have. */
export const MAX_SITE_DOMAINS = 50

/**
 * Domains as the form sends them: one text (lines, commas or spaces between) or a list.
 * Each is checked and lower-cased by the service (`cmsSites.domainInvalid` names the bad one).
 */
const DomainsInputSchema = z
  .union([z.string().max(20_000), z.array(z.string().max(300)).max(MAX_SITE_DOMAINS)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((d) => d.trim()).filter((d) => d !== ''),
  )

const BooleanInputSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')

/** An error page: a document path (as Pimcore's form) or id; '' = none. */
const ErrorDocumentInputSchema = z.union([z.string().max(2_000), z.number().int().positive()])

/** `PUT update-site`: makes the document `id` a site's root, or changes its site. */
export const UpdateSiteSchema = z.object({
  id: BigIdSchema,
  domains: DomainsInputSchema,
  /** One of `domains`; empty = the first. */
  mainDomain: z.string().max(300).default(''),
  redirectToMainDomain: BooleanInputSchema.default(false),
  defaultLanguage: z.union([DocumentLocaleSchema, z.literal('')]).default(''),
  /** The error page for any language. */
  errorDocument: ErrorDocumentInputSchema.default(''),
  /** Error pages per language (Pimcore's localized error documents). */
  errorDocuments: z
    .record(z.string().max(10), ErrorDocumentInputSchema)
    .default({})
    .refine((r) => Object.keys(r).every((k) => (LOCALES as readonly string[]).includes(k)), {
      message: 'validation.formError',
    }),
})
export type UpdateSite = z.input<typeof UpdateSiteSchema>
export type UpdateSiteInput = z.output<typeof UpdateSiteSchema>

export const RemoveSiteSchema = z.object({ id: BigIdSchema })

/** A site's error page as the back office shows it. */
export const SiteErrorDocumentSchema = z.object({ id: z.number().int(), path: z.string() })

/** A site as `update-site` answers it and the settings form shows it. */
export const SiteSchema = z.object({
  id: z.number().int(),
  rootId: z.number().int(),
  rootPath: z.string(),
  domains: z.array(z.string()),
  mainDomain: z.string(),
  redirectToMainDomain: z.boolean(),
  defaultLanguage: DocumentLocaleSchema.nullable(),
  /** locale (or '' for any language) → the error page. */
  errorDocuments: z.record(z.string(), SiteErrorDocumentSchema),
})
export type Site = z.infer<typeof SiteSchema>

export const SiteRemovedSchema = z.object({ success: z.literal(true) })

/**
 * `GET get-site?id=…` (not one of Pimcore's calls: its tree nodes carry the site; ours carry
 * only `siteId`): the site whose root `id` is, for the sites settings form.
 */
export const SiteOfRootQuerySchema = z.object({ id: BigIdSchema })
export const SiteOfRootSchema = z.object({ site: SiteSchema.nullable() })
