import { z } from 'zod'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { IdSchema } from '../ids.ts'

/**
 * Classes as data (Pimcore-style). A class definition is a layout tree: containers (panels,
 * tabs, field sets, regions) hold fields; a `localizedfields` container makes every field inside
 * it hold one value per language. Definitions are stored as JSON (object_classes.definition),
 * exported and imported as JSON, and every object save is validated against them.
 *
 * Stored data shape of an object (`objects.data`), field by field (see `FIELD_TYPES`):
 * - a plain field: `data[field.name]` (absent or null = empty; a variant then inherits)
 * - a field inside `localizedfields`: `data[field.name] = { cs?: value, en?: value, … }`
 * - `fieldcollections`: `data[name] = [{ type: collectionKey, …fields }]`
 * - `objectbricks`: `data[name] = { [brickKey]: { …fields } }`
 * - `classificationstore`: `data[name] = ClassificationStoreValue` (see below)
 */

/** Identifiers of classes, fields, collections, bricks and option sets: code-safe names. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,63}$/
export const IdentifierSchema = z.string().regex(IDENTIFIER)

export const FIELD_TYPES = [
  'input',
  'textarea',
  /** HTML, sanitized on save (an allow-list of tags and attributes). */
  'wysiwyg',
  /** A number; `min`, `max`, `decimals` (0 = integer). */
  'number',
  /** `{ value: number, unitId: string }`; `validUnits` limits the units, `defaultUnit` preselects. */
  'quantityValue',
  /** One option key; options inline (`options`) or from a named set (`optionsProviderId`). */
  'select',
  /** An array of option keys. */
  'multiselect',
  'boolean',
  /** ISO date `YYYY-MM-DD`. */
  'date',
  /** A CSS colour `#rrggbb`. */
  'color',
  /** One asset id (an image). */
  'image',
  /** An array of asset ids (images), ordered. */
  'imageGallery',
  /** One object id; `classes` limits the target classes. */
  'manyToOneRelation',
  /** An array of object ids, ordered; `classes`, `maxItems`. */
  'manyToManyRelation',
  /** `{ [currency]: { catalog: int, action?: int } }`, minor units without VAT (shop type). */
  'prices',
  /** Repeated rows of the `children` fields: `[{ …fields }]` (Pimcore's block). */
  'block',
  /** Items of the allowed field collections (`allowedTypes`). */
  'fieldcollections',
  /** Named bricks (`allowedTypes`) each with its own fields. */
  'objectbricks',
  /** Groups and keys of a classification store (`storeId`). */
  'classificationstore',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

export const SelectOptionSchema = z.object({
  /** Stored value. */
  key: z.string().min(1).max(190),
  /** Label or translation key shown in the back office and shop. */
  value: z.string().max(190),
})
export type SelectOption = z.infer<typeof SelectOptionSchema>

/**
 * A layout title per language (`{ cs: 'Kód', hu: 'Kód' }`): the back office shows the title in
 * its user's language, else `title`. Optional, so classes exported before it still import.
 */
export const LayoutTitlesSchema = z.partialRecord(z.enum(LOCALES), z.string().max(190))
export type LayoutTitles = Readonly<Partial<Record<Locale, string>>>

export interface FieldDefinition {
  readonly kind: 'field'
  readonly type: FieldType
  /** Key in the object's data. Unique within a class (layout containers excluded). */
  readonly name: string
  readonly title: string
  readonly titles?: LayoutTitles | undefined
  readonly tooltip?: string | undefined
  readonly mandatory?: boolean | undefined
  /** A value another object of the class already has is refused (per language if localized). */
  readonly unique?: boolean | undefined
  /** input / textarea: a JavaScript-compatible regular expression the value must match. */
  readonly regex?: string | undefined
  readonly minLength?: number | undefined
  readonly maxLength?: number | undefined
  /** number: bounds and decimals; quantityValue: bounds of the value. */
  readonly min?: number | undefined
  readonly max?: number | undefined
  readonly decimals?: number | undefined
  /** number: unit shown next to the value (free text, e.g. 'mm'). */
  readonly unit?: string | undefined
  /** quantityValue: units allowed (ids of quantity_value_units); empty = all. */
  readonly validUnits?: readonly string[] | undefined
  readonly defaultUnit?: string | undefined
  /** select / multiselect: inline options … */
  readonly options?: readonly SelectOption[] | undefined
  /** … or a named select-options set (select_options.id). */
  readonly optionsProviderId?: string | undefined
  /** multiselect / many-to-many / gallery / block: bounds of the number of items. */
  readonly minItems?: number | undefined
  readonly maxItems?: number | undefined
  /** relations: target class ids (empty = any class). */
  readonly classes?: readonly string[] | undefined
  /** fieldcollections / objectbricks: allowed collection or brick keys. */
  readonly allowedTypes?: readonly string[] | undefined
  /** classificationstore: the store's id. */
  readonly storeId?: number | undefined
  /** block: the fields of each row. */
  readonly children?: readonly FieldDefinition[] | undefined
  /** Shown read-only in the editor. */
  readonly noteditable?: boolean | undefined
  /** Not shown in the editor (still validated and stored). */
  readonly invisible?: boolean | undefined
  /** Listed in the grid by default. */
  readonly visibleGridView?: boolean | undefined
  /** Offered as a search/filter column in the grid. */
  readonly visibleSearch?: boolean | undefined
}

export const LAYOUT_TYPES = ['panel', 'tabpanel', 'fieldset', 'region', 'localizedfields'] as const
export type LayoutType = (typeof LAYOUT_TYPES)[number]

export interface LayoutDefinition {
  readonly kind: 'layout'
  readonly type: LayoutType
  /** Unique within the class among layouts; used by custom layouts to refer to it. */
  readonly name: string
  readonly title: string
  readonly titles?: LayoutTitles | undefined
  readonly collapsed?: boolean | undefined
  readonly children: readonly LayoutNode[]
}

export type LayoutNode = LayoutDefinition | FieldDefinition

const limit = z.number().int().nonnegative()

// The two recursive schemas are named (`.meta({ id })`): the OpenAPI document holds each once as
// a component and refers to it, where an unnamed one left a `$ref` to nothing.
export const FieldDefinitionSchema: z.ZodType<FieldDefinition> = z
  .lazy(() =>
    z.object({
      kind: z.literal('field'),
      type: z.enum(FIELD_TYPES),
      name: IdentifierSchema,
      title: z.string().max(190),
      titles: LayoutTitlesSchema.optional(),
      tooltip: z.string().max(1000).optional(),
      mandatory: z.boolean().optional(),
      unique: z.boolean().optional(),
      regex: z.string().max(500).optional(),
      minLength: limit.optional(),
      maxLength: limit.optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      decimals: z.number().int().min(0).max(10).optional(),
      unit: z.string().max(32).optional(),
      validUnits: z.array(z.string()).optional(),
      defaultUnit: z.string().optional(),
      options: z.array(SelectOptionSchema).optional(),
      optionsProviderId: IdentifierSchema.optional(),
      minItems: limit.optional(),
      maxItems: limit.optional(),
      classes: z.array(IdentifierSchema).optional(),
      allowedTypes: z.array(IdentifierSchema).optional(),
      storeId: IdSchema.optional(),
      children: z.array(FieldDefinitionSchema).optional(),
      noteditable: z.boolean().optional(),
      invisible: z.boolean().optional(),
      visibleGridView: z.boolean().optional(),
      visibleSearch: z.boolean().optional(),
    }),
  )
  .meta({ id: 'FieldDefinition' })

export const LayoutNodeSchema: z.ZodType<LayoutNode> = z
  .lazy(() =>
    z.union([
      FieldDefinitionSchema,
      z.object({
        kind: z.literal('layout'),
        type: z.enum(LAYOUT_TYPES),
        name: IdentifierSchema,
        title: z.string().max(190),
        titles: LayoutTitlesSchema.optional(),
        collapsed: z.boolean().optional(),
        children: z.array(LayoutNodeSchema),
      }),
    ]),
  )
  .meta({ id: 'LayoutNode' })

/** The definition JSON of a class (object_classes.definition). */
export const ClassDefinitionSchema = z.object({
  /** Top-level layout (usually a tabpanel or panels). */
  layout: z.array(LayoutNodeSchema),
  /** Objects of this class may have variants (children of type 'variant', same class). */
  allowVariants: z.boolean().default(false),
  /** Empty fields of a variant (or a child object of the same class) take the parent's value. */
  allowInherit: z.boolean().default(false),
  /** Icon name for the tree (from /admin/class/get-icons). */
  icon: z.string().max(64).optional(),
  /** Group in the class tree. */
  group: z.string().max(64).optional(),
  description: z.string().max(1000).optional(),
  /** Field names shown as grid columns by default. */
  gridColumns: z.array(IdentifierSchema).optional(),
})
export type ClassDefinition = z.infer<typeof ClassDefinitionSchema>

/** A class as exported/imported (`/admin/class/export-class`, `import-class`). */
export const ClassExportSchema = z.object({
  id: IdentifierSchema,
  name: z.string().min(1).max(190),
  definition: ClassDefinitionSchema,
})
export type ClassExport = z.infer<typeof ClassExportSchema>

/** Field collection and object brick definitions: a layout of fields, stored by key. */
export const FieldContainerDefinitionSchema = z.object({
  key: IdentifierSchema,
  title: z.string().max(190),
  layout: z.array(LayoutNodeSchema),
  /** Object bricks only: which class fields (objectbricks fields) may hold this brick. */
  classDefinitions: z
    .array(z.object({ classId: IdentifierSchema, fieldName: IdentifierSchema }))
    .optional(),
})
export type FieldContainerDefinition = z.infer<typeof FieldContainerDefinitionSchema>

/** A named, reusable list of select options (`/admin/class/select-options-*`). */
export const SelectOptionsSetSchema = z.object({
  id: IdentifierSchema,
  group: z.string().max(64).optional(),
  options: z.array(SelectOptionSchema),
})
export type SelectOptionsSet = z.infer<typeof SelectOptionsSetSchema>

/**
 * A custom layout: a per-user view of a class. It repeats the class's layout tree with fields
 * left out, reordered, or marked noteditable/invisible; fields it omits are not shown. Saving via a
 * custom layout never removes data of hidden fields.
 */
export const CustomLayoutSchema = z.object({
  id: IdSchema,
  classId: IdentifierSchema,
  name: z.string().min(1).max(190),
  description: z.string().max(1000).optional(),
  layout: z.array(LayoutNodeSchema),
  /** Users and roles that see the class through this layout (empty = offered to everyone). */
  userIds: z.array(IdSchema).default([]),
  roleIds: z.array(IdSchema).default([]),
  /** The layout a user with access gets by default instead of the class's own. */
  default: z.boolean().default(false),
})
export type CustomLayout = z.infer<typeof CustomLayoutSchema>

/** Value of a `classificationstore` field: active groups and values per group, key and language. */
export const ClassificationStoreValueSchema = z.object({
  /** Group ids the object uses. */
  groups: z.array(IdSchema),
  /** values[groupId][keyId][language or 'default'] = value (typed by the key's definition). */
  values: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
})
export type ClassificationStoreValue = z.infer<typeof ClassificationStoreValueSchema>

/** Walks a layout depth-first, calling `visit` for every field with whether it is localized. */
export function forEachField(
  layout: readonly LayoutNode[],
  visit: (field: FieldDefinition, localized: boolean) => void,
  localized = false,
): void {
  for (const node of layout) {
    if (node.kind === 'field') visit(node, localized)
    else forEachField(node.children, visit, localized || node.type === 'localizedfields')
  }
}

/** Every field of a layout (containers flattened) with its localized flag. */
export function listFields(
  layout: readonly LayoutNode[],
): { field: FieldDefinition; localized: boolean }[] {
  const fields: { field: FieldDefinition; localized: boolean }[] = []
  forEachField(layout, (field, localized) => fields.push({ field, localized }))
  return fields
}
