import { use } from 'react'
import { UNSAFE_DataRouterStateContext } from 'react-router'
import type { MapTiles } from './map-types.ts'

/**
 * The dealer map's tile server (MAP_TILE_URL) from the root's data; null = offline outlines.
 * Read from the router's state rather than through a context in the root, which would weigh on
 * every page's script (the home page's budget); outside a data router (component tests) null.
 */
export function useMapTiles(): MapTiles | null {
  // The server's render has no loader data in this context; the map is drawn in the browser only.
  const state = use(UNSAFE_DataRouterStateContext) as {
    loaderData?: Record<string, unknown>
  } | null
  const root = state?.loaderData?.root as { mapTiles?: MapTiles | null } | undefined
  return root?.mapTiles ?? null
}
