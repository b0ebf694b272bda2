/**
 * Writes the dealer map's offline base map (decision 043): the outlines of the shop's five
 * countries and their neighbours from world-atlas (Natural Earth 1:50m, public domain) as GeoJSON,
 * with a few big towns as labels, to `app/features/dealers/map-outlines.json`. The page loads it
 * from the shop itself, so no request leaves the shop. Rerun after updating world-atlas:
 * `npx node apps/storefront/scripts/build-map-outlines.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { feature } from 'topojson-client'
import type { Topology, GeometryCollection } from 'topojson-specification'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'

/** ISO 3166 numeric codes (world-atlas ids) → alpha-2; the first five are the shop's countries. */
const COUNTRIES: Record<string, string> = {
  '203': 'CZ',
  '703': 'SK',
  '348': 'HU',
  '616': 'PL',
  '642': 'RO',
  '276': 'DE',
  '040': 'AT',
  '756': 'CH',
  '380': 'IT',
  '705': 'SI',
  '191': 'HR',
  '070': 'BA',
  '688': 'RS',
  '499': 'ME',
  '100': 'BG',
  '498': 'MD',
  '804': 'UA',
  '112': 'BY',
  '440': 'LT',
  '428': 'LV',
  '643': 'RU',
  '208': 'DK',
  '752': 'SE',
  '528': 'NL',
  '056': 'BE',
  '442': 'LU',
  '250': 'FR',
}
const HOME = new Set(['CZ', 'SK', 'HU', 'PL', 'RO'])

/** What the map shows at most; parts of a country wholly outside (Russia's mainland, islands) are left out. */
const BOUNDS = { west: 3, east: 33, south: 41, north: 58.5 }

/** Big towns as labels, in their own language's spelling. */
const TOWNS: readonly (readonly [string, string, number, number])[] = [
  ['Praha', 'CZ', 50.0755, 14.4378],
  ['Brno', 'CZ', 49.1951, 16.6068],
  ['Ostrava', 'CZ', 49.8209, 18.2625],
  ['Plzeň', 'CZ', 49.7384, 13.3736],
  ['Bratislava', 'SK', 48.1486, 17.1077],
  ['Košice', 'SK', 48.7164, 21.2611],
  ['Banská Bystrica', 'SK', 48.7363, 19.1462],
  ['Budapest', 'HU', 47.4979, 19.0402],
  ['Debrecen', 'HU', 47.5316, 21.6273],
  ['Győr', 'HU', 47.6875, 17.6504],
  ['Szeged', 'HU', 46.253, 20.1414],
  ['Pécs', 'HU', 46.0727, 18.2323],
  ['Warszawa', 'PL', 52.2297, 21.0122],
  ['Kraków', 'PL', 50.0647, 19.945],
  ['Wrocław', 'PL', 51.1079, 17.0385],
  ['Poznań', 'PL', 52.4064, 16.9252],
  ['Gdańsk', 'PL', 54.352, 18.6466],
  ['Łódź', 'PL', 51.7592, 19.456],
  ['Katowice', 'PL', 50.2649, 19.0238],
  ['București', 'RO', 44.4268, 26.1025],
  ['Cluj-Napoca', 'RO', 46.7712, 23.6236],
  ['Timișoara', 'RO', 45.7489, 21.2087],
  ['Iași', 'RO', 47.1585, 27.6014],
  ['Constanța', 'RO', 44.1598, 28.6348],
  ['Brașov', 'RO', 45.6427, 25.5887],
  ['Wien', 'AT', 48.2082, 16.3738],
  ['Berlin', 'DE', 52.52, 13.405],
  ['München', 'DE', 48.1351, 11.582],
  ['Kyiv', 'UA', 50.4501, 30.5234],
  ['Lviv', 'UA', 49.8397, 24.0297],
  ['Beograd', 'RS', 44.7866, 20.4489],
  ['Zagreb', 'HR', 45.815, 15.9819],
  ['Chișinău', 'MD', 47.0105, 28.8638],
  ['Vilnius', 'LT', 54.6872, 25.2797],
  ['Minsk', 'BY', 53.9006, 27.559],
]

const round = (value: number): number => Math.round(value * 1000) / 1000
const inside = ([lng, lat]: Position): boolean =>
  lng! >= BOUNDS.west && lng! <= BOUNDS.east && lat! >= BOUNDS.south && lat! <= BOUNDS.north

/** A polygon's rings with rounded points, without repeated points after rounding. */
function compactPolygon(rings: Position[][]): Position[][] {
  return rings.map((ring) => {
    const out: Position[] = []
    for (const [lng, lat] of ring) {
      const point = [round(lng!), round(lat!)]
      const last = out[out.length - 1]
      if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point)
    }
    return out
  })
}

const require = createRequire(import.meta.url)
const topology = JSON.parse(
  readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Topology<{ countries: GeometryCollection<{ name: string }> }>
const world = feature(topology, topology.objects.countries)

const countries = world.features.flatMap((country) => {
  const code = COUNTRIES[String(country.id)]
  if (!code || !country.geometry) return []
  const geometry = country.geometry as Polygon | MultiPolygon
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  const kept = polygons.filter((polygon) => polygon[0]?.some(inside)).map(compactPolygon)
  // Russia's mainland reaches the Pacific: only Kaliningrad lies within the map's bounds.
  const shown = code === 'RU' ? kept.filter((polygon) => polygon[0]!.every(inside)) : kept
  if (shown.length === 0) return []
  const result: Feature<MultiPolygon, { country: string; home: boolean }> = {
    type: 'Feature',
    properties: { country: code, home: HOME.has(code) },
    geometry: { type: 'MultiPolygon', coordinates: shown },
  }
  return [result]
})

const towns = TOWNS.map(([name, country, lat, lng]) => ({
  type: 'Feature' as const,
  properties: { name, country, home: HOME.has(country) },
  geometry: { type: 'Point' as const, coordinates: [lng, lat] },
}))

const target = resolve(import.meta.dirname, '..', 'app', 'features', 'dealers', 'map-outlines.json')
writeFileSync(
  target,
  `${JSON.stringify({ type: 'FeatureCollection', features: [...countries, ...towns] })}\n`,
)
console.log(`${target}: ${countries.length} countries, ${towns.length} towns`)
