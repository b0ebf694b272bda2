import type { QuantityUnit } from '@optika/domain/pim/quantity-value-api'

/** The unit editor's values: numbers as typed, empty base = a base unit itself. */
export interface UnitFormValues {
  id: string
  abbreviation: string
  longname: string
  group: string
  baseUnitId: string
  factor: string
  conversionOffset: string
  reference: string
}

export const EMPTY_UNIT_FORM: UnitFormValues = {
  id: '',
  abbreviation: '',
  longname: '',
  group: '',
  baseUnitId: '',
  factor: '',
  conversionOffset: '',
  reference: '',
}

export function unitToForm(unit: QuantityUnit): UnitFormValues {
  return {
    id: unit.id,
    abbreviation: unit.abbreviation,
    longname: unit.longname,
    group: unit.group,
    baseUnitId: unit.baseUnitId ?? '',
    factor: unit.factor === null ? '' : String(unit.factor),
    conversionOffset: unit.conversionOffset === null ? '' : String(unit.conversionOffset),
    reference: unit.reference,
  }
}

/** A typed decimal (comma or point); empty is null, anything else not a number is NaN. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) ? value : Number.NaN
}

export type UnitFormProblem = 'required' | 'notANumber' | 'factorZero' | 'selfBase'

/** What is wrong with the values before they are sent (the server checks the rest: loops, ids). */
export function checkUnitForm(
  values: UnitFormValues,
): Partial<Record<keyof UnitFormValues, UnitFormProblem>> {
  const problems: Partial<Record<keyof UnitFormValues, UnitFormProblem>> = {}
  if (values.id.trim() === '') problems.id = 'required'
  if (values.abbreviation.trim() === '') problems.abbreviation = 'required'
  const factor = parseDecimal(values.factor)
  if (Number.isNaN(factor)) problems.factor = 'notANumber'
  else if (factor === 0) problems.factor = 'factorZero'
  if (Number.isNaN(parseDecimal(values.conversionOffset))) problems.conversionOffset = 'notANumber'
  if (values.baseUnitId !== '' && values.baseUnitId === values.id.trim()) {
    problems.baseUnitId = 'selfBase'
  }
  return problems
}

/** The unit to send: trimmed texts, parsed numbers, no factor or offset without a base unit. */
export function formToUnit(values: UnitFormValues): QuantityUnit {
  const base = values.baseUnitId === '' ? null : values.baseUnitId
  return {
    id: values.id.trim(),
    abbreviation: values.abbreviation.trim(),
    longname: values.longname.trim(),
    group: values.group.trim(),
    baseUnitId: base,
    factor: base === null ? null : parseDecimal(values.factor),
    conversionOffset: base === null ? null : parseDecimal(values.conversionOffset),
    reference: values.reference.trim(),
  }
}
