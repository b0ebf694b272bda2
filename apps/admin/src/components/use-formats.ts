import { useTranslation } from 'react-i18next'
import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'
import { formatMoney } from '@optika/domain/commerce/money'
import { isLocale } from '@optika/i18n/locales'

/** Dates and money in the back office's language; a missing date reads as a dash. */
export function useFormats() {
  const { i18n } = useTranslation()
  const locale = isLocale(i18n.language) ? i18n.language : 'en'
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return {
    dateTime: (iso: string | null) => (iso === null ? '—' : dateTime.format(new Date(iso))),
    money: (amount: number, currency: string) =>
      (CURRENCIES as readonly string[]).includes(currency)
        ? formatMoney({ amount, currency: currency as Currency }, locale)
        : `${amount} ${currency}`,
  }
}
