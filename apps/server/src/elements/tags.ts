import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BatchAssignmentJobs,
  BatchAssignmentJobsQuerySchema,
  BatchAssignmentSchema,
  TagAddSchema,
  TagAssignmentSchema,
  TagNode,
  TagUpdateSchema,
} from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { tagAssignments, tags } from '../platform/db/schema/pim.ts'
import { AppError, notFound } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import {
  assertTreePermission,
  likePrefix,
  loadElementWithRight,
  readElementInfos,
  treeTableOf,
} from './element-lookup.ts'
import { loadElementRights } from './element-rights.ts'
import type { ElementRef } from './element-services.ts'

type TagRow = typeof tags.$inferSelect

function ancestorIds(tag: Pick<TagRow, 'idPath'>): number[] {
  return tag.idPath.split('/').filter(Boolean).map(Number)
}

/** Tag rows as tree nodes with their name paths and whether they have children. */
async function toNodes(db: Db, rows: readonly TagRow[]): Promise<TagNode[]> {
  if (rows.length === 0) return []
  const ancestorIdSet = [...new Set(rows.flatMap(ancestorIds))]
  const names = new Map<number, string>()
  if (ancestorIdSet.length > 0) {
    const ancestors = await db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(tags.id, ancestorIdSet))
    for (const ancestor of ancestors) names.set(ancestor.id, ancestor.name)
  }
  const parents = await db
    .selectDistinct({ parentId: tags.parentId })
    .from(tags)
    .where(
      inArray(
        tags.parentId,
        rows.map((row) => row.id),
      ),
    )
  const withChildren = new Set(parents.map((parent) => parent.parentId))
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    path: `/${[...ancestorIds(row).map((id) => names.get(id) ?? String(id)), row.name].join('/')}`,
    hasChildren: withChildren.has(row.id),
  }))
}

async function requireTag(db: Db, id: number): Promise<TagRow> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id))
  if (!row) throw notFound()
  return row
}

async function assertNameFree(db: Db, parentId: number | null, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        parentId === null ? isNull(tags.parentId) : eq(tags.parentId, parentId),
        sql`lower(${tags.name}) = lower(${name})`,
      ),
    )
  if (clash && clash.id !== exceptId) {
    throw new AppError(409, 'TAG_EXISTS', 'pimElements.tagExists', { name })
  }
}

/** The children of a tag (0 = the top-level tags), by name. */
export async function listTagChildren(db: Db, node: number): Promise<TagNode[]> {
  const rows = await db
    .select()
    .from(tags)
    .where(node === 0 ? isNull(tags.parentId) : eq(tags.parentId, node))
    .orderBy(asc(tags.name), asc(tags.id))
  return toNodes(db, rows)
}

/** Adds a tag; its name is unique among its siblings (409). */
export async function addTag(db: Db, input: z.output<typeof TagAddSchema>): Promise<TagNode> {
  const parent = input.parentId === null ? null : await requireTag(db, input.parentId)
  await assertNameFree(db, input.parentId, input.name)
  const [row] = await db
    .insert(tags)
    .values({
      name: input.name,
      parentId: input.parentId,
      idPath: parent ? `${parent.idPath}${parent.id}/` : '/',
    })
    .returning()
  const [node] = await toNodes(db, [row!])
  return node!
}

/** Renames and/or moves a tag; moving re-roots its subtree's id paths in the same transaction. */
export async function updateTag(db: Db, input: z.output<typeof TagUpdateSchema>): Promise<TagNode> {
  const tag = await requireTag(db, input.id)
  const parentId = input.parentId === undefined ? tag.parentId : input.parentId
  const name = input.name ?? tag.name
  const parent = parentId === null ? null : await requireTag(db, parentId)
  if (parent && (parent.id === tag.id || ancestorIds(parent).includes(tag.id))) {
    throw new AppError(409, 'TAG_CYCLE', 'pimElements.tagMoveIntoItself')
  }
  await assertNameFree(db, parentId, name, tag.id)
  const idPath = parent ? `${parent.idPath}${parent.id}/` : '/'
  await db.transaction(async (tx) => {
    await tx.update(tags).set({ name, parentId, idPath }).where(eq(tags.id, tag.id))
    if (idPath !== tag.idPath) {
      const oldPrefix = `${tag.idPath}${tag.id}/`
      const newPrefix = `${idPath}${tag.id}/`
      await tx.execute(sql`update tags set id_path = ${newPrefix} || substr(id_path, ${oldPrefix.length + 1})
                            where id_path like ${`${oldPrefix}%`}`)
    }
  })
  const [node] = await toNodes(db, [await requireTag(db, tag.id)])
  return node!
}

/** Deletes a tag with its subtree; their assignments go with them (foreign keys cascade). */
export async function deleteTag(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })
  if (deleted.length === 0) throw notFound()
}

/** The tags assigned to an element the caller may view. */
export async function loadTagsForElement(ctx: AdminContext, ref: ElementRef): Promise<TagNode[]> {
  await loadElementWithRight(ctx, ref, 'view')
  const rows = await ctx.db
    .select({ tag: tags })
    .from(tagAssignments)
    .innerJoin(tags, eq(tags.id, tagAssignments.tagId))
    .where(and(eq(tagAssignments.elementType, ref.type), eq(tagAssignments.elementId, ref.id)))
  const nodes = await toNodes(
    ctx.db,
    rows.map((row) => row.tag),
  )
  return nodes.sort((a, b) => a.path.localeCompare(b.path))
}

/** Assigns a tag to an element the caller may save (assigning twice is a no-op). */
export async function addTagToElement(
  ctx: AdminContext,
  input: z.output<typeof TagAssignmentSchema>,
): Promise<void> {
  await loadElementWithRight(ctx, { type: input.elementType, id: input.elementId }, 'save')
  await requireTag(ctx.db, input.tagId)
  await ctx.db
    .insert(tagAssignments)
    .values({ tagId: input.tagId, elementType: input.elementType, elementId: input.elementId })
    .onConflictDoNothing()
}

/** Removes a tag from an element the caller may save. */
export async function removeTagFromElement(
  ctx: AdminContext,
  input: z.output<typeof TagAssignmentSchema>,
): Promise<void> {
  await loadElementWithRight(ctx, { type: input.elementType, id: input.elementId }, 'save')
  await ctx.db
    .delete(tagAssignments)
    .where(
      and(
        eq(tagAssignments.tagId, input.tagId),
        eq(tagAssignments.elementType, input.elementType),
        eq(tagAssignments.elementId, input.elementId),
      ),
    )
}

/** The ids of every element below a folder the caller may save, in chunks for do-batch-assignment. */
export async function getBatchAssignmentJobs(
  ctx: AdminContext,
  query: z.output<typeof BatchAssignmentJobsQuerySchema>,
): Promise<BatchAssignmentJobs> {
  const ref: ElementRef = { type: query.elementType, id: query.elementId }
  const folder = await loadElementWithRight(ctx, ref, 'list')
  const table = treeTableOf(ref.type)
  if (!table) return { jobs: [], total: 0 }
  const { rows } = await ctx.db.execute<{ id: number; full: string }>(
    sql`select id, path || key as full from ${sql.raw(table)}
         where path like ${likePrefix(folder.fullPath)} order by char_length(path), id`,
  )
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const ids = rows
    .filter((row) => rights.may(ref.type, row.full, 'save'))
    .map((row) => Number(row.id))
  const jobs: number[][] = []
  for (let start = 0; start < ids.length; start += query.chunkSize) {
    jobs.push(ids.slice(start, start + query.chunkSize))
  }
  return { jobs, total: ids.length }
}

/**
 * Assigns tags to a chunk of elements (optionally removing their other tags) in one transaction;
 * refuses the whole chunk (403) when the caller may not save one of them.
 */
export async function doBatchAssignment(
  ctx: AdminContext,
  input: z.output<typeof BatchAssignmentSchema>,
): Promise<{ assigned: number }> {
  assertTreePermission(ctx, input.elementType)
  const found = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.id, input.tagIds))
  if (found.length !== new Set(input.tagIds).size) throw notFound()
  const infos = await readElementInfos(ctx.db, input.elementType, input.elementIds)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  for (const info of infos.values()) rights.assert(info.type, info.fullPath, 'save')
  const ids = [...infos.keys()]
  if (ids.length === 0) return { assigned: 0 }
  await ctx.db.transaction(async (tx) => {
    if (input.removeOther) {
      await tx
        .delete(tagAssignments)
        .where(
          and(
            eq(tagAssignments.elementType, input.elementType),
            inArray(tagAssignments.elementId, ids),
            notInArray(tagAssignments.tagId, input.tagIds),
          ),
        )
    }
    await tx
      .insert(tagAssignments)
      .values(
        ids.flatMap((elementId) =>
          input.tagIds.map((tagId) => ({ tagId, elementType: input.elementType, elementId })),
        ),
      )
      .onConflictDoNothing()
  })
  return { assigned: ids.length }
}
