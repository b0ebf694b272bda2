import { z } from 'zod'
import { COUNTRIES } from '../commerce/countries.ts'

/**
 * The dealer map (issue 18): the shop's dealers (PIM class Dealer) and approved partners who list
 * themselves (`partner_dealer_listings`) in one search, nearest first. Distances are computed in
 * PostgreSQL; addresses are found by the offline gazetteer of the five countries' towns and
 * postcodes — no request leaves the shop.
 *
 *   GET /api/geo/suggest?q=&locale=      → GeoSuggestAnswer   (as you type; 'Address not found' is an empty list's message)
 *   GET /api/dealers?…DealerSearchQuery  → DealerSearchAnswer (404 ADDRESS_NOT_FOUND when `q` matches nothing)
 *   GET /api/dealers/{ref}               → Dealer             (ref: `o<objectId>` or `p<customerId>`)
 *   GET /api/partner/dealer-listing      → PartnerDealerListing | null   (approved partners)
 *   PUT /api/partner/dealer-listing      ← PartnerDealerListingInput     (approved partners)
 */

/** What a dealer offers besides selling; option labels are `dealer.service.<key>`. */
export const DEALER_SERVICES = [
  'eyeTest',
  'contactLenses',
  'repairs',
  'sunglasses',
  'kidsFrames',
] as const
export type DealerService = (typeof DEALER_SERVICES)[number]

/** Opening days, Monday first; labels are `dealer.day.<key>`. */
export const DEALER_DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const
export type DealerDay = (typeof DEALER_DAYS)[number]

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const DealerOpeningHoursSchema = z
  .array(
    z
      .object({
        day: z.enum(DEALER_DAYS),
        opens: z.string().regex(TIME, 'dealer.validation.time'),
        closes: z.string().regex(TIME, 'dealer.validation.time'),
      })
      .refine((row) => row.opens < row.closes, {
        message: 'dealer.validation.closesBeforeOpens',
        path: ['closes'],
      }),
  )
  .max(14)
export type DealerOpeningHours = z.infer<typeof DealerOpeningHoursSchema>

/** `o123` a Dealer object, `p45` a partner's own entry. */
export const DealerRefSchema = z.string().regex(/^[op][1-9]\d{0,15}$/, 'dealer.notFound')
export type DealerRef = z.infer<typeof DealerRefSchema>

export const GEO_QUERY_MAX = 100

/** A place of the gazetteer: a town, a town's part ("Praha 4") or a postcode's place. */
export interface GeoPlace {
  /** As the gazetteer writes it, with its accents: "Praha 4", "Győr", "Cluj-Napoca". */
  readonly name: string
  /** The postcode when the match was one ("140 00"), else ''. */
  readonly postcode: string
  /** ISO 3166-1 alpha-2 of one of the five countries. */
  readonly country: string
  /** A region or district to tell same-named places apart; '' when unknown. */
  readonly region: string
  readonly lat: number
  readonly lng: number
}

export const GeoSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'validation.required').max(GEO_QUERY_MAX, 'dealer.queryTooLong'),
  /** Five at most unless asked for more. */
  limit: z.coerce.number().int().min(1).max(10).default(5),
})
export interface GeoSuggestAnswer {
  readonly places: readonly GeoPlace[]
}

export const DEALER_PAGE_SIZE = 20

/**
 * One search: an address (`q`, geocoded to its best place) or a point (`lat`+`lng`, "use my
 * location"), or neither (alphabetical). Brand and service filters narrow it.
 */
export const DealerSearchQuerySchema = z
  .object({
    q: z.string().trim().max(GEO_QUERY_MAX, 'dealer.queryTooLong').default(''),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    /** Brand object ids joined by `_` (the list filters' encoding). */
    brands: z
      .string()
      .regex(/^(\d{1,15}(_\d{1,15}){0,19})?$/, 'dealer.badFilter')
      .default(''),
    services: z
      .string()
      .max(200)
      .default('')
      .transform((value, ctx) => {
        const keys = value === '' ? [] : value.split('_')
        for (const key of keys) {
          if (!(DEALER_SERVICES as readonly string[]).includes(key)) {
            ctx.addIssue({ code: 'custom', message: 'dealer.badFilter' })
            return z.NEVER
          }
        }
        return keys as DealerService[]
      }),
    country: z.enum(COUNTRIES).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'dealer.badPoint',
    path: ['lng'],
  })
export type DealerSearchQuery = z.output<typeof DealerSearchQuerySchema>

export interface DealerSummary {
  readonly ref: DealerRef
  /** The dealer page's slug (from the name). */
  readonly slug: string
  readonly name: string
  readonly street: string
  readonly city: string
  readonly postcode: string
  readonly country: string
  readonly lat: number | null
  readonly lng: number | null
  /** Metres from the searched place or point; null without one. */
  readonly distance: number | null
  readonly phone: string
  readonly email: string
  readonly web: string
  readonly services: readonly DealerService[]
  readonly brands: readonly { readonly id: number; readonly name: string }[]
  /** An approved partner's own entry (else the shop's Dealer object). */
  readonly isPartner: boolean
}

export interface Dealer extends DealerSummary {
  readonly openingHours: DealerOpeningHours
  /** In the page's language; '' when none. */
  readonly description: string
}

export interface DealerSearchAnswer {
  /** The place `q` was geocoded to (the list is sorted by distance from it); null otherwise. */
  readonly place: GeoPlace | null
  readonly dealers: readonly DealerSummary[]
  /** Every match's position for the map (all pages), so markers need no second request. */
  readonly markers: readonly {
    readonly ref: DealerRef
    readonly name: string
    readonly lat: number
    readonly lng: number
  }[]
  readonly total: number
  readonly page: number
  readonly pageCount: number
  /** Filter choices with the dealers each would match (the current search's other filters applied). */
  readonly facets: {
    readonly brands: readonly {
      readonly id: number
      readonly name: string
      readonly count: number
    }[]
    readonly services: readonly { readonly key: DealerService; readonly count: number }[]
  }
}

export const PartnerDealerListingInputSchema = z.object({
  listed: z.boolean(),
  name: z.string().trim().min(1, 'validation.required').max(200),
  street: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1, 'validation.required').max(100),
  postcode: z.string().trim().max(20).default(''),
  country: z.enum(COUNTRIES),
  /** Omitted: found from the postcode and town by the gazetteer ('Address not found' otherwise). */
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  phone: z.string().trim().max(40).default(''),
  email: z.string().trim().max(254).default(''),
  web: z
    .string()
    .trim()
    .max(300)
    .regex(/^(https?:\/\/\S+)?$/, 'dealer.validation.web')
    .default(''),
  openingHours: DealerOpeningHoursSchema.default([]),
  services: z.array(z.enum(DEALER_SERVICES)).max(DEALER_SERVICES.length).default([]),
  brandIds: z.array(z.number().int().positive()).max(50).default([]),
})
export type PartnerDealerListingInput = z.input<typeof PartnerDealerListingInputSchema>
export type PartnerDealerListing = z.output<typeof PartnerDealerListingInputSchema> & {
  readonly lat: number
  readonly lng: number
}
