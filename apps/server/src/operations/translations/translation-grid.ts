import { sql, type SQL } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import {
  adminTranslationSections,
  translationDomainOf,
  type TranslationDomain,
  type TranslationList,
  type TranslationListQuery,
  type TranslationTexts,
} from '@optika/domain/operations/translations'
import type { Db } from '../../platform/db/client.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

/** What the translation services need besides the request: the dictionary to reload after a write. */
export interface TranslationDeps {
  readonly translator: Translator
}

/** Whether the shop's own catalogue defines `key` (such keys come back on every start). */
export function isCatalogueKey(key: string): boolean {
  return Object.hasOwn(catalogue, key)
}

/** The database condition "the key is in `domain`", the same rule as `translationDomainOf`. */
export function domainCondition(domain: TranslationDomain): SQL {
  const section = sql`split_part(${translations.key}, '.', 1)`
  const sections = sql.join(
    adminTranslationSections().map((s) => sql`${s}`),
    sql`, `,
  )
  const isAdmin = sql`(${section} like 'admin%' or ${section} in (${sections}))`
  return domain === 'admin' ? isAdmin : sql`not ${isAdmin}`
}

/** `text` as a LIKE pattern matching it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * One page of keys × languages: the search matches the key or a text in any language; `missing`
 * keeps keys without a text in that language; `changedSince` keys with a text changed since.
 */
export async function listTranslations(
  db: Db,
  query: TranslationListQuery,
): Promise<TranslationList> {
  const having: SQL[] = []
  if (query.search) {
    const pattern = containsPattern(query.search)
    having.push(
      sql`bool_or(${translations.key} ilike ${pattern} or ${translations.text} ilike ${pattern})`,
    )
  }
  if (query.missing) {
    having.push(
      sql`not coalesce(bool_or(${translations.locale} = ${query.missing} and ${translations.text} <> ''), false)`,
    )
  }
  if (query.changedSince) {
    having.push(sql`max(${translations.updatedAt}) >= ${new Date(query.changedSince)}`)
  }
  const order = {
    key: sql`k.key asc`,
    '-key': sql`k.key desc`,
    updatedAt: sql`k.updated_at asc, k.key asc`,
    '-updatedAt': sql`k.updated_at desc, k.key asc`,
  }[query.sort]
  const { rows } = await db.execute<{
    total: string | number
    key: string
    updated_at: string | Date
    texts: Record<string, string> | string | null
  }>(sql`
    with k as (
      select ${translations.key} as key, max(${translations.updatedAt}) as updated_at
      from ${translations}
      where ${domainCondition(query.domain)}
      group by ${translations.key}
      ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}
    ), page as (
      select k.key, k.updated_at, count(*) over () as total from k
      order by ${order} limit ${query.limit} offset ${query.offset}
    )
    select k.total, k.key, k.updated_at,
      (select jsonb_object_agg(t.locale, t.text) from ${translations} t where t.key = k.key) as texts
    from page k order by ${order}
  `)
  const total =
    rows.length > 0
      ? Number(rows[0]?.total)
      : query.offset > 0
        ? await countTranslations(db, query, having)
        : 0
  return {
    success: true,
    total,
    data: rows.map((row) => ({
      key: row.key,
      domain: translationDomainOf(row.key),
      inCatalogue: isCatalogueKey(row.key),
      texts:
        typeof row.texts === 'string'
          ? (JSON.parse(row.texts) as Record<string, string>)
          : (row.texts ?? {}),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  }
}

/** The number of matching keys, for a page past the end (where the window count is absent). */
async function countTranslations(
  db: Db,
  query: TranslationListQuery,
  having: SQL[],
): Promise<number> {
  const { rows } = await db.execute<{ total: string | number }>(sql`
    select count(*) as total from (
      select ${translations.key} from ${translations}
      where ${domainCondition(query.domain)}
      group by ${translations.key}
      ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}
    ) k
  `)
  return Number(rows[0]?.total ?? 0)
}

/** The texts of `key` now, by language (no row: no entry). */
export async function readTexts(db: Db, key: string): Promise<Partial<Record<Locale, string>>> {
  const rows = await db
    .select({ locale: translations.locale, text: translations.text })
    .from(translations)
    .where(sql`${translations.key} = ${key}`)
  return Object.fromEntries(rows.map((r) => [r.locale, r.text]))
}

/** Writes texts (insert or change; unchanged ones keep their date) in `db`, maybe a transaction. */
export async function upsertTexts(
  db: Db,
  rows: readonly { key: string; locale: Locale; text: string }[],
): Promise<number> {
  let written = 0
  for (let i = 0; i < rows.length; i += 500) {
    const result = await db
      .insert(translations)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: [translations.key, translations.locale],
        set: { text: sql`excluded.text`, updatedAt: sql`now()` },
        setWhere: sql`${translations.text} is distinct from excluded.text`,
      })
      .returning({ key: translations.key })
    written += result.length
  }
  return written
}

function auditActor(ctx: AdminContext) {
  return {
    actor: { id: ctx.admin.userId, name: ctx.admin.name },
    ip: ctx.ip,
    requestId: ctx.requestId,
  }
}

/** Records a change to the dictionary in the audit log; `db` may be the change's transaction. */
export async function auditTranslationChange(
  db: Db,
  ctx: AdminContext,
  change: { action: string; entityId?: string | null; before?: unknown; after?: unknown },
): Promise<void> {
  await recordAudit(db, { ...auditActor(ctx), entityType: 'translation', ...change })
}

/** Adds a key to `domain` with the texts given (empty in the other languages). */
export async function createTranslation(
  ctx: AdminContext,
  deps: TranslationDeps,
  domain: TranslationDomain,
  input: { key: string; texts: TranslationTexts },
): Promise<void> {
  if (translationDomainOf(input.key) !== domain) {
    throw new AppError(400, 'WRONG_DOMAIN', 'adminTranslations.error.wrongDomain', {
      key: input.key,
    })
  }
  await ctx.db.transaction(async (tx) => {
    const existing = await readTexts(tx, input.key)
    if (Object.keys(existing).length > 0) {
      throw new AppError(409, 'KEY_EXISTS', 'adminTranslations.error.keyExists', { key: input.key })
    }
    await tx
      .insert(translations)
      .values(
        LOCALES.map((locale) => ({ key: input.key, locale, text: input.texts[locale] ?? '' })),
      )
    await auditTranslationChange(tx, ctx, {
      action: 'translation.create',
      entityId: input.key,
      after: input.texts,
    })
  })
  await deps.translator.reload()
}

/** Changes some texts of an existing key. */
export async function updateTranslation(
  ctx: AdminContext,
  deps: TranslationDeps,
  input: { key: string; texts: TranslationTexts },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await readTexts(tx, input.key)
    if (Object.keys(before).length === 0) {
      throw new AppError(404, 'KEY_NOT_FOUND', 'adminTranslations.error.keyNotFound', {
        key: input.key,
      })
    }
    const rows = LOCALES.flatMap((locale) => {
      const text = input.texts[locale]
      return text === undefined ? [] : [{ key: input.key, locale, text }]
    })
    const written = await upsertTexts(tx, rows)
    if (written > 0) {
      await auditTranslationChange(tx, ctx, {
        action: 'translation.update',
        entityId: input.key,
        before: Object.fromEntries(rows.map((r) => [r.locale, before[r.locale] ?? null])),
        after: input.texts,
      })
    }
  })
  await deps.translator.reload()
}

/** Deletes a key the staff added; the catalogue's own keys stay (their texts may be cleared). */
export async function deleteTranslation(
  ctx: AdminContext,
  deps: TranslationDeps,
  key: string,
): Promise<void> {
  if (isCatalogueKey(key)) {
    throw new AppError(400, 'CATALOGUE_KEY', 'adminTranslations.error.catalogueKey', { key })
  }
  await ctx.db.transaction(async (tx) => {
    const before = await readTexts(tx, key)
    if (Object.keys(before).length === 0) {
      throw new AppError(404, 'KEY_NOT_FOUND', 'adminTranslations.error.keyNotFound', { key })
    }
    await tx.delete(translations).where(sql`${translations.key} = ${key}`)
    await auditTranslationChange(tx, ctx, { action: 'translation.delete', entityId: key, before })
  })
  await deps.translator.reload()
}
