import { z } from 'zod'
import { IdSchema } from '../ids.ts'
import {
  ClassDefinitionSchema,
  ClassExportSchema,
  CustomLayoutSchema,
  FIELD_TYPES,
  FieldContainerDefinitionSchema,
  IdentifierSchema,
  LayoutNodeSchema,
  SelectOptionsSetSchema,
} from './class-definition.ts'

/**
 * Request and response shapes of the class API (/admin/class/*): classes, custom layouts, field
 * collections, object bricks, select-option sets, bulk export/import and the fixed lists.
 */

export const ClassIdQuerySchema = z.object({ id: IdentifierSchema })
/** A field collection / brick by key (`id` accepted as an alias, as Pimcore's clients send it). */
export const KeyQuerySchema = z
  .object({ key: IdentifierSchema.optional(), id: IdentifierSchema.optional() })
  .refine((query) => query.key !== undefined || query.id !== undefined, {
    message: 'key is required',
    path: ['key'],
  })

/** The key a KeyQuerySchema query names. */
export function keyOf(query: { key?: string | undefined; id?: string | undefined }): string {
  return query.key ?? query.id ?? ''
}
export const LayoutIdQuerySchema = z.object({ id: IdSchema })
export const CustomLayoutsOfClassQuerySchema = z.object({ classId: IdentifierSchema })

export const SuccessSchema = z.object({ success: z.literal(true) })

/** A class as read and saved: its export plus timestamps. */
export const ClassSchema = ClassExportSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ClassRecord = z.infer<typeof ClassSchema>

export const AddClassSchema = z.object({
  id: IdentifierSchema,
  name: z.string().trim().min(1).max(190),
  /** Optional start definition; an empty layout otherwise. */
  definition: ClassDefinitionSchema.optional(),
})
export type AddClass = z.infer<typeof AddClassSchema>

export const SaveClassSchema = z.object({
  id: IdentifierSchema,
  name: z.string().trim().min(1).max(190).optional(),
  definition: ClassDefinitionSchema,
})
export type SaveClass = z.infer<typeof SaveClassSchema>

export const ClassTreeSchema = z.array(
  z.object({
    /** definition.group; '' for classes without a group. */
    group: z.string(),
    classes: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        icon: z.string().optional(),
        allowVariants: z.boolean(),
      }),
    ),
  }),
)
export type ClassTree = z.infer<typeof ClassTreeSchema>

export const ImportResultSchema = z.object({
  id: z.string(),
  /** false when an existing definition was replaced. */
  created: z.boolean(),
})

export const IdentifierSuggestionQuerySchema = z.object({
  name: z.string().max(190).optional(),
  classId: IdentifierSchema.optional(),
})
export const IdentifierSuggestionSchema = z.object({ identifier: z.string() })

export const TextPreviewSchema = z.object({ text: z.string().max(100_000).default('') })
export const HtmlSchema = z.object({ html: z.string() })

/** Grid columns of a class: its fields flattened (containers left out). */
export const ColumnConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      type: z.enum(FIELD_TYPES),
      title: z.string(),
      localized: z.boolean(),
      visibleGridView: z.boolean(),
      visibleSearch: z.boolean(),
    }),
  ),
})

// ── Custom layouts ──────────────────────────────────────────────────────────────────────────

export const AddCustomLayoutSchema = z.object({
  classId: IdentifierSchema,
  name: z.string().trim().min(1).max(190),
  description: z.string().max(1000).optional(),
})

export const SaveCustomLayoutSchema = CustomLayoutSchema.extend({
  /** Omit to keep the current one. */
  classId: IdentifierSchema.optional(),
})
export type SaveCustomLayout = z.infer<typeof SaveCustomLayoutSchema>

export const CustomLayoutListSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), default: z.boolean() }),
)

export const AllLayoutsSchema = z.array(
  z.object({
    classId: z.string(),
    className: z.string(),
    layouts: CustomLayoutListSchema,
  }),
)

/** A custom layout as exported and imported (no id: an import creates or replaces by class and name). */
export const CustomLayoutExportSchema = z.object({
  classId: IdentifierSchema,
  name: z.string().trim().min(1).max(190),
  description: z.string().max(1000).optional(),
  layout: z.array(LayoutNodeSchema),
  userIds: z.array(IdSchema).default([]),
  roleIds: z.array(IdSchema).default([]),
  default: z.boolean().default(false),
})
export type CustomLayoutExport = z.infer<typeof CustomLayoutExportSchema>

// ── Field collections, object bricks, select options ────────────────────────────────────────

export const ContainerTreeSchema = z.array(z.object({ key: z.string(), title: z.string() }))
export const ContainerListQuerySchema = z.object({
  /** Comma-separated keys to return; all when absent. */
  keys: z.string().max(2000).optional(),
})
export const ContainerListSchema = z.array(FieldContainerDefinitionSchema)

/** A field that uses a field collection, brick or option set. */
export const UsageSchema = z.object({
  /** Where the field sits: a class, a field collection or a brick. */
  kind: z.enum(['class', 'fieldcollection', 'objectbrick']),
  id: z.string(),
  name: z.string(),
  fieldName: z.string(),
})
export type Usage = z.infer<typeof UsageSchema>
export const UsageListSchema = z.array(UsageSchema)

export const SelectOptionsTreeSchema = z.array(
  z.object({ id: z.string(), group: z.string(), count: z.number().int() }),
)

// ── Bulk export / import ────────────────────────────────────────────────────────────────────

/** Everything one bulk export holds; bulk-import and bulk-commit take the same JSON back. */
export const BulkExportSchema = z.object({
  classes: z.array(ClassExportSchema).default([]),
  fieldcollections: z.array(FieldContainerDefinitionSchema).default([]),
  objectbricks: z.array(FieldContainerDefinitionSchema).default([]),
  selectOptions: z.array(SelectOptionsSetSchema).default([]),
  customLayouts: z.array(CustomLayoutExportSchema).default([]),
})
export type BulkExport = z.infer<typeof BulkExportSchema>

export const BulkExportPrepareSchema = z.object({
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  fieldcollections: z.array(z.object({ key: z.string(), title: z.string() })),
  objectbricks: z.array(z.object({ key: z.string(), title: z.string() })),
  selectOptions: z.array(z.object({ id: z.string(), group: z.string() })),
})

/** What to export: comma-separated ids per kind; a kind left out exports nothing of it. */
export const BulkExportQuerySchema = z.object({
  classes: z.string().max(10_000).optional(),
  fieldcollections: z.string().max(10_000).optional(),
  objectbricks: z.string().max(10_000).optional(),
  selectOptions: z.string().max(10_000).optional(),
})
export type BulkExportQuery = z.infer<typeof BulkExportQuerySchema>

export const BulkChangesSchema = z.object({
  changes: z.array(
    z.object({
      kind: z.enum(['class', 'fieldcollection', 'objectbrick', 'selectOptions', 'customLayout']),
      id: z.string(),
      action: z.enum(['create', 'update', 'unchanged']),
    }),
  ),
})
export type BulkChanges = z.infer<typeof BulkChangesSchema>

export const NameListSchema = z.array(z.string())
