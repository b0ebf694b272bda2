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
import type { PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  countrySettings,
  paymentMethods,
  paymentRates,
  shippingMethods,
  shippingRates,
} from '../../platform/db/schema/commerce.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditShopChange } from './audit-shop-change.ts'

const notFound = () => new AppError(404, 'NOT_FOUND', 'admin.shop.error.notFound')
const codeTaken = () => new AppError(409, 'CODE_TAKEN', 'admin.shop.error.codeTaken')

/** A stored name or description in all six languages (a missing one reads as empty). */
function fullText(value: unknown): ShippingMethod['name'] {
  const text = (value ?? {}) as Partial<Record<Locale, string>>
  return Object.fromEntries(LOCALES.map((l) => [l, text[l] ?? ''])) as ShippingMethod['name']
}

/** A method's rates in the order of COUNTRIES. */
function inCountryOrder<T extends { country: string }>(rates: readonly T[]): T[] {
  return [...rates].sort(
    (a, b) => COUNTRIES.indexOf(a.country as Country) - COUNTRIES.indexOf(b.country as Country),
  )
}

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

/** Sets a country's VAT and free-shipping threshold (created if missing), audited in one transaction. */
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

// ── Shipping and payment methods ────────────────────────────────────────────────────────────

export async function listShippingMethods(db: Db, id?: number): Promise<ShippingMethod[]> {
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(id === undefined ? undefined : eq(shippingMethods.id, id))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id))
  const rates = await db
    .select()
    .from(shippingRates)
    .where(id === undefined ? undefined : eq(shippingRates.methodId, id))
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    name: fullText(m.name),
    description: fullText(m.description),
    zipBased: m.zipBased,
    position: m.position,
    active: m.active,
    rates: inCountryOrder(rates.filter((r) => r.methodId === m.id)).map((r) => ({
      country: r.country as Country,
      priceNet: r.priceNet,
      postcodeRules: (r.postcodeRules as { prefix: string; priceNet: number }[]) ?? [],
      deliveryDaysMin: r.deliveryDaysMin,
      deliveryDaysMax: r.deliveryDaysMax,
    })),
  }))
}

export async function listPaymentMethods(db: Db, id?: number): Promise<PaymentMethod[]> {
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(id === undefined ? undefined : eq(paymentMethods.id, id))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
  const rates = await db
    .select()
    .from(paymentRates)
    .where(id === undefined ? undefined : eq(paymentRates.methodId, id))
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    kind: m.kind as PaymentKind,
    name: fullText(m.name),
    description: fullText(m.description),
    position: m.position,
    active: m.active,
    rates: inCountryOrder(rates.filter((r) => r.methodId === m.id)).map((r) => ({
      country: r.country as Country,
      feeNet: r.feeNet,
    })),
  }))
}

/** Where shipping and payment methods differ when they are written: tables, read-back, audit. */
interface MethodStore<View> {
  readonly entityType: 'shippingMethod' | 'paymentMethod'
  readonly methods: typeof shippingMethods | typeof paymentMethods
  readonly rates: typeof shippingRates | typeof paymentRates
  readonly list: (db: Db, id: number) => Promise<View[]>
}

const SHIPPING: MethodStore<ShippingMethod> = {
  entityType: 'shippingMethod',
  methods: shippingMethods,
  rates: shippingRates,
  list: listShippingMethods,
}
const PAYMENT: MethodStore<PaymentMethod> = {
  entityType: 'paymentMethod',
  methods: paymentMethods,
  rates: paymentRates,
  list: listPaymentMethods,
}

async function getMethod<View>(db: Db, store: MethodStore<View>, id: number): Promise<View> {
  const [method] = await store.list(db, id)
  if (!method) throw notFound()
  return method
}

/**
 * Creates (id null) or replaces a method with all its country rates: one transaction, so the
 * cart never sees a method without its rates; a code another method has is refused (409).
 */
async function saveMethod<View>(
  ctx: AdminContext,
  store: MethodStore<View>,
  id: number | null,
  { rates, ...method }: { code: string; rates: readonly object[] } & Record<string, unknown>,
): Promise<View> {
  const { methods, rates: rateTable } = store
  return ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await getMethod(tx, store, id)
    const [clash] = await tx
      .select({ id: methods.id })
      .from(methods)
      .where(and(eq(methods.code, method.code), id === null ? undefined : ne(methods.id, id)))
    if (clash) throw codeTaken()
    // The two tables' rows differ in columns the input schemas already checked.
    const row = method as typeof methods.$inferInsert
    let methodId = id
    if (methodId === null) {
      const [inserted] = await tx.insert(methods).values(row).returning({ id: methods.id })
      methodId = inserted!.id
    } else {
      await tx.update(methods).set(row).where(eq(methods.id, methodId))
      await tx.delete(rateTable).where(eq(rateTable.methodId, methodId))
    }
    if (rates.length > 0) {
      await tx
        .insert(rateTable)
        .values(rates.map((r) => ({ ...r, methodId }) as typeof rateTable.$inferInsert))
    }
    const after = await getMethod(tx, store, methodId)
    await auditShopChange(ctx, tx, {
      action: `shop.${store.entityType}.${id === null ? 'create' : 'update'}`,
      entityType: store.entityType,
      entityId: methodId,
      before,
      after,
    })
    return after
  })
}

/** Deletes a method with its rates (orders keep their copy of its name and price), audited. */
async function deleteMethod<View>(
  ctx: AdminContext,
  store: MethodStore<View>,
  id: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await getMethod(tx, store, id)
    await tx.delete(store.methods).where(eq(store.methods.id, id))
    await auditShopChange(ctx, tx, {
      action: `shop.${store.entityType}.delete`,
      entityType: store.entityType,
      entityId: id,
      before,
      after: null,
    })
  })
}

export async function saveShippingMethod(
  ctx: AdminContext,
  id: number | null,
  raw: ShippingMethodInput,
): Promise<ShippingMethod> {
  return saveMethod(ctx, SHIPPING, id, ShippingMethodInputSchema.parse(raw))
}

export async function savePaymentMethod(
  ctx: AdminContext,
  id: number | null,
  raw: PaymentMethodInput,
): Promise<PaymentMethod> {
  return saveMethod(ctx, PAYMENT, id, PaymentMethodInputSchema.parse(raw))
}

export const deleteShippingMethod = (ctx: AdminContext, id: number) =>
  deleteMethod(ctx, SHIPPING, id)
export const deletePaymentMethod = (ctx: AdminContext, id: number) => deleteMethod(ctx, PAYMENT, id)
