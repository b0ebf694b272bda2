import type { Dealer, DealerDay } from '@optika/domain/community/dealer-api'

const SCHEMA_DAYS: Record<DealerDay, string> = {
  mo: 'https://schema.org/Monday',
  tu: 'https://schema.org/Tuesday',
  we: 'https://schema.org/Wednesday',
  th: 'https://schema.org/Thursday',
  fr: 'https://schema.org/Friday',
  sa: 'https://schema.org/Saturday',
  su: 'https://schema.org/Sunday',
}

/** schema.org `Optician` (a LocalBusiness) for a dealer's page: address, position, contacts, hours. */
export function dealerJsonLd(dealer: Dealer, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Optician',
    '@id': `${pageUrl}#dealer`,
    name: dealer.name,
    url: pageUrl,
    ...(dealer.description ? { description: dealer.description } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(dealer.street ? { streetAddress: dealer.street } : {}),
      ...(dealer.postcode ? { postalCode: dealer.postcode } : {}),
      addressLocality: dealer.city,
      addressCountry: dealer.country,
    },
    ...(dealer.lat !== null && dealer.lng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: dealer.lat, longitude: dealer.lng } }
      : {}),
    ...(dealer.phone ? { telephone: dealer.phone } : {}),
    ...(dealer.email ? { email: dealer.email } : {}),
    ...(dealer.web ? { sameAs: [dealer.web] } : {}),
    ...(dealer.brands.length > 0
      ? { brand: dealer.brands.map((brand) => ({ '@type': 'Brand', name: brand.name })) }
      : {}),
    ...(dealer.openingHours.length > 0
      ? {
          openingHoursSpecification: dealer.openingHours.map((row) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: SCHEMA_DAYS[row.day],
            opens: row.opens,
            closes: row.closes,
          })),
        }
      : {}),
  }
}
