import type { DealerRef } from '@optika/domain/community/dealer-api'

/** A dealer's place on the map. */
export interface MapMarker {
  readonly ref: DealerRef
  readonly name: string
  readonly lat: number
  readonly lng: number
}

/** A tile server (MAP_TILE_URL): a URL template with {z}/{x}/{y} and its attribution. */
export interface MapTiles {
  readonly url: string
  readonly attribution: string
}

/** The map's own texts, in the page's language. */
export interface MapTexts {
  /** A cluster's name, with `{{count}}` dealers. */
  readonly cluster: string
  /** Credit for the offline outlines (Natural Earth). */
  readonly outlinesAttribution: string
}
