import { MINOR_UNITS, type Currency } from '@optika/domain/commerce/currencies'

/** An amount typed in major units (e.g. 149 CZK) as the minor units the API stores. */
export function toMinor(amount: number | string, currency: Currency): number {
  return Math.round(Number(amount) * MINOR_UNITS[currency])
}

/** Minor units as the number a person types (14900 → 149). */
export function fromMinor(amount: number, currency: Currency): number {
  return amount / MINOR_UNITS[currency]
}

/** An amount for reading, e.g. "149 Kč" / "CZK 149.00", in the screen's language. */
export function formatMinor(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    fromMinor(amount, currency),
  )
}

/** A `yyyy-mm-dd` date input's value from an ISO instant (the local day), or ''. */
export function toDateInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * A date input's day as an ISO instant: the start of the day for "valid from", its end for
 * "valid to" (a voucher valid to 31 May works all of 31 May), in the browser's time zone.
 */
export function fromDateInput(value: string, edge: 'start' | 'end'): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  const date =
    edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999)
  return date.toISOString()
}
