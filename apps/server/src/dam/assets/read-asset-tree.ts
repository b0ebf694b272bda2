import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type { AssetChildren, AssetChildrenQuery, AssetNode } from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'

export type AssetRow = typeof assets.$inferSelect

/** An asset's own full path: '/' for the root, else the parent's path plus its key. */
export function fullPathOf(row: Pick<AssetRow, 'parentId' | 'path' | 'key'>): string {
  return row.parentId === null ? '/' : `${row.path}${row.key}`
}

/** The `path` of a folder's children: its full path ending in '/'. */
export function childPathOf(folder: Pick<AssetRow, 'parentId' | 'path' | 'key'>): string {
  const full = fullPathOf(folder)
  return full.endsWith('/') ? full : `${full}/`
}

export function assetNotFound(): AppError {
  return new AppError(404, 'ASSET_NOT_FOUND', 'pimAssets.assetNotFound')
}

export function toAssetNode(row: AssetRow, hasChildren: boolean): AssetNode {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    key: row.key,
    path: row.path,
    fullPath: fullPathOf(row),
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    thumbnail:
      row.type === 'image' && row.storageKey ? mediaUrl(row.storageKey, 'thumbnail') : null,
    hasChildren,
  }
}

export async function findAsset(db: Db, id: number): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id))
  return row ?? null
}

/** The root folder of the asset tree, created on first use (an empty database has none). */
export async function ensureAssetRoot(db: Db): Promise<AssetRow> {
  const [existing] = await db
    .select()
    .from(assets)
    .where(isNull(assets.parentId))
    .orderBy(asc(assets.id))
    .limit(1)
  if (existing) return existing
  const [created] = await db
    .insert(assets)
    .values({ parentId: null, type: 'folder', key: '', path: '/' })
    .returning()
  if (!created) throw new Error('Could not create the asset root')
  return created
}

async function countChildren(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assets).where(eq(assets.parentId, id))
  return row?.n ?? 0
}

/** GET /admin/asset/tree-get-root: the root folder. */
export async function getAssetRoot(ctx: AdminContext): Promise<AssetNode> {
  const root = await ensureAssetRoot(ctx.db)
  return toAssetNode(root, (await countChildren(ctx.db, root.id)) > 0)
}

/** One page of a folder's children the user may list: folders first, then by key. */
export async function listAssetChildren(
  ctx: AdminContext,
  query: AssetChildrenQuery,
): Promise<AssetChildren> {
  const folder = await findAsset(ctx.db, query.node)
  if (!folder) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(folder), 'list')
  const rows = await ctx.db
    .select({
      asset: assets,
      hasChildren: sql<boolean>`exists (select 1 from assets c where c.parent_id = ${assets.id})`,
    })
    .from(assets)
    .where(eq(assets.parentId, folder.id))
    .orderBy(sql`${assets.type} <> 'folder'`, asc(assets.key), asc(assets.id))
  const visible = rows.filter((r) => rights.may('asset', fullPathOf(r.asset), 'list'))
  return {
    nodes: visible
      .slice(query.start, query.start + query.limit)
      .map((r) => toAssetNode(r.asset, Boolean(r.hasChildren))),
    total: visible.length,
    start: query.start,
    limit: query.limit,
  }
}

/** GET /admin/asset/get-data-by-id: one asset the user may view. */
export async function getAssetData(ctx: AdminContext, id: number): Promise<AssetNode> {
  const row = await findAsset(ctx.db, id)
  if (!row) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(row), 'view')
  return toAssetNode(row, (await countChildren(ctx.db, row.id)) > 0)
}

/** The folder an upload or a new folder goes into, checked for the 'create' right. */
export async function loadTargetFolder(ctx: AdminContext, id: number): Promise<AssetRow> {
  const folder = await findAsset(ctx.db, id)
  if (!folder) throw new AppError(404, 'ASSET_FOLDER_NOT_FOUND', 'pimAssets.folderNotFound')
  if (folder.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(folder), 'create')
  return folder
}

/** Keys already used in a folder (for making a new key unique). */
export async function keysInFolder(db: Db, folderId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: assets.key })
    .from(assets)
    .where(and(eq(assets.parentId, folderId)))
  return new Set(rows.map((r) => r.key))
}
