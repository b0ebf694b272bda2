import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { BigIdSchema } from '../ids.ts'
import { EditableElementRefSchema } from './editables.ts'

/**
 * Documents (Pimcore's CMS): one tree of folders, pages, snippets, e-mails, links and hardlinks
 * in `documents`. The language roots `/cs`, `/en`, … are pages (the home pages) whose `language`
 * every document below them inherits; a page is served on the storefront at its own path.
 */

export const DOCUMENT_TYPES = ['page', 'snippet', 'email', 'link', 'hardlink', 'folder'] as const
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES)
export type DocumentType = z.infer<typeof DocumentTypeSchema>

/** The types that have a template and editables. */
export const EDITABLE_DOCUMENT_TYPES = ['page', 'snippet', 'email'] as const

export const DocumentLanguageSchema = z.enum(LOCALES)

/** A page's SEO and navigation settings (`documents.settings` of a page). */
export const PageSettingsSchema = z.object({
  /** The <title>; empty = the navigation title, else the key. */
  title: z.string().max(300).default(''),
  description: z.string().max(1_000).default(''),
  /** An absolute http(s) URL or a path; empty = the page's own URL. */
  canonical: z.string().max(2_000).default(''),
  noindex: z.boolean().default(false),
  navigation: z
    .object({
      /** The name in menus and breadcrumbs; empty = the title, else the key. */
      title: z.string().max(300).default(''),
      exclude: z.boolean().default(false),
    })
    .default({ title: '', exclude: false }),
})
export type PageSettings = z.infer<typeof PageSettingsSchema>

/** An e-mail document's envelope; the body is its `body` editable, placeholders `{{name}}`. */
export const EmailSettingsSchema = z.object({
  subject: z.string().max(500).default(''),
  /** Empty = the shop's sender (MAIL_FROM). */
  from: z.string().max(320).default(''),
  replyTo: z.string().max(320).default(''),
  /** For mails to the shop; a customer's mail goes to the customer. */
  to: z.string().max(2_000).default(''),
  cc: z.string().max(2_000).default(''),
  bcc: z.string().max(2_000).default(''),
  /** Which of the shop's mails this document is (`mail-kinds.ts`), unique per language. */
  mailKind: z.string().max(64).nullable().default(null),
})
export type EmailSettings = z.infer<typeof EmailSettingsSchema>

export const LinkSettingsSchema = z.object({
  linkType: z.enum(['internal', 'direct']).default('internal'),
  internal: EditableElementRefSchema.nullable().default(null),
  /** http(s) URL or a path starting with '/'. */
  direct: z.string().max(2_000).default(''),
})
export type LinkSettings = z.infer<typeof LinkSettingsSchema>

export const HardlinkSettingsSchema = z.object({
  sourceId: BigIdSchema.nullable().default(null),
  childrenFromSource: z.boolean().default(true),
  propertiesFromSource: z.boolean().default(false),
})
export type HardlinkSettings = z.infer<typeof HardlinkSettingsSchema>

export const EmptySettingsSchema = z.object({})

/** `documents.settings` by document type. */
export const DOCUMENT_SETTINGS_SCHEMAS = {
  page: PageSettingsSchema,
  snippet: EmptySettingsSchema,
  email: EmailSettingsSchema,
  link: LinkSettingsSchema,
  hardlink: HardlinkSettingsSchema,
  folder: EmptySettingsSchema,
} as const satisfies Record<DocumentType, z.ZodType>
