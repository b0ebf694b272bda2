import type { Locale } from '@optika/i18n/locales'
import { LOCALE_COUNTRY, type Country } from '../commerce/countries.ts'

/**
 * Phone numbers and postcodes of the five countries the shop sells to (seed sections 5 and 9:
 * "phone in international format", "expected like {phone}", "wrong format of zip code").
 * Shared by the registration/profile forms and the server, so both accept the same input.
 */

interface PhonePlan {
  /** The country calling code, digits only. */
  readonly callingCode: string
  /** How many digits follow the calling code. */
  readonly nationalDigits: readonly number[]
  /** A well-formed number, shown in the "expected like …" hint. */
  readonly example: string
}

export const PHONE_PLANS: Record<Country, PhonePlan> = {
  CZ: { callingCode: '420', nationalDigits: [9], example: '+420 601 234 567' },
  SK: { callingCode: '421', nationalDigits: [9], example: '+421 901 234 567' },
  HU: { callingCode: '36', nationalDigits: [8, 9], example: '+36 20 123 4567' },
  PL: { callingCode: '48', nationalDigits: [9], example: '+48 512 345 678' },
  RO: { callingCode: '40', nationalDigits: [9], example: '+40 712 345 678' },
}

/** The example phone for a country, for `validation.phoneFormat`'s `{{phone}}`. */
export function phoneExample(country: Country): string {
  return (PHONE_PLANS[country] as PhonePlan | undefined)?.example ?? PHONE_PLANS.CZ.example
}

/** The example phone in a storefront language (its country's calling code; English → CZ). */
export function phoneExampleForLocale(locale: Locale): string {
  return phoneExample(LOCALE_COUNTRY[locale])
}

/** The calling code (`+420`) a language's country uses, to prefill a phone field. */
export function callingCodeForLocale(locale: Locale): string {
  return `+${PHONE_PLANS[LOCALE_COUNTRY[locale]].callingCode}`
}

/** Spaces, dashes, dots, slashes and brackets people type between digits. */
const PHONE_SEPARATORS = /[\s\-./()]/g

/**
 * The phone's digits after `+` (or `00`), or null when it is not in international format.
 * Numbers of the five countries must have their plan's length; other countries' numbers are
 * accepted as E.164 (7–15 digits): a customer may well have a foreign phone.
 */
export function phoneDigits(phone: string): string | null {
  const compact = phone.trim().replace(PHONE_SEPARATORS, '')
  const match = /^(?:\+|00)([1-9]\d{6,14})$/.exec(compact)
  if (!match?.[1]) return null
  const digits = match[1]
  for (const plan of Object.values(PHONE_PLANS)) {
    if (digits.startsWith(plan.callingCode)) {
      const rest = digits.length - plan.callingCode.length
      return plan.nationalDigits.includes(rest) ? digits : null
    }
  }
  return digits
}

export function isValidPhone(phone: string): boolean {
  return phoneDigits(phone) !== null
}

/**
 * A valid phone written the shop's way: `+420 601 234 567` (groups of three after the calling
 * code; Hungarian `+36 20 123 4567`). Returns the input trimmed when it is not valid.
 */
export function normalizePhone(phone: string): string {
  const digits = phoneDigits(phone)
  if (digits === null) return phone.trim()
  for (const plan of Object.values(PHONE_PLANS)) {
    if (digits.startsWith(plan.callingCode)) {
      const rest = digits.slice(plan.callingCode.length)
      const groups =
        plan.callingCode === '36'
          ? [rest.slice(0, rest.length - 7), rest.slice(-7, -4), rest.slice(-4)]
          : (rest.match(/\d{1,3}/g) ?? [])
      return `+${plan.callingCode} ${groups.join(' ')}`
    }
  }
  return `+${digits}`
}

interface PostcodeFormat {
  /** What is accepted (after trimming). */
  readonly pattern: RegExp
  /** A well-formed postcode, for hints. */
  readonly example: string
  /** The accepted input written the usual way. */
  readonly normalize: (postcode: string) => string
}

const digitsOnly = (value: string) => value.replace(/\D/g, '')

export const POSTCODE_FORMATS: Record<Country, PostcodeFormat> = {
  // PSČ: five digits, written 123 45.
  CZ: {
    pattern: /^[1-7]\d{2} ?\d{2}$/,
    example: '110 00',
    normalize: (v) => digitsOnly(v).replace(/^(\d{3})(\d{2})$/, '$1 $2'),
  },
  SK: {
    pattern: /^[089]\d{2} ?\d{2}$/,
    example: '811 01',
    normalize: (v) => digitsOnly(v).replace(/^(\d{3})(\d{2})$/, '$1 $2'),
  },
  // Irányítószám: four digits, no leading zero.
  HU: { pattern: /^[1-9]\d{3}$/, example: '1051', normalize: (v) => v.trim() },
  // Kod pocztowy: 12-345.
  PL: {
    pattern: /^\d{2}-?\d{3}$/,
    example: '00-950',
    normalize: (v) => digitsOnly(v).replace(/^(\d{2})(\d{3})$/, '$1-$2'),
  },
  // Cod poștal: six digits.
  RO: { pattern: /^\d{6}$/, example: '010011', normalize: (v) => v.trim() },
}

/** A well-formed postcode of the country, for hints (`110 00`). */
export function postcodeExample(country: Country): string {
  return (POSTCODE_FORMATS[country] as PostcodeFormat | undefined)?.example ?? ''
}

export function isValidPostcode(postcode: string, country: Country): boolean {
  // Guarded: a form may call this before the country is chosen.
  return (
    (POSTCODE_FORMATS[country] as PostcodeFormat | undefined)?.pattern.test(postcode.trim()) ??
    false
  )
}

/** A valid postcode written the usual way (`11000` → `110 00`, `00950` → `00-950`). */
export function normalizePostcode(postcode: string, country: Country): string {
  return isValidPostcode(postcode, country)
    ? POSTCODE_FORMATS[country].normalize(postcode.trim())
    : postcode.trim()
}
