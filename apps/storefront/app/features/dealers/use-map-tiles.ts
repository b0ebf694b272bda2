import { createContext, use } from 'react'
import type { MapTiles } from './map-types.ts'

/**
 * The dealer map's tile server (MAP_TILE_URL) from the root's data, for every map of the page
 * (the dealer pages and the documents' brick); null = offline outlines.
 */
export const MapTilesContext = createContext<MapTiles | null>(null)

export function useMapTiles(): MapTiles | null {
  return use(MapTilesContext)
}
