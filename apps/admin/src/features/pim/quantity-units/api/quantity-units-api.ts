import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  ConvertAllResultSchema,
  ConvertResultSchema,
  QuantityUnitSchema,
  UnitImportResultSchema,
  UnitPageSchema,
  UnitProxyResultSchema,
  type QuantityUnit,
  type UnitProxyAction,
} from '@optika/domain/pim/quantity-value-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const BASE = '/admin/quantity-value'

export const unitKeys = {
  all: ['admin', 'quantity-units'] as const,
  list: ['admin', 'quantity-units', 'list'] as const,
  page: (filter: string, page: number) =>
    ['admin', 'quantity-units', 'page', filter, page] as const,
}

export const UNIT_PAGE_SIZE = 50

/** How a unit reads in pickers: its abbreviation, with the long name when there is one. */
export function unitLabel(unit: Pick<QuantityUnit, 'abbreviation' | 'longname'>): string {
  return unit.longname === '' ? unit.abbreviation : `${unit.abbreviation} (${unit.longname})`
}

/** Every unit, by group and abbreviation (pickers, the convert tool). */
export function useUnitList() {
  return useQuery({
    queryKey: unitKeys.list,
    queryFn: async () =>
      z.object({ data: z.array(QuantityUnitSchema) }).parse(await getJson(`${BASE}/unit-list`))
        .data,
  })
}

export function useUnitPage(filter: string, page: number) {
  return useQuery({
    queryKey: unitKeys.page(filter, page),
    queryFn: async () => {
      const query = new URLSearchParams({
        start: String((page - 1) * UNIT_PAGE_SIZE),
        limit: String(UNIT_PAGE_SIZE),
      })
      if (filter !== '') query.set('filter', filter)
      return UnitPageSchema.parse(await getJson(`${BASE}/unit-proxy?${query.toString()}`))
    },
  })
}

/** Creates, updates or deletes one unit through the proxy. */
export async function runUnitAction(action: UnitProxyAction) {
  return UnitProxyResultSchema.parse(
    await sendJson(action.action === 'create' ? 'POST' : 'PUT', `${BASE}/unit-proxy`, action),
  )
}

export async function convertValue(value: number, fromUnit: string, toUnit: string) {
  const query = new URLSearchParams({ value: String(value), fromUnit, toUnit })
  return ConvertResultSchema.parse(await getJson(`${BASE}/convert?${query.toString()}`))
}

export async function convertValueToAll(value: number, unit: string) {
  const query = new URLSearchParams({ value: String(value), unit })
  return ConvertAllResultSchema.parse(await getJson(`${BASE}/convert-all?${query.toString()}`))
}

/** The export as the server writes it (the download link uses the URL directly). */
export const UNIT_EXPORT_URL = `${BASE}/unit-export`

export async function importUnits(units: unknown) {
  return UnitImportResultSchema.parse(await sendJson('POST', `${BASE}/unit-import`, units))
}
