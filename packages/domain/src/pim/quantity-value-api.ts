import { z } from 'zod'

/**
 * Input and answer shapes of the quantity value units API (/admin/quantity-value/*), shared by
 * the server routes, the back office's units screen and the tests.
 */

/** Unit ids are stable codes stored in object data (`{ value, unitId }`). */
export const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9_.%-]{0,63}$/
export const UnitIdSchema = z.string().regex(UNIT_ID, 'pimStores.unitIdInvalid')

const factor = z
  .number()
  .finite()
  .refine((value) => value !== 0, 'pimStores.factorZero')

/** A unit as created or imported; `value_in_base = value * factor + conversionOffset`. */
export const QuantityUnitInputSchema = z.object({
  id: UnitIdSchema,
  abbreviation: z.string().trim().min(1, 'validation.required').max(32),
  longname: z.string().trim().max(190).default(''),
  group: z.string().trim().max(64).default(''),
  baseUnitId: UnitIdSchema.nullable().default(null),
  factor: factor.nullable().default(null),
  conversionOffset: z.number().finite().nullable().default(null),
  reference: z.string().trim().max(190).default(''),
})
export type QuantityUnitInput = z.input<typeof QuantityUnitInputSchema>

export const QuantityUnitSchema = z.object({
  id: z.string(),
  abbreviation: z.string(),
  longname: z.string(),
  group: z.string(),
  baseUnitId: z.string().nullable(),
  factor: z.number().nullable(),
  conversionOffset: z.number().nullable(),
  reference: z.string(),
})
export type QuantityUnit = z.infer<typeof QuantityUnitSchema>

/** A change of a unit: its id and the fields to change. */
export const QuantityUnitUpdateSchema = QuantityUnitInputSchema.partial().extend({
  id: UnitIdSchema,
  abbreviation: z.string().trim().min(1, 'validation.required').max(32).optional(),
  longname: z.string().trim().max(190).optional(),
  group: z.string().trim().max(64).optional(),
  baseUnitId: UnitIdSchema.nullable().optional(),
  factor: factor.nullable().optional(),
  conversionOffset: z.number().finite().nullable().optional(),
  reference: z.string().trim().max(190).optional(),
})
export type QuantityUnitUpdate = z.input<typeof QuantityUnitUpdateSchema>

/** POST/PUT /admin/quantity-value/unit-proxy — Pimcore's proxy style: one action with its data. */
export const UnitProxyActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), data: QuantityUnitInputSchema }),
  z.object({ action: z.literal('update'), data: QuantityUnitUpdateSchema }),
  z.object({ action: z.literal('destroy'), data: z.object({ id: UnitIdSchema }) }),
])
export type UnitProxyAction = z.input<typeof UnitProxyActionSchema>

export const UNIT_SORT_FIELDS = ['id', 'abbreviation', 'longname', 'group', 'baseUnitId'] as const

/** GET /admin/quantity-value/unit-proxy — a page of units, filtered by text in any field. */
export const UnitProxyQuerySchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  filter: z.string().trim().max(190).optional(),
  sort: z.enum(UNIT_SORT_FIELDS).default('group'),
  dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
})
export type UnitProxyQuery = z.input<typeof UnitProxyQuerySchema>

export const UnitPageSchema = z.object({
  total: z.number().int(),
  data: z.array(QuantityUnitSchema),
})
export type UnitPage = z.infer<typeof UnitPageSchema>

/** The answer of a proxy write: the unit as stored (create/update) or the removed id. */
export const UnitProxyResultSchema = z.object({
  success: z.literal(true),
  data: QuantityUnitSchema.nullable(),
  id: z.string(),
})

/** GET /admin/quantity-value/convert */
export const ConvertQuerySchema = z.object({
  value: z.coerce.number().finite(),
  fromUnit: UnitIdSchema,
  toUnit: UnitIdSchema,
})
export type ConvertQuery = z.input<typeof ConvertQuerySchema>

export const ConvertResultSchema = z.object({
  value: z.number(),
  fromUnit: z.string(),
  toUnit: z.string(),
})
export type ConvertResult = z.infer<typeof ConvertResultSchema>

/** GET /admin/quantity-value/convert-all */
export const ConvertAllQuerySchema = z.object({
  value: z.coerce.number().finite(),
  unit: UnitIdSchema,
})
export type ConvertAllQuery = z.input<typeof ConvertAllQuerySchema>

export const ConvertAllResultSchema = z.object({
  value: z.number(),
  fromUnit: z.string(),
  values: z.array(z.object({ unitId: z.string(), abbreviation: z.string(), value: z.number() })),
})
export type ConvertAllResult = z.infer<typeof ConvertAllResultSchema>

/**
 * POST/PUT /admin/quantity-value/unit-import — what unit-export wrote: the list of units, or an
 * object holding it as `units`. Units are created or updated by id.
 */
export const UnitImportSchema = z.union([
  z.array(QuantityUnitInputSchema).max(10_000),
  z.object({ units: z.array(QuantityUnitInputSchema).max(10_000) }).transform((body) => body.units),
])
export type UnitImport = z.input<typeof UnitImportSchema>

export const UnitImportResultSchema = z.object({
  success: z.literal(true),
  created: z.number().int(),
  updated: z.number().int(),
})
export type UnitImportResult = z.infer<typeof UnitImportResultSchema>
