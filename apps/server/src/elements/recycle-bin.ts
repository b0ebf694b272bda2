import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type {
  RecycleBinEntry,
  RecycleBinListQuerySchema,
  RecycleBinPage,
} from '@optika/domain/pim/element-api'
import type { z } from 'zod'
import type { Db } from '../platform/db/client.ts'
import { recycleBin } from '../platform/db/schema/pim.ts'
import { AppError, notFound } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import {
  assertTreePermission,
  likePrefix,
  loadElementWithRight,
  readElementInfo,
  readUserNames,
  treeTableOf,
} from './element-lookup.ts'
import type { ElementKind, ElementKinds } from './element-kinds.ts'
import { loadElementRights } from './element-rights.ts'
import { assertNotLockedByOther, type ElementRef, type ElementType } from './element-services.ts'

/**
 * What a bin entry keeps: every removed row as `to_jsonb` of its table (snake_case columns), so a
 * restore writes them back with `jsonb_populate_recordset`, same ids, whatever columns a table
 * gains later.
 */
interface BinRows {
  readonly format: 1
  readonly elementType: ElementType
  /** The subtree, parent first. */
  readonly elements: Record<string, unknown>[]
  readonly related: Record<string, Record<string, unknown>[]>
}

/** Tables holding rows of an element, keyed by `(type column, id column)`. */
const RELATED_TABLES = [
  { table: 'element_versions', typeColumn: 'element_type', idColumn: 'element_id' },
  { table: 'element_properties', typeColumn: 'element_type', idColumn: 'element_id' },
  { table: 'element_notes', typeColumn: 'element_type', idColumn: 'element_id' },
  { table: 'element_locks', typeColumn: 'element_type', idColumn: 'element_id' },
  { table: 'element_schedules', typeColumn: 'element_type', idColumn: 'element_id' },
  { table: 'tag_assignments', typeColumn: 'element_type', idColumn: 'element_id' },
  // Only what the subtree requires: references from outside stay and point at the ids again on restore.
  { table: 'element_dependencies', typeColumn: 'source_type', idColumn: 'source_id' },
] as const

function treeTable(type: ElementType): string {
  const table = treeTableOf(type)
  if (!table) throw new AppError(400, 'UNSUPPORTED_ELEMENT_TYPE', 'pimElements.unsupportedType')
  return table
}

async function jsonRows(tx: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const { rows } = await tx.execute<{ rows: Record<string, unknown>[] | string }>(query)
  const value = rows[0]?.rows ?? []
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>[]) : value
}

/**
 * Moves an element and its subtree into one recycle-bin entry in the caller's transaction: the
 * tree rows, every row of theirs in the element-service tables and the type's `cascades` are
 * serialized, then deleted.
 */
export async function moveSubtreeToRecycleBin(
  tx: Db,
  ref: ElementRef,
  userId: number | null,
  cascades: ElementKind['cascades'] = [],
): Promise<{ binId: number; amount: number; ids: number[] }> {
  const table = treeTable(ref.type)
  const root = await readElementInfo(tx, ref)
  if (!root) throw notFound()
  if (root.parentId === null) {
    throw new AppError(409, 'ROOT_NOT_DELETABLE', 'pimElements.rootNotDeletable')
  }
  const t = sql.raw(table)
  const inSubtree = sql`(t.id = ${ref.id} or t.path like ${likePrefix(root.fullPath)})`
  const elements = await jsonRows(
    tx,
    sql`select coalesce(jsonb_agg(to_jsonb(t) order by char_length(t.path), t.id), '[]'::jsonb) as rows
          from ${t} t where ${inSubtree}`,
  )
  const ids = elements.map((row) => Number(row.id))
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const related: Record<string, Record<string, unknown>[]> = {}
  for (const { table: name, typeColumn, idColumn } of RELATED_TABLES) {
    const where = sql`${sql.raw(typeColumn)} = ${ref.type} and ${sql.raw(idColumn)} in (${idList})`
    related[name] = await jsonRows(
      tx,
      sql`select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as rows from ${sql.raw(name)} r where ${where}`,
    )
    await tx.execute(sql`delete from ${sql.raw(name)} where ${where}`)
  }
  for (const { table: name, idColumn } of cascades) {
    const where = sql`${sql.raw(idColumn)} in (${idList})`
    related[name] = await jsonRows(
      tx,
      sql`select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as rows from ${sql.raw(name)} r where ${where}`,
    )
    await tx.execute(sql`delete from ${sql.raw(name)} where ${where}`)
  }
  // One statement: the parent foreign key is checked at its end, when the whole subtree is gone.
  await tx.execute(sql`delete from ${t} where id in (${idList})`)
  const rows: BinRows = { format: 1, elementType: ref.type, elements, related }
  const [entry] = await tx
    .insert(recycleBin)
    .values({
      elementType: ref.type,
      elementId: ref.id,
      subtype: root.subtype,
      path: root.fullPath,
      amount: ids.length,
      rows,
      deletedBy: userId,
    })
    .returning({ id: recycleBin.id })
  return { binId: entry!.id, amount: ids.length, ids }
}

/**
 * Puts a bin entry's subtree back in the caller's transaction, same ids, with its versions,
 * properties, notes, dependencies, tags, schedules and locks; the entry is removed. Refuses (409)
 * when the parent is gone, the key is taken or an id is in use again. When the parent was moved
 * meanwhile, the subtree's paths follow it.
 */
export async function restoreRecycleBinEntry(
  tx: Db,
  binId: number,
  kinds: ElementKinds,
): Promise<{ elementType: ElementType; elementId: number; amount: number; ids: number[] }> {
  const [entry] = await tx.select().from(recycleBin).where(eq(recycleBin.id, binId))
  if (!entry) throw notFound()
  const rows = entry.rows as BinRows
  const table = treeTable(entry.elementType)
  const t = sql.raw(table)
  const root = rows.elements[0]
  if (!root) throw notFound()
  const parentId = root.parent_id === null ? null : Number(root.parent_id)
  const parentPath = String(root.path)
  const parent =
    parentId === null ? null : await readElementInfo(tx, { type: entry.elementType, id: parentId })
  if (!parent) {
    throw new AppError(409, 'RESTORE_PARENT_MISSING', 'pimElements.restoreParentMissing', {
      path: parentPath,
    })
  }
  const taken = await tx.execute<{ id: number }>(
    sql`select id from ${t} where parent_id = ${parentId} and key = ${String(root.key)}`,
  )
  if (taken.rows.length > 0) {
    throw new AppError(409, 'RESTORE_KEY_TAKEN', 'pimElements.restoreKeyTaken', {
      path: entry.path,
    })
  }
  const ids = rows.elements.map((row) => Number(row.id))
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const reused = await tx.execute<{ id: number }>(sql`select id from ${t} where id in (${idList})`)
  if (reused.rows.length > 0) {
    throw new AppError(409, 'RESTORE_ID_TAKEN', 'pimElements.restoreIdTaken', { path: entry.path })
  }
  await tx.execute(
    sql`insert into ${t} select * from jsonb_populate_recordset(null::${t}, ${JSON.stringify(rows.elements)}::jsonb)`,
  )
  const newParentPath = parent.fullPath === '/' ? '/' : `${parent.fullPath}/`
  if (newParentPath !== parentPath) {
    // The parent moved while the subtree was in the bin: re-root every path under its new place.
    await tx.execute(sql`update ${t} set path = ${newParentPath} || substr(path, ${parentPath.length + 1})
                          where id in (${idList})`)
  }
  for (const [name, list] of Object.entries(rows.related)) {
    if (list.length === 0) continue
    if (!isKnownRelatedTable(name, kinds[entry.elementType]?.cascades ?? [])) continue
    const json = JSON.stringify(list)
    const guard =
      name === 'tag_assignments'
        ? sql`where exists (select 1 from tags where tags.id = r.tag_id)`
        : sql``
    await tx.execute(
      sql`insert into ${sql.raw(name)} select r.* from jsonb_populate_recordset(null::${sql.raw(name)}, ${json}::jsonb) r ${guard} on conflict do nothing`,
    )
  }
  await tx.delete(recycleBin).where(eq(recycleBin.id, binId))
  return { elementType: entry.elementType, elementId: entry.elementId, amount: ids.length, ids }
}

function isKnownRelatedTable(name: string, cascades: ElementKind['cascades'] = []): boolean {
  return (
    RELATED_TABLES.some((entry) => entry.table === name) ||
    cascades.some((entry) => entry.table === name)
  )
}

// ── Back-office calls ───────────────────────────────────────────────────────────────────────

/** The bin's entries, newest first, filtered by path text and element type. */
export async function listRecycleBin(
  ctx: AdminContext,
  query: z.output<typeof RecycleBinListQuerySchema>,
): Promise<RecycleBinPage> {
  const conditions: SQL[] = []
  if (query.elementType) conditions.push(eq(recycleBin.elementType, query.elementType))
  if (query.text) {
    const pattern = `%${query.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    conditions.push(ilike(recycleBin.path, pattern))
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(recycleBin)
    .where(where)
  const entries = await ctx.db
    .select({
      id: recycleBin.id,
      elementType: recycleBin.elementType,
      elementId: recycleBin.elementId,
      subtype: recycleBin.subtype,
      path: recycleBin.path,
      amount: recycleBin.amount,
      deletedBy: recycleBin.deletedBy,
      deletedAt: recycleBin.deletedAt,
    })
    .from(recycleBin)
    .where(where)
    .orderBy(desc(recycleBin.deletedAt), desc(recycleBin.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const names = await readUserNames(
    ctx.db,
    entries.map((entry) => entry.deletedBy),
  )
  const items: RecycleBinEntry[] = entries.map((entry) => ({
    ...entry,
    deletedByName: entry.deletedBy === null ? null : (names.get(entry.deletedBy) ?? null),
    deletedAt: entry.deletedAt.toISOString(),
  }))
  return { items, total: Number(count?.total ?? 0) }
}

/** Deletes an element and its subtree into the bin; the type's derived data follows in the same transaction. */
export async function deleteIntoRecycleBin(
  ctx: AdminContext,
  kinds: ElementKinds,
  ref: ElementRef,
): Promise<{ binId: number; amount: number }> {
  const kind = kinds[ref.type]
  if (kind?.deleteToRecycleBin) {
    assertTreePermission(ctx, ref.type)
    const { binId, amount } = await kind.deleteToRecycleBin(ctx, ref.id)
    return { binId, amount }
  }
  await loadElementWithRight(ctx, ref, 'delete')
  return ctx.db.transaction(async (tx) => {
    await assertNotLockedByOther(tx, ref, ctx.admin.userId)
    const moved = await moveSubtreeToRecycleBin(tx, ref, ctx.admin.userId, kind?.cascades)
    await kind?.afterChange?.(tx, moved.ids)
    return { binId: moved.binId, amount: moved.amount }
  })
}

/** Restores a bin entry whole (or nothing); the type's derived data (the product index) follows. */
export async function restoreFromRecycleBin(
  ctx: AdminContext,
  kinds: ElementKinds,
  binId: number,
): Promise<{ elementType: ElementType; elementId: number; amount: number }> {
  const [entry] = await ctx.db
    .select({ elementType: recycleBin.elementType, path: recycleBin.path })
    .from(recycleBin)
    .where(eq(recycleBin.id, binId))
  if (!entry) throw notFound()
  assertTreePermission(ctx, entry.elementType)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert(entry.elementType, entry.path, 'create')
  return ctx.db.transaction(async (tx) => {
    const restored = await restoreRecycleBinEntry(tx, binId, kinds)
    await kinds[restored.elementType]?.afterChange?.(tx, restored.ids)
    return {
      elementType: restored.elementType,
      elementId: restored.elementId,
      amount: restored.amount,
    }
  })
}

/** Removes one bin entry for good, or the whole bin. */
export async function flushRecycleBin(
  ctx: AdminContext,
  binId: number | undefined,
): Promise<{ flushed: number }> {
  if (binId === undefined) {
    const removed = await ctx.db.delete(recycleBin).returning({ id: recycleBin.id })
    return { flushed: removed.length }
  }
  const removed = await ctx.db
    .delete(recycleBin)
    .where(eq(recycleBin.id, binId))
    .returning({ id: recycleBin.id })
  if (removed.length === 0) throw notFound()
  return { flushed: removed.length }
}
