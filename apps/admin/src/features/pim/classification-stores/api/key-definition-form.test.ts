import { describe, expect, it } from 'vitest'
import {
  definitionToForm,
  EMPTY_DEFINITION_FORM,
  formToDefinitionSettings,
  parseOptionLines,
} from './key-definition-form.ts'

describe('parseOptionLines', () => {
  it('reads `key: label` lines, a bare key labels itself, blank lines are skipped', () => {
    expect(parseOptionLines('round: Round\n\n  cat-eye : Cat eye \naviator')).toEqual([
      { key: 'round', value: 'Round' },
      { key: 'cat-eye', value: 'Cat eye' },
      { key: 'aviator', value: 'aviator' },
    ])
  })
})

describe('formToDefinitionSettings', () => {
  it('sends only the settings of the chosen type, numbers parsed, empty ones left out', () => {
    const values = {
      ...EMPTY_DEFINITION_FORM,
      tooltip: ' Width of one lens ',
      min: '30',
      max: '70,5',
      decimals: '1',
      regex: 'ignored for numbers',
      validUnits: ['mm'],
      defaultUnit: 'mm',
    }
    expect(formToDefinitionSettings('quantityValue', values)).toEqual({
      settings: {
        tooltip: 'Width of one lens',
        min: 30,
        max: 70.5,
        decimals: 1,
        validUnits: ['mm'],
        defaultUnit: 'mm',
      },
      invalid: [],
    })
    expect(formToDefinitionSettings('boolean', values).settings).toEqual({
      tooltip: 'Width of one lens',
    })
  })

  it('names the inputs that need a (whole, non-negative) number', () => {
    const values = { ...EMPTY_DEFINITION_FORM, minLength: '2.5', maxLength: 'ten', regex: '^a' }
    expect(formToDefinitionSettings('input', values)).toEqual({
      settings: { regex: '^a' },
      invalid: ['minLength', 'maxLength'],
    })
  })

  it('round-trips a stored definition through the form', () => {
    const definition = {
      kind: 'field' as const,
      type: 'multiselect' as const,
      name: 'coatings',
      title: 'Coatings',
      options: [
        { key: 'ar', value: 'Anti-reflective' },
        { key: 'uv', value: 'uv' },
      ],
      maxItems: 3,
    }
    const form = definitionToForm(definition)
    expect(form.options).toBe('ar: Anti-reflective\nuv')
    expect(formToDefinitionSettings('multiselect', form).settings).toEqual({
      options: definition.options,
      maxItems: 3,
    })
  })
})
