import { and, count, eq, ne, sql } from 'drizzle-orm'
import type {
  AssetChildren,
  AssetCopyInfo,
  AssetCopyQuery,
  AssetDeleteInfo,
} from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { likePrefix } from '../../elements/element-lookup.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import {
  assetNodesFor,
  fullPathOf,
  loadAssetRights,
  loadAssetWithRight,
  type AssetRow,
} from './read-asset-tree.ts'

/** The condition "the asset or anything below it" for a row with this full path. */
export function inSubtree(row: AssetRow): ReturnType<typeof sql> {
  return sql`(${assets.id} = ${row.id} or ${assets.path} like ${likePrefix(fullPathOf(row))})`
}

/** Elements outside the subtree that require an asset inside it. */
export async function countOutsideUsages(db: Db, row: AssetRow): Promise<number> {
  const prefix = likePrefix(fullPathOf(row))
  const { rows } = await db.execute<{ n: number | string }>(sql`
    select count(distinct (d.source_type, d.source_id)) as n
      from element_dependencies d
      join assets t on t.id = d.target_id
     where d.target_type = 'asset'
       and (t.id = ${row.id} or t.path like ${prefix})
       and not (d.source_type = 'asset' and d.source_id in
                (select s.id from assets s where s.id = ${row.id} or s.path like ${prefix}))`)
  return Number(rows[0]?.n ?? 0)
}

/** Rows of the subtree (itself first) with only what rights need. */
async function subtreePaths(db: Db, row: AssetRow) {
  return db
    .select({ id: assets.id, parentId: assets.parentId, path: assets.path, key: assets.key })
    .from(assets)
    .where(inSubtree(row))
}

/** The ids of the subtree the user may not delete (none: it may delete it all). */
export function undeletable(
  rights: TreeRights,
  rows: readonly Pick<AssetRow, 'id' | 'parentId' | 'path' | 'key'>[],
): number[] {
  return rows.filter((r) => !rights.may(fullPathOf(r), 'delete')).map((r) => r.id)
}

/** GET /admin/asset/delete-info: how many assets a delete takes with it and who uses them. */
export async function getDeleteInfo(ctx: AdminContext, id: number): Promise<AssetDeleteInfo> {
  const { row, rights } = await loadAssetWithRight(ctx, id, 'list')
  const subtree = await subtreePaths(ctx.db, row)
  const usedBy = await countOutsideUsages(ctx.db, row)
  return {
    id: row.id,
    key: row.key,
    fullPath: fullPathOf(row),
    elements: subtree.length,
    usedBy,
    hasDependencies: usedBy > 0,
    deletable: row.parentId !== null && usedBy === 0 && undeletable(rights, subtree).length === 0,
  }
}

/** The source and target of a copy, checked: `view` on the source, `create` on the target folder. */
export async function loadCopyPair(
  ctx: AdminContext,
  query: AssetCopyQuery,
): Promise<{ source: AssetRow; target: AssetRow; rights: TreeRights }> {
  const rights = await loadAssetRights(ctx)
  const { row: source } = await loadAssetWithRight(ctx, query.sourceId, 'view', rights)
  const { row: target } = await loadAssetWithRight(ctx, query.targetId, 'create', rights)
  if (target.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  if (source.parentId === null) throw new AppError(400, 'ASSET_ROOT', 'assetTree.rootImmutable')
  const sourcePath = fullPathOf(source)
  const targetPath = fullPathOf(target)
  if (
    query.type === 'recursive' &&
    (target.id === source.id || targetPath.startsWith(`${sourcePath}/`))
  ) {
    throw new AppError(400, 'ASSET_COPY_INTO_ITSELF', 'assetTree.copyIntoItself')
  }
  return { source, target, rights }
}

/** The assets a copy creates: the source, and with 'recursive' every asset below it the user may view. */
export async function rowsToCopy(
  db: Db,
  rights: TreeRights,
  source: AssetRow,
  type: AssetCopyQuery['type'],
): Promise<AssetRow[]> {
  if (type === 'child') return [source]
  const rows = await db
    .select()
    .from(assets)
    .where(inSubtree(source))
    .orderBy(sql`char_length(${assets.path})`, assets.id)
  // A row is copied when it may be viewed and its parent is copied too (the source always is).
  const copied = new Set<number>([source.id])
  const result: AssetRow[] = [source]
  for (const row of rows) {
    if (row.id === source.id) continue
    if (row.parentId !== null && copied.has(row.parentId) && rights.may(fullPathOf(row), 'view')) {
      copied.add(row.id)
      result.push(row)
    }
  }
  return result
}

/** GET /admin/asset/copy-info: what a copy would create. */
export async function getCopyInfo(
  ctx: AdminContext,
  query: AssetCopyQuery,
): Promise<AssetCopyInfo> {
  const { source, target, rights } = await loadCopyPair(ctx, query)
  const rows = await rowsToCopy(ctx.db, rights, source, query.type)
  return { sourceId: source.id, targetId: target.id, type: query.type, elements: rows.length }
}

/** GET /admin/asset/get-folder-content-preview: one page of a folder's files (no subfolders), by key. */
export async function getFolderContentPreview(
  ctx: AdminContext,
  query: { id: number; start: number; limit: number },
): Promise<AssetChildren> {
  const { row: folder, rights } = await loadAssetWithRight(ctx, query.id, 'list')
  if (folder.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  const filter = rights.childListFilter(fullPathOf(folder))
  const keys = (list: readonly string[]) =>
    sql.join(
      list.map((k) => sql`${k}`),
      sql`, `,
    )
  const where = and(
    eq(assets.parentId, folder.id),
    ne(assets.type, 'folder'),
    filter.all
      ? filter.exclude.length > 0
        ? sql`${assets.key} not in (${keys(filter.exclude)})`
        : undefined
      : filter.include.length > 0
        ? sql`${assets.key} in (${keys(filter.include)})`
        : sql`false`,
  )
  const [total] = await ctx.db.select({ n: count() }).from(assets).where(where)
  const rows = await ctx.db
    .select()
    .from(assets)
    .where(where)
    .orderBy(sql`lower(${assets.key})`, assets.id)
    .limit(query.limit)
    .offset(query.start)
  return {
    nodes: await assetNodesFor(
      ctx,
      rows.map((asset) => ({ asset, hasChildren: false })),
      rights,
    ),
    total: total?.n ?? 0,
    start: query.start,
    limit: query.limit,
  }
}
