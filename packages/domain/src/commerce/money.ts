import { INTL_LOCALE, type Locale } from '@optika/i18n/locales'
import { MINOR_UNITS, type Currency } from './currencies.ts'
import { numberFormat } from '../i18n/intl-formats.ts'

/** An amount in integer minor units (haléř, cent, fillér, grosz, ban) with its currency. */
export interface Money {
  readonly amount: number
  readonly currency: Currency
}

/** Formats money for people, only at the edge (UI, mail). */
export function formatMoney(money: Money, locale: Locale): string {
  return numberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: money.currency,
  }).format(money.amount / MINOR_UNITS[money.currency])
}
