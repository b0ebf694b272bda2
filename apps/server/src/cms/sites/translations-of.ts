import { eq, inArray } from 'drizzle-orm'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTranslations } from '../../platform/db/schema/documents.ts'

/** One member of a document's translation group. */
export interface TranslationMember {
  readonly language: Locale
  readonly id: number
  readonly fullPath: string
  readonly published: boolean
  readonly type: string
}

/**
 * The documents linked as translations of `documentId` (itself included), one per language,
 * in the order of the locales. Empty when it is linked to none.
 */
export async function translationMembersOf(
  db: Db,
  documentId: number,
): Promise<TranslationMember[]> {
  const group = db
    .select({ sourceId: documentTranslations.sourceId })
    .from(documentTranslations)
    .where(eq(documentTranslations.documentId, documentId))
  const rows = await db
    .select({
      language: documentTranslations.language,
      id: documents.id,
      parentId: documents.parentId,
      path: documents.path,
      key: documents.key,
      published: documents.published,
      type: documents.type,
    })
    .from(documentTranslations)
    .innerJoin(documents, eq(documents.id, documentTranslations.documentId))
    .where(inArray(documentTranslations.sourceId, group))
  return rows
    .filter((r): r is typeof r & { language: Locale } => isLocale(r.language))
    .map((r) => ({
      language: r.language,
      id: r.id,
      fullPath: r.parentId === null ? '/' : `${r.path}${r.key}`,
      published: r.published,
      type: r.type,
    }))
    .sort((a, b) => a.language.localeCompare(b.language))
}

/**
 * locale → full path of the linked translations, for hreflang and the language switcher
 * (itself included; `{}` when unlinked). `published: true` leaves unpublished ones out, as a
 * visitor's page must.
 */
export async function translationsOf(
  db: Db,
  documentId: number,
  options: { readonly published?: boolean } = {},
): Promise<Partial<Record<Locale, string>>> {
  const members = await translationMembersOf(db, documentId)
  return Object.fromEntries(
    members.filter((m) => !options.published || m.published).map((m) => [m.language, m.fullPath]),
  )
}
