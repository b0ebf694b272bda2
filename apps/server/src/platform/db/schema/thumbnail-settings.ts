import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/**
 * Image thumbnail configurations by name (decision 058): the DAM renders from these, kept in
 * memory; seeded by migration 0025 with the configurations that were in code (decision 028).
 */
export const thumbnailConfigs = pgTable('thumbnail_configs', {
  name: text().primaryKey(),
  groupName: text().notNull().default(''),
  description: text().notNull().default(''),
  width: integer().notNull(),
  height: integer().notNull(),
  mode: text().notNull(),
  format: text().notNull(),
  quality: integer().notNull(),
  highDpi: boolean().notNull().default(false),
  background: text(),
  downloadable: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Video thumbnail (transcoding) configurations by name; `preview` drives the editor's player. */
export const videoThumbnailConfigs = pgTable('video_thumbnail_configs', {
  name: text().primaryKey(),
  groupName: text().notNull().default(''),
  description: text().notNull().default(''),
  width: integer().notNull(),
  videoBitrate: integer().notNull(),
  audioBitrate: integer().notNull(),
  maxSeconds: integer().notNull(),
  formats: jsonb().$type<string[]>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Asset metadata definitions offered by the asset editor's metadata tab. */
export const predefinedMetadata = pgTable(
  'predefined_metadata',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().notNull(),
    data: text(),
    config: text().notNull().default(''),
    language: text().notNull().default(''),
    targetSubtype: text().notNull().default(''),
    groupName: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('predefined_metadata_name_idx').on(t.name)],
)

/** Properties offered in the elements' properties tab, by content type. */
export const predefinedProperties = pgTable(
  'predefined_properties',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    key: text().notNull(),
    type: text().notNull(),
    data: text(),
    config: text().notNull().default(''),
    ctype: jsonb().$type<string[]>().notNull(),
    inheritable: boolean().notNull().default(false),
    groupName: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('predefined_properties_key_idx').on(t.key)],
)
