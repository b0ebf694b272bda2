import { describe, expect, it } from 'vitest'
import { parseDomains } from './site-domains.ts'

describe('a site’s domains as typed', () => {
  it('reads lines, commas and spaces, lower-cased, once each', () => {
    expect(parseDomains('Optika.cz\nwww.optika.cz, optika.cz  shop.optika.sk')).toEqual({
      domains: ['optika.cz', 'www.optika.cz', 'shop.optika.sk'],
      invalid: [],
    })
  })

  it('points out ports, schemes and paths', () => {
    expect(parseDomains('optika.cz:8080 https://optika.sk optika.hu/shop -bad.pl')).toEqual({
      domains: [],
      invalid: ['optika.cz:8080', 'https://optika.sk', 'optika.hu/shop', '-bad.pl'],
    })
  })
})
