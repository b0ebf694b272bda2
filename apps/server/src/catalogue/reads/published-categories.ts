import { and, eq, like } from 'drizzle-orm'
import type { CategoryData } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { ChangeSignals } from '../../platform/db/change-signals.ts'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { collator } from '@optika/domain/i18n/intl-formats'

/** Where the shop's category tree lives in the data-object tree. */
export const CATEGORIES_PATH = '/Categories/'

export interface CategoryRecord {
  readonly id: number
  readonly parentId: number | null
  readonly index: number
  readonly data: CategoryData
}

/** The published categories a visitor can reach, with their parent/child links. */
export interface PublishedCategories {
  readonly byId: ReadonlyMap<number, CategoryRecord>
  /** Top-level categories (children of the /Categories folder). */
  readonly roots: readonly CategoryRecord[]
  childrenOf(id: number): readonly CategoryRecord[]
  /** The category's ancestors, top-level first, without the category itself. */
  ancestorsOf(id: number): readonly CategoryRecord[]
  /** The category and every category below it. */
  subtreeIds(id: number): number[]
}

/**
 * Reads the category tree once and keeps only what a visitor may see: published categories whose
 * every ancestor is published too (hiding a category hides its branch). Siblings are ordered by
 * their tree index, then by name in `locale`.
 */
export async function loadPublishedCategories(
  db: Db,
  locale: Locale,
): Promise<PublishedCategories> {
  const rows = await db
    .select({
      id: objects.id,
      parentId: objects.parentId,
      index: objects.index,
      path: objects.path,
      data: objects.data,
    })
    .from(objects)
    .where(
      and(
        eq(objects.classId, 'Category'),
        eq(objects.type, 'object'),
        eq(objects.published, true),
        like(objects.path, `${CATEGORIES_PATH}%`),
      ),
    )

  const records: (CategoryRecord & { isRoot: boolean })[] = rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    index: row.index,
    data: row.data as CategoryData,
    isRoot: row.path === CATEGORIES_PATH,
  }))
  const collation = collator(locale)
  const bySiblingOrder = (a: CategoryRecord, b: CategoryRecord) =>
    a.index - b.index ||
    collation.compare(localize(a.data.name, locale), localize(b.data.name, locale))
  const rowsUnder = new Map<number, CategoryRecord[]>()
  for (const record of records) {
    if (record.isRoot || record.parentId === null) continue
    rowsUnder.set(record.parentId, [...(rowsUnder.get(record.parentId) ?? []), record])
  }

  // Walk down from the top so a category under an unpublished one is never reached.
  const byId = new Map<number, CategoryRecord>()
  const children = new Map<number, CategoryRecord[]>()
  const roots = records.filter((c) => c.isRoot).sort(bySiblingOrder)
  const queue: CategoryRecord[] = [...roots]
  for (let next = queue.shift(); next; next = queue.shift()) {
    byId.set(next.id, next)
    const below = (rowsUnder.get(next.id) ?? []).sort(bySiblingOrder)
    children.set(next.id, below)
    queue.push(...below)
  }

  return {
    byId,
    roots,
    childrenOf: (id) => children.get(id) ?? [],
    ancestorsOf(id) {
      const trail: CategoryRecord[] = []
      for (
        let parent = byId.get(byId.get(id)?.parentId ?? -1);
        parent;
        parent = byId.get(parent.parentId ?? -1)
      ) {
        trail.unshift(parent)
      }
      return trail
    },
    subtreeIds(id) {
      if (!byId.has(id)) return []
      const ids: number[] = []
      const pending = [id]
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        ids.push(next)
        pending.push(...(children.get(next) ?? []).map((c) => c.id))
      }
      return ids
    },
  }
}

/** The change signal every write to a Category object moves (migration 0035). */
export const CATEGORIES_CHANGED = 'categories'

/** The published categories in a language, as a request gets them. */
export type PublishedCategoriesSource = (locale: Locale) => Promise<PublishedCategories>

/**
 * `loadPublishedCategories` kept per language while the 'categories' signal is unchanged: a
 * product page or a computed list reads no category rows, and a committed change to a category
 * is in the next answer in every process (decision 068).
 */
export function keptPublishedCategories(signals: ChangeSignals, db: Db): PublishedCategoriesSource {
  const perLocale = new Map<Locale, { get(): Promise<PublishedCategories> }>()
  return (locale) => {
    let kept = perLocale.get(locale)
    if (!kept) {
      kept = signals.kept(CATEGORIES_CHANGED, () => loadPublishedCategories(db, locale))
      perLocale.set(locale, kept)
    }
    return kept.get()
  }
}
