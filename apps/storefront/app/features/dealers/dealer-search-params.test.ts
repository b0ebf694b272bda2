import { describe, expect, it } from 'vitest'
import { DealerSearchQuerySchema } from '@optika/domain/community/dealer-api'
import { dealerSearchUrl, readDealerSearch } from './dealer-search-params.ts'

describe('the dealer page address', () => {
  it('reads the GET form’s repeated filters and the links’ joined ones alike', () => {
    const form = new URLSearchParams(
      'address=Brno&service=eyeTest&service=repairs&brand=12&brand=7',
    )
    const link = new URLSearchParams('q=Brno&services=eyeTest_repairs&brands=12_7')
    expect(readDealerSearch(form)).toEqual(readDealerSearch(link))
    expect(DealerSearchQuerySchema.parse(readDealerSearch(form))).toMatchObject({
      q: 'Brno',
      brands: '12_7',
      services: ['eyeTest', 'repairs'],
      page: 1,
    })
  })

  it('leaves out empty values, so an empty form is the whole list', () => {
    expect(readDealerSearch(new URLSearchParams('address=&lat=&lng=&page='))).toEqual({
      q: '',
      brands: '',
      services: '',
    })
  })

  it('hands hostile filters to the schema, which refuses them with a translated key', () => {
    const parsed = DealerSearchQuerySchema.safeParse(
      readDealerSearch(new URLSearchParams("brand=1';drop table&service=.*(")),
    )
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('dealer.badFilter')
  })

  it('builds links with joined filters and without the first page', () => {
    expect(
      dealerSearchUrl('cs', { q: '140 00', brands: '3_4', services: ['eyeTest'], page: 1 }),
    ).toBe('/cs/dealers?address=140+00&brands=3_4&services=eyeTest')
    expect(
      dealerSearchUrl('en', { q: '', lat: 50.1, lng: 14.4, brands: '', services: [], page: 3 }),
    ).toBe('/en/dealers?lat=50.1&lng=14.4&page=3')
  })
})
