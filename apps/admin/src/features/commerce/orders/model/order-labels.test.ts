import { describe, expect, it } from 'vitest'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { ORDER_STATUSES, orderStatusKey } from '@optika/domain/commerce/order-status'
import { commerceCatalogue } from '@optika/i18n/catalogue/commerce'
import { seedCatalogue } from '@optika/i18n/catalogue/seed'
import { countryLabelKey, orderStatusLabelKey } from './order-labels.ts'

const texts: Record<string, unknown> = { ...commerceCatalogue, ...seedCatalogue }

describe('order labels picked at run time', () => {
  it('shows every status with a translated text, as the domain names it', () => {
    for (const status of [...ORDER_STATUSES, 'archived']) {
      const key = orderStatusLabelKey(status)
      expect(key).toBe(orderStatusKey(status))
      expect(texts).toHaveProperty([key])
    }
    expect(orderStatusLabelKey('archived')).toBe('order.unknownStatus')
  })

  it('names a known country and leaves an unknown code as it is', () => {
    for (const country of COUNTRIES) expect(texts).toHaveProperty([`country.${country}`])
    expect(countryLabelKey('SK')).toBe('country.SK')
    expect(countryLabelKey('XX')).toBeNull()
    expect(countryLabelKey('')).toBeNull()
  })
})
