import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { categoryUrl, inEveryLocale, type LocalizedUrls } from './catalogue-urls.ts'
import { loadPublishedCategories, type CategoryRecord } from './published-categories.ts'

/** A link to a category, in one language. */
export interface CategoryLink {
  readonly id: number
  readonly name: string
  readonly url: string
}

export interface CategoryDetail extends CategoryLink {
  readonly description: string
  /** This category's URL in every language (its slug is translated). */
  readonly urls: LocalizedUrls
  /** The categories above it, top-level first. */
  readonly ancestors: readonly CategoryLink[]
  readonly children: readonly CategoryLink[]
}

export function toCategoryLink(record: CategoryRecord, locale: Locale): CategoryLink {
  return {
    id: record.id,
    name: localize(record.data.name, locale),
    url: categoryUrl(locale, record.id, record.data.slug),
  }
}

/** A published category a visitor can reach, in `locale`; null when there is none with that id. */
export async function getCategory(
  db: Db,
  locale: Locale,
  id: number,
): Promise<CategoryDetail | null> {
  const categories = await loadPublishedCategories(db, locale)
  const record = categories.byId.get(id)
  if (!record) return null
  return {
    ...toCategoryLink(record, locale),
    description: localize(record.data.description, locale),
    urls: inEveryLocale((l) => categoryUrl(l, record.id, record.data.slug)),
    ancestors: categories.ancestorsOf(id).map((c) => toCategoryLink(c, locale)),
    children: categories.childrenOf(id).map((c) => toCategoryLink(c, locale)),
  }
}
