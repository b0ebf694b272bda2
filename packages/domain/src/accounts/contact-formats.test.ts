import { describe, expect, it } from 'vitest'
import { COUNTRIES } from '../commerce/countries.ts'
import {
  callingCodeForLocale,
  isValidPhone,
  isValidPostcode,
  normalizePhone,
  normalizePostcode,
  phoneExample,
  phoneExampleForLocale,
  POSTCODE_FORMATS,
} from './contact-formats.ts'

describe('phone numbers in international format', () => {
  it.each([
    ['+420 601 234 567', '+420 601 234 567'],
    ['+420601234567', '+420 601 234 567'],
    ['00420 601-234-567', '+420 601 234 567'],
    ['+421 901 234 567', '+421 901 234 567'],
    ['+36 20 123 4567', '+36 20 123 4567'],
    ['+36 1 234 5678', '+36 1 234 5678'],
    ['+48 512 345 678', '+48 512 345 678'],
    ['+40 712 345 678', '+40 712 345 678'],
    ['+49 30 1234567', '+49301234567'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(isValidPhone(input)).toBe(true)
    expect(normalizePhone(input)).toBe(normalized)
  })

  it.each([
    '601 234 567', // no calling code
    '+420 601 234 56', // CZ needs nine digits
    '+421 901 234 5678', // SK needs nine digits
    '+36 20 12 34', // HU eight or nine
    '+48 512 345 67', // PL nine
    '+40 712 345 67', // RO nine
    '+420 601 ABC 567',
    '++420601234567',
    '',
  ])('refuses %s', (input) => {
    expect(isValidPhone(input)).toBe(false)
  })

  it('gives every country a valid example, the hint of a language using its country', () => {
    for (const country of COUNTRIES) expect(isValidPhone(phoneExample(country))).toBe(true)
    expect(phoneExampleForLocale('cs')).toBe('+420 601 234 567')
    expect(phoneExampleForLocale('sk')).toMatch(/^\+421 /)
    expect(phoneExampleForLocale('hu')).toMatch(/^\+36 /)
    expect(phoneExampleForLocale('pl')).toMatch(/^\+48 /)
    expect(phoneExampleForLocale('ro')).toMatch(/^\+40 /)
    expect(callingCodeForLocale('en')).toBe('+420')
  })
})

describe('postcodes per country', () => {
  it.each([
    ['CZ', '110 00', '110 00'],
    ['CZ', '60200', '602 00'],
    ['SK', '811 01', '811 01'],
    ['SK', '04001', '040 01'],
    ['HU', '1051', '1051'],
    ['PL', '00-950', '00-950'],
    ['PL', '31042', '31-042'],
    ['RO', '010011', '010011'],
  ] as const)('%s accepts %s as %s', (country, input, normalized) => {
    expect(isValidPostcode(input, country)).toBe(true)
    expect(normalizePostcode(input, country)).toBe(normalized)
  })

  it.each([
    ['CZ', '1100'],
    ['CZ', '110 000'],
    ['CZ', '910 01'], // a Slovak postcode
    ['SK', '110 00'], // a Czech postcode
    ['HU', '0123'],
    ['HU', '10510'],
    ['PL', '00 950'],
    ['PL', '0-0950'],
    ['RO', '01001'],
    ['RO', '0100 11'],
  ] as const)('%s refuses %s', (country, input) => {
    expect(isValidPostcode(input, country)).toBe(false)
  })

  it('gives every country a valid example', () => {
    for (const country of COUNTRIES) {
      expect(isValidPostcode(POSTCODE_FORMATS[country].example, country)).toBe(true)
    }
  })
})
