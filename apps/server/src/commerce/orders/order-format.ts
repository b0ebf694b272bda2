import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'

/** The order's currency as the type the money helpers take (orders only ever store these). */
export function orderCurrency(value: string): Currency {
  if ((CURRENCIES as readonly string[]).includes(value)) return value as Currency
  throw new Error(`order in an unknown currency ${value}`)
}
