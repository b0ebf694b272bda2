import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'
import { ScheduleTaskInputSchema } from '../pim/element-api.ts'
import { DocumentTypeSchema } from './document-api.ts'
import { EditableMapSchema } from './editables.ts'

/**
 * Saving a document's content (issue 17, slice "content"): the per-type `save`,
 * `save-to-session`, `remove-from-session`, `change-main-document` calls and the document
 * calls on versions (`publish-version`, `version-to-session`, `diff-versions`) and `convert`.
 * Field names follow Pimcore's admin UI.
 */

/**
 * What a save does (Pimcore's `task`): `publish` writes and publishes, `unpublish` writes and
 * takes the document offline, `version` saves a draft (a version newer than the published row;
 * a document that is not published is written directly), `autoSave` a draft marked as
 * automatic, `scheduler` only replaces the document's scheduled tasks.
 */
export const SAVE_DOCUMENT_TASKS = [
  'publish',
  'unpublish',
  'version',
  'autoSave',
  'scheduler',
] as const
export const SaveDocumentTaskSchema = z.enum(SAVE_DOCUMENT_TASKS)
export type SaveDocumentTask = z.infer<typeof SaveDocumentTaskSchema>

/** Pimcore posts `data` as a JSON string in a form; a JSON object is accepted as well. */
function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  }, schema)
}

/**
 * The content of a save: every editable the editor holds (the whole map replaces the stored
 * one), the type's settings (merged over the stored settings), the template (page, snippet,
 * e-mail). Editables are checked against the template on the server (`validateEditables`).
 */
export const DocumentContentInputSchema = z.object({
  editables: z.unknown().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  template: z.string().max(64).optional(),
  /** Renaming is `document/update`; a different key here is refused. */
  key: z.string().max(255).optional(),
})
export type DocumentContentInput = z.infer<typeof DocumentContentInputSchema>

/** PUT/POST /admin/{page,snippet,email,folder,hardlink,link}/save */
export const SaveDocumentBodySchema = z.object({
  id: BigIdSchema,
  task: SaveDocumentTaskSchema.default('version'),
  data: jsonField(DocumentContentInputSchema).default({}),
  /** task `scheduler`: the document's pending scheduled tasks (replaces them). */
  scheduler: jsonField(z.array(ScheduleTaskInputSchema).max(100)).optional(),
  /** A note stored with the version. */
  note: z.string().max(1_000).optional(),
})
export type SaveDocumentBody = z.input<typeof SaveDocumentBodySchema>

export const SavedDocumentSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  published: z.boolean(),
  /** The version this save wrote (null for `scheduler`). */
  versionId: z.number().int().nullable(),
  versionCount: z.number().int(),
  /** True when the save wrote only a version (the published row is unchanged). */
  draft: z.boolean(),
  modificationDate: z.string(),
})
export type SavedDocument = z.infer<typeof SavedDocumentSchema>

/** POST /admin/{type}/save-to-session: the editor's unsaved content, kept for the preview. */
export const SaveToSessionBodySchema = z.object({
  id: BigIdSchema,
  data: jsonField(DocumentContentInputSchema).default({}),
})
export type SaveToSessionBody = z.input<typeof SaveToSessionBodySchema>

/** DELETE /admin/{type}/remove-from-session?id= */
export const DocumentIdQuerySchema = z.object({ id: BigIdSchema })

export const SuccessSchema = z.object({ success: z.literal(true) })

/** What a session holds: sanitized editables, settings and the template. */
export const DocumentSessionDataSchema = z.object({
  editables: EditableMapSchema,
  settings: z.record(z.string(), z.unknown()),
  template: z.string().nullable(),
})
export type DocumentSessionData = z.infer<typeof DocumentSessionDataSchema>

/**
 * PUT /admin/{type}/change-main-document: the page (snippet) whose editables this one shows
 * (Pimcore's content main document); `contentMainDocumentPath` or `contentMainDocumentId`,
 * empty/null to clear.
 */
export const ChangeMainDocumentBodySchema = z.object({
  id: BigIdSchema,
  contentMainDocumentPath: z.string().max(2_000).optional(),
  contentMainDocumentId: BigIdSchema.nullable().optional(),
})
export type ChangeMainDocumentBody = z.input<typeof ChangeMainDocumentBodySchema>

/** POST /admin/document/publish-version, /admin/document/version-to-session: `id` = version id. */
export const DocumentVersionBodySchema = z.object({ id: BigIdSchema })

/** GET /admin/document/diff-versions/{from}/{to}: digits only (else 404). */
export const DiffVersionsParamsSchema = z.object({
  from: z.string(),
  to: z.string(),
})

/** One editable in a diff: its flattened name (`content.2.body`) and text. */
export const DiffVersionsSchema = z.object({
  from: z.object({ id: z.number().int(), versionCount: z.number().int(), date: z.string() }),
  to: z.object({ id: z.number().int(), versionCount: z.number().int(), date: z.string() }),
  items: z.array(
    z.object({
      name: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
})
export type DiffVersions = z.infer<typeof DiffVersionsSchema>

/**
 * PUT /admin/document/convert: changes a document's type where Pimcore allows it — between
 * page, snippet and e-mail (the template must suit the new type, else it becomes the type's
 * default), and between link and hardlink only when empty; folders and other pairs are refused.
 */
export const ConvertDocumentBodySchema = z.object({
  id: BigIdSchema,
  type: DocumentTypeSchema,
  /** The template for the new type (default: kept if it suits, else the type's first). */
  template: z.string().max(64).optional(),
})
export type ConvertDocumentBody = z.input<typeof ConvertDocumentBodySchema>

export const ConvertedDocumentSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  type: DocumentTypeSchema,
  template: z.string().nullable(),
})
