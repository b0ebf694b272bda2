import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import type { DealerMapView } from './leaflet-map.ts'
import type { MapMarker, MapTiles } from './map-types.ts'

/** The dealer chosen on the map or in the list. */
export interface DealerSelection {
  readonly ref: string
  /** Chosen in the list: the map zooms to its marker (a marker chosen on the map stays put). */
  readonly reveal: boolean
}

/**
 * The dealers on a map (Leaflet with clusters), drawn only in the browser: Leaflet is imported
 * when the map mounts, so the server's page and other pages carry none of it. Without
 * JavaScript nothing is drawn and the list beside it is the page.
 */
export function DealerMap({
  markers,
  selected,
  onSelect,
  tiles,
  fitKey,
  className = '',
}: {
  markers: readonly MapMarker[]
  /** The highlighted dealer; `reveal` when chosen in the list (the map zooms to it). */
  selected: DealerSelection | null
  onSelect: (ref: string) => void
  tiles: MapTiles | null
  /** The view fits the markers again whenever this changes (a new search). */
  fitKey: string
  className?: string
}) {
  const { t } = useTranslation()
  const element = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<DealerMapView | null>(null)
  const [failed, setFailed] = useState(false)
  const onSelectRef = useRef(onSelect)
  useEffect(() => {
    onSelectRef.current = onSelect
  }, [onSelect])
  const texts = {
    cluster: t('dealerMap.map.cluster'),
    outlinesAttribution: t('dealerMap.map.outlinesAttribution'),
  }
  const textsRef = useRef(texts)

  useEffect(() => {
    const target = element.current
    if (!target) return
    let cancelled = false
    let created: DealerMapView | null = null
    import('./leaflet-map.ts')
      .then(({ createDealerMap }) =>
        createDealerMap(target, {
          tiles,
          texts: textsRef.current,
          onSelect: (ref) => onSelectRef.current(ref),
        }),
      )
      .then((map) => {
        if (cancelled) map.destroy()
        else {
          created = map
          setView(map)
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      created?.destroy()
    }
  }, [tiles])

  useEffect(() => {
    view?.setMarkers(markers, true)
    // The markers are the search's (fitKey); a new array of the same search keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, fitKey])

  useEffect(() => {
    view?.select(selected?.ref ?? null, selected?.reveal ?? false)
  }, [view, selected, fitKey])

  return (
    <div className={`relative isolate ${className}`}>
      <div
        ref={element}
        role="region"
        aria-label={t('dealerMap.map.label')}
        className="size-full overflow-hidden rounded-2xl border border-stone-200 bg-sky-100"
        data-testid="dealer-map"
        data-ready={view ? 'true' : 'false'}
      />
      {failed ? (
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-stone-700">
          {t('dealerMap.map.failed')}
        </p>
      ) : null}
    </div>
  )
}
