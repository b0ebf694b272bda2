import { asc, desc, sql, type SQL } from 'drizzle-orm'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import {
  ANONYMOUS,
  buildProductTiles,
  loadProductsInOrder,
  type Audience,
} from './product-tiles.ts'

/**
 * Accented letters of the shop's languages and the plain letter each stands for. PGlite has no
 * `unaccent` extension, so search folds accents with `translate()`; upper case is mapped
 * straight to lower case because `lower()` leaves non-ASCII letters alone under the C locale.
 */
const ACCENT_FOLDS: readonly (readonly [string, string])[] = [
  ['áäàâãåąăÁÄÀÂÃÅĄĂ', 'a'],
  ['čćçČĆÇ', 'c'],
  ['ďđĎĐ', 'd'],
  ['éěëèêęÉĚËÈÊĘ', 'e'],
  ['íìîïÍÌÎÏ', 'i'],
  ['ĺľłĹĽŁ', 'l'],
  ['ňńñŇŃÑ', 'n'],
  ['óöôòõőøÓÖÔÒÕŐØ', 'o'],
  ['ŕřŔŘ', 'r'],
  ['śšșşŚŠȘŞ', 's'],
  ['ťțţŤȚŢ', 't'],
  ['úůüùûűÚŮÜÙÛŰ', 'u'],
  ['ýÿÝŸ', 'y'],
  ['žźżŽŹŻ', 'z'],
]
const FOLD_FROM = ACCENT_FOLDS.map(([letters]) => letters).join('')
const FOLD_TO = ACCENT_FOLDS.map(([letters, plain]) => plain.repeat([...letters].length)).join('')

/** `text` in lower case without accents, computed by the database. */
export function foldedSql(text: SQL | string): SQL<string> {
  return sql<string>`lower(translate(${text}, ${FOLD_FROM}, ${FOLD_TO}))`
}

/** Escapes LIKE wildcards, so a visitor's `%` or `_` matches itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Published products (from the product index) whose name in `locale` (or product code) contains
 * `q`, ignoring case and accents ("bryle" finds "Brýle"). Names that start with the query come
 * first, then by name.
 */
export async function searchProducts(
  db: Db,
  locale: Locale,
  q: string,
  limit: number,
  audience: Audience = ANONYMOUS,
): Promise<ProductListItem[]> {
  const query = q.trim().replace(/\s+/g, ' ')
  if (query === '') return []
  // The index fills every locale's name with the fallback already.
  const name = foldedSql(sql`${productIndex.name}->>${locale}`)
  const needle = foldedSql(escapeLike(query))
  const rows = await db
    .select({ id: productIndex.productId })
    .from(productIndex)
    .where(
      sql`${name} like '%' || ${needle} || '%'
        or lower(${productIndex.code}) like '%' || ${needle} || '%'`,
    )
    .orderBy(desc(sql`${name} like ${needle} || '%'`), asc(name), asc(productIndex.productId))
    .limit(limit)
  const products = await loadProductsInOrder(
    db,
    rows.map((row) => row.id),
  )
  return buildProductTiles(db, locale, products, audience)
}
