/** ISO 4217 currencies the shop sells in, one per country. */
export const CURRENCIES = ['CZK', 'EUR', 'HUF', 'PLN', 'RON'] as const
export type Currency = (typeof CURRENCIES)[number]

/** Minor units per major unit. HUF is kept in fillér internally though cash prices round to whole forints. */
export const MINOR_UNITS: Record<Currency, number> = {
  CZK: 100,
  EUR: 100,
  HUF: 100,
  PLN: 100,
  RON: 100,
}
