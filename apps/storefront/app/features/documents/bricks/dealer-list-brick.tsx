import type { ResolvedDealer } from '@optika/domain/cms/resolved-content'
import type { DealerSummary } from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { countryName } from '../../dealers/country-name.ts'
import { DealerMapAndList } from '../../dealers/dealer-map-and-list.tsx'
import { dealerSlug } from '../../dealers/dealer-slug.ts'
import { useMapTiles } from '../../dealers/use-map-tiles.ts'
import { BrickSection } from './brick-section.tsx'

/** The dealers (PIM `Dealer` objects) of a country, or all: the dealer page's map and list. */
export function DealerListBrick({
  title,
  country,
  dealers,
}: {
  title: string
  country: string
  dealers: readonly ResolvedDealer[]
}) {
  const { t, locale } = useTranslation()
  const tiles = useMapTiles()
  const listed = dealers.map((dealer): DealerSummary => ({
    ref: `o${dealer.id}`,
    slug: dealerSlug(dealer.name),
    name: dealer.name,
    street: dealer.street,
    city: dealer.city,
    postcode: dealer.postcode,
    country: dealer.country,
    lat: dealer.lat,
    lng: dealer.lng,
    distance: null,
    phone: dealer.phone,
    email: dealer.email,
    web: dealer.web,
    services: [],
    brands: [],
    isPartner: false,
  }))
  const markers = listed.flatMap((dealer) =>
    dealer.lat !== null && dealer.lng !== null
      ? [{ ref: dealer.ref, name: dealer.name, lat: dealer.lat, lng: dealer.lng }]
      : [],
  )
  return (
    <BrickSection title={title || t('cmsBricks.dealers.title')} brick="dealer-map">
      {dealers.length === 0 ? (
        <p className="text-stone-600">
          {country
            ? t('cmsBricks.dealers.noneInCountry', { country: countryName(locale, country) })
            : t('cmsBricks.dealers.none')}
        </p>
      ) : (
        // The dealer page's map and list (issue 18), for this brick's country.
        <DealerMapAndList
          dealers={listed}
          markers={markers}
          tiles={tiles}
          fitKey={country}
          headingLevel={title.trim() ? 'h3' : 'h2'}
        />
      )}
    </BrickSection>
  )
}
