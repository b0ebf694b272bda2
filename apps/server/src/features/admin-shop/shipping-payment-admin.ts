import { and, asc, eq, ne } from 'drizzle-orm'
import type {
  CountrySetting,
  CountrySettingInput,
  PaymentMethod,
  PaymentMethodInput,
  ShippingMethod,
  ShippingMethodInput,
} from '@optika/domain/commerce/admin-shop-api'
import {
  PaymentMethodInputSchema,
  ShippingMethodInputSchema,
} from '@optika/domain/commerce/admin-shop-api'
import { COUNTRIES, COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import type { PaymentKind } from '@optika/domain/commerce/checkout-api'
import type { Db } from '../../db/client.ts'
import {
  countrySettings,
  paymentMethods,
  paymentRates,
  shippingMethods,
  shippingRates,
} from '../../db/schema/commerce.ts'
import { AppError } from '../../http/app-error.ts'
import type { AdminContext } from '../admin-users/admin-context.ts'
import { auditShopChange } from './audit-shop-change.ts'

const notFound = () => new AppError(404, 'NOT_FOUND', 'admin.shop.error.notFound')
const codeTaken = () => new AppError(409, 'CODE_TAKEN', 'admin.shop.error.codeTaken')

type FullText = ShippingMethod['name']
type Description = ShippingMethod['description']
const LANGS = ['cs', 'en', 'hu', 'pl', 'ro', 'sk'] as const
const fullText = (value: unknown): FullText => {
  const text = (value ?? {}) as Record<string, string | undefined>
  return Object.fromEntries(LANGS.map((l) => [l, text[l] ?? ''])) as FullText
}
const description = (value: unknown): Description => fullText(value)

// ── Countries ───────────────────────────────────────────────────────────────────────────────

export async function listCountrySettings(db: Db): Promise<CountrySetting[]> {
  const rows = await db.select().from(countrySettings)
  const byCountry = new Map(rows.map((r) => [r.country, r]))
  return COUNTRIES.map((country) => ({
    country,
    currency: COUNTRY_CURRENCY[country],
    vatPercent: byCountry.get(country)?.vatPercent ?? 0,
    freeShippingThresholdNet: byCountry.get(country)?.freeShippingThresholdNet ?? 0,
  }))
}

export async function updateCountrySetting(
  ctx: AdminContext,
  country: Country,
  input: CountrySettingInput,
): Promise<CountrySetting> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(countrySettings)
      .where(eq(countrySettings.country, country))
    await tx
      .insert(countrySettings)
      .values({ country, ...input })
      .onConflictDoUpdate({
        target: countrySettings.country,
        set: { ...input, updatedAt: new Date() },
      })
    await auditShopChange(ctx, tx, {
      action: 'shop.country.update',
      entityType: 'countrySettings',
      entityId: country,
      before: before
        ? {
            vatPercent: before.vatPercent,
            freeShippingThresholdNet: before.freeShippingThresholdNet,
          }
        : null,
      after: input,
    })
    return { country, currency: COUNTRY_CURRENCY[country], ...input }
  })
}

// ── Shipping methods ────────────────────────────────────────────────────────────────────────

export async function listShippingMethods(db: Db, id?: number): Promise<ShippingMethod[]> {
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(id === undefined ? undefined : eq(shippingMethods.id, id))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id))
  const rates = await db.select().from(shippingRates)
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    name: fullText(m.name),
    description: description(m.description),
    zipBased: m.zipBased,
    position: m.position,
    active: m.active,
    rates: rates
      .filter((r) => r.methodId === m.id)
      .sort(
        (a, b) => COUNTRIES.indexOf(a.country as Country) - COUNTRIES.indexOf(b.country as Country),
      )
      .map((r) => ({
        country: r.country as Country,
        priceNet: r.priceNet,
        postcodeRules: (r.postcodeRules as { prefix: string; priceNet: number }[]) ?? [],
        deliveryDaysMin: r.deliveryDaysMin,
        deliveryDaysMax: r.deliveryDaysMax,
      })),
  }))
}

async function getShippingMethod(db: Db, id: number): Promise<ShippingMethod> {
  const [method] = await listShippingMethods(db, id)
  if (!method) throw notFound()
  return method
}

/** Creates (id null) or replaces a shipping method with all its country rates. */
export async function saveShippingMethod(
  ctx: AdminContext,
  id: number | null,
  raw: ShippingMethodInput,
): Promise<ShippingMethod> {
  const input = ShippingMethodInputSchema.parse(raw)
  return ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await getShippingMethod(tx, id)
    const [clash] = await tx
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(
        and(
          eq(shippingMethods.code, input.code),
          id === null ? undefined : ne(shippingMethods.id, id),
        ),
      )
    if (clash) throw codeTaken()
    const values = {
      code: input.code,
      name: input.name,
      description: input.description,
      zipBased: input.zipBased,
      position: input.position,
      active: input.active,
    }
    let methodId = id
    if (methodId === null) {
      const [row] = await tx
        .insert(shippingMethods)
        .values(values)
        .returning({ id: shippingMethods.id })
      methodId = row!.id
    } else {
      await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, methodId))
      await tx.delete(shippingRates).where(eq(shippingRates.methodId, methodId))
    }
    if (input.rates.length > 0) {
      await tx.insert(shippingRates).values(input.rates.map((r) => ({ methodId: methodId, ...r })))
    }
    const after = await getShippingMethod(tx, methodId)
    await auditShopChange(ctx, tx, {
      action: id === null ? 'shop.shippingMethod.create' : 'shop.shippingMethod.update',
      entityType: 'shippingMethod',
      entityId: methodId,
      before,
      after,
    })
    return after
  })
}

export async function deleteShippingMethod(ctx: AdminContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await getShippingMethod(tx, id)
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id))
    await auditShopChange(ctx, tx, {
      action: 'shop.shippingMethod.delete',
      entityType: 'shippingMethod',
      entityId: id,
      before,
      after: null,
    })
  })
}

// ── Payment methods ─────────────────────────────────────────────────────────────────────────

export async function listPaymentMethods(db: Db, id?: number): Promise<PaymentMethod[]> {
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(id === undefined ? undefined : eq(paymentMethods.id, id))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
  const rates = await db.select().from(paymentRates)
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    kind: m.kind as PaymentKind,
    name: fullText(m.name),
    description: description(m.description),
    position: m.position,
    active: m.active,
    rates: rates
      .filter((r) => r.methodId === m.id)
      .sort(
        (a, b) => COUNTRIES.indexOf(a.country as Country) - COUNTRIES.indexOf(b.country as Country),
      )
      .map((r) => ({ country: r.country as Country, feeNet: r.feeNet })),
  }))
}

async function getPaymentMethod(db: Db, id: number): Promise<PaymentMethod> {
  const [method] = await listPaymentMethods(db, id)
  if (!method) throw notFound()
  return method
}

/** Creates (id null) or replaces a payment method with its fees per country. */
export async function savePaymentMethod(
  ctx: AdminContext,
  id: number | null,
  raw: PaymentMethodInput,
): Promise<PaymentMethod> {
  const input = PaymentMethodInputSchema.parse(raw)
  return ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await getPaymentMethod(tx, id)
    const [clash] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.code, input.code),
          id === null ? undefined : ne(paymentMethods.id, id),
        ),
      )
    if (clash) throw codeTaken()
    const values = {
      code: input.code,
      kind: input.kind,
      name: input.name,
      description: input.description,
      position: input.position,
      active: input.active,
    }
    let methodId = id
    if (methodId === null) {
      const [row] = await tx
        .insert(paymentMethods)
        .values(values)
        .returning({ id: paymentMethods.id })
      methodId = row!.id
    } else {
      await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, methodId))
      await tx.delete(paymentRates).where(eq(paymentRates.methodId, methodId))
    }
    if (input.rates.length > 0) {
      await tx.insert(paymentRates).values(input.rates.map((r) => ({ methodId: methodId, ...r })))
    }
    const after = await getPaymentMethod(tx, methodId)
    await auditShopChange(ctx, tx, {
      action: id === null ? 'shop.paymentMethod.create' : 'shop.paymentMethod.update',
      entityType: 'paymentMethod',
      entityId: methodId,
      before,
      after,
    })
    return after
  })
}

export async function deletePaymentMethod(ctx: AdminContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await getPaymentMethod(tx, id)
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id))
    await auditShopChange(ctx, tx, {
      action: 'shop.paymentMethod.delete',
      entityType: 'paymentMethod',
      entityId: id,
      before,
      after: null,
    })
  })
}
