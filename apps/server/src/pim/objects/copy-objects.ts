import { eq, inArray, sql } from 'drizzle-orm'
import type { CopiedElement, CopyInfo } from '@optika/domain/pim/object-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  copyProperties,
  replaceDependencies,
  saveVersion,
  type ElementRef,
} from '../../elements/element-services.ts'
import { rewriteReferences } from '../classes/validate-object.ts'
import { dependencyTargetsOf } from './object-dependencies.ts'
import { loadValidationLookup } from '../classes/validation-lookup.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { assertClassAllowed, requireClass, type LoadedClass } from './class-access.ts'
import { freeCopyKey } from './object-keys.ts'
import { likePrefix, loadObjectRow, nextIndex } from './object-rows.ts'
import { childPathOf, fullPathOf, loadObjectRights } from './object-rights.ts'
import { validateForRow, writePublishedRow } from './save-object.ts'

/** The copy steps of a paste: the element, or its whole subtree parents first. */
export async function getCopyInfo(
  ctx: AdminContext,
  input: { sourceId: number; targetId: number; type: 'child' | 'replace' | 'recursive' },
): Promise<CopyInfo> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const source = await loadObjectRow(ctx.db, input.sourceId)
  const target = await loadObjectRow(ctx.db, input.targetId)
  rights.assert(source.fullPath, 'view')
  rights.assert(target.fullPath, input.type === 'replace' ? 'save' : 'create')
  if (input.type !== 'recursive') {
    if (input.type === 'child' && source.type !== 'folder' && source.classId) {
      await assertClassAllowed(ctx.db, ctx.admin, source.classId)
    }
    return { steps: [{ sourceId: source.id, sourceParentId: null, type: input.type }] }
  }
  if (target.id === source.id || target.fullPath.startsWith(`${source.fullPath}/`)) {
    throw new AppError(400, 'COPY_INTO_ITSELF', 'pimObjects.copyIntoItself')
  }
  // Refused before the first step, so a paste does not stop half-way at a forbidden class.
  const { rows: classRows } = await ctx.db.execute<{ class_id: string }>(sql`
    select distinct class_id from objects
    where (id = ${source.id} or path like ${likePrefix(`${source.fullPath}/`)})
      and type <> 'folder' and class_id is not null
    order by class_id`)
  for (const row of classRows) await assertClassAllowed(ctx.db, ctx.admin, row.class_id)
  const { rows } = await ctx.db.execute<{ id: number | string; parent_id: number | string }>(sql`
    select id, parent_id from objects
    where path like ${likePrefix(`${source.fullPath}/`)}
    order by char_length(path), index, key`)
  return {
    steps: [
      { sourceId: source.id, sourceParentId: null, type: 'child' },
      ...rows.map((r) => ({
        sourceId: Number(r.id),
        sourceParentId: Number(r.parent_id),
        type: 'child' as const,
      })),
    ],
  }
}

/**
 * Copies one element (not its children) under a target as an unpublished copy with a free key
 * ('key_copy', 'key_copy_2', …), its properties, a first version and its dependencies; or, with
 * `replace`, gives the target the source's data. One transaction. A copy is a new object, so the
 * user must be allowed its class (`assertClassAllowed`).
 */
export async function copyElement(
  ctx: AdminContext,
  input: { sourceId: number; targetId: number; type: 'child' | 'replace' },
): Promise<CopiedElement> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const source = await loadObjectRow(tx, input.sourceId)
    const target = await loadObjectRow(tx, input.targetId, true)
    rights.assert(source.fullPath, 'view')
    if (input.type === 'replace') {
      rights.assert(target.fullPath, 'save')
      if (
        source.type === 'folder' ||
        target.type === 'folder' ||
        source.classId !== target.classId
      ) {
        throw new AppError(400, 'COPY_REPLACE_CLASS', 'pimObjects.copyReplaceClass')
      }
      const cls = await requireClass(tx, target.classId)
      const data = await validateForRow(tx, target, cls.definition, source.data, target.published)
      await writePublishedRow(tx, {
        row: target,
        definition: cls.definition,
        data,
        published: target.published,
        userId: ctx.admin.userId,
      })
      if (target.published) await updateProductIndex(tx, [target.id])
      return { id: target.id, sourceId: source.id, key: target.key, fullPath: target.fullPath }
    }

    rights.assert(target.fullPath, 'create')
    if (source.type !== 'folder' && source.classId) {
      await assertClassAllowed(tx, ctx.admin, source.classId)
    }
    const type =
      source.type === 'variant' && (target.type === 'folder' || target.classId !== source.classId)
        ? 'object'
        : source.type
    const key = await freeCopyKey(tx, target.id, source.key)
    const path = childPathOf(target.fullPath)
    const index = await nextIndex(tx, target.id)
    const [created] = await tx
      .insert(objects)
      .values({
        parentId: target.id,
        type,
        key,
        path,
        classId: source.classId,
        data: source.data,
        published: false,
        index,
        childrenSortBy: source.childrenSortBy,
        childrenSortOrder: source.childrenSortOrder,
        ownerId: ctx.admin.userId,
        userModification: ctx.admin.userId,
      })
      .returning({ id: objects.id })
    const copy: ElementRef = { type: 'object', id: created!.id }
    await copyProperties(tx, { type: 'object', id: source.id }, copy)
    if (type !== 'folder') {
      const cls = await requireClass(tx, source.classId)
      const data = source.data as Record<string, unknown>
      await saveVersion(tx, {
        element: copy,
        snapshot: {
          key,
          parentId: target.id,
          path,
          type,
          classId: source.classId,
          published: false,
          index,
          data,
        },
        userId: ctx.admin.userId,
        isPublic: false,
        note: `copy of ${source.fullPath}`,
      })
      const lookup = await loadValidationLookup(tx)
      await replaceDependencies(tx, copy, dependencyTargetsOf(cls.definition, data, lookup))
    }
    return { id: copy.id, sourceId: source.id, key, fullPath: fullPathOf({ path, key }) }
  })
}

/**
 * After a subtree copy: relations of the copies that point at copied elements now point at their
 * copies (old → new), with the dependencies updated. One transaction.
 */
export async function copyRewriteIds(
  ctx: AdminContext,
  input: { idMap: readonly { from: number; to: number }[] },
): Promise<{ success: true; rewritten: number }> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const map = new Map(input.idMap.map((p) => [p.from, p.to]))
  const copies = [...new Set(input.idMap.map((p) => p.to))]
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(objects).where(inArray(objects.id, copies))
    const lookup = await loadValidationLookup(tx)
    const classes = new Map<string, LoadedClass>()
    let rewritten = 0
    for (const row of rows) {
      if (row.type === 'folder') continue
      rights.assert(fullPathOf(row), 'save')
      let cls = classes.get(row.classId ?? '')
      if (!cls) {
        cls = await requireClass(tx, row.classId)
        classes.set(cls.id, cls)
      }
      const data = row.data as Record<string, unknown>
      const next = rewriteReferences(cls.definition, data, { objects: map }, lookup)
      if (JSON.stringify(next) === JSON.stringify(data)) continue
      await tx.update(objects).set({ data: next }).where(eq(objects.id, row.id))
      // A version of the rewritten state, so the editor does not take the old one for a draft.
      await saveVersion(tx, {
        element: { type: 'object', id: row.id },
        snapshot: {
          key: row.key,
          parentId: row.parentId,
          path: row.path,
          type: row.type,
          classId: row.classId,
          published: row.published,
          index: row.index,
          data: next,
        },
        userId: ctx.admin.userId,
        isPublic: row.published,
        note: 'copy: relations rewritten',
      })
      await replaceDependencies(
        tx,
        { type: 'object', id: row.id },
        dependencyTargetsOf(cls.definition, next, lookup),
      )
      rewritten++
    }
    return { success: true as const, rewritten }
  })
}
