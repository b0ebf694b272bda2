import { count, max } from 'drizzle-orm'
import type { Locale } from '@optika/i18n/locales'
import type {
  WebsiteSettingType,
  WebsiteSettingValue,
} from '@optika/domain/operations/system-settings'
import type { Db } from '../../platform/db/client.ts'
import { websiteSettings } from '../../platform/db/schema/system-settings.ts'

/** One stored setting as storefront code reads it. */
export interface WebsiteSettingEntry {
  readonly name: string
  readonly type: WebsiteSettingType
  readonly value: WebsiteSettingValue
  readonly siteId: number | null
  readonly language: Locale | null
}

/** Where a page is drawn: its language and, on a site's host, the site. */
export interface WebsiteSettingScope {
  readonly language: Locale
  readonly siteId?: number | null
}

/**
 * Website settings for storefront code (Pimcore's `WebsiteSetting::get`): all of them in memory,
 * read again after a change here at once and, for changes by another process, when the newest
 * change is newer than what is kept (checked at most every `maxAgeMs`).
 */
export interface WebsiteSettingsStore {
  /** The settings, fresh. */
  load(): Promise<WebsiteSettingsReader>
  /** Called by the back office's writes: reads again now and tells the listeners. */
  changed(): Promise<void>
  /** Runs after every change seen (e.g. forgetting kept pages that show a setting). */
  onChange(listener: () => void): void
}

/** A snapshot of the settings: the most specific one per name for a language and site. */
export interface WebsiteSettingsReader {
  /** The value of `name` for the scope: site and language, then site, then language, then any. */
  get(name: string, scope: WebsiteSettingScope): WebsiteSettingValue
  /** A text setting, or `fallback` when it is missing, empty or not text. */
  text(name: string, scope: WebsiteSettingScope, fallback?: string): string
  readonly entries: readonly WebsiteSettingEntry[]
}

/** The reader with the request's site as the scope's default (a page names only its language). */
export function websiteSettingsForSite(
  reader: WebsiteSettingsReader,
  siteId: number,
): WebsiteSettingsReader {
  return {
    entries: reader.entries,
    get: (name, scope) => reader.get(name, { siteId, ...scope }),
    text: (name, scope, fallback) => reader.text(name, { siteId, ...scope }, fallback),
  }
}

function specificity(entry: WebsiteSettingEntry): number {
  return (entry.siteId === null ? 0 : 2) + (entry.language === null ? 0 : 1)
}

export function createWebsiteSettingsReader(
  entries: readonly WebsiteSettingEntry[],
): WebsiteSettingsReader {
  const byName = new Map<string, WebsiteSettingEntry[]>()
  for (const entry of entries) {
    const list = byName.get(entry.name) ?? []
    list.push(entry)
    byName.set(entry.name, list)
  }
  for (const list of byName.values()) list.sort((a, b) => specificity(b) - specificity(a))
  const reader: WebsiteSettingsReader = {
    entries,
    get(name, scope) {
      const match = byName
        .get(name)
        ?.find(
          (entry) =>
            (entry.siteId === null || entry.siteId === (scope.siteId ?? null)) &&
            (entry.language === null || entry.language === scope.language),
        )
      return match?.value ?? null
    },
    text(name, scope, fallback = '') {
      const value = reader.get(name, scope)
      return typeof value === 'string' && value.trim() !== '' ? value : fallback
    },
  }
  return reader
}

export function createWebsiteSettingsStore(
  db: Db,
  options: { readonly maxAgeMs?: number } = {},
): WebsiteSettingsStore {
  const maxAgeMs = options.maxAgeMs ?? 5_000
  let reader: WebsiteSettingsReader | null = null
  /** The newest change and the number of settings when last read. */
  let newest = ''
  let checkedAt = 0
  let pending: Promise<void> | null = null
  const listeners: (() => void)[] = []

  async function readAll(): Promise<void> {
    const rows = await db
      .select({
        name: websiteSettings.name,
        type: websiteSettings.type,
        value: websiteSettings.value,
        siteId: websiteSettings.siteId,
        language: websiteSettings.language,
        updatedAt: websiteSettings.updatedAt,
      })
      .from(websiteSettings)
    const before = reader
    reader = createWebsiteSettingsReader(
      rows.map((row) => ({
        name: row.name,
        type: row.type as WebsiteSettingType,
        value: row.value ?? null,
        siteId: row.siteId,
        language: row.language as Locale | null,
      })),
    )
    const latest = rows.reduce<string>((found, row) => {
      const at = row.updatedAt.toISOString()
      return at > found ? at : found
    }, '')
    newest = `${latest}/${rows.length}`
    checkedAt = Date.now()
    if (before) for (const listener of listeners) listener()
  }

  /** Another process changed a setting when the newest change or the count differs (a delete). */
  async function check(): Promise<void> {
    const [row] = await db
      .select({ newest: max(websiteSettings.updatedAt), rows: count() })
      .from(websiteSettings)
    const at = row?.newest ? new Date(row.newest).toISOString() : ''
    checkedAt = Date.now()
    if (`${at}/${row?.rows ?? 0}` !== newest) await readAll()
  }

  function once(run: () => Promise<void>): Promise<void> {
    pending ??= run().finally(() => {
      pending = null
    })
    return pending
  }

  return {
    async load() {
      if (!reader) await once(readAll)
      else if (Date.now() - checkedAt > maxAgeMs) await once(check)
      return reader!
    },
    async changed() {
      await pending?.catch(() => {})
      await readAll()
    },
    onChange(listener) {
      listeners.push(listener)
    },
  }
}
