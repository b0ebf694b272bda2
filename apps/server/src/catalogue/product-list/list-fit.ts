import { inArray } from 'drizzle-orm'
import {
  FIT_LIMITS,
  FIT_PARAM,
  FRAME_SIZE_FIELDS,
  parseFitParam,
  type FrameSize,
} from '@optika/domain/catalogue/frame-fit'
import type { ListFit, ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { Db } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { ProductIndexFacet, ProductIndexFilter } from '../product-index/query-product-index.ts'

/**
 * "Fits like my glasses" in the product list (docs/decisions/025-frames-that-fit.md): the `fit`
 * parameter, whether a list offers it, and the sizes its tiles show.
 */

/** `fit`: null when absent; a translated 400 naming the accepted form when malformed. */
export function readFitParam(params: URLSearchParams): FrameSize | null {
  const raw = params.get(FIT_PARAM)
  if (raw === null) return null
  const size = parseFitParam(raw)
  if (size) return size
  const { lensWidth, bridgeWidth, templeLength } = FIT_LIMITS
  throw new AppError(400, 'INVALID_FIT', 'frameFit.invalidFit', {
    lensMin: lensWidth.min,
    lensMax: lensWidth.max,
    bridgeMin: bridgeWidth.min,
    bridgeMax: bridgeWidth.max,
    templeMin: templeLength.min,
    templeMax: templeLength.max,
  })
}

const probeName = (field: string) => `\u0000sizes.${field}`

/**
 * Inactive range filters over the three sizes: the unfiltered query answers their bounds, which
 * say whether the list holds frames with sizes at all, and which sizes they come in.
 */
export const FIT_PROBES: readonly ProductIndexFilter[] = FRAME_SIZE_FIELDS.map((field) => ({
  name: probeName(field),
  type: 'range',
  column: field,
}))

/** The list's fit, from the probes' bounds; undefined when some size is missing everywhere. */
export function listFitOf(
  facets: Readonly<Record<string, ProductIndexFacet>>,
  selected: FrameSize | null,
  ranked: boolean,
): ListFit | undefined {
  const ranges: Partial<Record<(typeof FRAME_SIZE_FIELDS)[number], { min: number; max: number }>> =
    {}
  for (const field of FRAME_SIZE_FIELDS) {
    const { min = null, max = null } = facets[probeName(field)] ?? {}
    if (min === null || max === null)
      return selected ? { selected, ranked, ranges: empty() } : undefined
    ranges[field] = { min, max }
  }
  return { selected, ranked, ranges: ranges as ListFit['ranges'] }
}

function empty(): ListFit['ranges'] {
  const none = { min: 0, max: 0 }
  return { lensWidth: none, bridgeWidth: none, templeLength: none }
}

/** Adds each listed frame's sizes (the tiles' fit badge), in one query by primary key. */
export async function addFittingSizes(
  db: Db,
  products: Map<number, ProductsListProduct>,
): Promise<void> {
  if (products.size === 0) return
  const rows = await db
    .select({ id: productIndex.productId, numbers: productIndex.numbers })
    .from(productIndex)
    .where(inArray(productIndex.productId, [...products.keys()]))
  for (const row of rows) {
    const numbers = row.numbers as Record<string, unknown>
    const product = products.get(row.id)
    const [lensWidth, bridgeWidth, templeLength] = FRAME_SIZE_FIELDS.map((f) => numbers[f])
    if (
      !product ||
      typeof lensWidth !== 'number' ||
      typeof bridgeWidth !== 'number' ||
      typeof templeLength !== 'number'
    ) {
      continue
    }
    products.set(row.id, { ...product, fittingSize: { lensWidth, bridgeWidth, templeLength } })
  }
}
