import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/**
 * Data-object classes (Pimcore-style): the field definitions live in the database as JSON,
 * so the back office can change them. Product, Category and the other shop classes are rows here.
 */
export const objectClasses = pgTable('object_classes', {
  id: text().primaryKey(),
  name: text().notNull(),
  definition: jsonb().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * The data-object tree: folders, objects and variants. `path` is the parent's full path
 * ending in '/', so `path || key` is the element's own path and a subtree is a prefix match.
 */
export const objects = pgTable(
  'objects',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => objects.id),
    type: text({ enum: ['folder', 'object', 'variant'] }).notNull(),
    key: text().notNull(),
    path: text().notNull(),
    index: integer().notNull().default(0),
    published: boolean().notNull().default(false),
    classId: text().references(() => objectClasses.id),
    data: jsonb().notNull().default({}),
    ownerId: integer(),
    /** Admin user who saved last. */
    userModification: integer(),
    /** How the tree and grid order this element's children. */
    childrenSortBy: text({ enum: ['key', 'index'] })
      .notNull()
      .default('key'),
    childrenSortOrder: text({ enum: ['asc', 'desc'] })
      .notNull()
      .default('asc'),
    /** The count of the element's newest version (element_versions.version_count). */
    versionCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('objects_parent_key_unique').on(t.parentId, t.key),
    index('objects_parent_index_idx').on(t.parentId, t.index),
    index('objects_path_idx').on(sql`${t.path} text_pattern_ops`),
    index('objects_class_idx').on(t.classId),
    check('objects_key_not_blank', sql`${t.parentId} is null or length(${t.key}) > 0`),
  ],
)

/** Files (product pictures and the like), stored on disk or S3 under `storageKey`. */
export const assets = pgTable(
  'assets',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => assets.id),
    type: text({ enum: ['folder', 'image', 'document', 'video', 'other'] }).notNull(),
    key: text().notNull(),
    path: text().notNull(),
    mimeType: text(),
    size: integer(),
    width: integer(),
    height: integer(),
    storageKey: text(),
    /** Custom metadata: Pimcore's list of { name, language, type, data }. */
    metadata: jsonb().notNull().default([]),
    /** What the file says about itself (EXIF, IPTC, XMP), read on upload. */
    embeddedMetadata: jsonb().notNull().default({}),
    /** Per-asset settings such as the focal point. */
    customSettings: jsonb().notNull().default({}),
    checksum: text(),
    userOwner: bigint({ mode: 'number' }),
    userModification: bigint({ mode: 'number' }),
    versionCount: integer().notNull().default(0),
    /** Folders first, then the key in natural, case-insensitive order; set by a trigger (0011). */
    treeOrder: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assets_parent_key_unique').on(t.parentId, t.key),
    index('assets_path_idx').on(sql`${t.path} text_pattern_ops`),
    // The tree's order: folders first, then the key in natural order (migration 0011).
    index('assets_children_order_idx').on(t.parentId, t.treeOrder, t.id),
  ],
)
