import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Locale } from '@optika/i18n/locales'
import {
  WebsiteSettingInputSchema,
  WebsiteSettingQuerySchema,
  type WebsiteSetting,
  type WebsiteSettingInput,
  type WebsiteSettingQuery,
  type WebsiteSettingType,
} from '@optika/domain/operations/system-settings'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { documents, sites } from '../../platform/db/schema/documents.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { websiteSettings } from '../../platform/db/schema/system-settings.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { auditSettingsChange } from './audit-settings-change.ts'
import type { WebsiteSettingsStore } from './website-settings-store.ts'

const ELEMENT_TABLES = { document: documents, asset: assets, object: objects } as const

function isElementType(type: WebsiteSettingType): type is keyof typeof ELEMENT_TABLES {
  return type in ELEMENT_TABLES
}

/** A stored row as the back office shows it, with the path of the element it names. */
async function toSetting(
  db: Db,
  row: typeof websiteSettings.$inferSelect,
): Promise<WebsiteSetting> {
  const type = row.type as WebsiteSettingType
  let elementPath: string | null = null
  if (isElementType(type) && typeof row.value === 'number') {
    const table = ELEMENT_TABLES[type]
    const [element] = await db
      .select({ path: sql<string>`${table.path} || ${table.key}` })
      .from(table)
      .where(eq(table.id, row.value))
    elementPath = element?.path ?? null
  }
  return {
    id: row.id,
    name: row.name,
    type,
    value: row.value ?? null,
    siteId: row.siteId,
    language: row.language as Locale | null,
    elementPath,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The settings matching a text in the name or value, a type and a language; paged and sorted. */
export async function listWebsiteSettings(db: Db, query: WebsiteSettingQuery) {
  const where: SQL[] = []
  if (query.filter) {
    const like = `%${query.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(
      or(ilike(websiteSettings.name, like), sql`${websiteSettings.value}::text ilike ${like}`)!,
    )
  }
  if (query.type) where.push(eq(websiteSettings.type, query.type))
  if (query.language) where.push(eq(websiteSettings.language, query.language))
  const column = {
    name: websiteSettings.name,
    type: websiteSettings.type,
    language: websiteSettings.language,
    siteId: websiteSettings.siteId,
    updatedAt: websiteSettings.updatedAt,
  }[query.sort]
  const order = query.dir.toUpperCase() === 'DESC' ? desc(column) : asc(column)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(websiteSettings)
      .where(and(...where))
      .orderBy(order, asc(websiteSettings.id))
      .limit(query.limit)
      .offset(query.start),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(websiteSettings)
      .where(and(...where)),
  ])
  return {
    success: true as const,
    data: await Promise.all(rows.map((row) => toSetting(db, row))),
    total: Number(total?.n ?? 0),
  }
}

/** Refuses a value naming an element or a site that does not exist, or a taken name and scope. */
async function assertSavable(db: Db, input: WebsiteSettingInput, id: number | null) {
  if (isElementType(input.type) && typeof input.value === 'number') {
    const table = ELEMENT_TABLES[input.type]
    const [element] = await db.select({ id: table.id }).from(table).where(eq(table.id, input.value))
    if (!element) {
      throw new AppError(
        400,
        'ELEMENT_NOT_FOUND',
        `systemSettings.error.elementMissing.${input.type}`,
        {
          id: input.value,
        },
      )
    }
  }
  if (input.siteId !== null) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, input.siteId))
    if (!site) throw new AppError(400, 'SITE_NOT_FOUND', 'systemSettings.error.siteMissing')
  }
  const [taken] = await db
    .select({ id: websiteSettings.id })
    .from(websiteSettings)
    .where(
      and(
        eq(websiteSettings.name, input.name),
        input.siteId === null
          ? isNull(websiteSettings.siteId)
          : eq(websiteSettings.siteId, input.siteId),
        input.language === null
          ? isNull(websiteSettings.language)
          : eq(websiteSettings.language, input.language),
        id === null ? undefined : ne(websiteSettings.id, id),
      ),
    )
  if (taken) {
    throw new AppError(409, 'WEBSITE_SETTING_EXISTS', 'systemSettings.error.nameTaken', {
      name: input.name,
    })
  }
}

/** Creates a setting (audited) and makes the storefront read it. */
export async function createWebsiteSetting(
  ctx: AdminContext,
  store: WebsiteSettingsStore,
  input: WebsiteSettingInput,
): Promise<WebsiteSetting> {
  const saved = await ctx.db.transaction(async (tx) => {
    await assertSavable(tx, input, null)
    const [row] = await tx.insert(websiteSettings).values(input).returning()
    await auditSettingsChange(tx, ctx, {
      action: 'websiteSetting.create',
      entityType: 'websiteSetting',
      entityId: row!.id,
      after: input,
    })
    return toSetting(tx, row!)
  })
  await store.changed()
  return saved
}

/** Changes a setting (audited); a missing one is a 404. */
export async function updateWebsiteSetting(
  ctx: AdminContext,
  store: WebsiteSettingsStore,
  id: number,
  input: WebsiteSettingInput,
): Promise<WebsiteSetting> {
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(websiteSettings).where(eq(websiteSettings.id, id))
    if (!before) throw new AppError(404, 'NOT_FOUND', 'systemSettings.error.settingMissing')
    await assertSavable(tx, input, id)
    const [row] = await tx
      .update(websiteSettings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(websiteSettings.id, id))
      .returning()
    await auditSettingsChange(tx, ctx, {
      action: 'websiteSetting.update',
      entityType: 'websiteSetting',
      entityId: id,
      before: {
        name: before.name,
        type: before.type,
        value: before.value,
        siteId: before.siteId,
        language: before.language,
      },
      after: input,
    })
    return toSetting(tx, row!)
  })
  await store.changed()
  return saved
}

/** Deletes a setting (audited); a missing one is a 404. */
export async function deleteWebsiteSetting(
  ctx: AdminContext,
  store: WebsiteSettingsStore,
  id: number,
): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(websiteSettings).where(eq(websiteSettings.id, id)).returning()
    if (!before) throw new AppError(404, 'NOT_FOUND', 'systemSettings.error.settingMissing')
    await auditSettingsChange(tx, ctx, {
      action: 'websiteSetting.delete',
      entityType: 'websiteSetting',
      entityId: id,
      before: {
        name: before.name,
        type: before.type,
        value: before.value,
        siteId: before.siteId,
        language: before.language,
      },
    })
  })
  await store.changed()
  return { id }
}

/** Pimcore's grid sends `data` as JSON text; our screens send an object. */
function dataOf(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data) as unknown
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'systemSettings.error.dataInvalid')
  }
}

function idOf(data: unknown): number {
  const id = (data as { id?: unknown } | null)?.id
  const n = typeof id === 'string' ? Number(id) : id
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'systemSettings.error.idMissing')
  }
  return n
}

/**
 * POST /admin/settings/website-settings, Pimcore's one call for the grid: read, create, update,
 * destroy, told apart by `xaction`.
 */
export async function callWebsiteSettings(
  ctx: AdminContext,
  store: WebsiteSettingsStore,
  call: { xaction: 'read' | 'create' | 'update' | 'destroy'; data?: unknown } & Record<
    string,
    unknown
  >,
) {
  switch (call.xaction) {
    case 'read': {
      const { xaction: _xaction, data: _data, ...query } = call
      return listWebsiteSettings(ctx.db, WebsiteSettingQuerySchema.parse(query))
    }
    case 'create': {
      const input = WebsiteSettingInputSchema.parse(dataOf(call.data) ?? {})
      return { success: true as const, data: await createWebsiteSetting(ctx, store, input) }
    }
    case 'update': {
      const data = dataOf(call.data)
      const id = idOf(data)
      const input = WebsiteSettingInputSchema.parse(data)
      return { success: true as const, data: await updateWebsiteSetting(ctx, store, id, input) }
    }
    case 'destroy': {
      const id = idOf(dataOf(call.data))
      return { success: true as const, data: await deleteWebsiteSetting(ctx, store, id) }
    }
  }
}
