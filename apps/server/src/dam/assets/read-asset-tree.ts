import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type {
  AssetChildren,
  AssetChildrenQuery,
  AssetData,
  AssetMetadataItem,
  AssetNode,
  AssetPermissions,
} from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementLocks } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadTreeRights, type TreeRights } from '../../elements/tree-rights.ts'
import { isLockExpired, readLock } from '../../elements/element-services.ts'
import { readUserNames } from '../../elements/element-lookup.ts'

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

const NODE_RIGHTS = [
  'list',
  'view',
  'publish',
  'delete',
  'rename',
  'create',
  'settings',
  'versions',
  'properties',
] as const

/** The signed-in user's rights on the asset tree (workspaces read once). */
export function loadAssetRights(ctx: AdminContext): Promise<TreeRights> {
  return loadTreeRights(ctx.db, ctx.admin, 'asset')
}

/** The user's workspace rights on one asset path, as the node reports them. */
export function assetPermissionsOf(rights: TreeRights, fullPath: string): AssetPermissions {
  const entries = NODE_RIGHTS.map(
    (right) =>
      [right, right === 'list' ? rights.mayList(fullPath) : rights.may(fullPath, right)] as const,
  )
  return Object.fromEntries(entries) as AssetPermissions
}

/** What a node says about the user's access: another user's live lock and the rights. */
export interface AssetAccess {
  readonly locked: boolean
  readonly permissions: AssetPermissions
}

export function toAssetNode(row: AssetRow, hasChildren: boolean, access: AssetAccess): AssetNode {
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
    modificationDate: row.updatedAt.toISOString(),
    locked: access.locked,
    permissions: access.permissions,
  }
}

/** Ids (of `ids`) another user holds a live lock on. */
async function lockedByOthers(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({
      id: elementLocks.elementId,
      userId: elementLocks.userId,
      at: elementLocks.lockedAt,
    })
    .from(elementLocks)
    .where(and(eq(elementLocks.elementType, 'asset'), inArray(elementLocks.elementId, [...ids])))
  return new Set(
    rows.filter((r) => r.userId !== userId && !isLockExpired(r.at)).map((r) => Number(r.id)),
  )
}

/** Nodes of rows for the signed-in user (one read of the locks, rights decided per path). */
export async function assetNodesFor(
  ctx: AdminContext,
  rows: readonly { asset: AssetRow; hasChildren: boolean }[],
  rights?: TreeRights,
): Promise<AssetNode[]> {
  const decided = rights ?? (await loadAssetRights(ctx))
  const locked = await lockedByOthers(
    ctx.db,
    ctx.admin.userId,
    rows.map((r) => r.asset.id),
  )
  return rows.map((r) =>
    toAssetNode(r.asset, r.hasChildren, {
      locked: locked.has(r.asset.id),
      permissions: assetPermissionsOf(decided, fullPathOf(r.asset)),
    }),
  )
}

/** One row as a node for the signed-in user (children counted unless told). */
export async function assetNodeFor(
  ctx: AdminContext,
  row: AssetRow,
  hasChildren?: boolean,
  rights?: TreeRights,
): Promise<AssetNode> {
  const children = hasChildren ?? (await countChildren(ctx.db, row.id)) > 0
  const [node] = await assetNodesFor(ctx, [{ asset: row, hasChildren: children }], rights)
  return node!
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

export async function countChildren(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assets).where(eq(assets.parentId, id))
  return row?.n ?? 0
}

/** An asset the user holds `right` on: 404 when missing, 403 without the right. */
export async function loadAssetWithRight(
  ctx: AdminContext,
  id: number,
  right: (typeof NODE_RIGHTS)[number],
  rights?: TreeRights,
): Promise<{ row: AssetRow; rights: TreeRights }> {
  const row = await findAsset(ctx.db, id)
  if (!row) throw assetNotFound()
  const decided = rights ?? (await loadAssetRights(ctx))
  if (right === 'list') {
    if (!decided.mayList(fullPathOf(row))) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  } else decided.assert(fullPathOf(row), right)
  return { row, rights: decided }
}

/** GET /admin/asset/tree-get-root: the root folder (403 when the user may list nothing). */
export async function getAssetRoot(ctx: AdminContext): Promise<AssetNode> {
  const root = await ensureAssetRoot(ctx.db)
  const rights = await loadAssetRights(ctx)
  if (!rights.mayList('/')) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  return assetNodeFor(ctx, root, await hasListableChild(ctx.db, rights, root), rights)
}

/** The condition "a child of `folder` the user may list" on the table alias `alias`. */
function listableChildren(alias: SQL, folder: AssetRow, rights: TreeRights): SQL {
  const parts: SQL[] = [sql`${alias}.parent_id = ${folder.id}`]
  const filter = rights.childListFilter(fullPathOf(folder))
  const keys = (list: readonly string[]) =>
    sql.join(
      list.map((k) => sql`${k}`),
      sql`, `,
    )
  if (!filter.all) {
    parts.push(
      filter.include.length === 0 ? sql`false` : sql`${alias}.key in (${keys(filter.include)})`,
    )
  } else if (filter.exclude.length > 0) {
    parts.push(sql`${alias}.key not in (${keys(filter.exclude)})`)
  }
  return sql.join(parts, sql` and `)
}

async function hasListableChild(db: Db, rights: TreeRights, folder: AssetRow): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from assets c where ${listableChildren(sql`c`, folder, rights)}) as found`,
  )
  return Boolean(rows[0]?.found)
}

/**
 * One page of a folder's children the user may list: folders first, then by `sort` (the key,
 * natural and case-insensitive, by default). `hasChildren` is true when the node has a child the
 * user may list. Workspaces become a key filter in SQL (see `childListFilter`), so a page costs
 * the same in a folder of 100,000 assets.
 */
export async function listAssetChildren(
  ctx: AdminContext,
  query: AssetChildrenQuery,
): Promise<AssetChildren> {
  const folder = await findAsset(ctx.db, query.node)
  if (!folder) throw assetNotFound()
  const rights = await loadAssetRights(ctx)
  if (!rights.mayList(fullPathOf(folder))) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const desc = query.dir === 'desc'
  const direction = desc ? sql`desc` : sql`asc`
  const foldersFirst = sql`(${assets.type} <> 'folder') asc`
  // `tree_order` is '0'/'1' (folder/file) and the natural key (migration 0011): the default
  // order is an index-only walk of (parent_id, tree_order, id).
  const order: SQL =
    query.sort === 'type'
      ? sql`${foldersFirst}, ${assets.type} ${direction}, ${assets.treeOrder} asc, ${assets.id} asc`
      : query.sort === 'modificationDate'
        ? sql`${foldersFirst}, ${assets.updatedAt} ${direction}, ${assets.id} ${direction}`
        : query.sort === 'size'
          ? sql`${foldersFirst}, ${assets.size} ${direction} nulls first, ${assets.id} ${direction}`
          : desc
            ? sql`left(${assets.treeOrder}, 1) asc, ${assets.treeOrder} desc, ${assets.id} desc`
            : sql`${assets.treeOrder} asc, ${assets.id} asc`
  const where = listableChildren(sql`assets`, folder, rights)
  // The count and the page's ids (from the index alone) at once: on PostgreSQL they walk the
  // index on two connections side by side. Then only the page's rows are read.
  const [[total], ids] = await Promise.all([
    ctx.db.select({ n: count() }).from(assets).where(where),
    ctx.db
      .select({ id: assets.id })
      .from(assets)
      .where(where)
      .orderBy(order)
      .limit(query.limit)
      .offset(query.start),
  ])
  const position = new Map(ids.map((r, i) => [r.id, i]))
  const rows =
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select()
            .from(assets)
            .where(inArray(assets.id, [...position.keys()]))
        ).sort((a, b) => position.get(a.id)! - position.get(b.id)!)
  const withChildren = await listableChildIds(ctx.db, rights, rows)
  return {
    nodes: await assetNodesFor(
      ctx,
      rows.map((asset) => ({ asset, hasChildren: withChildren.has(asset.id) })),
      rights,
    ),
    total: total?.n ?? 0,
    start: query.start,
    limit: query.limit,
  }
}

/** Of `folders`, those with at least one child the user may list (one query per page). */
async function listableChildIds(
  db: Db,
  rights: TreeRights,
  rows: readonly AssetRow[],
): Promise<Set<number>> {
  const folders = rows.filter((r) => r.type === 'folder')
  if (folders.length === 0) return new Set()
  const probes = folders.map(
    (f) =>
      sql`select ${f.id}::bigint as id where exists (select 1 from assets c where ${listableChildren(sql`c`, f, rights)})`,
  )
  const { rows: found } = await db.execute<{ id: string | number }>(
    sql.join(probes, sql` union all `),
  )
  return new Set(found.map((r) => Number(r.id)))
}

/** GET /admin/asset/get-data-by-id: one asset the user may view, with everything the editor shows. */
export async function getAssetData(ctx: AdminContext, id: number): Promise<AssetData> {
  const { row, rights } = await loadAssetWithRight(ctx, id, 'view')
  return assetDataOf(ctx, row, rights)
}

export async function assetDataOf(
  ctx: AdminContext,
  row: AssetRow,
  rights?: TreeRights,
): Promise<AssetData> {
  const node = await assetNodeFor(ctx, row, undefined, rights)
  const names = await readUserNames(ctx.db, [row.userOwner, row.userModification])
  const lock = await readLock(ctx.db, { type: 'asset', id: row.id })
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null))
  return {
    ...node,
    metadata: Array.isArray(row.metadata) ? (row.metadata as AssetMetadataItem[]) : [],
    embeddedMetadata: objectOf(row.embeddedMetadata),
    customSettings: objectOf(row.customSettings),
    checksum: row.checksum,
    versionCount: row.versionCount,
    creationDate: row.createdAt.toISOString(),
    userOwner: nameOf(row.userOwner),
    userModification: nameOf(row.userModification),
    lock,
  }
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/** The folder an upload or a new folder goes into, checked for the 'create' right. */
export async function loadTargetFolder(ctx: AdminContext, id: number): Promise<AssetRow> {
  const folder = await findAsset(ctx.db, id)
  if (!folder) throw new AppError(404, 'ASSET_FOLDER_NOT_FOUND', 'pimAssets.folderNotFound')
  if (folder.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  const rights = await loadAssetRights(ctx)
  rights.assert(fullPathOf(folder), 'create')
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
