import { slugify } from '@optika/domain/routing/slugify'
import { sql, type SQL } from 'drizzle-orm'
import {
  DEALER_DAYS,
  DEALER_PAGE_SIZE,
  DEALER_SERVICES,
  DealerOpeningHoursSchema,
  PartnerDealerListingInputSchema,
  type Dealer,
  type DealerOpeningHours,
  type DealerSearchAnswer,
  type DealerSearchQuery,
  type DealerService,
  type DealerSummary,
  type GeoPlace,
  type PartnerDealerListing,
} from '@optika/domain/community/dealer-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { gazetteer, type Gazetteer } from '../gazetteer/gazetteer.ts'

/**
 * The dealer map's data (issue 18): the shop's published Dealer objects and the listed entries of
 * approved partners, in one search ordered by the distance PostgreSQL computes (haversine).
 */
export interface DealersService {
  /** Places for the address box as you type. */
  suggest(q: string, limit: number): GeoPlace[]
  /** One page of dealers; 404 ADDRESS_NOT_FOUND when `q` is given and the gazetteer knows nothing. */
  search(query: DealerSearchQuery, locale: Locale): Promise<DealerSearchAnswer>
  /** A dealer's page; null when unknown, unpublished or no longer listed. */
  detail(ref: string, locale: Locale): Promise<Dealer | null>
  /** Every published brand (id, name) by name: the partner form's choices. */
  brandChoices(): Promise<{ id: number; name: string }[]>
  /** The partner's own entry; null before the first save. */
  partnerListing(customerId: number): Promise<PartnerDealerListing | null>
  /** Saves the partner's entry; without GPS it is placed from postcode and town. */
  savePartnerListing(customerId: number, input: unknown): Promise<PartnerDealerListing>
}

const EARTH_RADIUS_M = 6371008.8

interface DealerRow extends Record<string, unknown> {
  ref: string
  name: string
  street: string
  city: string
  postcode: string
  country: string
  lat: number | null
  lng: number | null
  phone: string
  email: string
  web: string
  services: string[] | null
  brand_ids: (number | string)[] | null
  is_partner: boolean
  distance: number | null
}

/** Every dealer there is: published Dealer objects ∪ approved partners' listed entries. */
function allDealers(): SQL {
  const text = (field: string) => sql`coalesce(o.data->>${field}, '')`
  const coordinate = (field: string) =>
    sql`case when jsonb_typeof(o.data->${field}) = 'number' then (o.data->>${field})::float8 end`
  return sql`
    select 'o' || o.id as ref, ${text('name')} as name, ${text('street')} as street,
      ${text('city')} as city, ${text('postcode')} as postcode, upper(${text('country')}) as country,
      ${coordinate('lat')} as lat, ${coordinate('lng')} as lng,
      ${text('phone')} as phone, ${text('email')} as email,
      case when o.data->>'web' ~* '^https?://' then o.data->>'web' else '' end as web,
      array(select jsonb_array_elements_text(case when jsonb_typeof(o.data->'services') = 'array'
        then o.data->'services' else '[]'::jsonb end)) as services,
      array(select (e)::bigint from jsonb_array_elements_text(case when jsonb_typeof(o.data->'brandIds') = 'array'
        then o.data->'brandIds' else '[]'::jsonb end) e where e ~ '^[0-9]{1,15}$') as brand_ids,
      false as is_partner,
      o.data as data
    from objects o
    where o.class_id = 'Dealer' and o.type = 'object' and o.published and coalesce(o.data->>'name', '') <> ''
    union all
    select 'p' || l.customer_id, l.name, l.street, l.city, l.postcode, l.country, l.lat, l.lng,
      l.phone, l.email, l.web, l.services, l.brand_ids, true,
      jsonb_build_object('openingHours', l.opening_hours)
    from partner_dealer_listings l
    join customers c on c.id = l.customer_id
    where l.listed and c.kind = 'partner' and c.partner_status = 'approved' and c.deleted_at is null`
}

function distanceFrom(point: { lat: number; lng: number } | null): SQL {
  if (!point) return sql`null::float8`
  // Haversine on a sphere of the Earth's mean radius, in metres.
  return sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(d.lat - ${point.lat}::float8) / 2), 2) +
    cos(radians(${point.lat}::float8)) * cos(radians(d.lat)) *
    power(sin(radians(d.lng - ${point.lng}::float8) / 2), 2))))`
}

function servicesOf(value: readonly string[] | null): DealerService[] {
  return DEALER_SERVICES.filter((key) => (value ?? []).includes(key))
}

function brandIdsOf(value: readonly (number | string)[] | null): number[] {
  return (value ?? []).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)
}

async function brandNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const result = await db.execute<{ id: number | string; name: string }>(sql`
    select id, coalesce(data->>'name', '') as name from objects
    where class_id = 'Brand' and type = 'object'
      and id = any(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])`)
  return new Map(result.rows.map((row) => [Number(row.id), row.name]))
}

function toSummary(row: DealerRow, brands: ReadonlyMap<number, string>): DealerSummary {
  return {
    ref: row.ref,
    slug: slugify(row.name, 'dealer'),
    name: row.name,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    distance: row.distance === null ? null : Math.round(Number(row.distance)),
    phone: row.phone,
    email: row.email,
    web: row.web,
    services: servicesOf(row.services),
    brands: brandIdsOf(row.brand_ids)
      .filter((id) => brands.has(id))
      .map((id) => ({ id, name: brands.get(id)! })),
    isPartner: row.is_partner,
  }
}

function openingHoursOf(value: unknown): DealerOpeningHours {
  if (!Array.isArray(value)) return []
  const rows = value.filter(
    (row) => DealerOpeningHoursSchema.element.safeParse(row).success,
  ) as DealerOpeningHours
  return [...rows]
    .sort(
      (a, b) =>
        DEALER_DAYS.indexOf(a.day) - DEALER_DAYS.indexOf(b.day) || (a.opens < b.opens ? -1 : 1),
    )
    .slice(0, 14)
}

function localized(value: unknown, locale: Locale): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const text = (value as Record<string, unknown>)[locale]
    return typeof text === 'string' ? text : ''
  }
  return ''
}

export function createDealersService(deps: {
  readonly db: Db
  readonly gazetteer?: () => Gazetteer
}): DealersService {
  const { db } = deps
  const places = deps.gazetteer ?? gazetteer

  async function search(query: DealerSearchQuery, locale: Locale): Promise<DealerSearchAnswer> {
    void locale
    let place: GeoPlace | null = null
    if (query.q !== '') {
      place = places().geocode(query.q, query.country)
      if (!place) throw new AppError(404, 'ADDRESS_NOT_FOUND', 'error.addressNotFound')
    }
    const point =
      place ??
      (query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng }
        : null)
    const brandIds = query.brands === '' ? [] : query.brands.split('_').map(Number)
    const services = query.services
    const country = query.country ? sql`d.country = ${query.country}` : sql`true`
    const byServices =
      services.length > 0
        ? sql`d.services @> array[${sql.join(
            services.map((key) => sql`${key}`),
            sql`, `,
          )}]::text[]`
        : sql`true`
    const byBrands =
      brandIds.length > 0
        ? sql`d.brand_ids && array[${sql.join(
            brandIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::bigint[]`
        : sql`true`
    const [matches, facetRows] = await Promise.all([
      db.execute<DealerRow>(sql`
        select d.ref, d.name, d.street, d.city, d.postcode, d.country, d.lat, d.lng, d.phone,
          d.email, d.web, d.services, d.brand_ids, d.is_partner, ${distanceFrom(point)} as distance
        from (${allDealers()}) d
        where ${country} and ${byServices} and ${byBrands}
        order by distance asc nulls last, d.name, d.ref`),
      db.execute<{
        services: string[] | null
        brand_ids: (number | string)[] | null
        s: boolean
        b: boolean
      }>(sql`
        select d.services, d.brand_ids, ${byServices} as s, ${byBrands} as b
        from (${allDealers()}) d where ${country}`),
    ])
    const rows = matches.rows
    const total = rows.length
    const pageCount = Math.max(1, Math.ceil(total / DEALER_PAGE_SIZE))
    const page = Math.min(query.page, pageCount)
    const pageRows = rows.slice((page - 1) * DEALER_PAGE_SIZE, page * DEALER_PAGE_SIZE)

    const brandCounts = new Map<number, number>()
    const serviceCounts = new Map<DealerService, number>()
    for (const row of facetRows.rows) {
      if (row.s)
        for (const id of new Set(brandIdsOf(row.brand_ids)))
          brandCounts.set(id, (brandCounts.get(id) ?? 0) + 1)
      if (row.b)
        for (const key of servicesOf(row.services))
          serviceCounts.set(key, (serviceCounts.get(key) ?? 0) + 1)
    }
    const names = await brandNames(db, [
      ...new Set([...brandCounts.keys(), ...pageRows.flatMap((row) => brandIdsOf(row.brand_ids))]),
    ])
    const collator = new Intl.Collator(locale)
    return {
      place,
      dealers: pageRows.map((row) => toSummary(row, names)),
      markers: rows
        .filter((row) => row.lat !== null && row.lng !== null)
        .map((row) => ({
          ref: row.ref,
          name: row.name,
          lat: Number(row.lat),
          lng: Number(row.lng),
        })),
      total,
      page,
      pageCount,
      facets: {
        brands: [...brandCounts]
          .filter(([id]) => names.has(id))
          .map(([id, count]) => ({ id, name: names.get(id)!, count }))
          .sort((a, b) => collator.compare(a.name, b.name)),
        services: DEALER_SERVICES.map((key) => ({ key, count: serviceCounts.get(key) ?? 0 })),
      },
    }
  }

  async function detail(ref: string, locale: Locale): Promise<Dealer | null> {
    if (!/^[op][1-9]\d{0,15}$/.test(ref)) return null
    const result = await db.execute<DealerRow & { data: Record<string, unknown> | null }>(sql`
      select d.*, null::float8 as distance from (${allDealers()}) d where d.ref = ${ref} limit 1`)
    const row = result.rows[0]
    if (!row) return null
    const names = await brandNames(db, brandIdsOf(row.brand_ids))
    const data = row.data ?? {}
    return {
      ...toSummary(row, names),
      openingHours: openingHoursOf(data.openingHours),
      description: localized(data.description, locale),
    }
  }

  async function partnerListing(customerId: number): Promise<PartnerDealerListing | null> {
    const result = await db.execute<Record<string, unknown>>(sql`
      select listed, name, street, city, postcode, country, lat, lng, phone, email, web,
        opening_hours, services, brand_ids
      from partner_dealer_listings where customer_id = ${customerId}`)
    const row = result.rows[0]
    if (!row) return null
    return {
      listed: Boolean(row.listed),
      name: String(row.name),
      street: String(row.street),
      city: String(row.city),
      postcode: String(row.postcode),
      country: String(row.country) as PartnerDealerListing['country'],
      lat: Number(row.lat),
      lng: Number(row.lng),
      phone: String(row.phone),
      email: String(row.email),
      web: String(row.web),
      openingHours: openingHoursOf(row.opening_hours),
      services: servicesOf(row.services as string[] | null),
      brandIds: brandIdsOf(row.brand_ids as (number | string)[] | null),
    }
  }

  async function savePartnerListing(
    customerId: number,
    body: unknown,
  ): Promise<PartnerDealerListing> {
    const input = PartnerDealerListingInputSchema.parse(body ?? {})
    let point: { lat: number; lng: number } | null =
      input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null
    if (!point) {
      const place = places().geocodeAddress(input.postcode, input.city, input.country)
      if (!place) {
        throw new AppError(404, 'ADDRESS_NOT_FOUND', 'error.addressNotFound', {}, [
          { path: 'city', key: 'error.addressNotFound' },
        ])
      }
      point = { lat: place.lat, lng: place.lng }
    }
    // Only brands that exist are kept (a stale id would draw nothing anyway).
    const known = await brandNames(db, [...new Set(input.brandIds)])
    const brandIds = input.brandIds.filter((id) => known.has(id))
    const services = [...new Set(input.services)]
    const textArray = services.length
      ? sql`array[${sql.join(
          services.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`
    const bigintArray = brandIds.length
      ? sql`array[${sql.join(
          brandIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::bigint[]`
      : sql`'{}'::bigint[]`
    const hours = JSON.stringify(input.openingHours)
    await db.execute(sql`
      insert into partner_dealer_listings (customer_id, listed, name, street, city, postcode, country,
        lat, lng, phone, email, web, opening_hours, services, brand_ids, updated_at)
      values (${customerId}, ${input.listed}, ${input.name}, ${input.street}, ${input.city},
        ${input.postcode}, ${input.country}, ${point.lat}, ${point.lng}, ${input.phone},
        ${input.email}, ${input.web}, ${hours}::jsonb, ${textArray}, ${bigintArray}, now())
      on conflict (customer_id) do update set listed = excluded.listed, name = excluded.name,
        street = excluded.street, city = excluded.city, postcode = excluded.postcode,
        country = excluded.country, lat = excluded.lat, lng = excluded.lng, phone = excluded.phone,
        email = excluded.email, web = excluded.web, opening_hours = excluded.opening_hours,
        services = excluded.services, brand_ids = excluded.brand_ids, updated_at = now()`)
    return { ...input, ...point, services, brandIds }
  }

  async function brandChoices(): Promise<{ id: number; name: string }[]> {
    const result = await db.execute<{ id: number | string; name: string }>(sql`
      select id, data->>'name' as name from objects
      where class_id = 'Brand' and type = 'object' and published and coalesce(data->>'name', '') <> ''
      order by data->>'name', id limit 500`)
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }))
  }

  return {
    suggest: (q, limit) => places().suggest(q, limit),
    brandChoices,
    search,
    detail,
    partnerListing,
    savePartnerListing,
  }
}
