import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { DOCUMENT_TYPES } from '@optika/domain/cms/document-api'

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/**
 * Document types (Pimcore's "predefined document types"): a named template for new pages,
 * snippets and e-mails, grouped in the editor's "add" menu.
 */
export const documentTypes = pgTable(
  'document_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    group: text().notNull().default(''),
    type: text({ enum: ['page', 'snippet', 'email'] }).notNull(),
    /** A template of `packages/domain/src/cms/templates.ts`. */
    template: text().notNull(),
    priority: integer().notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('document_types_type_name_unique').on(t.type, t.name)],
)

/**
 * The document tree. `path` is the parent's full path ending in '/', so `path || key` is the
 * document's own path and a subtree is a prefix match (as objects and assets). The root (id 1,
 * key '', path '/') is made by the migration.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => documents.id),
    type: text({ enum: DOCUMENT_TYPES }).notNull(),
    key: text().notNull(),
    path: text().notNull(),
    index: integer().notNull().default(0),
    published: boolean().notNull().default(false),
    docTypeId: integer().references(() => documentTypes.id, { onDelete: 'set null' }),
    /** page, snippet, email: the template; null for the other types. */
    template: text(),
    /** EditableMap (`packages/domain/src/cms/editables.ts`), sanitized on save. */
    editables: jsonb().notNull().default({}),
    /** Per type (`DOCUMENT_SETTINGS_SCHEMAS`): SEO and navigation, e-mail envelope, link target… */
    settings: jsonb().notNull().default({}),
    /** Pimcore's "content main document": a page drawing its editables from another page. */
    contentMainDocumentId: bigint({ mode: 'number' }).references((): AnyPgColumn => documents.id, {
      onDelete: 'set null',
    }),
    /** Set on language roots; every other document inherits its nearest ancestor's. */
    language: text(),
    userOwner: integer(),
    userModification: integer(),
    /** The count of the newest version (element_versions, type 'document'). */
    versionCount: integer().notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('documents_parent_key_unique').on(t.parentId, t.key),
    index('documents_children_order_idx').on(t.parentId, t.index, t.key),
    index('documents_path_idx').on(sql`${t.path} text_pattern_ops`),
  ],
)

/**
 * Translations link documents across languages (Pimcore's documents_translations): every
 * document of one group carries the group's `sourceId`, at most one per language.
 */
export const documentTranslations = pgTable(
  'document_translations',
  {
    documentId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    sourceId: bigint({ mode: 'number' }).notNull(),
    language: text().notNull(),
  },
  (t) => [uniqueIndex('document_translations_source_language_unique').on(t.sourceId, t.language)],
)

/** Unsaved edits one user keeps for a preview (save-to-session), until saved or removed. */
export const documentSessions = pgTable(
  'document_sessions',
  {
    documentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    /** What the editor holds: editables, settings, template. */
    data: jsonb().notNull(),
    updatedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] })],
)

/** A site: a document subtree served on its own domains, with its own language and error pages. */
export const sites = pgTable('sites', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  rootId: bigint({ mode: 'number' })
    .notNull()
    .unique()
    .references(() => documents.id, { onDelete: 'cascade' }),
  /** Host names (lower case, no port) the site answers; unique across sites (checked on save). */
  domains: jsonb().$type<string[]>().notNull().default([]),
  mainDomain: text().notNull().default(''),
  redirectToMainDomain: boolean().notNull().default(false),
  defaultLanguage: text(),
  /** Error page per language: { cs: documentId, … }; '' key = any language. */
  errorDocuments: jsonb().$type<Record<string, number>>().notNull().default({}),
  createdAt: created(),
  updatedAt: created(),
})

/**
 * One number that moves with every change to documents, translations and sites (statement
 * triggers, migration 0017): the storefront's kept document pages are valid while it stays.
 */
export const documentGeneration = pgTable('document_generation', {
  id: integer().primaryKey().default(1),
  value: bigint({ mode: 'number' }).notNull().default(0),
})
