import { describe, expect, it } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import { REGIONS, regionName, regionNameKey } from './regions.ts'

const NATIVE_LANGUAGE = { CZ: 'cs', SK: 'sk', HU: 'hu', PL: 'pl', RO: 'ro' } as const

describe('region names', () => {
  it('has a name in every language for every region, the native one in its own language', () => {
    for (const [country, regions] of Object.entries(REGIONS)) {
      for (const region of regions) {
        const key = regionNameKey(region.code)
        expect(key, region.code).not.toBeNull()
        const texts = catalogue[key!]
        expect(texts, key!).toBeDefined()
        for (const locale of LOCALES)
          expect(texts?.[locale]?.trim(), `${key} ${locale}`).toBeTruthy()
        expect(texts?.[NATIVE_LANGUAGE[country as keyof typeof NATIVE_LANGUAGE]]).toBe(region.name)
      }
    }
  })

  it('reads a region code as its name and leaves anything else as typed', () => {
    const inHungarian = (key: string) => catalogue[key]?.hu ?? key
    expect(regionName('CZ-10', inHungarian)).toBe('Prága')
    expect(regionName('RO-CJ', inHungarian)).toBe('Kolozs')
    expect(regionName('HU-BK', inHungarian)).toBe('Bács-Kiskun')
    expect(regionName('Jihočeský', inHungarian)).toBe('Jihočeský')
    // Without the catalogue's text the native name still beats the code.
    expect(regionName('CZ-31', (key) => key)).toBe('Jihočeský kraj')
  })
})
