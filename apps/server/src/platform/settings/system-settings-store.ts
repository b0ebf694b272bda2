import { eq, sql } from 'drizzle-orm'
import { DEFAULT_LOCALE, LOCALES } from '@optika/i18n/locales'
import {
  SystemSettingsSchema,
  type CustomLogo,
  type SystemSettings,
} from '@optika/domain/operations/system-settings'
import type { Db } from '../db/client.ts'
import { systemSettings } from '../db/schema/system-settings.ts'

/** The shop's public address and mailbox, from the environment: the settings' first values. */
export interface SystemSettingsDefaults {
  readonly publicUrl: string
  readonly shopEmail?: string | undefined
}

/** The logo's bytes as served, with its type and a version for the browser's cache. */
export interface StoredLogo {
  readonly body: Buffer
  readonly type: string
  readonly updatedAt: Date
}

/**
 * The system settings, kept in memory and read again when another process may have changed
 * them (at most `maxAgeMs` old; the process that saves reads them at once). The platform holds
 * them because the mailer (its sender) and the storefront (its languages) read them; the back
 * office's calls that change them live in `operations/settings`.
 */
export interface SystemSettingsStore {
  /**
   * The settings, read again first when older than `maxAgeMs` — through `source` when the caller
   * is inside a transaction (PGlite's one connection is the transaction's until it ends).
   */
  fresh(source?: Db): Promise<SystemSettings>
  /** The settings as last read (the defaults before the first read). */
  current(): SystemSettings
  /** Saves settings already validated, in `db` (the caller's transaction), and keeps them. */
  save(db: Db, settings: SystemSettings): Promise<SystemSettings>
  logo(): Promise<StoredLogo | null>
  logoInfo(): Promise<CustomLogo>
  saveLogo(db: Db, logo: { body: Buffer; type: string } | null): Promise<CustomLogo>
  /** `From:` for the shop's mail: "Name <address>"; `source` as for `fresh`. */
  mailSender(source?: Db): Promise<string>
}

export function defaultSystemSettings(defaults: SystemSettingsDefaults): SystemSettings {
  const host = new URL(defaults.publicUrl).hostname
  return {
    defaultLanguage: DEFAULT_LOCALE,
    enabledLanguages: [...LOCALES],
    shopName: 'Optika',
    contactEmail: defaults.shopEmail ?? `shop@${host}`,
    contactPhone: '',
    contactAddress: '',
    mailSenderName: 'Optika',
    mailSenderAddress: `no-reply@${host}`,
    debugMode: false,
  }
}

/** A mail header's display name: quoted, without characters that could start another header. */
function quoteName(name: string): string {
  return `"${name.replace(/[\r\n"\\]/g, ' ').trim()}"`
}

export function createSystemSettingsStore(
  db: Db,
  defaults: SystemSettingsDefaults,
  options: { readonly maxAgeMs?: number } = {},
): SystemSettingsStore {
  const maxAgeMs = options.maxAgeMs ?? 5_000
  const initial = defaultSystemSettings(defaults)
  let settings = initial
  let readAt = 0
  let reading: Promise<void> | null = null
  let logoCache: { updatedAt: string | null; logo: StoredLogo | null } | null = null

  /** Stored settings over the defaults: a setting added later gets its default, a bad row is ignored. */
  function merge(stored: Record<string, unknown> | undefined): SystemSettings {
    const parsed = SystemSettingsSchema.safeParse({ ...initial, ...stored })
    return parsed.success ? parsed.data : initial
  }

  async function read(source: Db): Promise<void> {
    const [row] = await source
      .select({ settings: systemSettings.settings })
      .from(systemSettings)
      .where(eq(systemSettings.id, 1))
    settings = merge(row?.settings)
    readAt = Date.now()
  }

  async function logoInfoFrom(source: Db): Promise<CustomLogo> {
    const [row] = await source
      .select({ type: systemSettings.logoType, updatedAt: systemSettings.logoUpdatedAt })
      .from(systemSettings)
      .where(eq(systemSettings.id, 1))
    return row?.type && row.updatedAt
      ? { hasLogo: true, type: row.type, updatedAt: row.updatedAt.toISOString() }
      : { hasLogo: false, type: null, updatedAt: null }
  }

  const store: SystemSettingsStore = {
    async fresh(source = db) {
      if (Date.now() - readAt > maxAgeMs) {
        // A transaction reads for itself: waiting for a read on another connection could wait
        // for the transaction's own end.
        if (source !== db) await read(source)
        else {
          reading ??= read(db).finally(() => {
            reading = null
          })
          await reading
        }
      }
      return settings
    },
    current: () => settings,
    async save(tx, next) {
      await tx
        .insert(systemSettings)
        .values({ id: 1, settings: next, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: systemSettings.id,
          set: { settings: next, updatedAt: new Date() },
        })
      settings = next
      readAt = Date.now()
      return next
    },
    logoInfo: () => logoInfoFrom(db),
    async logo() {
      const info = await logoInfoFrom(db)
      if (logoCache && logoCache.updatedAt === info.updatedAt) return logoCache.logo
      const [row] = await db
        .select({
          base64: systemSettings.logoBase64,
          type: systemSettings.logoType,
          updatedAt: systemSettings.logoUpdatedAt,
        })
        .from(systemSettings)
        .where(eq(systemSettings.id, 1))
      const logo =
        row?.base64 && row.type && row.updatedAt
          ? { body: Buffer.from(row.base64, 'base64'), type: row.type, updatedAt: row.updatedAt }
          : null
      logoCache = { updatedAt: logo?.updatedAt.toISOString() ?? null, logo }
      return logo
    },
    async saveLogo(tx, logo) {
      const values = logo
        ? {
            logoBase64: logo.body.toString('base64'),
            logoType: logo.type,
            logoUpdatedAt: new Date(),
          }
        : { logoBase64: null, logoType: null, logoUpdatedAt: null }
      await tx
        .insert(systemSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({
          target: systemSettings.id,
          set: { ...values, updatedAt: sql`now()` },
        })
      logoCache = null
      return logoInfoFrom(tx)
    },
    async mailSender(source) {
      const { mailSenderName, mailSenderAddress } = await store.fresh(source)
      return `${quoteName(mailSenderName)} <${mailSenderAddress}>`
    },
  }
  return store
}
