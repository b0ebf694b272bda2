import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { DealerSearchAnswer, DealerSummary } from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { DealerList, dealerItemId } from './dealer-list.tsx'
import { DealerMap, type DealerSelection } from './dealer-map.tsx'
import { dealerSlug } from './dealer-slug.ts'
import type { MapTiles } from './map-types.ts'
import { useHydrated } from './use-hydrated.ts'

/**
 * The dealers as a list beside a map (the map above the list on phones); choosing a dealer in
 * one highlights it in the other. Without JavaScript only the list is drawn. The dealer page and
 * the documents' dealer-map brick both show this.
 */
export function DealerMapAndList({
  dealers,
  markers,
  tiles,
  fitKey,
  headingLevel,
  footer,
}: {
  dealers: readonly DealerSummary[]
  /** Every match's position (all pages of the search). */
  markers: DealerSearchAnswer['markers']
  tiles: MapTiles | null
  fitKey: string
  headingLevel?: 'h2' | 'h3'
  /** Drawn under the list (the pages). */
  footer?: ReactNode
}) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const [selected, setSelected] = useState<DealerSelection | null>(null)
  const withMap = hydrated && markers.length > 0
  const selectedOffPage =
    selected && !dealers.some((dealer) => dealer.ref === selected.ref)
      ? markers.find((marker) => marker.ref === selected.ref)
      : undefined

  function chooseOnMap(ref: string): void {
    setSelected({ ref, reveal: false })
    document.getElementById(dealerItemId(ref))?.scrollIntoView({ block: 'nearest' })
  }

  return (
    <div
      className={withMap ? 'grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]' : ''}
      data-fit-key={fitKey}
    >
      <div className="min-w-0">
        <DealerList
          dealers={dealers}
          selectedRef={selected?.ref ?? null}
          headingLevel={headingLevel}
          {...(withMap ? { onSelect: (ref: string) => setSelected({ ref, reveal: true }) } : {})}
        />
        {footer}
      </div>
      {withMap ? (
        <div className="order-first min-w-0 lg:order-last">
          <div className="lg:sticky lg:top-4">
            <DealerMap
              markers={markers}
              selected={selected}
              onSelect={chooseOnMap}
              tiles={tiles}
              fitKey={fitKey}
              className="h-80 sm:h-96 lg:h-[36rem]"
            />
            {selectedOffPage ? (
              <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900" role="status">
                {t('dealerMap.map.chosen')}{' '}
                <Link
                  to={generateUrl('dealer', {
                    locale,
                    ref: selectedOffPage.ref,
                    slug: dealerSlug(selectedOffPage.name),
                  })}
                  className="font-semibold underline underline-offset-2"
                >
                  {selectedOffPage.name}
                </Link>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}
