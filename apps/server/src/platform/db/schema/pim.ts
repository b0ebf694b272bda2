import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { objectClasses } from './elements.ts'

/**
 * Product information management beside the element tables (elements.ts): class parts (custom
 * layouts, field collections, object bricks, select options), the classification store, quantity
 * value units, the element services (versions, schedules, locks, notes, properties, dependencies,
 * tags, recycle bin), grid column configurations, background jobs and the product index.
 *
 * Element references are `(element_type, element_id)` with element_type 'object' | 'asset' |
 * 'document', so one service serves every element tree.
 */
const elementType = () => text({ enum: ['object', 'asset', 'document'] }).notNull()
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow()

// ── Class parts ─────────────────────────────────────────────────────────────────────────────

export const customLayouts = pgTable(
  'custom_layouts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    classId: text()
      .notNull()
      .references(() => objectClasses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** LayoutNode[] (packages/domain/src/pim/class-definition.ts). */
    layout: jsonb().notNull().default([]),
    userIds: jsonb().$type<number[]>().notNull().default([]),
    roleIds: jsonb().$type<number[]>().notNull().default([]),
    isDefault: boolean().notNull().default(false),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('custom_layouts_class_name_unique').on(t.classId, t.name)],
)

/** Field collections (kind 'fieldcollection') and object bricks (kind 'objectbrick'). */
export const fieldContainers = pgTable(
  'field_containers',
  {
    kind: text({ enum: ['fieldcollection', 'objectbrick'] }).notNull(),
    key: text().notNull(),
    /** FieldContainerDefinition without `key`. */
    definition: jsonb().notNull(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
)

export const selectOptions = pgTable('select_options', {
  id: text().primaryKey(),
  group: text().notNull().default(''),
  /** SelectOption[] */
  options: jsonb().notNull().default([]),
  createdAt: created(),
  updatedAt: created(),
})

// ── Classification store ────────────────────────────────────────────────────────────────────

export const csStores = pgTable('cs_stores', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
})

export const csCollections = pgTable(
  'cs_collections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => csStores.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('cs_collections_store_name_unique').on(t.storeId, t.name)],
)

export const csGroups = pgTable(
  'cs_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => csStores.id, { onDelete: 'cascade' }),
    parentId: integer(),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('cs_groups_store_name_unique').on(t.storeId, t.name)],
)

/** Keys ("properties"): typed by a field definition (FieldDefinition JSON, any scalar type). */
export const csKeys = pgTable(
  'cs_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => csStores.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    type: text().notNull(),
    definition: jsonb().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('cs_keys_store_name_unique').on(t.storeId, t.name)],
)

/** Group ↔ key relations. */
export const csRelations = pgTable(
  'cs_relations',
  {
    groupId: integer()
      .notNull()
      .references(() => csGroups.id, { onDelete: 'cascade' }),
    keyId: integer()
      .notNull()
      .references(() => csKeys.id, { onDelete: 'cascade' }),
    mandatory: boolean().notNull().default(false),
    sorter: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.keyId] })],
)

/** Collection ↔ group relations. */
export const csCollectionRelations = pgTable(
  'cs_collection_relations',
  {
    collectionId: integer()
      .notNull()
      .references(() => csCollections.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => csGroups.id, { onDelete: 'cascade' }),
    sorter: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.groupId] })],
)

// ── Quantity value units ────────────────────────────────────────────────────────────────────

/** value_in_base = value * factor + conversion_offset (e.g. °F → °C needs the offset). */
export const quantityValueUnits = pgTable('quantity_value_units', {
  id: text().primaryKey(),
  abbreviation: text().notNull(),
  longname: text().notNull().default(''),
  group: text().notNull().default(''),
  baseUnitId: text().references((): AnyPgColumn => quantityValueUnits.id),
  factor: doublePrecision(),
  conversionOffset: doublePrecision(),
  reference: text().notNull().default(''),
  createdAt: created(),
  updatedAt: created(),
})

// ── Element services ────────────────────────────────────────────────────────────────────────

/**
 * Every save writes a version: `snapshot` is the element as saved (key, parentId, path, type,
 * classId, published, index, data). `isPublic` marks the version that is (or was) the published
 * state; a draft is a version newer than the element's own row.
 */
export const elementVersions = pgTable(
  'element_versions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
    versionCount: integer().notNull(),
    snapshot: jsonb().notNull(),
    isPublic: boolean().notNull().default(false),
    autoSave: boolean().notNull().default(false),
    note: text().notNull().default(''),
    userId: integer(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('element_versions_element_count_unique').on(
      t.elementType,
      t.elementId,
      t.versionCount,
    ),
  ],
)

/** Scheduled publish / unpublish / publish-version, run by the scheduler when `runAt` passes. */
export const elementSchedules = pgTable(
  'element_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
    action: text({ enum: ['publish', 'unpublish', 'publish-version', 'delete'] }).notNull(),
    versionId: bigint({ mode: 'number' }),
    runAt: timestamp({ withTimezone: true }).notNull(),
    active: boolean().notNull().default(true),
    userId: integer(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('element_schedules_due_idx')
      .on(t.runAt)
      .where(sql`${t.active}`),
  ],
)

/** Edit locks; a lock older than an hour is expired and may be taken over. */
export const elementLocks = pgTable(
  'element_locks',
  {
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
    userId: integer().notNull(),
    sessionId: text().notNull().default(''),
    lockedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.elementType, t.elementId] })],
)

/** Notes and events; `data` is a list of typed values `{ name, type, data }`. */
export const elementNotes = pgTable(
  'element_notes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
    type: text().notNull().default(''),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    data: jsonb().notNull().default([]),
    userId: integer(),
    createdAt: created(),
  },
  (t) => [index('element_notes_element_idx').on(t.elementType, t.elementId, t.createdAt)],
)

/** Properties: typed name/value pairs; `inheritable` ones apply to the whole subtree. */
export const elementProperties = pgTable(
  'element_properties',
  {
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    type: text({ enum: ['text', 'bool', 'select', 'object', 'asset', 'document'] }).notNull(),
    data: jsonb(),
    inheritable: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.elementType, t.elementId, t.name] })],
)

/** What an element refers to (relations, images); "required by" reads it backwards. */
export const elementDependencies = pgTable(
  'element_dependencies',
  {
    sourceType: elementType(),
    sourceId: bigint({ mode: 'number' }).notNull(),
    targetType: elementType(),
    targetId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceType, t.sourceId, t.targetType, t.targetId] }),
    index('element_dependencies_target_idx').on(t.targetType, t.targetId),
  ],
)

export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => tags.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Ids of the ancestors, '/1/4/' style, for subtree queries. */
    idPath: text().notNull().default('/'),
  },
  (t) => [uniqueIndex('tags_parent_name_unique').on(sql`coalesce(${t.parentId}, 0)`, t.name)],
)

export const tagAssignments = pgTable(
  'tag_assignments',
  {
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    elementType: elementType(),
    elementId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.elementType, t.elementId] }),
    index('tag_assignments_element_idx').on(t.elementType, t.elementId),
  ],
)

/**
 * Deleted subtrees. `rows` holds every removed row (elements with their versions, properties,
 * notes, dependencies and tag assignments) so a restore puts the subtree back whole, same ids.
 */
export const recycleBin = pgTable('recycle_bin', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  elementType: elementType(),
  elementId: bigint({ mode: 'number' }).notNull(),
  subtype: text().notNull(),
  path: text().notNull(),
  amount: integer().notNull(),
  rows: jsonb().notNull(),
  deletedBy: integer(),
  deletedAt: created(),
})

// ── Grid and jobs ───────────────────────────────────────────────────────────────────────────

/** Saved grid column configurations per class (and optionally per folder). */
export const gridColumnConfigs = pgTable(
  'grid_column_configs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ownerId: integer().notNull(),
    /** Which grid: 'object' (of `classId`) or 'asset' (no class). */
    elementType: text({ enum: ['object', 'asset'] })
      .notNull()
      .default('object'),
    classId: text().references(() => objectClasses.id, { onDelete: 'cascade' }),
    /** The folder the grid was opened on; null = any folder. */
    objectId: bigint({ mode: 'number' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** { columns: [{ key, width?, locale? }], sort?, filters?, pageSize? } */
    config: jsonb().notNull(),
    shareGlobally: boolean().notNull().default(false),
    sharedUserIds: jsonb().$type<number[]>().notNull().default([]),
    sharedRoleIds: jsonb().$type<number[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('grid_column_configs_class_idx').on(t.classId, t.ownerId),
    index('grid_column_configs_type_idx').on(t.elementType, t.ownerId),
    check(
      'grid_column_configs_class_check',
      sql`(${t.elementType} = 'object') = (${t.classId} is not null)`,
    ),
  ],
)

/** A user's favourite configuration per class and folder (0 = every folder). */
export const gridFavourites = pgTable(
  'grid_favourites',
  {
    ownerId: integer().notNull(),
    elementType: text({ enum: ['object', 'asset'] })
      .notNull()
      .default('object'),
    /** The class of an object grid; '' for assets. */
    classId: text().notNull(),
    objectId: bigint({ mode: 'number' }).notNull().default(0),
    configId: integer()
      .notNull()
      .references(() => gridColumnConfigs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.elementType, t.classId, t.objectId] })],
)

/** Background jobs (exports, batch updates, index rebuilds) with progress. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    status: text({ enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    params: jsonb().notNull().default({}),
    /** e.g. { file: 'exports/<id>.xlsx', fileName: 'Product.xlsx' } */
    result: jsonb(),
    /** Translation key of the failure shown to the user (details go to the log). */
    errorKey: text(),
    ownerId: integer(),
    createdAt: created(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_owner_idx').on(t.ownerId, t.createdAt)],
)

// ── Product index ───────────────────────────────────────────────────────────────────────────

/**
 * The flat table the storefront lists from, one row per published product, written in the same
 * transaction as every save that changes what it holds and rebuilt by `npm run index:rebuild`.
 * `facets` holds every filterable value by filter column: string arrays for multiselect/colour
 * filters (`{ "shape": ["round"], "color": ["black", "red"] }`); `numbers` holds range values
 * (`{ "lensWidth": 52 }`). Prices: `{ [priceList]: { [currency]: { catalog, action?, final } } }`.
 */
export const productIndex = pgTable(
  'product_index',
  {
    productId: bigint({ mode: 'number' }).primaryKey(),
    /** Direct categories and all their ancestors. */
    categoryIds: bigint({ mode: 'number' }).array().notNull(),
    directCategoryIds: bigint({ mode: 'number' }).array().notNull(),
    /** { cs: 'Name', en: 'Name', … } with fallbacks applied, so every locale is filled. */
    name: jsonb().$type<Record<string, string>>().notNull(),
    /** Lower-cased names in every locale, code, model, brand: what the text filter searches. */
    searchText: text().notNull().default(''),
    code: text().notNull(),
    kind: text().notNull(),
    brand: text().notNull().default(''),
    model: text().notNull().default(''),
    statuses: text().array().notNull(),
    bestseller: boolean().notNull().default(false),
    featured: boolean().notNull().default(false),
    /** Best availability among the variants. */
    availability: text().notNull(),
    prices: jsonb().notNull().default({}),
    facets: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    numbers: jsonb().$type<Record<string, number>>().notNull().default({}),
    releasedAt: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    indexedAt: created(),
  },
  (t) => [
    index('product_index_categories_idx').using('gin', t.categoryIds),
    index('product_index_facets_idx').using('gin', sql`${t.facets} jsonb_path_ops`),
    index('product_index_new_idx').on(
      sql`${t.releasedAt} desc nulls last`,
      sql`${t.productId} desc`,
    ),
    index('product_index_showcase_idx').on(
      sql`${t.featured} desc`,
      sql`${t.releasedAt} desc nulls last`,
      sql`${t.productId} desc`,
    ),
  ],
)

/** One row per published variant of an indexed product, in the variants' order. */
export const productIndexVariants = pgTable(
  'product_index_variants',
  {
    variantId: bigint({ mode: 'number' }).primaryKey(),
    productId: bigint({ mode: 'number' })
      .notNull()
      .references(() => productIndex.productId, { onDelete: 'cascade' }),
    position: integer().notNull(),
    code: text().notNull(),
    colorKey: text().notNull().default(''),
    colorCss: text().notNull().default(''),
    colorName: jsonb().$type<Record<string, string>>().notNull().default({}),
    imageIds: bigint({ mode: 'number' }).array().notNull(),
    availability: text().notNull(),
  },
  (t) => [
    index('product_index_variants_product_idx').on(t.productId, t.position),
    // The list's colour labels: the first variant of each colour key.
    index('product_index_variants_color_idx').on(t.colorKey, t.variantId),
  ],
)

/**
 * Which products' index rows changed, and in which transaction: every `updateProductIndex` call
 * appends the ids it touched (including removed ones). The in-process search engine reads entries
 * from transactions at or after the oldest transaction still running at its last refresh
 * (`pg_snapshot_xmin`), so a late commit is never missed. Old entries are pruned.
 */
export const productIndexChanges = pgTable(
  'product_index_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** `pg_current_xact_id()` of the writing transaction, as a number. */
    xid: bigint({ mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    productId: bigint({ mode: 'number' }).notNull(),
    at: created(),
  },
  (t) => [index('product_index_changes_xid_idx').on(t.xid)],
)

/**
 * The newest transaction whose change rows the pruning job deleted (one row). A snapshot of the
 * search engine taken at a later `pg_snapshot_xmin` has missed no change (decision 072).
 */
export const productIndexPruned = pgTable(
  'product_index_pruned',
  {
    id: boolean().primaryKey().default(true),
    throughXid: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [check('product_index_pruned_one_row', sql`${t.id}`)],
)
