import type { Country } from '@optika/domain/commerce/countries'
import {
  isValidPhone,
  isValidPostcode,
  phoneExample,
} from '@optika/domain/accounts/contact-formats'

export { normalizePhone, normalizePostcode } from '@optika/domain/accounts/contact-formats'

/** A field error as the error handler translates it (`AppError` details). */
export interface FieldError {
  readonly path: string
  readonly key: string
  readonly params?: Record<string, string>
}

/**
 * A phone in international format (registration's rule, `contact-formats.ts`); the example in
 * 'expected like {phone}' is the account's or address's country's.
 */
export function phoneError(path: string, phone: string, country: Country): FieldError | null {
  return isValidPhone(phone)
    ? null
    : { path, key: 'validation.phoneFormat', params: { phone: phoneExample(country) } }
}

/** The postcode format of the address's country. */
export function postcodeError(path: string, postcode: string, country: Country): FieldError | null {
  return isValidPostcode(postcode, country) ? null : { path, key: 'validation.zipFormat' }
}
