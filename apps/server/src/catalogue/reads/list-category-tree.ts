import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { categoryUrl } from './catalogue-urls.ts'
import { loadPublishedCategories, type CategoryRecord } from './published-categories.ts'

export interface CategoryTreeNode {
  readonly id: number
  readonly name: string
  readonly url: string
  readonly children: readonly CategoryTreeNode[]
}

/** The shop's published categories as a tree in `locale`, siblings by tree index, then name. */
export async function listCategoryTree(db: Db, locale: Locale): Promise<CategoryTreeNode[]> {
  const categories = await loadPublishedCategories(db, locale)
  const toNode = (record: CategoryRecord): CategoryTreeNode => ({
    id: record.id,
    name: localize(record.data.name, locale),
    url: categoryUrl(locale, record.id, record.data.slug),
    children: categories.childrenOf(record.id).map(toNode),
  })
  return categories.roots.map(toNode)
}
