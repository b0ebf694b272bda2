import { useId, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import {
  DEALER_SERVICES,
  type DealerSearchAnswer,
  type DealerSearchQuery,
} from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { AddressCombobox } from './address-combobox.tsx'
import { DealerMapAndList } from './dealer-map-and-list.tsx'
import { dealerSearchUrl } from './dealer-search-params.ts'
import { countryName } from './country-name.ts'
import type { MapTiles } from './map-types.ts'
import { useHydrated } from './use-hydrated.ts'

/** The search the page shows, as the loader understood it. */
export interface DealerFinderSearch {
  readonly q: string
  readonly lat?: number
  readonly lng?: number
  readonly brandIds: readonly number[]
  readonly services: DealerSearchQuery['services']
}

/** Four decimals of a degree are about 10 m: enough to sort by distance, not a home address. */
const roundDegree = (value: number): string => value.toFixed(4)

/**
 * The dealer page's body: a GET form (address with suggestions, "use my location", services
 * and brands) and the dealers nearest first, in a list beside the map. The form works without
 * JavaScript; with it, choosing a suggestion or ticking a filter searches at once.
 */
export function DealerFinder({
  search,
  answer,
  problem,
  tiles,
}: {
  search: DealerFinderSearch
  /** Null when the search was refused (`problem` says why). */
  answer: DealerSearchAnswer | null
  problem: string | null
  tiles: MapTiles | null
}) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const [locating, setLocating] = useState(false)
  const [locationProblem, setLocationProblem] = useState('')
  const resultsId = useId()
  const action = generateUrl('dealers', { locale })
  const busy = navigation.state === 'loading' && navigation.location.pathname === action

  function searchWith(change: (data: FormData) => void): void {
    if (!form.current) return
    const data = new FormData(form.current)
    change(data)
    for (const [name, value] of [...data.entries()]) {
      if (value === '') data.delete(name)
    }
    void submit(data, { method: 'get', action, preventScrollReset: true })
  }

  function locateMe(): void {
    setLocationProblem('')
    if (!('geolocation' in navigator)) {
      setLocationProblem(t('dealerMap.location.unavailable'))
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        searchWith((data) => {
          data.delete('address')
          data.set('lat', roundDegree(position.coords.latitude))
          data.set('lng', roundDegree(position.coords.longitude))
        })
      },
      (error) => {
        setLocating(false)
        setLocationProblem(
          error.code === error.PERMISSION_DENIED
            ? t('dealerMap.location.denied')
            : t('dealerMap.location.unavailable'),
        )
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    )
  }

  const byLocation = search.q === '' && search.lat !== undefined && search.lng !== undefined
  const facets = answer?.facets ?? { brands: [], services: [] }
  const serviceCount = new Map(facets.services.map((facet) => [facet.key, facet.count]))
  const pageUrl = (page: number) =>
    dealerSearchUrl(locale, {
      q: search.q,
      lat: byLocation ? search.lat : undefined,
      lng: byLocation ? search.lng : undefined,
      brands: search.brandIds.join('_'),
      services: search.services,
      page,
    })

  return (
    <div className="mt-6 grid gap-8">
      <Form
        ref={form}
        method="get"
        action={action}
        preventScrollReset
        role="search"
        aria-label={t('dealerMap.search.label')}
        className="grid gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-6"
        onSubmit={(event) => {
          // Typing an address replaces a position found earlier.
          const q = new FormData(event.currentTarget).get('address')
          if (typeof q === 'string' && q.trim() !== '') {
            event.currentTarget
              .querySelectorAll('input[name=lat], input[name=lng]')
              .forEach((el) => {
                el.remove()
              })
          }
        }}
      >
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <AddressCombobox
            // A new search (a link, the back button) starts the field afresh.
            key={search.q}
            defaultValue={search.q}
            onChoose={(query) =>
              searchWith((data) => {
                data.set('address', query)
                data.delete('lat')
                data.delete('lng')
                data.delete('page')
              })
            }
          />
          <div className="flex flex-wrap gap-2 sm:mt-6">
            <button
              type="submit"
              className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
            >
              {t('dealerMap.search.submit')}
            </button>
            {hydrated ? (
              <button
                type="button"
                onClick={locateMe}
                disabled={locating}
                className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
              >
                {locating ? t('dealerMap.location.finding') : t('dealerMap.location.use')}
              </button>
            ) : null}
          </div>
        </div>
        {byLocation ? (
          <>
            <input type="hidden" name="lat" value={search.lat} />
            <input type="hidden" name="lng" value={search.lng} />
          </>
        ) : null}
        <p role="status" className={locationProblem ? 'text-sm text-red-800' : 'sr-only'}>
          {locationProblem}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-stone-800">
              {t('dealerMap.filter.services')}
            </legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {DEALER_SERVICES.map((service) => (
                <label key={service} className="flex items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    name="service"
                    value={service}
                    defaultChecked={search.services.includes(service)}
                    onChange={() => hydrated && searchWith((data) => data.delete('page'))}
                    className="size-4 accent-brand-700"
                  />
                  {t(`dealer.service.${service}`)}
                  {answer ? (
                    <span className="text-stone-600">({serviceCount.get(service) ?? 0})</span>
                  ) : null}
                </label>
              ))}
            </div>
          </fieldset>
          {facets.brands.length > 0 ? (
            <fieldset className="min-w-0">
              <legend className="text-sm font-medium text-stone-800">
                {t('dealerMap.filter.brands')}
              </legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {facets.brands.map((brand) => (
                  <label key={brand.id} className="flex items-center gap-2 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      name="brand"
                      value={brand.id}
                      defaultChecked={search.brandIds.includes(brand.id)}
                      onChange={() => hydrated && searchWith((data) => data.delete('page'))}
                      className="size-4 accent-brand-700"
                    />
                    {brand.name}
                    <span className="text-stone-600">({brand.count})</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby={resultsId} aria-busy={busy}>
        <h2 id={resultsId} className="text-lg font-semibold text-stone-900" aria-live="polite">
          {problem
            ? problem
            : !answer
              ? ''
              : answer.place
                ? t('dealerMap.results.nearPlace', {
                    count: answer.total,
                    place: [answer.place.postcode, answer.place.name].filter(Boolean).join(' '),
                    country: countryName(locale, answer.place.country),
                  })
                : byLocation
                  ? t('dealerMap.results.nearYou', { count: answer.total })
                  : t('dealerMap.results.all', { count: answer.total })}
        </h2>
        {answer && answer.dealers.length === 0 && !problem ? (
          <p className="mt-4 rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
            {t('dealerMap.results.none')}
          </p>
        ) : null}
        {answer && answer.dealers.length > 0 ? (
          <div className="mt-4">
            <DealerMapAndList
              dealers={answer.dealers}
              markers={answer.markers}
              tiles={tiles}
              fitKey={[
                search.q,
                search.lat,
                search.lng,
                ...search.brandIds,
                ...search.services,
              ].join('|')}
              footer={
                answer.pageCount > 1 ? (
                  <nav
                    aria-label={t('dealerMap.pages.label')}
                    className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm"
                  >
                    {answer.page > 1 ? (
                      <Link
                        to={pageUrl(answer.page - 1)}
                        rel="prev"
                        className="rounded-lg border border-stone-300 px-3 py-2 font-medium text-stone-800 hover:bg-stone-50"
                      >
                        {t('dealerMap.pages.previous')}
                      </Link>
                    ) : (
                      <span />
                    )}
                    <span className="text-stone-700">
                      {t('dealerMap.pages.current', {
                        page: answer.page,
                        count: answer.pageCount,
                      })}
                    </span>
                    {answer.page < answer.pageCount ? (
                      <Link
                        to={pageUrl(answer.page + 1)}
                        rel="next"
                        className="rounded-lg border border-stone-300 px-3 py-2 font-medium text-stone-800 hover:bg-stone-50"
                      >
                        {t('dealerMap.pages.next')}
                      </Link>
                    ) : (
                      <span />
                    )}
                  </nav>
                ) : null
              }
            />
          </div>
        ) : null}
      </section>
    </div>
  )
}
