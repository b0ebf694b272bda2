import { describe, expect, it } from 'vitest'
import {
  checkUnitForm,
  EMPTY_UNIT_FORM,
  formToUnit,
  parseDecimal,
  unitToForm,
} from './unit-form.ts'

describe('parseDecimal', () => {
  it('reads a decimal comma or point; empty is null, text is NaN', () => {
    expect(parseDecimal(' 0,001 ')).toBe(0.001)
    expect(parseDecimal('2.54')).toBe(2.54)
    expect(parseDecimal('')).toBeNull()
    expect(parseDecimal('abc')).toBeNaN()
  })
})

describe('checkUnitForm', () => {
  it('needs an id and abbreviation, numeric factor and offset, a non-zero factor, another base', () => {
    expect(checkUnitForm(EMPTY_UNIT_FORM)).toEqual({ id: 'required', abbreviation: 'required' })
    expect(
      checkUnitForm({
        ...EMPTY_UNIT_FORM,
        id: 'mm',
        abbreviation: 'mm',
        baseUnitId: 'mm',
        factor: '0',
        conversionOffset: 'x',
      }),
    ).toEqual({ baseUnitId: 'selfBase', factor: 'factorZero', conversionOffset: 'notANumber' })
  })
})

describe('formToUnit', () => {
  it('sends parsed numbers, and none for a base unit', () => {
    const form = {
      ...EMPTY_UNIT_FORM,
      id: ' cm ',
      abbreviation: 'cm',
      baseUnitId: 'm',
      factor: '0,01',
    }
    expect(formToUnit(form)).toMatchObject({
      id: 'cm',
      baseUnitId: 'm',
      factor: 0.01,
      conversionOffset: null,
    })
    expect(formToUnit({ ...form, baseUnitId: '' })).toMatchObject({
      baseUnitId: null,
      factor: null,
    })
  })

  it('round-trips a stored unit', () => {
    const unit = {
      id: 'fahrenheit',
      abbreviation: '°F',
      longname: 'degree Fahrenheit',
      group: 'temperature',
      baseUnitId: 'celsius',
      factor: 0.5,
      conversionOffset: -17.5,
      reference: '',
    }
    expect(formToUnit(unitToForm(unit))).toEqual(unit)
  })
})
