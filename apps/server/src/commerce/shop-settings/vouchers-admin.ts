import { randomInt } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm'
import {
  GENERATED_CODE_LENGTH,
  VOUCHER_CODE_ALPHABET,
  type CategoryOption,
  type GenerateCodesInput,
  type VoucherCode,
  type VoucherCodeList,
  type VoucherKind,
  type VoucherSeries,
  type VoucherSeriesInput,
} from '@optika/domain/commerce/admin-shop-api'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { CategoryData } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { voucherCodes, voucherSeries } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditShopChange } from './audit-shop-change.ts'
import { normalizeCouponCode } from './coupons.ts'

const notFound = () => new AppError(404, 'NOT_FOUND', 'admin.shop.error.notFound')

/** Every Category object with its path of names, for the series' category restriction. */
export async function listCategoryOptions(db: Db, locale: Locale): Promise<CategoryOption[]> {
  const rows = await db
    .select({ id: objects.id, parentId: objects.parentId, data: objects.data })
    .from(objects)
    .where(and(eq(objects.classId, 'Category'), eq(objects.type, 'object')))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const label = (id: number): string => {
    const names: string[] = []
    for (let row = byId.get(id); row && names.length < 20; row = byId.get(row.parentId ?? -1)) {
      names.unshift(localize((row.data as CategoryData).name, locale) || String(row.id))
    }
    return names.join(' › ')
  }
  return rows
    .map((r) => ({ id: r.id, label: label(r.id) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))
}

async function seriesRows(db: Db, id?: number): Promise<VoucherSeries[]> {
  const usage = db
    .select({
      seriesId: voucherCodes.seriesId,
      codeCount: count().as('code_count'),
      usedCount: sql<number>`coalesce(sum(${voucherCodes.usedCount}), 0)::int`.as('used_count'),
    })
    .from(voucherCodes)
    .groupBy(voucherCodes.seriesId)
    .as('usage')
  const rows = await db
    .select({ series: voucherSeries, codeCount: usage.codeCount, usedCount: usage.usedCount })
    .from(voucherSeries)
    .leftJoin(usage, eq(usage.seriesId, voucherSeries.id))
    .where(id === undefined ? undefined : eq(voucherSeries.id, id))
    .orderBy(desc(voucherSeries.createdAt), desc(voucherSeries.id))
  return rows.map(({ series: s, codeCount, usedCount }) => ({
    id: s.id,
    name: s.name,
    kind: s.kind as VoucherKind,
    value: s.value,
    currency: (s.currency as Currency | null) ?? null,
    validFrom: s.validFrom?.toISOString() ?? null,
    validTo: s.validTo?.toISOString() ?? null,
    usageLimit: s.usageLimit,
    minOrderNet: s.minOrderNet,
    categoryIds: (s.categoryIds as number[]) ?? [],
    active: s.active,
    codeCount: Number(codeCount ?? 0),
    usedCount: Number(usedCount ?? 0),
    createdAt: s.createdAt.toISOString(),
  }))
}

export const listVoucherSeries = (db: Db) => seriesRows(db)

async function getSeries(db: Db, id: number): Promise<VoucherSeries> {
  const [series] = await seriesRows(db, id)
  if (!series) throw notFound()
  return series
}

/** The stored terms; category ids must name Category objects (422 otherwise). */
async function seriesValues(db: Db, input: VoucherSeriesInput) {
  const ids = [...new Set(input.categoryIds)]
  if (ids.length > 0) {
    const found = await db
      .select({ id: objects.id })
      .from(objects)
      .where(and(inArray(objects.id, ids), eq(objects.classId, 'Category')))
    if (found.length !== ids.length) {
      throw new AppError(422, 'NOT_A_CATEGORY', 'admin.shop.error.notCategory')
    }
  }
  return {
    name: input.name,
    kind: input.kind,
    value: input.value,
    // A percentage is the same in every currency; an amount belongs to one.
    currency: input.kind === 'amount' ? input.currency : null,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
    usageLimit: input.usageLimit,
    minOrderNet: input.minOrderNet,
    categoryIds: ids,
    active: input.active,
  }
}

/** Creates (id null) or changes a series' terms, audited in one transaction; codes are kept. */
export async function saveVoucherSeries(
  ctx: AdminContext,
  id: number | null,
  input: VoucherSeriesInput,
): Promise<VoucherSeries> {
  return ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await getSeries(tx, id)
    const values = await seriesValues(tx, input)
    let seriesId = id
    if (seriesId === null) {
      const [row] = await tx
        .insert(voucherSeries)
        .values(values)
        .returning({ id: voucherSeries.id })
      seriesId = row!.id
    } else {
      await tx.update(voucherSeries).set(values).where(eq(voucherSeries.id, seriesId))
    }
    const after = await getSeries(tx, seriesId)
    await auditShopChange(ctx, tx, {
      action: id === null ? 'shop.voucherSeries.create' : 'shop.voucherSeries.update',
      entityType: 'voucherSeries',
      entityId: seriesId,
      before,
      after,
    })
    return after
  })
}

/** Deletes a series with its codes (carts holding one lose the coupon), audited. */
export async function deleteVoucherSeries(ctx: AdminContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await getSeries(tx, id)
    await tx.delete(voucherSeries).where(eq(voucherSeries.id, id))
    await auditShopChange(ctx, tx, {
      action: 'shop.voucherSeries.delete',
      entityType: 'voucherSeries',
      entityId: id,
      before,
      after: null,
    })
  })
}

const codeFilter = (seriesId: number, q: string | undefined) =>
  and(
    eq(voucherCodes.seriesId, seriesId),
    q ? ilike(voucherCodes.code, `%${q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  )

export async function listVoucherCodes(
  db: Db,
  seriesId: number,
  query: { q?: string | undefined; page: number; limit: number },
): Promise<VoucherCodeList> {
  await getSeries(db, seriesId)
  const where = codeFilter(seriesId, query.q)
  const [total] = await db.select({ n: count() }).from(voucherCodes).where(where)
  const rows = await db
    .select()
    .from(voucherCodes)
    .where(where)
    .orderBy(asc(voucherCodes.code))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  return { items: rows.map(codeOf), total: Number(total?.n ?? 0) }
}

const codeOf = (row: typeof voucherCodes.$inferSelect): VoucherCode => ({
  id: row.id,
  code: row.code,
  usedCount: row.usedCount,
  createdAt: row.createdAt.toISOString(),
})

/** Adds one shared code (a code customers pass around, e.g. 'SUMMER10'); 409 when taken. */
export async function addVoucherCode(
  ctx: AdminContext,
  seriesId: number,
  rawCode: string,
): Promise<VoucherCode> {
  const code = normalizeCouponCode(rawCode)
  return ctx.db.transaction(async (tx) => {
    await getSeries(tx, seriesId)
    const [row] = await tx
      .insert(voucherCodes)
      .values({ seriesId, code })
      .onConflictDoNothing({ target: voucherCodes.code })
      .returning()
    if (!row) throw new AppError(409, 'CODE_TAKEN', 'admin.shop.error.voucherCodeTaken')
    await auditShopChange(ctx, tx, {
      action: 'shop.voucherCode.create',
      entityType: 'voucherSeries',
      entityId: seriesId,
      before: null,
      after: { voucherCode: code },
    })
    return codeOf(row)
  })
}

/** A random code body of the unambiguous alphabet (crypto-grade: codes are worth money). */
function randomCodeBody(length = GENERATED_CODE_LENGTH): string {
  let body = ''
  for (let i = 0; i < length; i += 1)
    body += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)]
  return body
}

/**
 * Generates `count` new unique codes `PREFIX` + 8 random characters in one transaction: a batch
 * insert skipping codes that already exist, topped up until the count is reached.
 */
export async function generateVoucherCodes(
  ctx: AdminContext,
  seriesId: number,
  input: Required<GenerateCodesInput>,
): Promise<{ created: number }> {
  const prefix = normalizeCouponCode(input.prefix)
  return ctx.db.transaction(async (tx) => {
    await getSeries(tx, seriesId)
    let created = 0
    // 31^8 ≈ 850 billion bodies: a clash is rare, so few rounds are ever needed.
    for (let round = 0; created < input.count && round < 20; round += 1) {
      const batch = new Set<string>()
      while (batch.size < input.count - created) batch.add(prefix + randomCodeBody())
      const rows = await tx
        .insert(voucherCodes)
        .values([...batch].map((code) => ({ seriesId, code })))
        .onConflictDoNothing({ target: voucherCodes.code })
        .returning({ id: voucherCodes.id })
      created += rows.length
    }
    await auditShopChange(ctx, tx, {
      action: 'shop.voucherCode.generate',
      entityType: 'voucherSeries',
      entityId: seriesId,
      before: null,
      after: { count: created, prefix },
    })
    return { created }
  })
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The series' codes as CSV (code, uses, limit), for printing or mailing vouchers. */
export async function exportVoucherCodes(
  ctx: AdminContext,
  seriesId: number,
): Promise<{ fileName: string; csv: string }> {
  const series = await getSeries(ctx.db, seriesId)
  const rows = await ctx.db
    .select()
    .from(voucherCodes)
    .where(eq(voucherCodes.seriesId, seriesId))
    .orderBy(asc(voucherCodes.code))
  const header = [
    ctx.t('admin.shop.voucher.code'),
    ctx.t('admin.shop.voucher.used'),
    ctx.t('admin.shop.voucher.usageLimit'),
  ]
  const lines = [header, ...rows.map((r) => [r.code, r.usedCount, series.usageLimit])]
  await auditShopChange(ctx, ctx.db, {
    action: 'shop.voucherCode.export',
    entityType: 'voucherSeries',
    entityId: seriesId,
    before: null,
    after: { count: rows.length },
  })
  return {
    fileName: `vouchers-${seriesId}.csv`,
    // A BOM so spreadsheet programs read the UTF-8 header right.
    csv: `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`,
  }
}
