import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@optika/i18n/locales'
import type { CatalogueSection } from '@optika/i18n/catalogue/entry'
import type { Db } from '../db/client.ts'
import { translations } from '../db/schema/translations.ts'
import { interpolate } from './interpolate.ts'

/** The change signal (decision 060) that makes every process reload the dictionary. */
export const TRANSLATIONS_CHANGED = 'translations'

export type Dictionary = Readonly<Record<string, string>>

export interface DictionarySnapshot {
  readonly entries: Dictionary
  /** `entries` serialized once per reload, so serving it costs no work per request. */
  readonly json: string
  readonly etag: string
}

export interface Translator {
  /** The text of `key` in `locale`, else in English, else the key itself. */
  t(locale: Locale, key: string, params?: Record<string, string | number>): string
  /** One language's whole dictionary (English filling the gaps) with an ETag for caching. */
  dictionary(locale: Locale): DictionarySnapshot
  /** Re-reads the dictionary after an edit. */
  reload(): Promise<void>
}

/**
 * Adds the catalogue's keys the database lacks. Texts already there are left alone, so edits
 * made in the back office survive upgrades. Runs at every start: it reads which texts exist
 * first and writes only the missing ones, so an unchanged catalogue writes nothing (and does not
 * move the translations signal, which would make every process reload its dictionary).
 */
export async function syncCatalogue(db: Db, catalogue: CatalogueSection): Promise<number> {
  const present = new Set(
    (
      await db.select({ key: translations.key, locale: translations.locale }).from(translations)
    ).map((row) => `${row.locale}\u0000${row.key}`),
  )
  const rows = Object.entries(catalogue).flatMap(([key, texts]) =>
    LOCALES.flatMap((locale) =>
      present.has(`${locale}\u0000${key}`) ? [] : [{ key, locale, text: texts[locale] }],
    ),
  )
  let inserted = 0
  for (let i = 0; i < rows.length; i += 500) {
    const result = await db
      .insert(translations)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ key: translations.key })
    inserted += result.length
  }
  return inserted
}

/** Loads the dictionary into memory; lookups are synchronous and allocation-free. */
export async function createTranslator(db: Db): Promise<Translator> {
  let byLocale = new Map<Locale, Map<string, string>>()
  let serialized = new Map<Locale, DictionarySnapshot>()
  // Reloads may overlap (an edit's own, and the change signal's): one that started earlier reads
  // rows at least as old, so it never replaces what a later one already put in place.
  let started = 0
  let applied = 0

  async function reload(): Promise<void> {
    const run = ++started
    const rows = await db
      .select({ key: translations.key, locale: translations.locale, text: translations.text })
      .from(translations)
      .orderBy(sql`${translations.key}`)
    const next = new Map<Locale, Map<string, string>>(LOCALES.map((l) => [l, new Map()]))
    for (const row of rows) next.get(row.locale as Locale)?.set(row.key, row.text)
    const fallback = next.get(FALLBACK_LOCALE) ?? new Map<string, string>()
    const nextSerialized = new Map<Locale, DictionarySnapshot>()
    for (const locale of LOCALES) {
      const own = next.get(locale) ?? new Map<string, string>()
      const merged: Record<string, string> = Object.fromEntries(fallback)
      for (const [key, text] of own) if (text) merged[key] = text
      const json = JSON.stringify(merged)
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
      nextSerialized.set(locale, { entries: merged, etag, json })
    }
    if (run < applied) return
    applied = run
    byLocale = next
    serialized = nextSerialized
  }

  await reload()
  return {
    t(locale, key, params) {
      const text = byLocale.get(locale)?.get(key) || byLocale.get(FALLBACK_LOCALE)?.get(key) || key
      return params ? interpolate(text, params) : text
    },
    dictionary(locale) {
      const entry = serialized.get(locale)
      if (!entry) throw new Error(`No dictionary for ${locale}`)
      return entry
    },
    reload,
  }
}
