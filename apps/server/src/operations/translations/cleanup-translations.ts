import { inArray, sql } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import {
  translationSectionOf,
  type CleanupResult,
  type TranslationDomain,
} from '@optika/domain/operations/translations'
import { translations } from '../../platform/db/schema/translations.ts'
import type { Db } from '../../platform/db/client.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  auditTranslationChange,
  domainCondition,
  isCatalogueKey,
  type TranslationDeps,
} from './translation-grid.ts'

type Candidate = CleanupResult['keys'][number]

/** The sections of the shop's own catalogue: a key of one of them belongs to the shop's code. */
const CATALOGUE_SECTIONS = new Set(Object.keys(catalogue).map(translationSectionOf))

/**
 * Keys no longer used: a key of one of the catalogue's sections that the catalogue no longer has
 * (left by an older version of the shop), or a key without a text in any language. Keys staff
 * added with texts of their own stay, as do all the catalogue's keys.
 */
export async function findUnusedTranslations(
  db: Db,
  domain: TranslationDomain,
): Promise<Candidate[]> {
  const rows = await db
    .select({
      key: translations.key,
      hasText: sql<boolean>`bool_or(${translations.text} <> '')`,
    })
    .from(translations)
    .where(domainCondition(domain))
    .groupBy(translations.key)
    .orderBy(translations.key)
  return rows.flatMap(({ key, hasText }): Candidate[] => {
    if (isCatalogueKey(key)) return []
    if (CATALOGUE_SECTIONS.has(translationSectionOf(key)))
      return [{ key, reason: 'notInCatalogue' }]
    return hasText ? [] : [{ key, reason: 'empty' }]
  })
}

/**
 * Deletes unused keys: those listed in `keys` that are still unused, or all of them when `keys`
 * is absent (Pimcore's cleanup). One transaction; audited with the keys deleted.
 */
export async function cleanupTranslations(
  ctx: AdminContext,
  deps: TranslationDeps,
  domain: TranslationDomain,
  keys: readonly string[] | null,
): Promise<CleanupResult> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const unused = await findUnusedTranslations(tx, domain)
    const chosen = keys ? unused.filter((c) => keys.includes(c.key)) : unused
    if (chosen.length === 0) return chosen
    for (let i = 0; i < chosen.length; i += 500) {
      const batch = chosen.slice(i, i + 500).map((c) => c.key)
      await tx.delete(translations).where(inArray(translations.key, batch))
    }
    await auditTranslationChange(tx, ctx, {
      action: 'translation.cleanup',
      entityId: null,
      before: { keys: chosen.map((c) => c.key) },
    })
    return chosen
  })
  if (deleted.length > 0) await deps.translator.reload()
  return { success: true, preview: false, keys: deleted }
}

/**
 * Pimcore's add-admin-translation-keys: the back office reports keys it lacks; those of the admin
 * domain not yet in the dictionary are added with empty texts, for translators to fill.
 */
export async function addAdminTranslationKeys(
  ctx: AdminContext,
  deps: TranslationDeps,
  keys: readonly string[],
): Promise<{ success: true; added: string[] }> {
  const added = await ctx.db.transaction(async (tx) => {
    const rows = keys.flatMap((key) => LOCALES.map((locale) => ({ key, locale, text: '' })))
    const inserted = new Set<string>()
    for (let i = 0; i < rows.length; i += 600) {
      const result = await tx
        .insert(translations)
        .values(rows.slice(i, i + 600))
        .onConflictDoNothing()
        .returning({ key: translations.key })
      for (const r of result) inserted.add(r.key)
    }
    if (inserted.size > 0) {
      await auditTranslationChange(tx, ctx, {
        action: 'translation.addAdminKeys',
        entityId: null,
        after: { keys: [...inserted] },
      })
    }
    return [...inserted]
  })
  if (added.length > 0) await deps.translator.reload()
  return { success: true, added }
}
