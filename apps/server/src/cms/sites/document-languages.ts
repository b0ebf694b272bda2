import { and, isNotNull, sql } from 'drizzle-orm'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { ancestorPathsOf, fullPathOf } from '../documents/read-document-tree.ts'

/** What deciding a document's language needs of its row. */
export interface LanguageRow {
  readonly id: number
  readonly parentId: number | null
  readonly path: string
  readonly key: string
  readonly language: string | null
}

/** The full paths of a path's ancestors, nearest first: '/cs/a' → '/cs', '/'. */
function nearestAncestorPaths(fullPath: string): string[] {
  return ancestorPathsOf(fullPath).reverse()
}

/** The (path, key) columns of a document at `fullPath` ('/' → ('/', '')). */
function pathAndKeyOf(fullPath: string): readonly [string, string] {
  if (fullPath === '/') return ['/', '']
  const cut = fullPath.lastIndexOf('/')
  return [fullPath.slice(0, cut + 1), fullPath.slice(cut + 1)]
}

/**
 * Each document's language, as Pimcore's inherited `language` property: its own when set (a
 * language root), else its nearest ancestor's; null when none has one. One query for all rows
 * (the tree's `languageOf` answers for one).
 */
export async function languagesOf(
  db: Db,
  rows: readonly LanguageRow[],
): Promise<Map<number, Locale | null>> {
  const result = new Map<number, Locale | null>()
  const wanted = new Set<string>()
  const pending: LanguageRow[] = []
  for (const row of rows) {
    if (isLocale(row.language)) result.set(row.id, row.language)
    else {
      pending.push(row)
      for (const p of nearestAncestorPaths(fullPathOf(row))) wanted.add(p)
    }
  }
  if (wanted.size === 0) {
    // Only the root was asked for without a language of its own: nothing above it.
    for (const row of pending) result.set(row.id, null)
    return result
  }
  const pairs = [...wanted].map((p) => pathAndKeyOf(p))
  const found = await db
    .select({
      parentId: documents.parentId,
      path: documents.path,
      key: documents.key,
      language: documents.language,
    })
    .from(documents)
    .where(
      and(
        isNotNull(documents.language),
        sql`(${documents.path}, ${documents.key}) in (${sql.join(
          pairs.map(([p, k]) => sql`(${p}, ${k})`),
          sql`, `,
        )})`,
      ),
    )
  const byPath = new Map<string, Locale>()
  for (const f of found) if (isLocale(f.language)) byPath.set(fullPathOf(f), f.language)
  for (const row of pending) {
    const hit = nearestAncestorPaths(fullPathOf(row)).find((p) => byPath.has(p))
    result.set(row.id, hit === undefined ? null : byPath.get(hit)!)
  }
  return result
}
