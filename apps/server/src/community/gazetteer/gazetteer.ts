import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import type { GeoPlace } from '@optika/domain/community/dealer-api'

/**
 * The offline gazetteer of the five countries' towns, town parts and postcodes (GeoNames, CC BY
 * 4.0; see data/README.md). Read once per process on first use; every answer after that is a
 * binary search in two sorted arrays — well under a millisecond, no request leaves the shop.
 */
export interface Gazetteer {
  /** Places whose name or postcode starts with `query`, exact matches first, bigger places first. */
  suggest(query: string, limit: number, country?: string): GeoPlace[]
  /** The best place for `query`; null when nothing matches ('Address not found'). */
  geocode(query: string, country?: string): GeoPlace | null
  /** A postal address's place: its postcode in `country` first, else its town. */
  geocodeAddress(postcode: string, town: string, country: string): GeoPlace | null
}

interface Entry {
  readonly key: string
  readonly place: GeoPlace
  readonly weight: number
}

const DATA_URL = new URL('./data/gazetteer.tsv.gz', import.meta.url)

/** Lower case, without accents, punctuation as spaces, spaces collapsed: "Győr" → "gyor", "Cluj-Napoca" → "cluj napoca". */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** "140 00", "14000", "30-001" → digits only; null when the text is no postcode. */
function postcodeKey(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, '')
  return /^\d{2,6}$/.test(compact) ? compact : null
}

function lowerBound(entries: readonly Entry[], key: string): number {
  let lo = 0
  let hi = entries.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (entries[mid]!.key < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Up to `limit` entries of the prefix range: exact keys first, then by weight. */
function rankPrefix(
  entries: readonly Entry[],
  key: string,
  limit: number,
  country: string | undefined,
): Entry[] {
  const found: Entry[] = []
  for (let i = lowerBound(entries, key); i < entries.length; i++) {
    const entry = entries[i]!
    if (!entry.key.startsWith(key)) break
    if (country === undefined || entry.place.country === country) found.push(entry)
  }
  const exact = (entry: Entry) => (entry.key === key ? 1 : 0)
  return found.sort((a, b) => exact(b) - exact(a) || b.weight - a.weight).slice(0, limit)
}

export function parseGazetteer(text: string): Gazetteer {
  const placeLines: GeoPlace[] = []
  const weights: number[] = []
  const names: Entry[] = []
  const postcodes: Entry[] = []
  for (const line of text.split('\n')) {
    const f = line.split('\t')
    if (f[0] === 'P') {
      const place: GeoPlace = {
        name: f[2]!,
        postcode: '',
        country: f[1]!,
        region: f[3]!,
        lat: Number(f[4]),
        lng: Number(f[5]),
      }
      const weight = Number(f[6])
      placeLines.push(place)
      weights.push(weight)
      names.push({ key: normalizePlaceName(place.name), place, weight })
    } else if (f[0] === 'Z') {
      const town = placeLines[Number(f[3])]
      if (!town) continue
      const place: GeoPlace = {
        name: town.name,
        postcode: f[2]!,
        country: f[1]!,
        region: town.region,
        lat: Number(f[4]),
        lng: Number(f[5]),
      }
      const key = postcodeKey(f[2]!)
      if (key) postcodes.push({ key, place, weight: weights[Number(f[3])] ?? 0 })
    }
  }
  const byKey = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  names.sort(byKey)
  postcodes.sort(byKey)

  function suggest(query: string, limit: number, country?: string): GeoPlace[] {
    const text = query.slice(0, 200)
    const postcode = postcodeKey(text)
    if (postcode !== null) {
      return rankPrefix(postcodes, postcode, limit, country).map((entry) => entry.place)
    }
    // "140 00 Praha 4": the postcode decides.
    const leading = /^(\d{2,3}[\s-]?\d{2,3})\s+\D/.exec(text)
    if (leading) {
      const found = suggest(leading[1]!, limit, country)
      if (found.length > 0) return found
    }
    const key = normalizePlaceName(text)
    if (key === '') return []
    return rankPrefix(names, key, limit, country).map((entry) => entry.place)
  }

  return {
    suggest,
    geocode: (query, country) => suggest(query, 1, country)[0] ?? null,
    geocodeAddress(postcode, town, country) {
      const byPostcode = postcodeKey(postcode)
      if (byPostcode !== null) {
        const exact = rankPrefix(postcodes, byPostcode, 1, country)[0]
        if (exact && exact.key === byPostcode) return exact.place
      }
      const key = normalizePlaceName(town)
      if (key === '') return null
      const exact = rankPrefix(names, key, 1, country)[0]
      return exact && exact.key === key ? exact.place : null
    },
  }
}

let loaded: Gazetteer | null = null

/** The shipped gazetteer, read on first use (about 150 000 lines, once per process). */
export function gazetteer(): Gazetteer {
  loaded ??= parseGazetteer(gunzipSync(readFileSync(DATA_URL)).toString('utf8'))
  return loaded
}
