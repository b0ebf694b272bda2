import { eq } from 'drizzle-orm'
import type { ClassDefinition } from '@optika/domain/pim/class-definition'
import type { FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  assertNotLockedByOther,
  replaceDependencies,
  saveVersion,
  type ElementRef,
  type ElementSnapshot,
} from '../../elements/element-services.ts'
import { validateObjectForSave } from '../classes/validate-object.ts'
import { dependencyTargetsOf } from './object-dependencies.ts'
import { loadValidationLookup } from '../classes/validation-lookup.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { requireClass } from './class-access.ts'
import { latestDraft, parentResolvedData } from './object-data.ts'
import { loadObjectRow, type ObjectRow } from './object-rows.ts'
import { loadObjectRights } from './object-rights.ts'
import { announceMovedUrls, movedObjectUrls } from './slug-changes.ts'
import { protectWorkflowFields } from './object-workflow-fields.ts'

export type SaveTask = 'publish' | 'unpublish' | 'save' | 'version'

/** 400 with every field error as a detail (translated by the error handler). */
export function validationFailed(errors: readonly FieldError[]): AppError {
  return new AppError(
    400,
    'VALIDATION_FAILED',
    'validation.formError',
    {},
    errors.map((e) => ({ path: e.path, key: e.key, ...(e.params ? { params: e.params } : {}) })),
  )
}

/** Validates data for an object row (inherited values from its parent); throws 400 on errors. */
export async function validateForRow(
  tx: Db,
  row: Pick<ObjectRow, 'id' | 'parentId' | 'classId'>,
  definition: ClassDefinition,
  data: unknown,
  checkMandatory: boolean,
): Promise<Record<string, unknown>> {
  const inherited = await parentResolvedData(tx, row, definition.allowInherit)
  const result = await validateObjectForSave(tx, {
    classId: row.classId!,
    definition,
    objectId: row.id,
    data,
    checkMandatory,
    inherited,
  })
  if (result.errors.length > 0) throw validationFailed(result.errors)
  return result.data
}

function snapshotOf(
  row: Pick<ObjectRow, 'key' | 'parentId' | 'path' | 'type' | 'classId' | 'index'>,
  published: boolean,
  data: Readonly<Record<string, unknown>>,
): ElementSnapshot {
  return {
    key: row.key,
    parentId: row.parentId,
    path: row.path,
    type: row.type,
    classId: row.classId,
    published,
    index: row.index,
    data,
  }
}

/** Writes the published state into the row with its public version and dependencies (caller's transaction). */
export async function writePublishedRow(
  tx: Db,
  input: {
    row: ObjectRow
    definition: ClassDefinition
    data: Record<string, unknown>
    published: boolean
    userId: number | null
    note?: string
  },
): Promise<{ versionCount: number }> {
  const element: ElementRef = { type: 'object', id: input.row.id }
  const version = await saveVersion(tx, {
    element,
    snapshot: snapshotOf(input.row, input.published, input.data),
    userId: input.userId,
    isPublic: input.published,
    ...(input.note ? { note: input.note } : {}),
  })
  await tx
    .update(objects)
    .set({
      data: input.data,
      published: input.published,
      versionCount: version.versionCount,
      userModification: input.userId,
      updatedAt: new Date(),
    })
    .where(eq(objects.id, input.row.id))
  const lookup = await loadValidationLookup(tx)
  await replaceDependencies(tx, element, dependencyTargetsOf(input.definition, input.data, lookup))
  // A product's or category's new slug: its old addresses answer with a 301 (SEO redirects).
  await announceMovedUrls(
    tx,
    movedObjectUrls({
      id: input.row.id,
      type: input.row.type,
      classId: input.row.classId,
      before: { published: input.row.published, data: input.row.data as Record<string, unknown> },
      after: { published: input.published, data: input.data },
    }),
  )
  return { versionCount: version.versionCount }
}

/**
 * Publishes or unpublishes an object's stored data (no new data): publishing validates with the
 * mandatory fields first. Runs in the caller's transaction; the caller re-indexes.
 */
export async function publishRowState(
  tx: Db,
  input: { row: ObjectRow; published: boolean; userId: number },
): Promise<{ versionCount: number }> {
  const cls = await requireClass(tx, input.row.classId)
  const stored = input.row.data as Record<string, unknown>
  const data = input.published
    ? await validateForRow(tx, input.row, cls.definition, stored, true)
    : stored
  return writePublishedRow(tx, {
    row: input.row,
    definition: cls.definition,
    data,
    published: input.published,
    userId: input.userId,
  })
}

/**
 * Saves an object's data (a patch of fields merged over the stored data, or the whole data):
 * checks rights and the edit lock, validates against the class, writes the object row (unless it
 * is a draft of a published object), a version, its dependencies and the product index, all in
 * one transaction. Invalid data changes nothing and answers 400 with the field errors.
 * `publish` publishes, `unpublish` unpublishes, `save` keeps the published state (a draft when
 * published), `version` only writes a version.
 */
export async function saveObject(
  ctx: AdminContext,
  input: { id: number; data: Readonly<Record<string, unknown>>; merge: boolean; task: SaveTask },
): Promise<{ id: number; versionCount: number; published: boolean }> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const row = await loadObjectRow(tx, input.id, true)
    if (row.type === 'folder') throw new AppError(400, 'NOT_AN_OBJECT', 'pimObjects.notAnObject')
    rights.assert(row.fullPath, 'save')
    if (input.task === 'publish') rights.assert(row.fullPath, 'publish')
    if (input.task === 'unpublish') rights.assert(row.fullPath, 'unpublish')
    const element: ElementRef = { type: 'object', id: row.id }
    await assertNotLockedByOther(tx, element, ctx.admin.userId)
    const cls = await requireClass(tx, row.classId)

    // The editor edits the draft when there is one, so a patch applies over it.
    const draft = await latestDraft(tx, row)
    const base = (draft?.data ?? row.data) as Record<string, unknown>
    // Fields the element's workflow places make read-only or hide keep what the editor saw.
    const merged = await protectWorkflowFields(
      tx,
      element,
      input.data,
      base,
      input.merge ? { ...base, ...input.data } : { ...input.data },
    )
    const published =
      input.task === 'publish' ? true : input.task === 'unpublish' ? false : row.published
    const checkMandatory = input.task === 'publish' || (row.published && input.task !== 'unpublish')
    const data = await validateForRow(tx, row, cls.definition, merged, checkMandatory)

    const writesRow =
      input.task === 'publish' ||
      input.task === 'unpublish' ||
      (input.task === 'save' && !row.published)
    if (!writesRow) {
      // A draft: the row, its dependencies and the storefront keep the published state.
      const version = await saveVersion(tx, {
        element,
        snapshot: snapshotOf(row, row.published, data),
        userId: ctx.admin.userId,
        isPublic: false,
      })
      return { id: row.id, versionCount: version.versionCount, published: row.published }
    }
    const { versionCount } = await writePublishedRow(tx, {
      row,
      definition: cls.definition,
      data,
      published,
      userId: ctx.admin.userId,
    })
    await updateProductIndex(tx, [row.id])
    return { id: row.id, versionCount, published }
  })
}
