import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'
import { formatMoney } from '@optika/domain/commerce/money'
import { INTL_LOCALE, type Locale } from '@optika/i18n/locales'
import type { Translate } from '../../../i18n/create-translate.ts'

function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value)
}

/** An amount in minor units of the order's currency, written for people. */
export function money(amount: number, currency: string, locale: Locale): string {
  return isCurrency(currency)
    ? formatMoney({ amount, currency }, locale)
    : `${(amount / 100).toFixed(2)} ${currency}`
}

/** A date (from an ISO time) in the page's language. */
export function day(iso: string, locale: Locale): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium' }).format(date)
}

/** A date and time (messages of a complaint). */
export function moment(iso: string, locale: Locale): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(date)
}

/** An order's status: its translation `status.{code}`, else the seed's 'Unknown status'. */
export function orderStatus(code: string, t: Translate): string {
  const key = `status.${code}`
  const text = t(key)
  return text === key ? t('order.unknownStatus') : text
}
