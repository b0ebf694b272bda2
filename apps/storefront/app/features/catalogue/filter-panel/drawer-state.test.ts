import { describe, expect, it } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import type { FilterView } from '@optika/domain/catalogue/product-list-api'
import { LOCALES } from '@optika/i18n/locales'
import { createTranslate } from '../../../i18n/create-translate.ts'
import { applyLabel, countedText, filterStateKey, openerLabel } from './drawer-state.ts'

function translate(locale: (typeof LOCALES)[number]) {
  return createTranslate(
    Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts[locale]])),
  )
}

const brand: FilterView = {
  name: 'brand',
  title: 'Brand',
  type: 'multiselect',
  column: 'brand',
  values: [{ key: 'rayban', name: 'Ray-Ban', icon: null, count: 4 }],
  selectedValues: [],
  value: '',
}
const lensWidth: FilterView = {
  name: 'lensWidth',
  title: 'Lens width',
  type: 'range',
  column: 'lensWidth',
  values: [],
  selectedValues: [],
  value: '',
  range: { min: 0, max: 62 },
}

describe('filter drawer texts', () => {
  it('says how many products the apply button shows, in each language’s plural form', () => {
    const en = translate('en')
    expect(applyLabel(en, 'en', 1)).toBe('Show 1 product')
    expect(applyLabel(en, 'en', 42)).toBe('Show 42 products')
    expect(applyLabel(en, 'en', 1234)).toBe('Show 1,234 products')
    expect(applyLabel(en, 'en', null)).toBe('Show products')
    const cs = translate('cs')
    expect(applyLabel(cs, 'cs', 1)).toBe('Zobrazit 1 produkt')
    expect(applyLabel(cs, 'cs', 3)).toBe('Zobrazit 3 produkty')
    expect(applyLabel(cs, 'cs', 0)).toBe('Zobrazit 0 produktů')
    expect(applyLabel(cs, 'cs', 42)).toBe('Zobrazit 42 produktů')
    const pl = translate('pl')
    expect(applyLabel(pl, 'pl', 22)).toBe('Pokaż 22 produkty')
    expect(applyLabel(pl, 'pl', 25)).toBe('Pokaż 25 produktów')
    const ro = translate('ro')
    expect(applyLabel(ro, 'ro', 5)).toBe('Afișează 5 produse')
    expect(applyLabel(ro, 'ro', 42)).toBe('Afișează 42 de produse')
  })

  it('has every plural form it may pick in every language', () => {
    for (const locale of LOCALES) {
      const t = translate(locale)
      for (const number of [0, 1, 2, 5, 21, 22, 25, 101, 1000]) {
        for (const base of ['filterDrawer.show', 'filterDrawer.found']) {
          const text = countedText(t, locale, base, number)
          expect(text).not.toContain(base)
          expect(text).toContain(new Intl.NumberFormat(locale).format(number))
        }
      }
    }
  })

  it('counts the active filter entries on the opener', () => {
    const en = translate('en')
    expect(openerLabel(en, 0)).toBe('Filter')
    expect(openerLabel(en, 3)).toBe('Filter (3)')
  })
})

describe('filter state key', () => {
  it('is the same for the same active choice, and ignores inactive selections', () => {
    const specs = [brand, lensWidth]
    expect(filterStateKey(specs, {})).toBe('')
    expect(filterStateKey(specs, { lensWidth: { type: 'range', min: 0, max: 62 } })).toBe('')
    const a = filterStateKey(specs, {
      lensWidth: { type: 'range', min: 40, max: 50 },
      brand: { type: 'multiselect', keys: ['rayban'] },
    })
    const b = filterStateKey(specs, {
      brand: { type: 'multiselect', keys: ['rayban'] },
      lensWidth: { type: 'range', min: 40, max: 50 },
    })
    expect(a).toBe(b)
    expect(a).toBe('brand=rayban&lensWidth=40_50')
  })
})
