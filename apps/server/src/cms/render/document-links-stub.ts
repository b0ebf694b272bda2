import { sql } from 'drizzle-orm'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTranslations, sites } from '../../platform/db/schema/documents.ts'

// Until the sites slice's `translationsOf` and `resolveSite` are merged, the render slice reads
// the two tables itself; the answers have the same shapes.

/** The documents linked to this one as translations: `{ locale: full path }`, itself included. */
export async function translationsOf(
  db: Db,
  documentId: number,
): Promise<Partial<Record<Locale, string>>> {
  const { rows } = await db.execute<{ language: string; path: string }>(sql`
    select t.language, case when d.parent_id is null then '/' else d.path || d.key end as path
      from ${documentTranslations} own
      join ${documentTranslations} t on t.source_id = own.source_id
      join ${documents} d on d.id = t.document_id
     where own.document_id = ${documentId}`)
  const paths: Partial<Record<Locale, string>> = {}
  for (const row of rows) if (isLocale(row.language)) paths[row.language] = row.path
  return paths
}

export interface ResolvedSite {
  readonly id: number
  readonly rootId: number
  readonly rootPath: string
  readonly mainDomain: string
  readonly redirectToMainDomain: boolean
}

/** The site whose domains include this host (lower case, without port), or null (the main site). */
export async function resolveSite(db: Db, host: string): Promise<ResolvedSite | null> {
  const { rows } = await db.execute<{
    id: number
    root_id: number
    root_path: string
    main_domain: string
    redirect_to_main_domain: boolean
  }>(sql`
    select s.id, s.root_id, d.path || d.key as root_path, s.main_domain, s.redirect_to_main_domain
      from ${sites} s join ${documents} d on d.id = s.root_id
     where s.domains @> ${JSON.stringify([host])}::jsonb
     limit 1`)
  const row = rows[0]
  return row
    ? {
        id: Number(row.id),
        rootId: Number(row.root_id),
        rootPath: row.root_path,
        mainDomain: row.main_domain,
        redirectToMainDomain: row.redirect_to_main_domain,
      }
    : null
}
