import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  convertQuantity,
  convertToAll,
  findUnitGraphProblems,
  indexUnits,
  type ConvertibleUnit,
  type UnitGraphProblem,
} from '@optika/domain/pim/convert-quantity'
import type {
  ConvertAllResult,
  ConvertResult,
  QuantityUnit,
  QuantityUnitInputSchema,
  QuantityUnitUpdateSchema,
  UnitPage,
  UnitProxyQuerySchema,
} from '@optika/domain/pim/quantity-value-api'
import type { Db } from '../../platform/db/client.ts'
import { quantityValueUnits } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { containsPattern } from '../classification-store/like-pattern.ts'

type UnitInput = z.infer<typeof QuantityUnitInputSchema>
type UnitUpdate = z.infer<typeof QuantityUnitUpdateSchema>
type UnitQuery = z.infer<typeof UnitProxyQuerySchema>

const PROBLEM_KEYS: Record<UnitGraphProblem, string> = {
  selfBase: 'pimStores.unitSelfBase',
  missingBase: 'pimStores.unitBaseNotFound',
  cycle: 'pimStores.unitCycle',
  zeroFactor: 'pimStores.factorZero',
}

function toUnit(row: typeof quantityValueUnits.$inferSelect): QuantityUnit {
  return {
    id: row.id,
    abbreviation: row.abbreviation,
    longname: row.longname,
    group: row.group,
    baseUnitId: row.baseUnitId,
    factor: row.factor,
    conversionOffset: row.conversionOffset,
    reference: row.reference,
  }
}

/** Every unit, by group then abbreviation (what unit pickers and the export show). */
export async function listAllUnits(db: Db): Promise<QuantityUnit[]> {
  const rows = await db
    .select()
    .from(quantityValueUnits)
    .orderBy(
      asc(quantityValueUnits.group),
      asc(quantityValueUnits.abbreviation),
      asc(quantityValueUnits.id),
    )
  return rows.map(toUnit)
}

/** One page of units, filtered by text in id, abbreviation, long name, group or reference. */
export async function listUnitPage(db: Db, query: UnitQuery): Promise<UnitPage> {
  const where: SQL | undefined =
    query.filter === undefined || query.filter === ''
      ? undefined
      : or(
          ...[
            quantityValueUnits.id,
            quantityValueUnits.abbreviation,
            quantityValueUnits.longname,
            quantityValueUnits.group,
            quantityValueUnits.reference,
          ].map((column) => ilike(column, containsPattern(query.filter ?? ''))),
        )
  const order = query.dir.toLowerCase() === 'desc' ? desc : asc
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quantityValueUnits)
      .where(where)
      .orderBy(order(quantityValueUnits[query.sort]), asc(quantityValueUnits.id))
      .offset(query.start)
      .limit(query.limit),
    db.select({ n: count() }).from(quantityValueUnits).where(where),
  ])
  return { total: total?.n ?? 0, data: rows.map(toUnit) }
}

/** 400 listing every unit of `changed` whose base chain would be broken in the resulting set. */
function assertSoundGraph(
  all: readonly ConvertibleUnit[],
  changed: ReadonlyMap<string, number | string>,
): void {
  const problems = findUnitGraphProblems(all).filter((problem) => changed.has(problem.unitId))
  if (problems.length === 0) return
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    'pimStores.unitsInvalid',
    {},
    problems.map((problem) => ({
      path: `${changed.get(problem.unitId)}.${problem.problem === 'zeroFactor' ? 'factor' : 'baseUnitId'}`,
      key: PROBLEM_KEYS[problem.problem],
      params: { id: problem.unitId },
    })),
  )
}

function rowValues(input: UnitInput) {
  return {
    abbreviation: input.abbreviation,
    longname: input.longname,
    group: input.group,
    baseUnitId: input.baseUnitId,
    factor: input.factor,
    conversionOffset: input.conversionOffset,
    reference: input.reference,
  }
}

export async function createUnit(db: Db, input: UnitInput): Promise<QuantityUnit> {
  const all = await listAllUnits(db)
  if (all.some((unit) => unit.id === input.id)) {
    throw new AppError(409, 'UNIT_EXISTS', 'pimStores.unitIdTaken', { id: input.id }, [
      { path: 'data.id', key: 'pimStores.unitIdTaken', params: { id: input.id } },
    ])
  }
  assertSoundGraph([...all, input], new Map([[input.id, 'data']]))
  const [row] = await db
    .insert(quantityValueUnits)
    .values({ id: input.id, ...rowValues(input) })
    .returning()
  return toUnit(row!)
}

export async function updateUnit(db: Db, input: UnitUpdate): Promise<QuantityUnit> {
  const all = await listAllUnits(db)
  const current = all.find((unit) => unit.id === input.id)
  if (!current) throw notFound('pimStores.unitNotFound')
  const next: QuantityUnit = {
    id: current.id,
    abbreviation: input.abbreviation ?? current.abbreviation,
    longname: input.longname ?? current.longname,
    group: input.group ?? current.group,
    baseUnitId: input.baseUnitId === undefined ? current.baseUnitId : input.baseUnitId,
    factor: input.factor === undefined ? current.factor : input.factor,
    conversionOffset:
      input.conversionOffset === undefined ? current.conversionOffset : input.conversionOffset,
    reference: input.reference ?? current.reference,
  }
  assertSoundGraph(
    all.map((unit) => (unit.id === next.id ? next : unit)),
    new Map([[next.id, 'data']]),
  )
  const [row] = await db
    .update(quantityValueUnits)
    .set({ ...rowValues(next), updatedAt: new Date() })
    .where(eq(quantityValueUnits.id, next.id))
    .returning()
  return toUnit(row!)
}

/** Deletes a unit no other unit converts into (409 naming them otherwise). */
export async function deleteUnit(db: Db, id: string): Promise<void> {
  const all = await listAllUnits(db)
  if (!all.some((unit) => unit.id === id)) throw notFound('pimStores.unitNotFound')
  const dependants = all.filter((unit) => unit.baseUnitId === id && unit.id !== id)
  if (dependants.length > 0) {
    const units = dependants.map((unit) => unit.id).join(', ')
    throw new AppError(409, 'UNIT_IN_USE', 'pimStores.unitIsBase', { units })
  }
  await db.delete(quantityValueUnits).where(eq(quantityValueUnits.id, id))
}

/** `value` converted between two units through their common base; 400 when they share none. */
export async function convertUnits(
  db: Db,
  value: number,
  fromUnit: string,
  toUnit: string,
): Promise<ConvertResult> {
  const units = await listAllUnits(db)
  const result = convertQuantity(indexUnits(units), value, fromUnit, toUnit)
  if (!result.ok) {
    throw result.reason === 'unknownUnit'
      ? notFound('pimStores.unitNotFound')
      : new AppError(400, 'INCOMPATIBLE_UNITS', 'pimStores.unitsIncompatible', {
          from: fromUnit,
          to: toUnit,
        })
  }
  return { value: result.value, fromUnit, toUnit }
}

/** `value` in every unit convertible from `fromUnit` (itself included), by group and abbreviation. */
export async function convertToAllUnits(
  db: Db,
  value: number,
  fromUnit: string,
): Promise<ConvertAllResult> {
  const units = await listAllUnits(db)
  const values = convertToAll(units, value, fromUnit)
  if (!values) throw notFound('pimStores.unitNotFound')
  const abbreviations = new Map(units.map((unit) => [unit.id, unit.abbreviation]))
  return {
    value,
    fromUnit,
    values: values.map((entry) => ({
      ...entry,
      abbreviation: abbreviations.get(entry.unitId) ?? entry.unitId,
    })),
  }
}

/**
 * Imports units: creates new ids and updates existing ones in one transaction. Every entry is
 * checked against the resulting set first (duplicates, base units, cycles); any problem answers
 * 400 listing the entries and nothing is written.
 */
export async function importUnits(
  db: Db,
  units: readonly UnitInput[],
): Promise<{ created: number; updated: number }> {
  const positions = new Map<string, number>()
  const duplicates: { path: string; key: string; params: { id: string } }[] = []
  units.forEach((unit, index) => {
    if (positions.has(unit.id)) {
      duplicates.push({
        path: `${index}.id`,
        key: 'pimStores.unitDuplicate',
        params: { id: unit.id },
      })
    }
    positions.set(unit.id, index)
  })
  if (duplicates.length > 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'pimStores.unitsInvalid', {}, duplicates)
  }
  return db.transaction(async (tx) => {
    const existing = await listAllUnits(tx)
    const imported = new Map(units.map((unit) => [unit.id, unit]))
    const resulting = [...existing.filter((unit) => !imported.has(unit.id)), ...units]
    assertSoundGraph(resulting, positions)
    const existingIds = new Set(existing.map((unit) => unit.id))
    // Insert without base units first, so an entry may name a base that comes later in the file.
    const fresh = units.filter((unit) => !existingIds.has(unit.id))
    if (fresh.length > 0) {
      await tx
        .insert(quantityValueUnits)
        .values(fresh.map((unit) => ({ id: unit.id, ...rowValues(unit), baseUnitId: null })))
    }
    for (const unit of units) {
      await tx
        .update(quantityValueUnits)
        .set({ ...rowValues(unit), updatedAt: new Date() })
        .where(eq(quantityValueUnits.id, unit.id))
    }
    const created = fresh.length
    return { created, updated: units.length - created }
  })
}
