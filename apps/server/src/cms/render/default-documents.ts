import { and, asc, eq, sql } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { AreaBrick, Editable, EditableMap } from '@optika/domain/cms/editables'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTranslations } from '../../platform/db/schema/documents.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { documentPathOf, findDocumentByPath } from './document-rows.ts'

/**
 * The documents the shop cannot do without, inserted at start when missing (as the dictionary
 * is: what is there is never overwritten, so editors' changes stay): a language root (the home
 * page, template `home`) per language, the terms, data-protection and contact pages with the
 * shop's texts, and the footer's navigation snippet. Each group is linked as translations.
 */

type DocumentSpec = {
  readonly type: 'page' | 'snippet' | 'folder'
  readonly template: string | null
  readonly index: number
  readonly language?: Locale
  readonly editables: EditableMap
  readonly settings: Record<string, unknown>
}

/** The catalogue's text of a key in a language (the catalogue test guarantees every language). */
function t(key: string, locale: Locale): string {
  const text = catalogue[key]?.[locale]
  if (text === undefined) throw new Error(`The catalogue has no text ${key}`)
  return text
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

const input = (data: string): Editable => ({ type: 'input', data })
const textarea = (data: string): Editable => ({ type: 'textarea', data })
const select = (data: string): Editable => ({ type: 'select', data })
const paragraphs = (texts: readonly string[]): Editable => ({
  type: 'wysiwyg',
  data: texts.map((text) => `<p>${escapeHtml(text)}</p>`).join(''),
})
const textBrick = (id: string, texts: readonly string[]): AreaBrick => ({
  id,
  brick: 'text',
  editables: { body: paragraphs(texts) },
})

function pageSettings(title: string, description: string): Record<string, unknown> {
  return {
    title,
    description,
    canonical: '',
    noindex: false,
    navigation: { title: '', exclude: false },
  }
}

function homePage(locale: Locale): DocumentSpec {
  const benefit = (icon: string, text: string): EditableMap => ({
    icon: select(icon),
    title: input(''),
    text: textarea(text),
  })
  return {
    type: 'page',
    template: 'home',
    index: LOCALES.indexOf(locale),
    language: locale,
    editables: {
      heroImage: { type: 'image', data: { assetId: null } },
      heroTitle: input(t('shop.home.heroTitle', locale)),
      heroText: textarea(t('shop.home.heroText', locale)),
      heroLink: {
        type: 'link',
        data: { href: `/${locale}#categories`, text: t('shop.home.heroCta', locale) },
      },
      benefits: {
        type: 'block',
        data: [
          benefit('truck', t('shipping.forwardingFromGermany', locale)),
          benefit('glasses', t('shop.home.benefitParts', locale)),
          benefit('star', t('shop.home.benefitPartners', locale)),
        ],
      },
    },
    settings: {
      ...pageSettings(t('shop.home.metaTitle', locale), t('shop.home.metaDescription', locale)),
      navigation: { title: t('shop.breadcrumb.home', locale), exclude: false },
    },
  }
}

function textPage(
  locale: Locale,
  index: number,
  titleKey: string,
  paragraphKeys: readonly string[],
  more: readonly AreaBrick[] = [],
): DocumentSpec {
  const texts = paragraphKeys.map((key) => t(key, locale))
  return {
    type: 'page',
    template: 'content',
    index,
    editables: {
      headline: input(t(titleKey, locale)),
      content: { type: 'areablock', data: [textBrick('text', texts), ...more] },
    },
    settings: pageSettings('', texts[0] ?? ''),
  }
}

const TERMS = [
  'shop.terms.intro',
  'shop.terms.orders',
  'shop.terms.shipping',
  'shop.terms.partners',
]
const PRIVACY = [
  'shop.privacy.intro',
  'shop.privacy.data',
  'newsletter.frequency',
  'shop.privacy.cookies',
  'shop.privacy.rights',
]
const CONTACT = [
  'shop.contact.intro',
  'shop.contact.hours',
  'shop.contact.warehouse',
  'shop.contact.partners',
]

/** The footer's links: to the terms, data-protection and contact pages of the language. */
function footerSnippet(ids: { terms: number; privacy: number; contact: number }, locale: Locale) {
  const item = (id: number, textKey: string): EditableMap => ({
    link: {
      type: 'link',
      data: { internal: { type: 'document', id }, text: t(textKey, locale) },
    },
  })
  return {
    type: 'snippet',
    template: 'navigation',
    index: 0,
    editables: {
      links: {
        type: 'block',
        data: [
          item(ids.terms, 'page.terms'),
          item(ids.privacy, 'page.privacy'),
          item(ids.contact, 'shop.contact.title'),
        ],
      },
    },
    settings: {},
  } satisfies DocumentSpec
}

/** The path of the footer's navigation snippet in a language. */
export function footerSnippetPath(locale: Locale): string {
  return `/${locale}/snippets/footer`
}

/** Inserts the document at `fullPath` unless one is there; its id either way. */
async function ensureDocument(tx: Db, fullPath: string, spec: DocumentSpec): Promise<number> {
  const existing = await findDocumentByPath(tx, fullPath)
  if (existing) return existing.id
  const cut = fullPath.lastIndexOf('/')
  const parentPath = fullPath.slice(0, cut) || '/'
  const parent = await findDocumentByPath(tx, parentPath)
  if (!parent) throw new Error(`The parent of ${fullPath} is missing`)
  const parentFull = documentPathOf(parent)
  const [row] = await tx
    .insert(documents)
    .values({
      parentId: parent.id,
      type: spec.type,
      key: fullPath.slice(cut + 1),
      path: parentFull.endsWith('/') ? parentFull : `${parentFull}/`,
      index: spec.index,
      published: true,
      template: spec.template,
      editables: spec.editables,
      settings: spec.settings,
      language: spec.language ?? null,
    })
    .returning({ id: documents.id })
  return row!.id
}

/** Links documents (by language) as translations of each other, unless already linked. */
async function linkTranslations(tx: Db, ids: Partial<Record<Locale, number>>): Promise<void> {
  const sourceId = ids.cs ?? Object.values(ids)[0]
  if (sourceId === undefined) return
  const rows = Object.entries(ids).map(([language, documentId]) => ({
    documentId: documentId,
    sourceId,
    language,
  }))
  await tx.insert(documentTranslations).values(rows).onConflictDoNothing()
}

/**
 * Inserts the shop's default documents that are missing, in one transaction; existing ones are
 * left as editors made them. Returns how many were inserted.
 */
export async function ensureDefaultDocuments(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Two processes starting on one database take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optika.default-documents'))`)
    const [{ before } = { before: 0 }] = await tx
      .select({ before: sql<number>`count(*)::int` })
      .from(documents)
    const groups: Record<string, Partial<Record<Locale, number>>> = {}
    const remember = (group: string, locale: Locale, id: number) => {
      groups[group] = { ...groups[group], [locale]: id }
    }
    for (const locale of LOCALES) {
      const root = `/${locale}`
      remember('home', locale, await ensureDocument(tx, root, homePage(locale)))
      const terms = await ensureDocument(
        tx,
        `${root}/terms`,
        textPage(locale, 0, 'page.terms', TERMS),
      )
      const privacy = await ensureDocument(
        tx,
        `${root}/privacy`,
        textPage(locale, 1, 'page.privacy', PRIVACY),
      )
      const contact = await ensureDocument(
        tx,
        `${root}/contact`,
        textPage(locale, 2, 'shop.contact.title', CONTACT, [
          {
            id: 'form',
            brick: 'contact-form',
            editables: {
              title: input(t('cmsPages.contactFormTitle', locale)),
              intro: textarea(''),
            },
          },
        ]),
      )
      remember('terms', locale, terms)
      remember('privacy', locale, privacy)
      remember('contact', locale, contact)
      const folder = await ensureDocument(tx, `${root}/snippets`, {
        type: 'folder',
        template: null,
        index: 100,
        editables: {},
        settings: {},
      })
      remember('snippets', locale, folder)
      remember(
        'footer',
        locale,
        await ensureDocument(
          tx,
          footerSnippetPath(locale),
          footerSnippet({ terms, privacy, contact }, locale),
        ),
      )
    }
    for (const ids of Object.values(groups)) await linkTranslations(tx, ids)
    const [{ after } = { after: 0 }] = await tx
      .select({ after: sql<number>`count(*)::int` })
      .from(documents)
    return after - before
  })
}

/** The demo landing page's key per language. */
export const DEMO_LANDING_KEYS: Readonly<Record<Locale, string>> = {
  cs: 'letni-kolekce',
  en: 'summer-collection',
  hu: 'nyari-kollekcio',
  pl: 'kolekcja-letnia',
  ro: 'colectia-de-vara',
  sk: 'letna-kolekcia',
}

async function firstObjectIds(tx: Db, classId: string, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: objects.id })
    .from(objects)
    .where(
      and(eq(objects.classId, classId), eq(objects.published, true), eq(objects.type, 'object')),
    )
    .orderBy(asc(objects.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * With the demo catalogue: a landing page per language built from bricks (text, a product
 * teaser row, category tiles, a contact form), under the language root, when missing.
 */
export async function ensureDemoLandingPages(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optika.default-documents'))`)
    const products = await firstObjectIds(tx, 'Product', 4)
    const categories = await firstObjectIds(tx, 'Category', 6)
    if (products.length === 0) return 0
    const ids: Partial<Record<Locale, number>> = {}
    let inserted = 0
    for (const locale of LOCALES) {
      const fullPath = `/${locale}/${DEMO_LANDING_KEYS[locale]}`
      if (!(await findDocumentByPath(tx, `/${locale}`))) continue
      const existed = await findDocumentByPath(tx, fullPath)
      const ref = (id: number) => ({ type: 'object' as const, id })
      ids[locale] = await ensureDocument(tx, fullPath, {
        type: 'page',
        template: 'landing',
        index: 3,
        editables: {
          heroImage: { type: 'image', data: { assetId: null } },
          heroTitle: input(t('cmsPages.demoLanding.title', locale)),
          heroText: textarea(t('cmsPages.demoLanding.text', locale)),
          heroLink: {
            type: 'link',
            data: { href: `/${locale}#categories`, text: t('shop.home.heroCta', locale) },
          },
          content: {
            type: 'areablock',
            data: [
              textBrick('intro', [t('cmsPages.demoLanding.intro', locale)]),
              {
                id: 'products',
                brick: 'product-teaser',
                editables: {
                  title: input(t('shop.home.featuredTitle', locale)),
                  products: { type: 'relations', data: products.map(ref) },
                },
              },
              {
                id: 'categories',
                brick: 'category-tiles',
                editables: {
                  title: input(t('shop.home.categoriesTitle', locale)),
                  categories: { type: 'relations', data: categories.map(ref) },
                },
              },
              textBrick('shipping', [t('shop.terms.shipping', locale)]),
            ],
          },
        },
        settings: pageSettings(
          t('cmsPages.demoLanding.title', locale),
          t('cmsPages.demoLanding.text', locale),
        ),
      })
      if (!existed) inserted += 1
    }
    await linkTranslations(tx, ids)
    return inserted
  })
}
