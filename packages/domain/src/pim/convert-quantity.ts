/**
 * Quantity conversion between units, pure. A unit with a base unit converts into it by
 * `value_in_base = value * factor + conversionOffset`; a unit without one is a base itself. Two
 * units convert into each other when their chains end in the same base (e.g. cm → m ← mm).
 */
export interface ConvertibleUnit {
  readonly id: string
  readonly baseUnitId: string | null
  /** null reads as 1 (a plain alias of the base). Never 0: the step could not be reversed. */
  readonly factor: number | null
  /** null reads as 0. */
  readonly conversionOffset: number | null
}

export type ConversionResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: 'unknownUnit' | 'incompatible' }

interface Step {
  readonly factor: number
  readonly offset: number
}

/** Twelve significant digits hide binary noise (0.1 / 0.001 = 99.99999999999999) without losing real precision. */
function tidy(value: number): number {
  return Number(value.toPrecision(12))
}

/** The chain from a unit to its final base; undefined for an unknown unit or a broken/cyclic chain. */
function chainToBase(
  units: ReadonlyMap<string, ConvertibleUnit>,
  unitId: string,
): { baseId: string; steps: Step[] } | undefined {
  const steps: Step[] = []
  const seen = new Set<string>()
  let unit = units.get(unitId)
  if (!unit) return undefined
  while (unit.baseUnitId !== null && unit.baseUnitId !== unit.id) {
    if (seen.has(unit.id)) return undefined
    seen.add(unit.id)
    const factor = unit.factor ?? 1
    if (factor === 0 || !Number.isFinite(factor)) return undefined
    steps.push({ factor, offset: unit.conversionOffset ?? 0 })
    const base = units.get(unit.baseUnitId)
    if (!base) return undefined
    unit = base
  }
  return { baseId: unit.id, steps }
}

function toBase(value: number, steps: readonly Step[]): number {
  return steps.reduce((v, step) => v * step.factor + step.offset, value)
}

function fromBase(value: number, steps: readonly Step[]): number {
  return steps.reduceRight((v, step) => (v - step.offset) / step.factor, value)
}

/** Indexes units by id for the conversion functions. */
export function indexUnits(units: readonly ConvertibleUnit[]): Map<string, ConvertibleUnit> {
  return new Map(units.map((unit) => [unit.id, unit]))
}

/** Converts `value` from one unit to another through their common base. */
export function convertQuantity(
  units: ReadonlyMap<string, ConvertibleUnit>,
  value: number,
  fromUnitId: string,
  toUnitId: string,
): ConversionResult {
  const from = chainToBase(units, fromUnitId)
  const to = chainToBase(units, toUnitId)
  if (!from || !to) return { ok: false, reason: 'unknownUnit' }
  if (from.baseId !== to.baseId) return { ok: false, reason: 'incompatible' }
  return { ok: true, value: tidy(fromBase(toBase(value, from.steps), to.steps)) }
}

/** `value` (in `fromUnitId`) expressed in every unit sharing its base, the unit itself included, in the given order. */
export function convertToAll(
  units: readonly ConvertibleUnit[],
  value: number,
  fromUnitId: string,
): { unitId: string; value: number }[] | undefined {
  const index = indexUnits(units)
  if (!chainToBase(index, fromUnitId)) return undefined
  return units.flatMap((unit) => {
    const result = convertQuantity(index, value, fromUnitId, unit.id)
    return result.ok ? [{ unitId: unit.id, value: result.value }] : []
  })
}

export type UnitGraphProblem = 'selfBase' | 'missingBase' | 'cycle' | 'zeroFactor'

/**
 * What is wrong with each unit of a set as a whole: a base unit that is the unit itself, one
 * that does not exist in the set, a chain of bases that loops, a factor of zero.
 */
export function findUnitGraphProblems(
  units: readonly ConvertibleUnit[],
): { unitId: string; problem: UnitGraphProblem }[] {
  const index = indexUnits(units)
  const problems: { unitId: string; problem: UnitGraphProblem }[] = []
  for (const unit of units) {
    if (unit.factor === 0) problems.push({ unitId: unit.id, problem: 'zeroFactor' })
    if (unit.baseUnitId === null) continue
    if (unit.baseUnitId === unit.id) {
      problems.push({ unitId: unit.id, problem: 'selfBase' })
      continue
    }
    if (!index.has(unit.baseUnitId)) {
      problems.push({ unitId: unit.id, problem: 'missingBase' })
      continue
    }
    const seen = new Set<string>([unit.id])
    let next = index.get(unit.baseUnitId)
    while (next && next.baseUnitId !== null) {
      if (seen.has(next.id)) {
        problems.push({ unitId: unit.id, problem: 'cycle' })
        break
      }
      seen.add(next.id)
      next = index.get(next.baseUnitId)
    }
  }
  return problems
}
