import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { BigIdSchema, IdSchema, MAX_INT4_ID } from '../ids.ts'
import { DocumentTypeSchema, EDITABLE_DOCUMENT_TYPES } from './document-api.ts'

/**
 * The document tree's calls (`/admin/document/*`, issue 17 slice "tree"): reads, add, update,
 * delete, copy and document types. Field names follow Pimcore (`id`, `parentId`, `key`, `type`,
 * `docTypeId`, `template`, `index`, `node`, `start`, `limit`, `sourceId`, `targetId`).
 */

/** The user's workspace rights on one document, as a node reports them. */
export const DocumentPermissionsSchema = z.object({
  list: z.boolean(),
  view: z.boolean(),
  save: z.boolean(),
  publish: z.boolean(),
  unpublish: z.boolean(),
  delete: z.boolean(),
  rename: z.boolean(),
  create: z.boolean(),
  settings: z.boolean(),
  versions: z.boolean(),
  properties: z.boolean(),
})
export type DocumentPermissions = z.infer<typeof DocumentPermissionsSchema>

/** A document key as asked for; the server makes it a valid path segment (`validDocumentKey`). */
export const DocumentKeySchema = z.string().trim().min(1).max(255)

/**
 * A key made a valid URL path segment (Pimcore's `Element\Service::getValidKey` for documents):
 * slashes, control characters, characters with a meaning in URLs and 4-byte characters become
 * '-', runs of '-' and leading dots and spaces go. '' when nothing usable is left.
 */
export function validDocumentKey(key: string): string {
  return key
    .normalize('NFC')
    .replace(/[\u{10000}-\u{10FFFF}]/gu, '-')
    .replace(/\p{Cc}+/gu, '-')
    .replace(/[\s/\\#?*:<>|"%&@=;+]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-. ]+|-+$/g, '')
    .slice(0, 255)
}

/** One node of the document tree as the back office lists it. */
export const DocumentNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  key: z.string(),
  /** The document's own full path ('/' for the root). */
  path: z.string(),
  type: DocumentTypeSchema,
  published: z.boolean(),
  index: z.number().int(),
  /** Its own language (a language root) or its nearest ancestor's; null when none is set. */
  language: z.enum(LOCALES).nullable(),
  hasChildren: z.boolean(),
  /** Another user holds a live edit lock. */
  locked: z.boolean(),
  permissions: DocumentPermissionsSchema,
  template: z.string().nullable(),
  /** The site whose root this document is. */
  siteId: z.number().int().optional(),
})
export type DocumentNode = z.infer<typeof DocumentNodeSchema>

/** `GET /admin/document/tree-get-children-by-id?node=…&start=…&limit=…` */
export const DocumentChildrenQuerySchema = z.object({
  node: BigIdSchema,
  start: z.coerce.number().int().nonnegative().max(MAX_INT4_ID).default(0),
  limit: z.coerce.number().int().positive().max(500).default(100),
  /** Only children whose key contains this text (case-insensitive), as Pimcore's tree filter. */
  filter: z.string().trim().max(255).optional(),
})
export type DocumentChildrenQuery = z.infer<typeof DocumentChildrenQuerySchema>

export const DocumentChildrenSchema = z.object({
  nodes: z.array(DocumentNodeSchema),
  total: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
})
export type DocumentChildren = z.infer<typeof DocumentChildrenSchema>

export const DocumentIdQuerySchema = z.object({ id: BigIdSchema })

/** What an editor knows of a document (`get-data-by-id`). */
export const DocumentDataSchema = DocumentNodeSchema.extend({
  editables: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  docTypeId: z.number().int().nullable(),
  contentMainDocumentId: z.number().int().nullable(),
  versionCount: z.number().int(),
  creationDate: z.string(),
  modificationDate: z.string(),
  userOwner: z.string().nullable(),
  userModification: z.string().nullable(),
  /** The linked translations: locale → document id (itself included). */
  translations: z.record(z.string(), z.number().int()),
  /** A version newer than the row (an unpublished draft). */
  draft: z.object({ versionId: z.number().int(), date: z.string() }).optional(),
  /** The user keeps unsaved edits of it (save-to-session). */
  session: z.literal(true).optional(),
})
export type DocumentData = z.infer<typeof DocumentDataSchema>

/** `POST /admin/document/add` */
export const AddDocumentSchema = z.object({
  parentId: BigIdSchema,
  key: DocumentKeySchema,
  type: DocumentTypeSchema,
  /** page, snippet, email: a document type of the same type gives the template. */
  docTypeId: IdSchema.optional(),
  /** page, snippet, email: a template by name (when no docTypeId). */
  template: z.string().max(64).optional(),
  /** Position among the siblings; default: after the last. */
  index: z.coerce.number().int().min(0).max(MAX_INT4_ID).optional(),
  /** Makes the new document a language root (pages and folders). */
  language: z.enum(LOCALES).optional(),
})
export type AddDocument = z.infer<typeof AddDocumentSchema>

export const AddedDocumentSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  type: DocumentTypeSchema,
  node: DocumentNodeSchema,
})

/** `PUT /admin/document/update`: rename (`key`), move (`parentId`), reorder (`index`). */
export const UpdateDocumentSchema = z.object({
  id: BigIdSchema,
  parentId: BigIdSchema.optional(),
  key: DocumentKeySchema.optional(),
  index: z.coerce.number().int().min(0).max(MAX_INT4_ID).optional(),
})
export type UpdateDocument = z.infer<typeof UpdateDocumentSchema>

export const UpdatedDocumentSchema = z.object({
  success: z.literal(true),
  node: DocumentNodeSchema,
})

export const DocumentDeleteInfoSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  path: z.string(),
  /** Documents deleted with it (itself included). */
  elements: z.number().int().nonnegative(),
  /** Elements outside the subtree that refer to one of them. */
  usedBy: z.number().int().nonnegative(),
  hasDependencies: z.boolean(),
  /** The user may delete it and everything below it (and it is not the root). */
  deletable: z.boolean(),
})
export type DocumentDeleteInfo = z.infer<typeof DocumentDeleteInfoSchema>

export const DocumentDeletedSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
  binId: z.number().int(),
})

export const DOCUMENT_COPY_TYPES = ['child', 'recursive'] as const

/** `GET /admin/document/copy-info` and `POST /admin/document/copy`. */
export const DocumentCopyQuerySchema = z.object({
  sourceId: BigIdSchema,
  targetId: BigIdSchema,
  type: z.enum(DOCUMENT_COPY_TYPES).default('recursive'),
  /** Rewrite references into the copied subtree to the copies (copy-rewrite-ids) at the end. */
  rewrite: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
})
export type DocumentCopyQuery = z.infer<typeof DocumentCopyQuerySchema>

export const DocumentCopyInfoSchema = z.object({
  sourceId: z.number().int(),
  targetId: z.number().int(),
  type: z.enum(DOCUMENT_COPY_TYPES),
  elements: z.number().int().nonnegative(),
})
export type DocumentCopyInfo = z.infer<typeof DocumentCopyInfoSchema>

export const DocumentJobSchema = z.object({ jobId: z.string() })

/** What a finished copy job answers: the new root and every source id → copy id. */
export const DocumentCopyResultSchema = z.object({
  id: z.number().int(),
  idMapping: z.record(z.string(), z.number().int()),
})
export type DocumentCopyResult = z.infer<typeof DocumentCopyResultSchema>

/**
 * `PUT /admin/document/copy-rewrite-ids`: `transactionId` is the user's finished copy job (as
 * Pimcore names the copy's transaction); in its copies, references to a copied source document
 * become references to the copy.
 */
export const DocumentRewriteIdsSchema = z.object({ transactionId: z.string().uuid() })
export type DocumentRewriteIds = z.infer<typeof DocumentRewriteIdsSchema>

export const DocumentRewrittenSchema = z.object({
  success: z.literal(true),
  /** Copies whose editables or settings changed. */
  rewritten: z.number().int().nonnegative(),
})

/** `GET /admin/document/get-id-for-path?path=…` */
export const DocumentPathQuerySchema = z.object({ path: z.string().min(1).max(2_000) })
export const DocumentIdForPathSchema = z.object({ id: z.number().int(), type: DocumentTypeSchema })

// ── Document types ─────────────────────────────────────────────────────────────────────────

export const DocTypeTypeSchema = z.enum(EDITABLE_DOCUMENT_TYPES)

export const DocTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z.string(),
  type: DocTypeTypeSchema,
  template: z.string(),
  priority: z.number().int(),
  creationDate: z.string(),
  modificationDate: z.string(),
})
export type DocType = z.infer<typeof DocTypeSchema>

export const DocTypeListSchema = z.object({ data: z.array(DocTypeSchema), total: z.number().int() })

/** `GET /admin/document/get-doc-types?type=page` */
export const DocTypesQuerySchema = z.object({ type: DocTypeTypeSchema.optional() })

/** `POST /admin/document/doc-types` (create). */
export const CreateDocTypeSchema = z.object({
  name: z.string().trim().min(1).max(200),
  group: z.string().trim().max(200).default(''),
  type: DocTypeTypeSchema,
  template: z.string().min(1).max(64),
  priority: z.coerce.number().int().min(-1000).max(1000).default(0),
})
export type CreateDocType = z.infer<typeof CreateDocTypeSchema>

/** `PUT /admin/document/doc-types` (update). */
export const UpdateDocTypeSchema = CreateDocTypeSchema.partial().extend({ id: IdSchema })
export type UpdateDocType = z.infer<typeof UpdateDocTypeSchema>

/** `DELETE /admin/document/doc-types?id=…` */
export const DocTypeIdQuerySchema = z.object({ id: IdSchema })

export const DocTypeSavedSchema = z.object({ success: z.literal(true), data: DocTypeSchema })
