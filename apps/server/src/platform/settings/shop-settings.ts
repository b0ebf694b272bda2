import { asc, eq } from 'drizzle-orm'
import type { Country } from '@optika/domain/commerce/countries'
import type { Db } from '../db/client.ts'
import {
  countrySettings,
  paymentMethods,
  paymentRates,
  shippingMethods,
  shippingRates,
} from '../db/schema/commerce.ts'

/** The change signal the settings' tables move (migration 0035). */
export const SHOP_SETTINGS_CHANGED = 'shop-settings'

/**
 * The shop's country, shipping and payment settings: a few dozen rows, read whole and kept by
 * every process while the 'shop-settings' signal is unchanged (migration 0035, decision 068), so
 * pricing a cart or a product page reads no settings rows.
 */
export interface ShopSettings {
  readonly countries: ReadonlyMap<Country, typeof countrySettings.$inferSelect>
  /** Active methods with their rate in each country, in the methods' order. */
  readonly shipping: readonly {
    readonly method: typeof shippingMethods.$inferSelect
    readonly rate: typeof shippingRates.$inferSelect
  }[]
  readonly payment: readonly {
    readonly method: typeof paymentMethods.$inferSelect
    readonly rate: typeof paymentRates.$inferSelect
  }[]
}

/** Where a request gets the settings: `loadShopSettings` kept per signal version (app.ts). */
export type ShopSettingsSource = () => Promise<ShopSettings>

export async function loadShopSettings(db: Db): Promise<ShopSettings> {
  const [countries, shipping, payment] = await Promise.all([
    db.select().from(countrySettings),
    db
      .select({ method: shippingMethods, rate: shippingRates })
      .from(shippingMethods)
      .innerJoin(shippingRates, eq(shippingRates.methodId, shippingMethods.id))
      .where(eq(shippingMethods.active, true))
      .orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
    db
      .select({ method: paymentMethods, rate: paymentRates })
      .from(paymentMethods)
      .innerJoin(paymentRates, eq(paymentRates.methodId, paymentMethods.id))
      .where(eq(paymentMethods.active, true))
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.id)),
  ])
  return {
    countries: new Map(countries.map((row) => [row.country as Country, row])),
    shipping,
    payment,
  }
}

/** The active shipping methods in `country` with their delivery days (the product page's). */
export function shippingRatesIn(settings: ShopSettings, country: Country) {
  return settings.shipping.filter(({ rate }) => rate.country === country)
}
