import { MINOR_UNITS, type Currency } from '@optika/domain/commerce/currencies'

/** One currency's prices of a `prices` field, in minor units without VAT. */
export interface PriceEntry {
  catalog?: number
  action?: number
}
export type PricesValue = Partial<Record<string, PriceEntry>>
export type PricePart = keyof PriceEntry

function minorPerMajor(currency: string): number {
  return (MINOR_UNITS as Record<string, number | undefined>)[currency as Currency] ?? 100
}

/**
 * Reads a price typed as a decimal ("12,50", "12.5", "1 299") into minor units. Blank reads as
 * null (no price); anything that is not a non-negative number with at most the currency's
 * decimals reads as undefined, so the caller can show it as invalid instead of guessing.
 */
export function parsePrice(input: string, currency: string): number | null | undefined {
  const text = input.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (text === '') return null
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined
  const factor = minorPerMajor(currency)
  const decimals = Math.round(Math.log10(factor))
  const [, fraction = ''] = text.split('.')
  if (fraction.length > decimals) return undefined
  // String arithmetic: 0.29 * 100 is 28.999999999999996 in floating point.
  const [whole = '0'] = text.split('.')
  return Number(whole) * factor + Number(fraction.padEnd(decimals, '0') || '0')
}

/** Minor units as the decimal a person types ("12.50"); empty for no price. */
export function formatPrice(amount: number | undefined, currency: string): string {
  if (amount === undefined || !Number.isFinite(amount)) return ''
  const factor = minorPerMajor(currency)
  const decimals = Math.round(Math.log10(factor))
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(Math.round(amount))
  const whole = Math.floor(abs / factor)
  const fraction = String(abs % factor).padStart(decimals, '0')
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`
}

/**
 * Sets one part of one currency's price. A currency left with neither price is dropped, and an
 * empty field becomes `undefined` (absent), so a variant inherits it again.
 */
export function setPrice(
  prices: PricesValue | undefined,
  currency: string,
  part: PricePart,
  amount: number | null,
): PricesValue | undefined {
  const entry: PriceEntry = { ...(prices?.[currency] ?? {}) }
  if (amount === null) delete entry[part]
  else entry[part] = amount
  const next: PricesValue = { ...(prices ?? {}) }
  if (entry.catalog === undefined && entry.action === undefined) delete next[currency]
  else next[currency] = entry
  return Object.keys(next).length === 0 ? undefined : next
}
