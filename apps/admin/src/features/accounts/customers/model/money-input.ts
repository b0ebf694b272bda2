import { MINOR_UNITS, type Currency } from '@optika/domain/commerce/currencies'

/** An amount typed in whole units (e.g. 50000 CZK) as the minor units the API stores. */
export function toMinorUnits(amount: number, currency: Currency): number {
  return Math.round(amount * MINOR_UNITS[currency])
}

/** Minor units as the number a person types (50000.00 CZK → 50000). */
export function fromMinorUnits(amount: number, currency: Currency): number {
  return amount / MINOR_UNITS[currency]
}
