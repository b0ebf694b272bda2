import { z } from 'zod'

/**
 * Static routes (Pimcore's StaticRoutesBundle, issue 19): a storefront address pattern that
 * draws a page type of the shop, e.g. `/{locale}/brand/{slug}` → the product list of that brand.
 */

/** `simple`: `/{locale}/brand/{slug}`, one path segment per variable; `regex`: named groups. */
export const STATIC_ROUTE_SYNTAXES = ['simple', 'regex'] as const
export type StaticRouteSyntax = (typeof STATIC_ROUTE_SYNTAXES)[number]

/**
 * What a matching address draws:
 * - `productListing`: the product list of a query template (`cid=12&brand={slug}`);
 * - `document`: the document at a path template (`/{locale}/about`), drawn under the route's address;
 * - `page`: a redirect (302) to a named storefront page (`search?q={slug}`), built from ROUTES.
 */
export const STATIC_ROUTE_TARGETS = ['productListing', 'document', 'page'] as const
export type StaticRouteTarget = (typeof STATIC_ROUTE_TARGETS)[number]

export const STATIC_ROUTE_METHODS = ['GET', 'POST'] as const
export type StaticRouteMethod = (typeof STATIC_ROUTE_METHODS)[number]

const VARIABLE_NAME = /^[a-zA-Z_]\w{0,39}$/

export const StaticRouteInputSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][\w-]{0,79}$/, 'siteTools.error.routeName'),
  syntax: z.enum(STATIC_ROUTE_SYNTAXES).default('simple'),
  pattern: z.string().trim().min(2, 'siteTools.error.patternRequired').max(300),
  reverse: z.string().trim().max(300).default(''),
  targetType: z.enum(STATIC_ROUTE_TARGETS),
  target: z.string().trim().max(500).default(''),
  defaults: z
    .record(z.string().regex(VARIABLE_NAME, 'siteTools.error.variableName'), z.string().max(200))
    .default({}),
  priority: z.number().int().min(-1000).max(1000).default(0),
  siteId: z.number().int().positive().nullable().default(null),
  methods: z.array(z.enum(STATIC_ROUTE_METHODS)).max(2).default([]),
})
export type StaticRouteInput = z.infer<typeof StaticRouteInputSchema>

export const StaticRouteSchema = StaticRouteInputSchema.extend({
  id: z.number().int(),
  /** The variables the pattern names, in order. */
  variables: z.array(z.string()),
  updatedAt: z.string(),
})
export type StaticRoute = z.infer<typeof StaticRouteSchema>

/** Pimcore's grid actions on `POST /admin/bundle/staticroutes/staticroutes`. */
export const GRID_ACTIONS = ['read', 'create', 'update', 'destroy'] as const
export type GridAction = (typeof GRID_ACTIONS)[number]

export const StaticRouteListSchema = z.object({
  success: z.literal(true),
  data: z.array(StaticRouteSchema),
  total: z.number().int(),
})
export type StaticRouteList = z.infer<typeof StaticRouteListSchema>

/** `GET /admin/bundle/staticroutes/test`: which route answers an address, and what it draws. */
export const StaticRouteTestQuerySchema = z.object({
  path: z.string().trim().min(1).max(2000),
  method: z.enum(STATIC_ROUTE_METHODS).default('GET'),
  host: z.string().trim().max(253).default(''),
})
export type StaticRouteTestQuery = z.infer<typeof StaticRouteTestQuerySchema>

export const StaticRouteTestResultSchema = z.object({
  matched: z.boolean(),
  route: StaticRouteSchema.nullable(),
  params: z.record(z.string(), z.string()),
  /** What the route draws: the listing's query, the document's path or the page's address. */
  targetType: z.enum(STATIC_ROUTE_TARGETS).nullable(),
  target: z.string().nullable(),
  /** The route's reverse, built back from the matched values (links are built from it). */
  reversed: z.string().nullable(),
})
export type StaticRouteTestResult = z.infer<typeof StaticRouteTestResultSchema>
