import type { FieldDefinition } from '@optika/domain/pim/class-definition'
import type { ClassificationKeyType } from '@optika/domain/pim/classification-store-api'

/** The key editor's definition settings as the form holds them: text inputs, one list. */
export interface DefinitionFormValues {
  tooltip: string
  regex: string
  minLength: string
  maxLength: string
  min: string
  max: string
  decimals: string
  unit: string
  validUnits: string[]
  defaultUnit: string
  /** One option a line: `key: label` (or just `key`, then the label is the key). */
  options: string
  minItems: string
  maxItems: string
}

export type DefinitionSetting = Exclude<keyof DefinitionFormValues, 'tooltip'>

/** The settings each key type offers (besides the tooltip, which every type has). */
export const SETTINGS_BY_TYPE: Record<ClassificationKeyType, readonly DefinitionSetting[]> = {
  input: ['regex', 'minLength', 'maxLength'],
  textarea: ['minLength', 'maxLength'],
  number: ['min', 'max', 'decimals', 'unit'],
  quantityValue: ['min', 'max', 'decimals', 'validUnits', 'defaultUnit'],
  select: ['options'],
  multiselect: ['options', 'minItems', 'maxItems'],
  boolean: [],
  date: [],
  color: [],
}

const INTEGER_SETTINGS = new Set<DefinitionSetting>([
  'minLength',
  'maxLength',
  'decimals',
  'minItems',
  'maxItems',
])
const NUMBER_SETTINGS = new Set<DefinitionSetting>(['min', 'max'])

export const EMPTY_DEFINITION_FORM: DefinitionFormValues = {
  tooltip: '',
  regex: '',
  minLength: '',
  maxLength: '',
  min: '',
  max: '',
  decimals: '',
  unit: '',
  validUnits: [],
  defaultUnit: '',
  options: '',
  minItems: '',
  maxItems: '',
}

/** `key: label` lines into options; blank lines are skipped. */
export function parseOptionLines(text: string): { key: string; value: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      if (colon < 0) return { key: line, value: line }
      const key = line.slice(0, colon).trim()
      const value = line.slice(colon + 1).trim()
      return { key, value: value === '' ? key : value }
    })
}

function formatOptionLines(options: readonly { key: string; value: string }[]): string {
  return options
    .map((option) => (option.key === option.value ? option.key : `${option.key}: ${option.value}`))
    .join('\n')
}

function text(value: number | string | undefined): string {
  return value === undefined ? '' : String(value)
}

/** A stored definition as the form's values. */
export function definitionToForm(definition: FieldDefinition | undefined): DefinitionFormValues {
  if (!definition) return EMPTY_DEFINITION_FORM
  return {
    tooltip: definition.tooltip ?? '',
    regex: definition.regex ?? '',
    minLength: text(definition.minLength),
    maxLength: text(definition.maxLength),
    min: text(definition.min),
    max: text(definition.max),
    decimals: text(definition.decimals),
    unit: definition.unit ?? '',
    validUnits: [...(definition.validUnits ?? [])],
    defaultUnit: definition.defaultUnit ?? '',
    options: formatOptionLines(definition.options ?? []),
    minItems: text(definition.minItems),
    maxItems: text(definition.maxItems),
  }
}

/**
 * The settings to send for a key type: only the type's own settings, empty ones left out,
 * numbers parsed. `invalid` names the inputs that hold no (whole) number where one is needed.
 */
export function formToDefinitionSettings(
  type: ClassificationKeyType,
  values: DefinitionFormValues,
): { settings: Record<string, unknown>; invalid: DefinitionSetting[] } {
  const settings: Record<string, unknown> = {}
  const invalid: DefinitionSetting[] = []
  if (values.tooltip.trim() !== '') settings.tooltip = values.tooltip.trim()
  for (const setting of SETTINGS_BY_TYPE[type]) {
    if (setting === 'validUnits') {
      if (values.validUnits.length > 0) settings.validUnits = values.validUnits
      continue
    }
    if (setting === 'options') {
      const options = parseOptionLines(values.options)
      if (options.length > 0) settings.options = options
      continue
    }
    const raw = values[setting].trim()
    if (raw === '') continue
    if (INTEGER_SETTINGS.has(setting) || NUMBER_SETTINGS.has(setting)) {
      const number = Number(raw.replace(',', '.'))
      const whole = INTEGER_SETTINGS.has(setting)
      if (!Number.isFinite(number) || (whole && (!Number.isInteger(number) || number < 0))) {
        invalid.push(setting)
      } else {
        settings[setting] = number
      }
      continue
    }
    settings[setting] = raw
  }
  return { settings, invalid }
}
