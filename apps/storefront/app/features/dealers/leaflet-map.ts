// The Leaflet side of the dealer map; loaded only in the browser, by dynamic import from
// dealer-map.tsx, so neither Leaflet nor the outlines weigh on the server render or other pages.
import type * as Leaflet from 'leaflet'
import 'leaflet/dist/leaflet.css'
import 'leaflet.markercluster/dist/MarkerCluster.css'
import outlinesUrl from './map-outlines.json?url'
import type { MapMarker, MapTexts, MapTiles } from './map-types.ts'

/** The five countries fill the first view when there is no dealer to show. */
const HOME_BOUNDS: [[number, number], [number, number]] = [
  [43.6, 12.1],
  [54.9, 29.8],
]

export interface DealerMapView {
  /** Puts `markers` on the map (clustered) and, when asked, fits the view to them. */
  setMarkers(markers: readonly MapMarker[], fit: boolean): void
  /** Highlights the marker of `ref` (null: none); `reveal` zooms to it and opens its cluster. */
  select(ref: string | null, reveal: boolean): void
  destroy(): void
}

interface Options {
  readonly tiles: MapTiles | null
  readonly texts: MapTexts
  /** A marker was chosen on the map (click, Enter or Space on it). */
  readonly onSelect: (ref: string) => void
}

type LeafletModule = typeof Leaflet & {
  markerClusterGroup: (options?: Record<string, unknown>) => Leaflet.FeatureGroup & {
    zoomToShowLayer(layer: Leaflet.Layer, callback?: () => void): void
    clearLayers(): void
  }
}

/** Leaflet with the cluster plugin, which extends the global `L` Leaflet's bundle sets. */
async function loadLeaflet(): Promise<LeafletModule> {
  const leaflet = (await import('leaflet')).default as unknown as LeafletModule
  ;(globalThis as { L?: unknown }).L = leaflet
  await import('leaflet.markercluster')
  return leaflet
}

function markerIcon(L: LeafletModule, selected: boolean): Leaflet.DivIcon {
  return selected
    ? L.divIcon({
        className: 'rounded-full',
        html: '<span class="block size-8 rounded-full border-[3px] border-white bg-amber-500 shadow-lg ring-2 ring-amber-800"></span>',
        iconSize: [32, 32],
      })
    : L.divIcon({
        className: 'rounded-full',
        html: '<span class="block size-6 rounded-full border-2 border-white bg-brand-700 shadow-md ring-1 ring-brand-900/50"></span>',
        iconSize: [24, 24],
      })
}

function clusterIcon(L: LeafletModule, count: number, label: string): Leaflet.DivIcon {
  return L.divIcon({
    className: 'rounded-full',
    html: `<span class="grid size-10 place-items-center rounded-full border-2 border-white bg-brand-800 text-sm font-semibold text-white shadow-md" role="img" aria-label="${escapeHtml(label)}">${count}</span>`,
    iconSize: [40, 40],
  })
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** What build-map-outlines.ts puts on each feature: a country's or a town's. */
interface OutlineProperties {
  readonly home: boolean
  readonly name?: string
}

/** Draws the offline base map: country outlines (the shop's countries lighter) and town labels. */
async function drawOutlines(L: LeafletModule, map: Leaflet.Map): Promise<void> {
  const response = await fetch(outlinesUrl)
  if (!response.ok) return
  const outlines = (await response.json()) as GeoJSON.FeatureCollection<
    GeoJSON.Geometry,
    OutlineProperties
  >
  L.geoJSON<OutlineProperties>(outlines, {
    interactive: false,
    style: (feature) => ({
      color: '#78716c',
      weight: 1,
      fillColor: feature?.properties.home ? '#ffffff' : '#e7e5e4',
      fillOpacity: 1,
    }),
    pointToLayer: (feature, latlng) =>
      L.marker(latlng, {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: '',
          html: `<span class="block w-max -translate-x-1/2 -translate-y-1/2 text-[11px] leading-none ${
            feature.properties.home ? 'font-semibold text-stone-800' : 'text-stone-600'
          }">${escapeHtml(feature.properties.name ?? '')}</span>`,
          iconSize: [0, 0],
        }),
      }),
  }).addTo(map)
}

/** Creates the map in `element`: offline outlines (or MAP_TILE_URL's tiles) and clustered markers. */
export async function createDealerMap(
  element: HTMLElement,
  options: Options,
): Promise<DealerMapView> {
  const L = await loadLeaflet()
  const map = L.map(element, {
    zoomSnap: 0.5,
    minZoom: 4,
    maxZoom: options.tiles ? 18 : 15,
    // Scrolling the page over the map scrolls the page; zooming takes a click first.
    scrollWheelZoom: false,
    attributionControl: true,
    ...(options.tiles ? {} : { maxBounds: L.latLngBounds([35, -5], [62, 42]) }),
  })
  map.attributionControl.setPrefix(false)
  map.once('focus', () => map.scrollWheelZoom.enable())
  map.fitBounds(HOME_BOUNDS)
  if (options.tiles) {
    L.tileLayer(options.tiles.url, {
      attribution: escapeHtml(options.tiles.attribution),
      maxZoom: 18,
    }).addTo(map)
  } else {
    element.style.background = '#bfdbfe'
    map.attributionControl.addAttribution(escapeHtml(options.texts.outlinesAttribution))
    await drawOutlines(L, map)
  }

  const clusters = L.markerClusterGroup({
    showCoverageOnHover: false,
    maxClusterRadius: 50,
    iconCreateFunction: (cluster: { getChildCount(): number }) =>
      clusterIcon(
        L,
        cluster.getChildCount(),
        options.texts.cluster.replace('{{count}}', String(cluster.getChildCount())),
      ),
  })
  map.addLayer(clusters)
  const markers = new Map<string, { marker: Leaflet.Marker; name: string }>()
  let selected: string | null = null

  function restyle(ref: string, isSelected: boolean): void {
    const entry = markers.get(ref)
    if (!entry) return
    entry.marker.setIcon(markerIcon(L, isSelected))
    entry.marker.setZIndexOffset(isSelected ? 1000 : 0)
    labelMarker(entry.marker, entry.name, isSelected)
  }

  function labelMarker(marker: Leaflet.Marker, name: string, isSelected: boolean): void {
    const element = marker.getElement()
    if (!element) return
    element.setAttribute('role', 'button')
    element.setAttribute('aria-label', name)
    element.setAttribute('aria-pressed', String(isSelected))
  }

  return {
    setMarkers(list, fit) {
      clusters.clearLayers()
      markers.clear()
      for (const item of list) {
        const marker = L.marker([item.lat, item.lng], {
          icon: markerIcon(L, item.ref === selected),
          title: item.name,
          alt: item.name,
          keyboard: true,
          riseOnHover: true,
        })
        marker.on('click', () => options.onSelect(item.ref))
        marker.on('add', () => labelMarker(marker, item.name, item.ref === selected))
        marker.on('keydown', (event: Leaflet.LeafletKeyboardEvent) => {
          if (event.originalEvent.key === ' ') {
            event.originalEvent.preventDefault()
            options.onSelect(item.ref)
          }
        })
        markers.set(item.ref, { marker, name: item.name })
      }
      clusters.addLayers([...markers.values()].map((entry) => entry.marker))
      if (fit && list.length > 0) {
        // The outlines show no streets: closer than a region's view shows nothing around.
        map.fitBounds(L.latLngBounds(list.map((item) => [item.lat, item.lng])), {
          padding: [30, 30],
          maxZoom: options.tiles ? 14 : 8,
        })
      }
    },
    select(ref, reveal) {
      if (selected) restyle(selected, false)
      selected = ref
      if (!ref) return
      restyle(ref, true)
      const entry = markers.get(ref)
      if (entry && reveal) {
        clusters.zoomToShowLayer(entry.marker, () => {
          map.setView(entry.marker.getLatLng(), Math.max(map.getZoom(), options.tiles ? 13 : 8))
          labelMarker(entry.marker, entry.name, true)
        })
      }
    },
    destroy() {
      map.remove()
    },
  }
}
