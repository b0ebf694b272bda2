import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import { createTranslate } from './create-translate.ts'

/** i18next set up as the admin app and the dictionary format assume. */
function i18nextFor(dictionary: Record<string, string>) {
  const i18n = createInstance()
  void i18n.init({
    lng: 'xx',
    fallbackLng: false,
    resources: { xx: { translation: dictionary } },
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
  })
  return (key: string, params?: Record<string, string | number>) => i18n.t(key, params ?? {})
}

const SAMPLE_PARAMS = {
  quantity: 3,
  query: 'brýle <b>&</b>',
  title: 'Obruby',
  year: 2026,
  colour: 'Černá',
  name: 'route',
  param: 'id',
  page: 2,
  total: 40,
  value: 8,
  step: 5,
  phone: '+420 123 456 789',
  amount: '10 000 Kč',
  locale: 'de',
}

describe('createTranslate', () => {
  it('renders every catalogue text in every language exactly as i18next does', () => {
    for (const locale of LOCALES) {
      const dictionary = Object.fromEntries(
        Object.entries(catalogue).map(([key, texts]) => [key, texts[locale]]),
      )
      const t = createTranslate(dictionary)
      const i18next = i18nextFor(dictionary)
      for (const key of Object.keys(dictionary)) {
        // `count` would make i18next look for plural forms, which the dictionary does not use.
        expect(t(key, SAMPLE_PARAMS), `${locale} ${key}`).toBe(i18next(key, SAMPLE_PARAMS))
        expect(t(key), `${locale} ${key}`).toBe(i18next(key))
      }
    }
  })

  it('shows a missing or empty text as its key', () => {
    const t = createTranslate({ 'shop.empty': '' })
    expect(t('shop.nowhere')).toBe('shop.nowhere')
    expect(t('shop.empty')).toBe('shop.empty')
    expect(t('toString')).toBe('toString')
  })

  it('leaves placeholders without a value visible', () => {
    expect(createTranslate({ a: 'Hello {{name}}' })('a')).toBe('Hello {{name}}')
    expect(createTranslate({ a: 'Hello {{ name }}' })('a', { name: 'Eva' })).toBe('Hello Eva')
  })
})
