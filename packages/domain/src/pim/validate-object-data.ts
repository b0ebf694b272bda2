import { DEFAULT_LOCALE, LOCALES } from '@optika/i18n/locales'
import { CURRENCIES } from '../commerce/currencies.ts'
import type {
  ClassDefinition,
  FieldContainerDefinition,
  FieldDefinition,
  LayoutNode,
  SelectOption,
} from './class-definition.ts'

/** One field's problem: where (dotted path into the data, e.g. `name.cs`, `filters.2.column`) and which message. */
export interface FieldError {
  readonly path: string
  /** Translation key (the seed's `validation.required`, `validation.minLength`, or a `pimClasses.*` key). */
  readonly key: string
  readonly params?: Readonly<Record<string, string | number>>
}

/** What validation needs besides the class: looked up by the server before validating. */
export interface ValidationLookup {
  selectOptions(setId: string): readonly SelectOption[] | undefined
  fieldContainer(
    kind: 'fieldcollection' | 'objectbrick',
    key: string,
  ): FieldContainerDefinition | undefined
  /** A classification-store key's definition (a scalar field definition). */
  classificationKey(storeId: number, keyId: number): FieldDefinition | undefined
  /** The keys of a classification-store group with their mandatory flag. */
  classificationGroupKeys(
    storeId: number,
    groupId: number,
  ): readonly { keyId: number; mandatory: boolean }[] | undefined
  unitExists(unitId: string): boolean
}

export interface ValidateOptions {
  /** Check `mandatory` (when publishing; a draft or unpublished object may be incomplete). */
  readonly checkMandatory: boolean
  /** The parent's resolved data when the class allows inheritance: an empty field then counts as filled when the parent has it. */
  readonly inherited?: Readonly<Record<string, unknown>> | undefined
}

export interface ValidationResult {
  /** The data normalized to the class: unknown keys dropped, empty values (null, '', [], {}) removed. */
  readonly data: Record<string, unknown>
  readonly errors: readonly FieldError[]
}

/** Language slot of a classification-store value that is not per language. */
export const CLASSIFICATION_DEFAULT_LANGUAGE = 'default'

/** null, undefined, a blank string, an empty array or an empty plain object: a field without a value. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (isRecord(value)) return Object.keys(value).length === 0
  return false
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const COLOR = /^#[0-9a-fA-F]{6}$/
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/

/**
 * Validates an object's data against its class: every field type's shape, mandatory, regex,
 * min/max length, min/max value, decimals, option membership, item counts, units, nested
 * collections, bricks and classification-store values. Uniqueness, relation targets and asset
 * existence need the database and are checked by the server (features/pim-classes/validate-object.ts).
 *
 * Localized fields: a value per language; `mandatory` asks for the default language (cs) only —
 * the other languages fall back to it in the shop, so an untranslated object is still complete.
 * Numbers with more decimals than allowed are refused, never rounded (the editor would lose what
 * was typed without noticing).
 */
export function validateObjectData(
  definition: ClassDefinition,
  data: unknown,
  lookup: ValidationLookup,
  options: ValidateOptions,
): ValidationResult {
  const errors: FieldError[] = []
  if (data !== null && data !== undefined && !isRecord(data)) {
    return { data: {}, errors: [{ path: '', key: 'pimClasses.field.type' }] }
  }
  const validator = new Validator(lookup, options.checkMandatory, errors)
  const normalized = validator.layout(definition.layout, data ?? {}, '', options.inherited ?? {})
  return { data: normalized, errors }
}

class Validator {
  private readonly lookup: ValidationLookup
  private readonly checkMandatory: boolean
  private readonly errors: FieldError[]

  constructor(lookup: ValidationLookup, checkMandatory: boolean, errors: FieldError[]) {
    this.lookup = lookup
    this.checkMandatory = checkMandatory
    this.errors = errors
  }

  private fail(path: string, key: string, params?: Record<string, string | number>): undefined {
    this.errors.push(params ? { path, key, params } : { path, key })
    return undefined
  }

  /** The fields of a layout read from `data`; `prefix` ends in '.' when nested. */
  layout(
    layout: readonly LayoutNode[],
    data: Readonly<Record<string, unknown>>,
    prefix: string,
    inherited: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    const visit = (nodes: readonly LayoutNode[], localized: boolean) => {
      for (const node of nodes) {
        if (node.kind === 'layout') {
          visit(node.children, localized || node.type === 'localizedfields')
          continue
        }
        const path = `${prefix}${node.name}`
        const value = localized
          ? this.localized(node, data[node.name], path, inherited[node.name])
          : this.required(node, data[node.name], path, inherited[node.name])
        if (value !== undefined) out[node.name] = value
      }
    }
    visit(layout, false)
    return out
  }

  private localized(
    field: FieldDefinition,
    raw: unknown,
    path: string,
    inherited: unknown,
  ): Record<string, unknown> | undefined {
    if (raw !== null && raw !== undefined && !isRecord(raw)) {
      return this.fail(path, 'pimClasses.field.localized')
    }
    const record = isRecord(raw) ? raw : {}
    const out: Record<string, unknown> = {}
    for (const locale of LOCALES) {
      const languagePath = `${path}.${locale}`
      const value = record[locale]
      const parentValue = isRecord(inherited) ? inherited[locale] : undefined
      const normalized =
        locale === DEFAULT_LOCALE
          ? this.required(field, value, languagePath, parentValue)
          : this.value(field, value, languagePath)
      if (normalized !== undefined) out[locale] = normalized
    }
    return Object.keys(out).length > 0 ? out : undefined
  }

  /** A value with the mandatory check (satisfied by an inherited value). */
  private required(
    field: FieldDefinition,
    raw: unknown,
    path: string,
    inherited: unknown,
  ): unknown {
    const errorsBefore = this.errors.length
    const value = this.value(field, raw, path)
    if (
      value === undefined &&
      this.errors.length === errorsBefore &&
      field.mandatory === true &&
      this.checkMandatory &&
      isEmptyValue(inherited)
    ) {
      return this.fail(path, 'validation.required')
    }
    return value
  }

  /** One value of a field normalized, or undefined when empty or invalid (the error is recorded). */
  value(field: FieldDefinition, raw: unknown, path: string): unknown {
    if (isEmptyValue(raw)) return undefined
    switch (field.type) {
      case 'input':
      case 'textarea':
        return this.text(field, raw, path)
      case 'wysiwyg':
        return typeof raw === 'string' ? raw : this.fail(path, 'pimClasses.field.text')
      case 'number':
        return this.number(field, raw, path)
      case 'quantityValue':
        return this.quantityValue(field, raw, path)
      case 'select':
        return this.select(field, raw, path)
      case 'multiselect':
        return this.multiselect(field, raw, path)
      case 'boolean':
        return typeof raw === 'boolean' ? raw : this.fail(path, 'pimClasses.field.boolean')
      case 'date':
        return isIsoDate(raw) ? raw : this.fail(path, 'pimClasses.field.date')
      case 'color':
        return typeof raw === 'string' && COLOR.test(raw)
          ? raw.toLowerCase()
          : this.fail(path, 'pimClasses.field.color')
      case 'image':
      case 'manyToOneRelation':
        return isId(raw) ? raw : this.fail(path, 'pimClasses.field.id')
      case 'imageGallery':
      case 'manyToManyRelation':
        return this.ids(field, raw, path)
      case 'prices':
        return this.prices(raw, path)
      case 'block':
        return this.block(field, raw, path)
      case 'fieldcollections':
        return this.fieldCollections(field, raw, path)
      case 'objectbricks':
        return this.objectBricks(field, raw, path)
      case 'classificationstore':
        return this.classificationStore(field, raw, path)
    }
  }

  private text(field: FieldDefinition, raw: unknown, path: string): string | undefined {
    if (typeof raw !== 'string') return this.fail(path, 'pimClasses.field.text')
    const length = [...raw].length
    if (field.minLength !== undefined && length < field.minLength) {
      return this.fail(path, 'validation.minLength', { value: field.minLength })
    }
    if (field.maxLength !== undefined && length > field.maxLength) {
      return this.fail(path, 'pimClasses.field.maxLength', { value: field.maxLength })
    }
    if (field.regex) {
      const pattern = compileRegex(field.regex)
      if (pattern && !pattern.test(raw)) return this.fail(path, 'pimClasses.field.regex')
    }
    return raw
  }

  private number(field: FieldDefinition, raw: unknown, path: string): number | undefined {
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && NUMERIC_TEXT.test(raw) ? +raw : NaN
    if (!Number.isFinite(value)) return this.fail(path, 'pimClasses.field.number')
    if (field.min !== undefined && value < field.min) {
      return this.fail(path, 'pimClasses.field.min', { value: field.min })
    }
    if (field.max !== undefined && value > field.max) {
      return this.fail(path, 'pimClasses.field.max', { value: field.max })
    }
    if (field.decimals !== undefined && !hasAtMostDecimals(value, field.decimals)) {
      return field.decimals === 0
        ? this.fail(path, 'pimClasses.field.integer')
        : this.fail(path, 'pimClasses.field.decimals', { value: field.decimals })
    }
    return value
  }

  private quantityValue(field: FieldDefinition, raw: unknown, path: string) {
    if (!isRecord(raw)) return this.fail(path, 'pimClasses.field.quantityValue')
    if (isEmptyValue(raw.value)) return undefined
    const value = this.number(field, raw.value, `${path}.value`)
    if (value === undefined) return undefined
    const unitId = isEmptyValue(raw.unitId) ? field.defaultUnit : raw.unitId
    const validUnits = field.validUnits ?? []
    if (
      typeof unitId !== 'string' ||
      !this.lookup.unitExists(unitId) ||
      (validUnits.length > 0 && !validUnits.includes(unitId))
    ) {
      return this.fail(`${path}.unitId`, 'pimClasses.field.unit')
    }
    return { value, unitId }
  }

  private optionsOf(field: FieldDefinition): readonly SelectOption[] {
    if (field.options && field.options.length > 0) return field.options
    if (field.optionsProviderId) return this.lookup.selectOptions(field.optionsProviderId) ?? []
    return []
  }

  private select(field: FieldDefinition, raw: unknown, path: string): string | undefined {
    if (typeof raw !== 'string') return this.fail(path, 'pimClasses.field.option', { value: '' })
    return this.optionsOf(field).some((option) => option.key === raw)
      ? raw
      : this.fail(path, 'pimClasses.field.option', { value: raw })
  }

  private multiselect(field: FieldDefinition, raw: unknown, path: string) {
    if (!Array.isArray(raw)) return this.fail(path, 'pimClasses.field.list')
    const options = this.optionsOf(field)
    const keys: string[] = []
    let valid = true
    raw.forEach((item, index) => {
      if (typeof item !== 'string' || !options.some((option) => option.key === item)) {
        valid = false
        this.fail(`${path}.${index}`, 'pimClasses.field.option', {
          value: typeof item === 'string' ? item : '',
        })
      } else if (!keys.includes(item)) keys.push(item)
    })
    if (!valid) return undefined
    return this.items(field, keys, path)
  }

  private ids(field: FieldDefinition, raw: unknown, path: string) {
    if (!Array.isArray(raw)) return this.fail(path, 'pimClasses.field.list')
    const ids: number[] = []
    let valid = true
    raw.forEach((item, index) => {
      if (!isId(item)) {
        valid = false
        this.fail(`${path}.${index}`, 'pimClasses.field.id')
      } else if (!ids.includes(item)) ids.push(item)
    })
    if (!valid) return undefined
    return this.items(field, ids, path)
  }

  /** minItems / maxItems on a non-empty list; an empty list is "no value". */
  private items<T>(field: FieldDefinition, items: T[], path: string): T[] | undefined {
    if (items.length === 0) return undefined
    if (field.minItems !== undefined && items.length < field.minItems) {
      return this.fail(path, 'pimClasses.field.minItems', { value: field.minItems })
    }
    if (field.maxItems !== undefined && items.length > field.maxItems) {
      return this.fail(path, 'pimClasses.field.maxItems', { value: field.maxItems })
    }
    return items
  }

  private prices(raw: unknown, path: string) {
    if (!isRecord(raw)) return this.fail(path, 'pimClasses.field.prices')
    const out: Record<string, { catalog: number; action?: number }> = {}
    for (const [currency, entry] of Object.entries(raw)) {
      const entryPath = `${path}.${currency}`
      if (isEmptyValue(entry)) continue
      if (!(CURRENCIES as readonly string[]).includes(currency)) {
        this.fail(entryPath, 'pimClasses.field.currency', { value: currency })
        continue
      }
      if (!isRecord(entry)) {
        this.fail(entryPath, 'pimClasses.field.prices')
        continue
      }
      if (isEmptyValue(entry.catalog) && isEmptyValue(entry.action)) continue
      if (!isMinorAmount(entry.catalog)) {
        this.fail(`${entryPath}.catalog`, 'pimClasses.field.price')
        continue
      }
      if (isEmptyValue(entry.action)) {
        out[currency] = { catalog: entry.catalog }
        continue
      }
      if (!isMinorAmount(entry.action)) {
        this.fail(`${entryPath}.action`, 'pimClasses.field.price')
      } else if (entry.action > entry.catalog) {
        this.fail(`${entryPath}.action`, 'pimClasses.field.actionAboveCatalog')
      } else {
        out[currency] = { catalog: entry.catalog, action: entry.action }
      }
    }
    return Object.keys(out).length > 0 ? out : undefined
  }

  private block(field: FieldDefinition, raw: unknown, path: string) {
    if (!Array.isArray(raw)) return this.fail(path, 'pimClasses.field.list')
    const rows: Record<string, unknown>[] = []
    raw.forEach((row, index) => {
      if (isEmptyValue(row)) return
      if (!isRecord(row)) {
        this.fail(`${path}.${index}`, 'pimClasses.field.type')
        return
      }
      const normalized = this.layout(field.children ?? [], row, `${path}.${index}.`, {})
      if (Object.keys(normalized).length > 0) rows.push(normalized)
    })
    return this.items(field, rows, path)
  }

  private fieldCollections(field: FieldDefinition, raw: unknown, path: string) {
    if (!Array.isArray(raw)) return this.fail(path, 'pimClasses.field.list')
    const items: Record<string, unknown>[] = []
    raw.forEach((item, index) => {
      const itemPath = `${path}.${index}`
      if (isEmptyValue(item)) return
      if (!isRecord(item) || typeof item.type !== 'string') {
        this.fail(`${itemPath}.type`, 'pimClasses.field.collectionType', { value: '' })
        return
      }
      const container = this.allowedContainer('fieldcollection', field, item.type)
      if (!container) {
        this.fail(`${itemPath}.type`, 'pimClasses.field.collectionType', { value: item.type })
        return
      }
      items.push({
        type: item.type,
        ...this.layout(container.layout, item, `${itemPath}.`, {}),
      })
    })
    return this.items(field, items, path)
  }

  private objectBricks(field: FieldDefinition, raw: unknown, path: string) {
    if (!isRecord(raw)) return this.fail(path, 'pimClasses.field.type')
    const out: Record<string, unknown> = {}
    for (const [key, brick] of Object.entries(raw)) {
      const brickPath = `${path}.${key}`
      if (isEmptyValue(brick)) continue
      const container = this.allowedContainer('objectbrick', field, key)
      if (!container) {
        this.fail(brickPath, 'pimClasses.field.collectionType', { value: key })
        continue
      }
      if (!isRecord(brick)) {
        this.fail(brickPath, 'pimClasses.field.type')
        continue
      }
      const normalized = this.layout(container.layout, brick, `${brickPath}.`, {})
      if (Object.keys(normalized).length > 0) out[key] = normalized
    }
    return Object.keys(out).length > 0 ? out : undefined
  }

  private allowedContainer(
    kind: 'fieldcollection' | 'objectbrick',
    field: FieldDefinition,
    key: string,
  ): FieldContainerDefinition | undefined {
    const allowed = field.allowedTypes ?? []
    if (allowed.length > 0 && !allowed.includes(key)) return undefined
    return this.lookup.fieldContainer(kind, key)
  }

  private classificationStore(field: FieldDefinition, raw: unknown, path: string) {
    if (!isRecord(raw)) return this.fail(path, 'pimClasses.field.type')
    const storeId = field.storeId
    if (storeId === undefined) return undefined
    const groups: number[] = []
    const rawGroups = raw.groups ?? []
    if (!Array.isArray(rawGroups)) return this.fail(`${path}.groups`, 'pimClasses.field.list')
    rawGroups.forEach((groupId, index) => {
      if (!isId(groupId) || !this.lookup.classificationGroupKeys(storeId, groupId)) {
        this.fail(`${path}.groups.${index}`, 'pimClasses.field.group')
      } else if (!groups.includes(groupId)) groups.push(groupId)
    })
    const rawValues = isRecord(raw.values) ? raw.values : {}
    const values: Record<string, Record<string, Record<string, unknown>>> = {}
    for (const groupId of groups) {
      const groupValues = isRecord(rawValues[groupId]) ? rawValues[groupId] : {}
      for (const { keyId, mandatory } of this.lookup.classificationGroupKeys(storeId, groupId) ??
        []) {
        const keyField = this.lookup.classificationKey(storeId, keyId)
        if (!keyField) continue
        const keyValues = isRecord(groupValues[keyId]) ? groupValues[keyId] : {}
        const keyPath = `${path}.values.${groupId}.${keyId}`
        const out: Record<string, unknown> = {}
        for (const language of [CLASSIFICATION_DEFAULT_LANGUAGE, ...LOCALES]) {
          const value = this.value(keyField, keyValues[language], `${keyPath}.${language}`)
          if (value !== undefined) out[language] = value
        }
        if (Object.keys(out).length > 0) {
          values[groupId] ??= {}
          values[groupId][keyId] = out
        } else if (
          mandatory &&
          this.checkMandatory &&
          isEmptyValue(keyValues[CLASSIFICATION_DEFAULT_LANGUAGE]) &&
          isEmptyValue(keyValues[DEFAULT_LOCALE])
        ) {
          this.fail(keyPath, 'validation.required')
        }
      }
    }
    if (groups.length === 0) return undefined
    return { groups, values }
  }
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

function isMinorAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** Whether `value` has at most `decimals` digits after the point (tolerating binary float noise). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled))
}

/** The field's regular expression, or null when it does not compile (class save refuses those). */
export function compileRegex(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u')
  } catch {
    try {
      return new RegExp(source)
    } catch {
      return null
    }
  }
}
