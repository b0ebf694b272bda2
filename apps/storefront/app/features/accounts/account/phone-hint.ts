import { phoneExample } from '@optika/domain/accounts/contact-formats'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import type { Translate } from '../../../i18n/create-translate.ts'

function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value)
}

/** 'Please enter the phone number in international format. Expected like +420 601 234 567.' */
export function phoneHint(country: string, t: Translate): string {
  const example = phoneExample(isCountry(country) ? country : 'CZ')
  return `${t('customer.phoneHint')} ${t('accountPage.field.phoneExample', { phone: example })}`
}
