import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Dealer } from '@optika/domain/community/dealer-api'
import type { Locale } from '@optika/i18n/locales'
import { Breadcrumb } from '../../components/breadcrumb.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { countryName } from './country-name.ts'
import { DealerMap } from './dealer-map.tsx'
import type { MapTiles } from './map-types.ts'
import { OpeningHours } from './opening-hours.tsx'
import { useHydrated } from './use-hydrated.ts'

const noop = (): void => undefined

/** A dealer's page: address, how to reach it, opening hours, services, brands and a small map. */
export function DealerDetail({
  dealer,
  tiles,
  locale,
}: {
  dealer: Dealer
  tiles: MapTiles | null
  locale: Locale
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const heading = 'text-lg font-semibold text-stone-900'
  const link = 'rounded font-medium break-all text-brand-800 underline-offset-2 hover:underline'
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('dealerMap.title'), url: generateUrl('dealers', { locale }) }]}
        current={dealer.name}
      />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-stone-900 sm:text-3xl">
        {dealer.name}
      </h1>
      {dealer.isPartner ? (
        <p className="mt-2 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
          {t('dealerMap.list.partner')}
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-8">
          <section aria-labelledby="dealer-contact">
            <h2 id="dealer-contact" className={heading}>
              {t('dealerMap.detail.contact')}
            </h2>
            <address className="mt-2 leading-relaxed text-stone-800 not-italic">
              {dealer.street ? <span className="block">{dealer.street}</span> : null}
              <span className="block">
                {[dealer.postcode, dealer.city].filter(Boolean).join(' ')}
              </span>
              <span className="block">{countryName(locale, dealer.country)}</span>
            </address>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {dealer.phone ? (
                <>
                  <dt className="text-stone-600">{t('dealerMap.detail.phone')}</dt>
                  <dd>
                    <a href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`} className={link}>
                      {dealer.phone}
                    </a>
                  </dd>
                </>
              ) : null}
              {dealer.email ? (
                <>
                  <dt className="text-stone-600">{t('dealerMap.detail.email')}</dt>
                  <dd>
                    <a href={`mailto:${dealer.email}`} className={link}>
                      {dealer.email}
                    </a>
                  </dd>
                </>
              ) : null}
              {dealer.web ? (
                <>
                  <dt className="text-stone-600">{t('dealerMap.detail.web')}</dt>
                  <dd>
                    <a href={dealer.web} rel="noopener noreferrer nofollow" className={link}>
                      {dealer.web.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
          {dealer.description ? (
            <p className="leading-relaxed whitespace-pre-line text-stone-700">
              {dealer.description}
            </p>
          ) : null}
          <section aria-labelledby="dealer-hours">
            <h2 id="dealer-hours" className={heading}>
              {t('dealerMap.detail.openingHours')}
            </h2>
            <div className="mt-2">
              {dealer.openingHours.length > 0 ? (
                <OpeningHours hours={dealer.openingHours} />
              ) : (
                <p className="text-sm text-stone-600">{t('dealerMap.detail.noHours')}</p>
              )}
            </div>
          </section>
          {dealer.services.length > 0 ? (
            <section aria-labelledby="dealer-services">
              <h2 id="dealer-services" className={heading}>
                {t('dealerMap.detail.services')}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {dealer.services.map((service) => (
                  <li
                    key={service}
                    className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800"
                  >
                    {t(`dealer.service.${service}`)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {dealer.brands.length > 0 ? (
            <section aria-labelledby="dealer-brands">
              <h2 id="dealer-brands" className={heading}>
                {t('dealerMap.detail.brands')}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {dealer.brands.map((brand) => (
                  <li
                    key={brand.id}
                    className="rounded-full border border-stone-200 px-3 py-1 text-sm text-stone-800"
                  >
                    {brand.name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>
            <Link
              to={generateUrl('dealers', { locale })}
              className="rounded text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {t('dealerMap.detail.backToMap')}
            </Link>
          </p>
        </div>
        {hydrated && dealer.lat !== null && dealer.lng !== null ? (
          <DealerMap
            markers={[{ ref: dealer.ref, name: dealer.name, lat: dealer.lat, lng: dealer.lng }]}
            selected={{ ref: dealer.ref, reveal: false }}
            onSelect={noop}
            tiles={tiles}
            fitKey={dealer.ref}
            className="h-72 sm:h-96"
          />
        ) : null}
      </div>
    </div>
  )
}
