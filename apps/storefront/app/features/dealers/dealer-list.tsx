import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { DealerSummary } from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { countryName } from './country-name.ts'
import { formatDistance } from './format-distance.ts'

/** The id of a dealer's list entry, so the map can bring it into view. */
export function dealerItemId(ref: string): string {
  return `dealer-${ref}`
}

/**
 * The dealers as a list, nearest first: name (a link to the dealer's page), address, distance,
 * services. With the map beside it, each entry has a "show on map" toggle (`onSelect`).
 */
export function DealerList({
  dealers,
  selectedRef,
  onSelect,
  headingLevel = 'h3',
}: {
  dealers: readonly DealerSummary[]
  selectedRef: string | null
  /** Omitted: no map (the page without JavaScript, or no dealer has a position). */
  onSelect?: (ref: string) => void
  headingLevel?: 'h2' | 'h3'
}) {
  const { t, locale } = useTranslation()
  const Heading = headingLevel
  return (
    <ol className="space-y-3" data-testid="dealer-list">
      {dealers.map((dealer) => {
        const selected = dealer.ref === selectedRef
        return (
          <li
            key={dealer.ref}
            id={dealerItemId(dealer.ref)}
            className={`scroll-mt-24 rounded-2xl border bg-white p-4 transition-shadow ${
              selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-stone-200'
            }`}
            data-selected={selected ? 'true' : undefined}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Heading className="min-w-0 font-semibold [overflow-wrap:anywhere] text-stone-900">
                <Link
                  to={generateUrl('dealer', { locale, ref: dealer.ref, slug: dealer.slug })}
                  className="rounded text-brand-800 underline-offset-2 hover:underline"
                >
                  {dealer.name}
                </Link>
              </Heading>
              {dealer.distance !== null ? (
                <p className="shrink-0 text-sm font-medium text-stone-700" data-testid="distance">
                  <span className="sr-only">{t('dealerMap.list.distance')} </span>
                  {formatDistance(locale, dealer.distance)}
                </p>
              ) : null}
            </div>
            <address className="mt-1 text-sm leading-relaxed text-stone-700 not-italic">
              {dealer.street ? <span className="block">{dealer.street}</span> : null}
              <span className="block">
                {[dealer.postcode, dealer.city].filter(Boolean).join(' ')}
                {dealer.country ? `, ${countryName(locale, dealer.country)}` : ''}
              </span>
              {dealer.phone ? (
                <a
                  href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`}
                  className="mt-1 inline-block rounded text-brand-800 underline-offset-2 hover:underline"
                >
                  <span className="sr-only">{t('dealerMap.detail.phone')}: </span>
                  {dealer.phone}
                </a>
              ) : null}
            </address>
            {dealer.services.length > 0 || dealer.isPartner ? (
              <ul
                className="mt-2 flex flex-wrap gap-1.5"
                aria-label={t('dealerMap.detail.services')}
              >
                {dealer.isPartner ? (
                  <li className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900">
                    {t('dealerMap.list.partner')}
                  </li>
                ) : null}
                {dealer.services.map((service) => (
                  <li
                    key={service}
                    className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700"
                  >
                    {t(`dealer.service.${service}`)}
                  </li>
                ))}
              </ul>
            ) : null}
            {onSelect && dealer.lat !== null && dealer.lng !== null ? (
              <button
                type="button"
                onClick={() => onSelect(dealer.ref)}
                aria-pressed={selected}
                className="mt-3 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-900"
              >
                {t('dealerMap.list.showOnMap')}
                <span className="sr-only">: {dealer.name}</span>
              </button>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
