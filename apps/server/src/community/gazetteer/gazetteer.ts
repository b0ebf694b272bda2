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

/** Most answers a suggestion list asks for (GeoSuggestQuerySchema's maximum). */
const MAX_LIMIT = 10

function scoreFor(key: string) {
  return (entry: Entry) => (entry.key === key ? 1e12 : 0) + entry.weight
}

/** Puts `entry` into `best` (sorted by score, at most `limit` long) when it belongs there. */
function keepBest(best: Entry[], entry: Entry, limit: number, score: (entry: Entry) => number) {
  const value = score(entry)
  if (best.length === limit && value <= score(best[limit - 1]!)) return
  let at = best.length
  while (at > 0 && score(best[at - 1]!) < value) at--
  best.splice(at, 0, entry)
  if (best.length > limit) best.pop()
}

/**
 * The best MAX_LIMIT entries of every prefix of `lengths` characters, computed once: a one-letter
 * prefix covers thousands of entries, too many to scan while someone types.
 */
function topByShortPrefix(
  entries: readonly Entry[],
  lengths: readonly number[],
): Map<string, Entry[]> {
  const top = new Map<string, Entry[]>()
  for (const entry of entries) {
    for (const length of lengths) {
      if (entry.key.length < length) continue
      const prefix = entry.key.slice(0, length)
      let best = top.get(prefix)
      if (!best) top.set(prefix, (best = []))
      keepBest(best, entry, MAX_LIMIT, scoreFor(prefix))
    }
  }
  return top
}

/** Up to `limit` entries of the prefix range: exact keys first, then by weight, in one pass. */
function rankPrefix(
  entries: readonly Entry[],
  key: string,
  limit: number,
  country: string | undefined,
  top?: ReadonlyMap<string, Entry[]>,
): Entry[] {
  const known = country === undefined && limit <= MAX_LIMIT ? top?.get(key) : undefined
  if (known) return known.slice(0, limit)
  const best: Entry[] = []
  const score = scoreFor(key)
  for (let i = lowerBound(entries, key); i < entries.length; i++) {
    const entry = entries[i]!
    if (!entry.key.startsWith(key)) break
    if (country !== undefined && entry.place.country !== country) continue
    keepBest(best, entry, limit, score)
  }
  return best
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
  const topNames = topByShortPrefix(names, [1, 2, 3])
  const topPostcodes = topByShortPrefix(postcodes, [2, 3, 4])

  function suggest(query: string, limit: number, country?: string): GeoPlace[] {
    const text = query.slice(0, 200)
    const postcode = postcodeKey(text)
    if (postcode !== null) {
      return rankPrefix(postcodes, postcode, limit, country, topPostcodes).map(
        (entry) => entry.place,
      )
    }
    // "140 00 Praha 4": the postcode decides.
    const leading = /^(\d{2,3}[\s-]?\d{2,3})\s+\D/.exec(text)
    if (leading) {
      const found = suggest(leading[1]!, limit, country)
      if (found.length > 0) return found
    }
    const key = normalizePlaceName(text)
    if (key === '') return []
    return rankPrefix(names, key, limit, country, topNames).map((entry) => entry.place)
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
