import type { Currency } from '@optika/domain/commerce/currencies'
import type { ProductData } from '@optika/domain/catalogue/product-data'

/** Units of each currency per Czech crown, close to 2026 rates; fixed so the demo stays the same. */
export const DEMO_RATES_FROM_CZK: Record<Currency, number> = {
  CZK: 1,
  EUR: 0.0412,
  HUF: 15.8,
  PLN: 0.175,
  RON: 0.208,
}

/** Rounding rule per currency: below `below` minor units, snap to `step` and subtract `minus`. */
type Rule = { below: number; step: number; minus: number }
const RULES: Record<Currency, readonly Rule[]> = {
  // 7 Kč, 89 Kč, 1 250 Kč: crown prices are planned to end in 90 and must stay as planned.
  CZK: [
    { below: 100_00, step: 1_00, minus: 0 },
    { below: Infinity, step: 10_00, minus: 0 },
  ],
  // 0.25 €, 4.49 €, 51.90 €
  EUR: [
    { below: 2_00, step: 5, minus: 0 },
    { below: 20_00, step: 50, minus: 1 },
    { below: Infinity, step: 1_00, minus: 10 },
  ],
  // 95 Ft, 890 Ft, 19 690 Ft
  HUF: [
    { below: 100_00, step: 5_00, minus: 0 },
    { below: 1000_00, step: 10_00, minus: 0 },
    { below: Infinity, step: 100_00, minus: 10_00 },
  ],
  // 1.05 zł, 12.49 zł, 219.99 zł
  PLN: [
    { below: 5_00, step: 5, minus: 0 },
    { below: 50_00, step: 50, minus: 1 },
    { below: Infinity, step: 1_00, minus: 1 },
  ],
  RON: [
    { below: 5_00, step: 5, minus: 0 },
    { below: 50_00, step: 50, minus: 1 },
    { below: Infinity, step: 1_00, minus: 1 },
  ],
}

/** Rounds an amount in minor units to a price a shop would print in that currency. */
export function roundShopPrice(minor: number, currency: Currency): number {
  const rule = RULES[currency].find((r) => minor < r.below) ?? RULES[currency][0]
  if (!rule) return Math.round(minor)
  const snapped = Math.max(rule.step, Math.round(minor / rule.step) * rule.step)
  return snapped - rule.minus
}

/**
 * Catalogue (and optional action) prices ex VAT in all shop currencies, converted from crowns.
 * The action price is converted on its own and then kept below the catalogue price.
 */
export function pricesFromCzk(catalogCzk: number, actionCzk?: number): ProductData['prices'] {
  function convert(currency: Currency): ProductData['prices'][Currency] {
    const rate = DEMO_RATES_FROM_CZK[currency]
    const catalog = roundShopPrice(catalogCzk * 100 * rate, currency)
    if (actionCzk === undefined) return { catalog }
    return {
      catalog,
      action: Math.min(roundShopPrice(actionCzk * 100 * rate, currency), catalog - 1),
    }
  }
  return {
    CZK: convert('CZK'),
    EUR: convert('EUR'),
    HUF: convert('HUF'),
    PLN: convert('PLN'),
    RON: convert('RON'),
  }
}
