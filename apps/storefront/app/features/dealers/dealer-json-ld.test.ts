import { describe, expect, it } from 'vitest'
import type { Dealer } from '@optika/domain/community/dealer-api'
import { dealerJsonLd } from './dealer-json-ld.ts'
import { formatDistance } from './format-distance.ts'

const dealer: Dealer = {
  ref: 'o12',
  slug: 'optika-brno',
  name: 'Optika Brno',
  street: 'Masarykova 1',
  city: 'Brno',
  postcode: '602 00',
  country: 'CZ',
  lat: 49.19,
  lng: 16.61,
  distance: null,
  phone: '+420 541 000 111',
  email: 'brno@example.com',
  web: '',
  services: ['eyeTest'],
  brands: [{ id: 3, name: 'Ray-Ban' }],
  isPartner: false,
  openingHours: [
    { day: 'mo', opens: '09:00', closes: '12:00' },
    { day: 'mo', opens: '13:00', closes: '18:00' },
  ],
  description: '',
}

describe('a dealer page’s structured data', () => {
  it('is a schema.org Optician with address, position, contacts and opening hours', () => {
    const data = dealerJsonLd(dealer, 'https://shop.example/cs/dealers/o12/optika-brno')
    expect(data).toMatchObject({
      '@type': 'Optician',
      name: 'Optika Brno',
      address: { '@type': 'PostalAddress', postalCode: '602 00', addressCountry: 'CZ' },
      geo: { '@type': 'GeoCoordinates', latitude: 49.19, longitude: 16.61 },
      telephone: '+420 541 000 111',
      brand: [{ '@type': 'Brand', name: 'Ray-Ban' }],
    })
    expect(data.openingHoursSpecification).toHaveLength(2)
    expect(data).not.toHaveProperty('sameAs')
    expect(data).not.toHaveProperty('description')
  })

  it('leaves the position out when the dealer has none', () => {
    expect(dealerJsonLd({ ...dealer, lat: null, lng: null }, 'https://x/')).not.toHaveProperty(
      'geo',
    )
  })
})

describe('distances', () => {
  it('read in metres nearby and kilometres further away, in the page’s language', () => {
    expect(formatDistance('en', 347)).toBe('350 m')
    expect(formatDistance('en', 4230)).toBe('4.2 km')
    expect(formatDistance('cs', 4230)).toBe('4,2 km')
    expect(formatDistance('en', 128_400)).toBe('128 km')
  })
})
