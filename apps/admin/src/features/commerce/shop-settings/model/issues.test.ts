import { describe, expect, it } from 'vitest'
import { ShippingMethodInputSchema } from '@optika/domain/commerce/admin-shop-api'
import { issuesByPath } from './issues.ts'

describe('issuesByPath', () => {
  it('names each invalid field of a shipping method by its path, with the catalogue key', () => {
    const result = ShippingMethodInputSchema.safeParse({
      code: 'ok',
      name: { cs: 'a', en: 'a', hu: 'a', pl: 'a', ro: 'a', sk: '' },
      description: {},
      zipBased: true,
      active: true,
      rates: [
        {
          country: 'CZ',
          priceNet: -1,
          postcodeRules: [
            { prefix: '1x', priceNet: 0 },
            { prefix: '2', priceNet: 0 },
          ],
          deliveryDaysMin: 3,
          deliveryDaysMax: 2,
        },
      ],
    })
    expect(issuesByPath(result.error)).toEqual({
      'name.sk': 'validation.required',
      'rates.0.priceNet': 'admin.shop.validation.nonNegative',
      'rates.0.postcodeRules.0.prefix': 'admin.shop.validation.prefixDigits',
      'rates.0.deliveryDaysMax': 'admin.shop.validation.daysOrder',
    })
  })
})
