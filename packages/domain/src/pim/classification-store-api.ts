import { z } from 'zod'
import { IdSchema } from '../ids.ts'
import {
  FieldDefinitionSchema,
  IdentifierSchema,
  type FieldDefinition,
} from './class-definition.ts'

/**
 * Input and answer shapes of the classification store API (/admin/classificationstore/*), shared
 * by the server routes, the back office's classification store screen and the tests. A store
 * holds keys ("properties", each typed by a scalar field definition), groups of keys and
 * collections of groups; objects pick groups and fill their keys' values.
 */

/** The field types a key may have: one value each, no nesting, no relations. */
export const CLASSIFICATION_KEY_TYPES = [
  'input',
  'textarea',
  'number',
  'quantityValue',
  'select',
  'multiselect',
  'boolean',
  'date',
  'color',
] as const
export type ClassificationKeyType = (typeof CLASSIFICATION_KEY_TYPES)[number]

/** Stores, collections, groups and keys have `integer` ids. */
const id = IdSchema
const name = z.string().trim().min(1, 'validation.required').max(190)
const description = z.string().trim().max(1000)

// ── Paging ─────────────────────────────────────────────────────────────────────────────────

/** Pimcore's grid paging: `start` (offset) and `limit`; `filter` searches names and descriptions. */
const paging = {
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  filter: z.string().trim().max(190).optional(),
}

export const SuccessSchema = z.object({ success: z.literal(true) })

// ── Stores ─────────────────────────────────────────────────────────────────────────────────

export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
})
export type Store = z.infer<typeof StoreSchema>

export const CreateStoreSchema = z.object({ name, description: description.default('') })
export type CreateStore = z.infer<typeof CreateStoreSchema>

export const EditStoreSchema = z.object({
  id,
  name: name.optional(),
  description: description.optional(),
})
export type EditStore = z.infer<typeof EditStoreSchema>

/** A node of the store tree (Pimcore's storetree): the stores as leaves. */
export const StoreTreeNodeSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  description: z.string(),
  leaf: z.literal(true),
})

// ── Collections and groups ─────────────────────────────────────────────────────────────────

export const StoreListQuerySchema = z.object({ storeId: id, ...paging })
export type StoreListQuery = z.infer<typeof StoreListQuerySchema>

export const CollectionSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  description: z.string(),
})
export type Collection = z.infer<typeof CollectionSchema>

export const CreateCollectionSchema = z.object({
  storeId: id,
  name,
  description: description.default(''),
})
export type CreateCollection = z.infer<typeof CreateCollectionSchema>

export const UpdateCollectionSchema = z.object({
  id,
  name: name.optional(),
  description: description.optional(),
})
export type UpdateCollection = z.infer<typeof UpdateCollectionSchema>

export const GroupSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
})
export type Group = z.infer<typeof GroupSchema>

export const CreateGroupSchema = z.object({
  storeId: id,
  name,
  description: description.default(''),
  parentId: id.nullable().default(null),
})
export type CreateGroup = z.infer<typeof CreateGroupSchema>

export const UpdateGroupSchema = z.object({
  id,
  name: name.optional(),
  description: description.optional(),
  parentId: id.nullable().optional(),
})
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>

export const IdQuerySchema = z.object({ id })

export const CollectionPageSchema = z.object({
  total: z.number().int(),
  data: z.array(CollectionSchema),
})
export const GroupPageSchema = z.object({ total: z.number().int(), data: z.array(GroupSchema) })

// ── Keys ("properties") ────────────────────────────────────────────────────────────────────

/** The extra settings of a key's field definition; `kind`, `type`, `name` and `title` come from the key. */
const DefinitionSettingsSchema = z.record(z.string(), z.unknown())

export const KeySchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(CLASSIFICATION_KEY_TYPES),
  definition: FieldDefinitionSchema,
  enabled: z.boolean(),
})
export type ClassificationKey = z.infer<typeof KeySchema>

export const CreateKeySchema = z.object({
  storeId: id,
  name: IdentifierSchema,
  title: z.string().trim().max(190).default(''),
  description: description.default(''),
  type: z.enum(CLASSIFICATION_KEY_TYPES),
  definition: DefinitionSettingsSchema.default({}),
  enabled: z.boolean().default(true),
})
export type CreateKey = z.infer<typeof CreateKeySchema>

export const UpdateKeySchema = z.object({
  id,
  name: IdentifierSchema.optional(),
  title: z.string().trim().max(190).optional(),
  description: description.optional(),
  type: z.enum(CLASSIFICATION_KEY_TYPES).optional(),
  definition: DefinitionSettingsSchema.optional(),
  enabled: z.boolean().optional(),
})
export type UpdateKey = z.infer<typeof UpdateKeySchema>

export const KeyPageSchema = z.object({ total: z.number().int(), data: z.array(KeySchema) })

/** A key's definition problem: where in the definition and which message (a translation key). */
export interface KeyDefinitionIssue {
  readonly path: string
  readonly key: string
}

/**
 * A key's full field definition: its settings with the key's own type, name and title, checked by
 * the class definitions' FieldDefinitionSchema plus what a key needs (options for a select).
 */
export function composeKeyDefinition(key: {
  name: string
  title: string
  type: ClassificationKeyType
  definition: Readonly<Record<string, unknown>>
}):
  { definition: FieldDefinition; issues: [] } | { definition: null; issues: KeyDefinitionIssue[] } {
  const parsed = FieldDefinitionSchema.safeParse({
    ...key.definition,
    kind: 'field',
    type: key.type,
    name: key.name,
    title: key.title,
  })
  if (!parsed.success) {
    return {
      definition: null,
      issues: parsed.error.issues.map((issue) => ({
        path: ['definition', ...issue.path.map(String)].join('.'),
        key: 'pimStores.definitionInvalid',
      })),
    }
  }
  const definition = parsed.data
  const issues: KeyDefinitionIssue[] = []
  if (definition.children !== undefined)
    issues.push({ path: 'definition.children', key: 'pimStores.definitionInvalid' })
  if (
    (definition.type === 'select' || definition.type === 'multiselect') &&
    (definition.options ?? []).length === 0 &&
    definition.optionsProviderId === undefined
  ) {
    issues.push({ path: 'definition.options', key: 'pimStores.optionsRequired' })
  }
  if (
    definition.min !== undefined &&
    definition.max !== undefined &&
    definition.min > definition.max
  ) {
    issues.push({ path: 'definition.max', key: 'pimStores.minAboveMax' })
  }
  return issues.length > 0 ? { definition: null, issues } : { definition, issues: [] }
}

// ── Relations ──────────────────────────────────────────────────────────────────────────────

export const RelationListQuerySchema = z.object({ groupId: id, ...paging })
export type RelationListQuery = z.infer<typeof RelationListQuerySchema>

/** A key in a group, with what the editor needs to show it. */
export const RelationSchema = z.object({
  groupId: z.number().int(),
  keyId: z.number().int(),
  mandatory: z.boolean(),
  sorter: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(CLASSIFICATION_KEY_TYPES),
  enabled: z.boolean(),
})
export type Relation = z.infer<typeof RelationSchema>
export const RelationPageSchema = z.object({
  total: z.number().int(),
  data: z.array(RelationSchema),
})

const sorter = z.number().int().min(-1_000_000).max(1_000_000)

/** POST relations: adds keys to a group (an existing relation is updated). */
export const AddRelationsSchema = z.object({
  groupId: id,
  items: z
    .array(
      z.object({ keyId: id, mandatory: z.boolean().default(false), sorter: sorter.default(0) }),
    )
    .min(1)
    .max(500),
})
export type AddRelations = z.infer<typeof AddRelationsSchema>

/** PUT relations: changes one relation's mandatory flag or position. */
export const UpdateRelationSchema = z.object({
  groupId: id,
  keyId: id,
  mandatory: z.boolean().optional(),
  sorter: sorter.optional(),
})
export type UpdateRelation = z.infer<typeof UpdateRelationSchema>

export const RelationIdQuerySchema = z.object({ groupId: id, keyId: id })

/** GET search-relations: every key with the groups it is in, filtered by text. */
export const SearchRelationsQuerySchema = z.object({ storeId: id, ...paging })
export type SearchRelationsQuery = z.infer<typeof SearchRelationsQuerySchema>

export const SearchRelationHitSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  keyId: z.number().int(),
  keyName: z.string(),
  keyTitle: z.string(),
  keyDescription: z.string(),
  type: z.enum(CLASSIFICATION_KEY_TYPES),
  mandatory: z.boolean(),
  sorter: z.number().int(),
})
export type SearchRelationHit = z.infer<typeof SearchRelationHitSchema>
export const SearchRelationPageSchema = z.object({
  total: z.number().int(),
  data: z.array(SearchRelationHitSchema),
})

// ── Collection relations ───────────────────────────────────────────────────────────────────

export const CollectionRelationListQuerySchema = z.object({ collectionId: id, ...paging })
export type CollectionRelationListQuery = z.infer<typeof CollectionRelationListQuerySchema>

export const CollectionRelationSchema = z.object({
  collectionId: z.number().int(),
  groupId: z.number().int(),
  sorter: z.number().int(),
  name: z.string(),
  description: z.string(),
})
export type CollectionRelation = z.infer<typeof CollectionRelationSchema>
export const CollectionRelationPageSchema = z.object({
  total: z.number().int(),
  data: z.array(CollectionRelationSchema),
})

export const AddCollectionRelationsSchema = z.object({
  collectionId: id,
  items: z
    .array(z.object({ groupId: id, sorter: sorter.default(0) }))
    .min(1)
    .max(500),
})
export type AddCollectionRelations = z.infer<typeof AddCollectionRelationsSchema>

export const UpdateCollectionRelationSchema = z.object({ collectionId: id, groupId: id, sorter })
export type UpdateCollectionRelation = z.infer<typeof UpdateCollectionRelationSchema>

export const CollectionRelationIdQuerySchema = z.object({ collectionId: id, groupId: id })

// ── The object editor ──────────────────────────────────────────────────────────────────────

/** POST add-collections: the groups of these collections (collection order, then sorter). */
export const AddCollectionsSchema = z.object({
  collectionIds: z.array(id).min(1).max(200),
})
export type AddCollections = z.infer<typeof AddCollectionsSchema>

/** POST add-groups: these groups, in the given order. */
export const AddGroupsSchema = z.object({ groupIds: z.array(id).min(1).max(500) })
export type AddGroups = z.infer<typeof AddGroupsSchema>

export const GroupKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(CLASSIFICATION_KEY_TYPES),
  definition: FieldDefinitionSchema,
  mandatory: z.boolean(),
  sorter: z.number().int(),
})
export type GroupKey = z.infer<typeof GroupKeySchema>

/** A group with its enabled keys in order (sorter, then name). */
export const GroupWithKeysSchema = GroupSchema.extend({ keys: z.array(GroupKeySchema) })
export type GroupWithKeys = z.infer<typeof GroupWithKeysSchema>

export const GroupsWithKeysSchema = z.object({ groups: z.array(GroupWithKeysSchema) })

// ── get-page ───────────────────────────────────────────────────────────────────────────────

export const PAGE_LISTS = ['collections', 'groups', 'properties'] as const

/** GET get-page: on which page (1-based) of a list an item lies, for a page size and filter. */
export const GetPageQuerySchema = z.object({
  table: z.enum(PAGE_LISTS),
  storeId: id,
  id,
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  filter: z.string().trim().max(190).optional(),
})
export type GetPageQuery = z.infer<typeof GetPageQuerySchema>

export const GetPageResultSchema = z.object({
  page: z.number().int(),
  position: z.number().int(),
})
