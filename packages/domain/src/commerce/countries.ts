import type { Locale } from '@optika/i18n/locales'
import type { Currency } from './currencies.ts'

/** Countries the shop delivers to, with their currency and standard VAT rate (percent). */
export const COUNTRIES = ['CZ', 'SK', 'HU', 'PL', 'RO'] as const
export type Country = (typeof COUNTRIES)[number]

export const COUNTRY_CURRENCY: Record<Country, Currency> = {
  CZ: 'CZK',
  SK: 'EUR',
  HU: 'HUF',
  PL: 'PLN',
  RO: 'RON',
}

/** Standard VAT rates in force in 2026. */
export const COUNTRY_VAT_PERCENT: Record<Country, number> = {
  CZ: 21,
  SK: 23,
  HU: 27,
  PL: 23,
  RO: 21,
}

/** The country a storefront language sells to by default (English shoppers buy from Czechia). */
export const LOCALE_COUNTRY: Record<Locale, Country> = {
  cs: 'CZ',
  en: 'CZ',
  hu: 'HU',
  pl: 'PL',
  ro: 'RO',
  sk: 'SK',
}
