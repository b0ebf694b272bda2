/**
 * Rebuilds `data/gazetteer.tsv.gz` from GeoNames' postal-code data (CC BY 4.0) as the public
 * repository zauberware/postal-codes-json-xml-csv ships it: one `zipcodes.<cc>.csv` per country
 * (country_code, zipcode, place, state, state_code, province, province_code, community,
 * community_code, latitude, longitude).
 *
 *   npx node apps/server/src/community/gazetteer/build-gazetteer-data.ts <dir with CZ/zipcodes.cz.csv …>
 *
 * The file holds two kinds of lines, tab-separated:
 *   P  country  name  region  lat  lng  weight      a town or town part ("Praha 4"); weight = its postcodes' rows
 *   Z  country  postcode  placeLine  lat  lng      a postcode, pointing at its biggest place (0-based P line)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'

export const GAZETTEER_COUNTRIES = ['CZ', 'SK', 'HU', 'PL', 'RO'] as const

interface Row {
  readonly country: string
  readonly postcode: string
  readonly place: string
  readonly region: string
  readonly lat: number
  readonly lng: number
}

interface Place {
  readonly country: string
  readonly name: string
  readonly region: string
  latSum: number
  lngSum: number
  weight: number
}

/** "Praha 4-Nusle" → ["Praha 4", "Praha"]; "Bratislava 1" → ["Bratislava"]; "Brno-Židenice" → ["Brno"] when Brno has several parts. */
function parentsOf(name: string, hyphenPrefixes: ReadonlySet<string>): string[] {
  const numbered = /^(.+?) (\d{1,2})(-.+)?$/.exec(name)
  if (numbered) {
    const [, town, number, part] = numbered
    return part ? [`${town} ${number}`, town!] : [town!]
  }
  const hyphen = /^([^\s-]+)-\S/.exec(name)
  if (hyphen && hyphenPrefixes.has(hyphen[1]!)) return [hyphen[1]!]
  return []
}

function readRows(dir: string, country: string): Row[] {
  const file = join(dir, country, `zipcodes.${country.toLowerCase()}.csv`)
  const records = parse<Record<string, string>>(readFileSync(file, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  })
  return records
    .map((r) => ({
      country,
      postcode: (r.zipcode ?? '').trim(),
      place: (r.place ?? '').trim(),
      region: (r.province || r.state || '').trim(),
      lat: Number(r.latitude),
      lng: Number(r.longitude),
    }))
    .filter((r) => r.place !== '' && Number.isFinite(r.lat) && Number.isFinite(r.lng))
}

const MERGE_KM = 25

function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(a))
}

export function buildGazetteer(dir: string): string {
  const places = new Map<string, Place>()
  const lines: string[] = []
  const zLines: string[] = []
  for (const country of GAZETTEER_COUNTRIES) {
    const rows = readRows(dir, country)
    // "Brno-Židenice", "Brno-Líšeň": a prefix several hyphenated names share is a town of parts.
    const prefixCount = new Map<string, Set<string>>()
    for (const row of rows) {
      const m = /^([^\s-]+)-\S/.exec(row.place)
      if (m) prefixCount.set(m[1]!, (prefixCount.get(m[1]!) ?? new Set()).add(row.place))
    }
    const hyphenPrefixes = new Set(
      [...prefixCount].filter(([, names]) => names.size >= 3).map(([prefix]) => prefix),
    )
    const placeOf = (name: string, region: string): Place => {
      const key = `${country}\t${name}\t${region}`
      let place = places.get(key)
      if (!place) {
        place = { country, name, region, latSum: 0, lngSum: 0, weight: 0 }
        places.set(key, place)
      }
      return place
    }
    const byPostcode = new Map<string, Row[]>()
    for (const row of rows) {
      for (const name of [row.place, ...parentsOf(row.place, hyphenPrefixes)]) {
        const place = placeOf(name, row.region)
        place.latSum += row.lat
        place.lngSum += row.lng
        place.weight += 1
      }
      byPostcode.set(row.postcode, [...(byPostcode.get(row.postcode) ?? []), row])
    }
    for (const [postcode, postcodeRows] of byPostcode) {
      // The postcode's place: the biggest of its rows' places or their parents ("140 00" → "Praha 4").
      let best: Place | null = null
      for (const row of postcodeRows) {
        const parents = parentsOf(row.place, hyphenPrefixes)
        const name = parents[0] ?? row.place
        const candidate = places.get(`${country}\t${name}\t${row.region}`)!
        if (!best || candidate.weight > best.weight) best = candidate
      }
      const lat = postcodeRows.reduce((sum, r) => sum + r.lat, 0) / postcodeRows.length
      const lng = postcodeRows.reduce((sum, r) => sum + r.lng, 0) / postcodeRows.length
      zLines.push(
        `${country}\t${postcode}\t${best!.country}\t${best!.name}\t${best!.region}\t${lat.toFixed(4)}\t${lng.toFixed(4)}`,
      )
    }
  }
  // One town the data files under several districts (Bratislava in Okres Bratislava I…V) is one
  // place: same name, same country, centres within MERGE_KM of the biggest one.
  const groups = new Map<string, [string, Place][]>()
  for (const entry of places) {
    const groupKey = `${entry[1].country}\t${entry[1].name}`
    groups.set(groupKey, [...(groups.get(groupKey) ?? []), entry])
  }
  const index = new Map<string, number>()
  for (const members of groups.values()) {
    members.sort((a, b) => b[1].weight - a[1].weight)
    const clusters: { keys: string[]; place: Place }[] = []
    for (const [key, place] of members) {
      const lat = place.latSum / place.weight
      const lng = place.lngSum / place.weight
      const near = clusters.find(
        (c) =>
          kmBetween(c.place.latSum / c.place.weight, c.place.lngSum / c.place.weight, lat, lng) <
          MERGE_KM,
      )
      if (near) {
        near.keys.push(key)
        near.place.latSum += place.latSum
        near.place.lngSum += place.lngSum
        near.place.weight += place.weight
      } else clusters.push({ keys: [key], place: { ...place } })
    }
    for (const { keys, place } of clusters) {
      for (const key of keys) index.set(key, lines.length)
      const lat = (place.latSum / place.weight).toFixed(4)
      const lng = (place.lngSum / place.weight).toFixed(4)
      lines.push(
        `P\t${place.country}\t${place.name}\t${place.region}\t${lat}\t${lng}\t${place.weight}`,
      )
    }
  }
  for (const z of zLines) {
    const [country, postcode, pc, name, region, lat, lng] = z.split('\t')
    const line = index.get(`${pc}\t${name}\t${region}`)!
    lines.push(`Z\t${country}\t${postcode}\t${line}\t${lat}\t${lng}`)
  }
  return lines.join('\n') + '\n'
}

if (import.meta.main) {
  const dir = process.argv[2]
  if (!dir) {
    console.error(
      'usage: build-gazetteer-data.ts <dir with CZ/zipcodes.cz.csv, SK/…, HU/…, PL/…, RO/…>',
    )
    process.exit(2)
  }
  const text = buildGazetteer(dir)
  const out = new URL('./data/gazetteer.tsv.gz', import.meta.url)
  writeFileSync(out, gzipSync(text, { level: 9 }))
  console.log(`${text.split('\n').length - 1} lines → ${out.pathname}`)
}
