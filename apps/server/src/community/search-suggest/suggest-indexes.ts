import { and, eq, inArray } from 'drizzle-orm'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { foldSuggestText } from '@optika/domain/community/search-suggest'
import { localize } from '@optika/domain/i18n/localized-text'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@optika/i18n/locales'
import { categoryUrl } from '../../catalogue/reads/catalogue-urls.ts'
import { loadPublishedCategories } from '../../catalogue/reads/published-categories.ts'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'

/** One suggestible thing in one language: what the list shows, where it leads, what matches. */
export interface SuggestEntry {
  readonly id: number
  readonly name: string
  readonly url: string
  /** `name` folded (lower case, no accents), split into words. */
  readonly words: readonly string[]
}

/** Categories, brands and published articles per language, sorted by name. */
export interface SuggestIndexes {
  readonly categories: Readonly<Record<Locale, readonly SuggestEntry[]>>
  readonly brands: Readonly<Record<Locale, readonly SuggestEntry[]>>
  readonly articles: Readonly<Record<Locale, readonly SuggestEntry[]>>
}

export function wordsOf(text: string): string[] {
  return foldSuggestText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

function entry(id: number, name: string, url: string): SuggestEntry {
  return { id, name, url, words: wordsOf(name) }
}

function perLocale<T>(build: (locale: Locale) => T[], compare: (a: T, b: T) => number) {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, build(locale).sort(compare)]),
  ) as Record<Locale, T[]>
}

interface ArticleData {
  readonly title?: LocalizedText
  readonly slug?: LocalizedText
}

/**
 * Reads what the header search suggests besides products, in three statements: the categories a
 * visitor can reach (published with every ancestor), published brands, and published articles
 * with a title in the language (an article is suggested only in the languages it is written in).
 */
export async function loadSuggestIndexes(db: Db): Promise<SuggestIndexes> {
  const [categories, brandRows, articleRows] = await Promise.all([
    loadPublishedCategories(db, DEFAULT_LOCALE),
    db
      .select({ id: objects.id, data: objects.data })
      .from(objects)
      .where(
        and(eq(objects.classId, 'Brand'), eq(objects.type, 'object'), eq(objects.published, true)),
      ),
    db
      .select({ id: objects.id, key: objects.key, data: objects.data })
      .from(objects)
      .where(
        and(
          inArray(objects.classId, ['Article']),
          eq(objects.type, 'object'),
          eq(objects.published, true),
        ),
      ),
  ])
  const byName = (a: SuggestEntry, b: SuggestEntry) => a.name.localeCompare(b.name) || a.id - b.id
  return {
    categories: perLocale(
      (locale) =>
        [...categories.byId.values()]
          .map((record) =>
            entry(
              record.id,
              localize(record.data.name, locale),
              categoryUrl(locale, record.id, record.data.slug),
            ),
          )
          .filter((item) => item.name !== ''),
      byName,
    ),
    brands: perLocale(
      (locale) =>
        brandRows
          .map((row) => {
            const name = (row.data as { name?: unknown }).name
            return typeof name === 'string' ? name.trim() : ''
          })
          .map((name, i) =>
            entry(brandRows[i]!.id, name, generateUrl('search', { locale, q: name })),
          )
          .filter((item) => item.name !== ''),
      byName,
    ),
    articles: perLocale(
      (locale) =>
        articleRows.flatMap((row) => {
          const data = row.data as ArticleData
          const title = data.title?.[locale]?.trim() ?? ''
          if (title === '') return []
          const slug = data.slug?.[locale] || row.key
          return [entry(row.id, title, generateUrl('article', { locale, id: row.id, slug }))]
        }),
      byName,
    ),
  }
}

/**
 * The entries some word of which starts with each word of the query; entries whose name starts
 * with the query come first, then the list's own order.
 */
export function findByPrefix(
  entries: readonly SuggestEntry[],
  queryWords: readonly string[],
  limit: number,
): SuggestEntry[] {
  if (queryWords.length === 0) return []
  const leading: SuggestEntry[] = []
  const other: SuggestEntry[] = []
  for (const item of entries) {
    if (!queryWords.every((part) => item.words.some((word) => word.startsWith(part)))) continue
    if (item.words[0]?.startsWith(queryWords[0]!)) leading.push(item)
    else other.push(item)
    if (leading.length >= limit) break
  }
  return [...leading, ...other].slice(0, limit)
}
