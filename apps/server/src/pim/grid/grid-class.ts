import { eq, inArray } from 'drizzle-orm'
import {
  LAYOUT_TYPES,
  type FieldType,
  type SelectOption,
} from '@optika/domain/pim/class-definition'
import {
  SYSTEM_COLUMNS,
  type FilterType,
  type GridColumnInfo,
  type SystemColumn,
} from '@optika/domain/pim/grid-api'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { selectOptions } from '../../platform/db/schema/pim.ts'
import { notFound } from '../../platform/http/app-error.ts'

/** A class field as the grid sees it. */
export interface GridField {
  readonly name: string
  readonly title: string
  readonly type: FieldType
  readonly localized: boolean
  readonly options: readonly SelectOption[]
  readonly visibleGridView: boolean
}

export interface GridClass {
  readonly id: string
  readonly name: string
  readonly fields: readonly GridField[]
  readonly fieldByName: ReadonlyMap<string, GridField>
  /** Field names shown by default (the definition's `gridColumns`). */
  readonly gridColumns: readonly string[]
}

/** Fields the grid edits inline and batch updates set: one simple value each. */
const EDITABLE_TYPES: ReadonlySet<FieldType> = new Set([
  'input',
  'textarea',
  'number',
  'boolean',
  'date',
  'select',
  'multiselect',
  'color',
])

const FILTERS: Partial<Record<FieldType, FilterType>> = {
  input: 'string',
  textarea: 'string',
  wysiwyg: 'string',
  color: 'string',
  number: 'number',
  date: 'date',
  boolean: 'boolean',
  select: 'list',
  multiselect: 'list',
}

const SYSTEM_FILTERS: Record<SystemColumn, FilterType> = {
  id: 'number',
  key: 'string',
  fullpath: 'string',
  published: 'boolean',
  creationDate: 'date',
  modificationDate: 'date',
  classname: 'string',
}

/** Type names of definitions written before the class editor's format (the demo seed's). */
const LEGACY_TYPES: Record<string, { type: FieldType; localized?: boolean; multiple?: FieldType }> =
  {
    localizedInput: { type: 'input', localized: true },
    localizedTextarea: { type: 'textarea', localized: true },
    relation: { type: 'manyToOneRelation', multiple: 'manyToManyRelation' },
  }

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function readOptions(value: unknown): SelectOption[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((option): SelectOption[] => {
    if (typeof option === 'string') return [{ key: option, value: option }]
    const o = asRecord(option)
    if (typeof o.key !== 'string') return []
    return [{ key: o.key, value: typeof o.value === 'string' ? o.value : o.key }]
  })
}

/**
 * The fields of a stored class definition, containers flattened. Reads the class editor's format
 * (class-definition.ts) and tolerates the older demo format (panels of typed fields).
 */
export function readClassFields(
  definition: unknown,
  optionSets: ReadonlyMap<string, readonly SelectOption[]> = new Map(),
): GridField[] {
  const fields: GridField[] = []
  const walk = (nodes: unknown, localized: boolean) => {
    if (!Array.isArray(nodes)) return
    for (const raw of nodes) {
      const node = asRecord(raw)
      const type = typeof node.type === 'string' ? node.type : ''
      const isLayout =
        node.kind === 'layout' ||
        (node.kind !== 'field' && (LAYOUT_TYPES as readonly string[]).includes(type))
      if (isLayout) {
        walk(node.children, localized || type === 'localizedfields')
        continue
      }
      if (typeof node.name !== 'string') continue
      const legacy = LEGACY_TYPES[type]
      const fieldType = (
        legacy ? (node.multiple && legacy.multiple ? legacy.multiple : legacy.type) : type
      ) as FieldType
      const provider =
        typeof node.optionsProviderId === 'string' ? optionSets.get(node.optionsProviderId) : null
      fields.push({
        name: node.name,
        title: typeof node.title === 'string' && node.title !== '' ? node.title : node.name,
        type: fieldType,
        localized: localized || legacy?.localized === true,
        options: provider ?? readOptions(node.options),
        visibleGridView: node.visibleGridView === true,
      })
    }
  }
  walk(asRecord(definition).layout, false)
  return fields
}

function optionProviderIds(definition: unknown): string[] {
  const ids: string[] = []
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return
    for (const raw of nodes) {
      const node = asRecord(raw)
      if (typeof node.optionsProviderId === 'string') ids.push(node.optionsProviderId)
      walk(node.children)
    }
  }
  walk(asRecord(definition).layout)
  return ids
}

/** A class with its grid fields (named option sets resolved); 404 when it does not exist. */
export async function loadGridClass(db: Db, classId: string): Promise<GridClass> {
  const [row] = await db.select().from(objectClasses).where(eq(objectClasses.id, classId))
  if (!row) throw notFound('pimGrid.classNotFound')
  const providerIds = optionProviderIds(row.definition)
  const sets =
    providerIds.length === 0
      ? []
      : await db.select().from(selectOptions).where(inArray(selectOptions.id, providerIds))
  const optionSets = new Map(sets.map((set) => [set.id, readOptions(set.options)]))
  const fields = readClassFields(row.definition, optionSets)
  const gridColumns = asRecord(row.definition).gridColumns
  return {
    id: row.id,
    name: row.name,
    fields,
    fieldByName: new Map(fields.map((field) => [field.name, field])),
    gridColumns: Array.isArray(gridColumns)
      ? gridColumns.filter((c): c is string => typeof c === 'string')
      : [],
  }
}

/** Every column the grid offers for a class: system columns first, then the fields. */
export function listColumnInfos(
  cls: GridClass,
  systemTitle: (column: SystemColumn) => string,
  translate: (text: string) => string = (text) => text,
): GridColumnInfo[] {
  const system = SYSTEM_COLUMNS.map((key): GridColumnInfo => ({
    key,
    title: systemTitle(key),
    type: 'system',
    system: true,
    localized: false,
    editable: false,
    filterType: SYSTEM_FILTERS[key],
  }))
  const fields = cls.fields.map((field): GridColumnInfo => ({
    key: field.name,
    title: field.title,
    type: field.type,
    system: false,
    localized: field.localized,
    editable: EDITABLE_TYPES.has(field.type),
    filterType: FILTERS[field.type] ?? null,
    ...(field.options.length > 0
      ? { options: field.options.map((o) => ({ key: o.key, value: translate(o.value) })) }
      : {}),
  }))
  return [...system, ...fields]
}

export function isEditableField(field: GridField): boolean {
  return EDITABLE_TYPES.has(field.type)
}

export function systemFilterType(column: SystemColumn): FilterType {
  return SYSTEM_FILTERS[column]
}

export function fieldFilterType(field: GridField): FilterType | null {
  return FILTERS[field.type] ?? null
}

/** The columns a grid shows when nobody saved a configuration: key, path and the class's choice. */
export function defaultColumnKeys(cls: GridClass): string[] {
  const chosen =
    cls.gridColumns.length > 0
      ? cls.gridColumns.filter((name) => cls.fieldByName.has(name))
      : cls.fields.filter((f) => f.visibleGridView).map((f) => f.name)
  const fallback =
    chosen.length > 0
      ? chosen
      : cls.fields
          .filter((f) => FILTERS[f.type] !== undefined)
          .slice(0, 6)
          .map((f) => f.name)
  return ['id', 'key', 'published', ...fallback, 'modificationDate']
}
