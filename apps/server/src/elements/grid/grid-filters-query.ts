import { z } from 'zod'
import { GridFilterSchema, type GridFilter } from '@optika/domain/pim/grid-api'
import { AppError } from '../../platform/http/app-error.ts'

/** A grid's GET `filters` parameter (JSON) as filters; anything else is a 400. */
export function parseGridFiltersQuery(text: string | undefined): GridFilter[] {
  if (!text) return []
  let filters: unknown
  try {
    filters = JSON.parse(text)
  } catch {
    throw new AppError(400, 'BAD_FILTER', 'pimGrid.badFilterJson')
  }
  const parsed = z.array(GridFilterSchema).max(50).safeParse(filters)
  if (!parsed.success) throw new AppError(400, 'BAD_FILTER', 'pimGrid.badFilterJson')
  return parsed.data
}
