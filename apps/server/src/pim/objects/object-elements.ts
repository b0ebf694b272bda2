import { and, count, eq, sql } from 'drizzle-orm'
import type {
  AddedElement,
  DeleteInfo,
  FolderDetail,
  ObjectDetail,
  UpdatedElement,
  UpdateElement,
} from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { assertNotLockedByOther, readLock } from '../../elements/element-services.ts'
import { moveSubtreeToRecycleBin } from '../../elements/recycle-bin.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { assertClassAllowed, layoutFor, requireClass } from './class-access.ts'
import { assertKeyFree, isUniqueViolation, keyTaken, normalizeKey } from './object-keys.ts'
import {
  iso,
  likePrefix,
  loadObjectRow,
  nextIndex,
  ROOT_ID,
  type ObjectRow,
} from './object-rows.ts'
import { childPathOf, loadObjectRights, type ObjectRights } from './object-rights.ts'
import { latestDraft, parentResolvedData } from './object-data.ts'
import { inheritedValues } from './resolve-object-data.ts'
import { publishRowState } from './save-object.ts'
import { applyWorkflowFieldRules } from './object-workflow-fields.ts'

type Row = ObjectRow & { fullPath: string }

/** Inserts a new tree element, mapping a key race to 409. */
async function insertElement(db: Db, values: typeof objects.$inferInsert): Promise<number> {
  try {
    const [created] = await db.insert(objects).values(values).returning({ id: objects.id })
    return created!.id
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken(values.key)
    throw error
  }
}

/** A new, unpublished object of a class under a parent, or a variant of an object (its class). */
export async function addObject(
  ctx: AdminContext,
  input: {
    parentId: number
    key: string
    classId?: string | undefined
    type: 'object' | 'variant'
  },
): Promise<AddedElement> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const parent = await loadObjectRow(ctx.db, input.parentId)
  rights.assert(parent.fullPath, 'create')
  const key = normalizeKey(input.key)
  let classId: string
  if (input.type === 'variant') {
    const parentClass = parent.type === 'folder' ? null : await requireClass(ctx.db, parent.classId)
    if (!parentClass?.definition.allowVariants) {
      throw new AppError(400, 'VARIANTS_NOT_ALLOWED', 'pimObjects.variantsNotAllowed')
    }
    classId = parentClass.id
  } else {
    if (!input.classId) throw new AppError(400, 'CLASS_REQUIRED', 'pimObjects.classRequired')
    classId = (await requireClass(ctx.db, input.classId)).id
  }
  await assertClassAllowed(ctx.db, ctx.admin, classId)
  await assertKeyFree(ctx.db, parent.id, key)
  const path = childPathOf(parent.fullPath)
  const id = await insertElement(ctx.db, {
    parentId: parent.id,
    type: input.type,
    key,
    path,
    classId,
    published: false,
    data: {},
    ownerId: ctx.admin.userId,
    userModification: ctx.admin.userId,
    index: await nextIndex(ctx.db, parent.id),
  })
  return { id, key, path, fullPath: `${path}${key}`, type: input.type }
}

export async function addFolder(
  ctx: AdminContext,
  input: { parentId: number; key: string },
): Promise<AddedElement> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const parent = await loadObjectRow(ctx.db, input.parentId)
  rights.assert(parent.fullPath, 'create')
  const key = normalizeKey(input.key)
  await assertKeyFree(ctx.db, parent.id, key)
  const path = childPathOf(parent.fullPath)
  const id = await insertElement(ctx.db, {
    parentId: parent.id,
    type: 'folder',
    key,
    path,
    ownerId: ctx.admin.userId,
    userModification: ctx.admin.userId,
    index: await nextIndex(ctx.db, parent.id),
  })
  return { id, key, path, fullPath: `${path}${key}`, type: 'folder' }
}

/** An object or variant for the editor: layout, own and inherited data, draft, lock, rights. */
export async function getObject(ctx: AdminContext, id: number): Promise<ObjectDetail> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const row = await loadObjectRow(ctx.db, id)
  if (row.type === 'folder') throw new AppError(400, 'NOT_AN_OBJECT', 'pimObjects.notAnObject')
  rights.assert(row.fullPath, 'view')
  const cls = await requireClass(ctx.db, row.classId)
  const data = row.data as Record<string, unknown>
  const [layout, parentResolved, draft, lock, variants] = await Promise.all([
    layoutFor(ctx.db, ctx.admin, cls.id),
    parentResolvedData(ctx.db, row, cls.definition.allowInherit),
    latestDraft(ctx.db, row),
    readLock(ctx.db, { type: 'object', id }),
    ctx.db
      .select({ n: count() })
      .from(objects)
      .where(and(eq(objects.parentId, id), eq(objects.type, 'variant'))),
  ])
  return applyWorkflowFieldRules(ctx.db, {
    id: row.id,
    parentId: row.parentId,
    key: row.key,
    path: row.path,
    fullPath: row.fullPath,
    type: row.type,
    classId: cls.id,
    className: cls.name,
    allowVariants: cls.definition.allowVariants,
    allowInherit: cls.definition.allowInherit,
    layout,
    data,
    inherited: inheritedValues(data, parentResolved),
    published: row.published,
    index: row.index,
    versionCount: row.versionCount,
    draft,
    lock,
    permissions: rights.permissions(row.fullPath),
    variantCount: Number(variants[0]?.n ?? 0),
    childrenSortBy: row.childrenSortBy,
    childrenSortOrder: row.childrenSortOrder,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    userModification: row.userModification,
  })
}

export async function getFolder(ctx: AdminContext, id: number): Promise<FolderDetail> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const row = await loadObjectRow(ctx.db, id)
  if (row.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimObjects.notAFolder')
  if (!rights.mayList(row.fullPath)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const [children, lock] = await Promise.all([
    ctx.db.select({ n: count() }).from(objects).where(eq(objects.parentId, id)),
    readLock(ctx.db, { type: 'object', id }),
  ])
  return {
    id: row.id,
    parentId: row.parentId,
    key: row.key,
    path: row.path,
    fullPath: row.fullPath,
    type: 'folder',
    index: row.index,
    childrenCount: Number(children[0]?.n ?? 0),
    childrenSortBy: row.childrenSortBy,
    childrenSortOrder: row.childrenSortOrder,
    lock,
    permissions: rights.permissions(row.fullPath),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/**
 * Renames and/or moves an element: its row and, in one UPDATE, the `path` of its whole subtree.
 * Refuses a move into itself or its own subtree and a key its new siblings already use.
 */
async function relocate(
  tx: Db,
  rights: ObjectRights,
  row: Row,
  target: { key: string; parentId: number },
): Promise<{ path: string; fullPath: string }> {
  if (row.id === ROOT_ID) throw new AppError(400, 'ROOT_IMMUTABLE', 'pimObjects.rootImmutable')
  const parent = await loadObjectRow(tx, target.parentId)
  if (parent.id !== row.parentId) {
    rights.assert(parent.fullPath, 'create')
    if (parent.id === row.id || parent.fullPath.startsWith(`${row.fullPath}/`)) {
      throw new AppError(400, 'MOVE_INTO_ITSELF', 'pimObjects.moveIntoItself')
    }
    if (row.type === 'variant' && (parent.type === 'folder' || parent.classId !== row.classId)) {
      throw new AppError(400, 'VARIANT_PARENT', 'pimObjects.variantParent')
    }
  }
  await assertKeyFree(tx, parent.id, target.key, row.id)
  const path = childPathOf(parent.fullPath)
  const fullPath = `${path}${target.key}`
  const oldPrefix = `${row.fullPath}/`
  try {
    await tx
      .update(objects)
      .set({ parentId: parent.id, key: target.key, path, updatedAt: new Date() })
      .where(eq(objects.id, row.id))
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken(target.key)
    throw error
  }
  await tx.execute(sql`
    update objects set path = ${`${fullPath}/`} || substr(path, char_length(${oldPrefix}) + 1)
    where path like ${likePrefix(oldPrefix)}`)
  return { path, fullPath }
}

/** Ids the product index must look at after a subtree changed place: the element and its categories. */
async function indexAffectedBySubtree(tx: Db, row: Row, fullPath: string): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number | string }>(sql`
    select id from objects
    where path like ${likePrefix(`${fullPath}/`)} and class_id = 'Category' and type = 'object'`)
  return [row.id, ...rows.map((r) => Number(r.id))]
}

/**
 * Renames, moves, reorders and publishes/unpublishes (without data) one element; paths of the
 * subtree, a publish version and the product index change in the same transaction.
 */
export async function updateElement(
  ctx: AdminContext,
  input: UpdateElement,
  onlyType?: 'folder',
): Promise<UpdatedElement> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const row = await loadObjectRow(tx, input.id, true)
    if (onlyType && row.type !== onlyType) {
      throw new AppError(400, 'NOT_A_FOLDER', 'pimObjects.notAFolder')
    }
    await assertNotLockedByOther(tx, { type: 'object', id: row.id }, ctx.admin.userId)
    const key = input.key === undefined ? row.key : normalizeKey(input.key)
    const parentId = input.parentId ?? row.parentId
    let { path, fullPath } = row
    let reindex: number[] = []
    if (key !== row.key || parentId !== row.parentId) {
      rights.assert(row.fullPath, 'rename')
      if (parentId === null) throw new AppError(400, 'ROOT_IMMUTABLE', 'pimObjects.rootImmutable')
      ;({ path, fullPath } = await relocate(tx, rights, row, { key, parentId }))
      reindex = await indexAffectedBySubtree(tx, row, fullPath)
    }
    if (input.index !== undefined && input.index !== row.index) {
      rights.assert(row.fullPath, 'settings')
      await tx.update(objects).set({ index: input.index }).where(eq(objects.id, row.id))
    }
    let published = row.published
    if (input.published !== undefined && input.published !== row.published) {
      if (row.type === 'folder') throw new AppError(400, 'NOT_AN_OBJECT', 'pimObjects.notAnObject')
      rights.assert(row.fullPath, input.published ? 'publish' : 'unpublish')
      await publishRowState(tx, {
        row: { ...row, key, parentId, path, index: input.index ?? row.index },
        published: input.published,
        userId: ctx.admin.userId,
      })
      published = input.published
      reindex.push(row.id)
    }
    if (reindex.length > 0) await updateProductIndex(tx, [...new Set(reindex)])
    return {
      id: row.id,
      parentId,
      key,
      path,
      fullPath,
      index: input.index ?? row.index,
      published,
    }
  })
}

/** Rows of other tables that cascade away with an object: the bin keeps them for a restore. */
export const OBJECT_CASCADES = [{ table: 'stock_levels', idColumn: 'object_id' }] as const

/** The ids of a subtree's products and categories, which the product index must drop. */
async function indexedInSubtree(tx: Db, row: Row): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number | string }>(sql`
    select id from objects
    where path like ${likePrefix(`${row.fullPath}/`)} and type = 'object'
      and class_id in ('Product', 'Category')`)
  return [...(row.type === 'folder' ? [] : [row.id]), ...rows.map((r) => Number(r.id))]
}

/** Moves an element and its subtree to the recycle bin and drops it from the product index, atomically. */
export async function deleteElement(
  ctx: AdminContext,
  id: number,
): Promise<{ success: true; amount: number; binId: number }> {
  if (id === ROOT_ID) throw new AppError(400, 'ROOT_IMMUTABLE', 'pimObjects.rootImmutable')
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const row = await loadObjectRow(tx, id, true)
    rights.assert(row.fullPath, 'delete')
    await assertNotLockedByOther(tx, { type: 'object', id }, ctx.admin.userId)
    const affected = await indexedInSubtree(tx, row)
    const { binId, amount } = await moveSubtreeToRecycleBin(
      tx,
      { type: 'object', id },
      ctx.admin.userId,
      OBJECT_CASCADES,
    )
    if (affected.length > 0) await updateProductIndex(tx, affected)
    return { success: true as const, amount, binId }
  })
}

/** What a delete would remove and who outside the subtree still refers into it. */
export async function getDeleteInfo(ctx: AdminContext, id: number): Promise<DeleteInfo> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const row = await loadObjectRow(ctx.db, id)
  if (!rights.mayList(row.fullPath)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const prefix = likePrefix(`${row.fullPath}/`)
  const [amount, requiredBy] = await Promise.all([
    ctx.db.execute<{ n: number | string }>(
      sql`select count(*) as n from objects where path like ${prefix}`,
    ),
    ctx.db.execute<{ id: number | string; path: string; key: string }>(sql`
      select distinct s.id, s.path, s.key
      from element_dependencies d
      join objects t on t.id = d.target_id
      join objects s on s.id = d.source_id
      where d.target_type = 'object' and d.source_type = 'object'
        and (t.id = ${id} or t.path like ${prefix})
        and not (s.id = ${id} or s.path like ${prefix})
      order by s.id
      limit 20`),
  ])
  return {
    id: row.id,
    fullPath: row.fullPath,
    amount: 1 + Number(amount.rows[0]?.n ?? 0),
    hasDependents: requiredBy.rows.length > 0,
    requiredBy: requiredBy.rows.map((r) => ({ id: Number(r.id), fullPath: `${r.path}${r.key}` })),
    mayDelete: row.id !== ROOT_ID && rights.may(row.fullPath, 'delete'),
  }
}
