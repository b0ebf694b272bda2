import { and, eq, inArray, sql } from 'drizzle-orm'
import type {
  AddAssetFolder,
  AssetData,
  AssetMetadataItem,
  AssetNode,
  AssetSave,
  AssetSaved,
  AssetUpdate,
} from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { likePrefix } from '../../elements/element-lookup.ts'
import {
  assertNotLockedByOther,
  replaceDependencies,
  type ElementRef,
} from '../../elements/element-services.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import { auditAssetChange } from './asset-audit.ts'
import { saveAssetVersion } from './asset-versions.ts'
import {
  assetDataOf,
  assetNodeFor,
  assetNotFound,
  childPathOf,
  findAsset,
  fullPathOf,
  loadAssetRights,
  loadAssetWithRight,
  type AssetRow,
} from './read-asset-tree.ts'

export function keyTaken(key: string): AppError {
  return new AppError(409, 'ASSET_KEY_TAKEN', 'assetTree.keyTaken', { key })
}

/** GET /admin/asset/exists: whether a key is used in a folder the user may list. */
export async function assetExists(
  ctx: AdminContext,
  query: { parentId: number; key: string },
): Promise<{ exists: boolean }> {
  await loadAssetWithRight(ctx, query.parentId, 'list')
  const [row] = await ctx.db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.parentId, query.parentId), eq(assets.key, query.key.trim())))
  return { exists: row !== undefined }
}

/** POST /admin/asset/add-folder: a folder under a folder the user may create in; the name must be free. */
export async function addFolder(ctx: AdminContext, input: AddAssetFolder): Promise<AssetNode> {
  const { row: parent, rights } = await loadAssetWithRight(ctx, input.parentId, 'create')
  if (parent.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(assets)
      .values({
        parentId: parent.id,
        type: 'folder',
        key: input.name,
        path: childPathOf(parent),
        userOwner: ctx.admin.userId,
        userModification: ctx.admin.userId,
      })
      .onConflictDoNothing()
      .returning()
    if (!created) throw keyTaken(input.name)
    await auditAssetChange(ctx, tx, {
      action: 'asset.addFolder',
      assetId: created.id,
      after: { fullPath: fullPathOf(created) },
    })
    return created
  })
  return assetNodeFor(ctx, row, false, rights)
}

/** An asset row locked for the rest of the transaction. */
async function lockAsset(tx: Db, id: number): Promise<AssetRow> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update')
  if (!row) throw assetNotFound()
  return row
}

function invalidMetadata(name: string): AppError {
  return new AppError(400, 'ASSET_METADATA_INVALID', 'assetTree.metadataInvalid', { name })
}

/**
 * Checks each custom metadata value against its type (text, a date, a yes/no, or the id of an
 * existing asset or object) and returns the elements the values reference.
 */
async function checkMetadata(
  tx: Db,
  items: readonly AssetMetadataItem[],
): Promise<{ items: AssetMetadataItem[]; targets: ElementRef[] }> {
  const assetIds: number[] = []
  const objectIds: number[] = []
  for (const item of items) {
    const { data } = item
    if (data === null) continue
    switch (item.type) {
      case 'input':
      case 'textarea':
      case 'select':
        if (typeof data !== 'string') throw invalidMetadata(item.name)
        break
      case 'date':
        if (typeof data !== 'string' || Number.isNaN(Date.parse(data)))
          throw invalidMetadata(item.name)
        break
      case 'checkbox':
        if (typeof data !== 'boolean') throw invalidMetadata(item.name)
        break
      case 'asset':
      case 'object':
        if (typeof data !== 'number' || !Number.isSafeInteger(data) || data <= 0)
          throw invalidMetadata(item.name)
        ;(item.type === 'asset' ? assetIds : objectIds).push(data)
        break
      case 'document':
        // The shop has no documents yet: nothing such a field could point at exists.
        throw invalidMetadata(item.name)
    }
  }
  const found = async (ids: number[], table: typeof assets | typeof objects) => {
    if (ids.length === 0) return new Set<number>()
    const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))
    return new Set(rows.map((r) => r.id))
  }
  const foundAssets = await found(assetIds, assets)
  const foundObjects = await found(objectIds, objects)
  for (const item of items) {
    if (typeof item.data !== 'number') continue
    const known = item.type === 'asset' ? foundAssets : item.type === 'object' ? foundObjects : null
    if (known && !known.has(item.data)) throw invalidMetadata(item.name)
  }
  return {
    items: [...items],
    targets: [
      ...[...foundAssets].map((id) => ({ type: 'asset' as const, id })),
      ...[...foundObjects].map((id) => ({ type: 'object' as const, id })),
    ],
  }
}

/** The settings after a change: given keys replace, `null` removes one, the rest stays. */
function mergeSettings(current: unknown, change: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> =
    typeof current === 'object' && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {}
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

/** Writes metadata/settings of a locked row (and the dependencies of the metadata); returns the changed columns. */
async function writeDescription(
  tx: Db,
  row: AssetRow,
  input: Pick<AssetSave, 'metadata' | 'customSettings'>,
): Promise<Partial<Pick<AssetRow, 'metadata' | 'customSettings'>>> {
  const values: Partial<Pick<AssetRow, 'metadata' | 'customSettings'>> = {}
  if (input.metadata !== undefined) {
    const checked = await checkMetadata(tx, input.metadata)
    values.metadata = checked.items
    await replaceDependencies(tx, { type: 'asset', id: row.id }, checked.targets)
  }
  if (input.customSettings !== undefined) {
    values.customSettings = mergeSettings(row.customSettings, input.customSettings)
  }
  return values
}

/** A move's target: an existing folder, not the asset itself nor inside it. */
async function loadMoveTarget(
  tx: Db,
  rights: TreeRights,
  row: AssetRow,
  parentId: number,
): Promise<AssetRow> {
  const target = await findAsset(tx, parentId)
  if (!target) throw new AppError(404, 'ASSET_FOLDER_NOT_FOUND', 'pimAssets.folderNotFound')
  if (target.type !== 'folder') throw new AppError(400, 'NOT_A_FOLDER', 'pimAssets.notAFolder')
  const own = fullPathOf(row)
  const targetPath = fullPathOf(target)
  if (target.id === row.id || targetPath.startsWith(`${own}/`)) {
    throw new AppError(400, 'ASSET_MOVE_INTO_ITSELF', 'assetTree.moveIntoItself')
  }
  rights.assert(targetPath, 'create')
  return target
}

/**
 * PUT /admin/asset/update: rename (right `rename`), move (`settings` on the asset, `create` on
 * the target folder), custom metadata and settings (`publish`). A folder's subtree follows its
 * new path; an asset that is not a folder gets a version. Refused while another user locks it.
 */
export async function updateAsset(ctx: AdminContext, input: AssetUpdate): Promise<AssetData> {
  const rights = await loadAssetRights(ctx)
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockAsset(tx, input.id)
    const full = fullPathOf(before)
    if (!rights.mayList(full)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    const renaming = input.key !== undefined && input.key !== before.key
    const moving = input.parentId !== undefined && input.parentId !== before.parentId
    const describing = input.metadata !== undefined || input.customSettings !== undefined
    if (before.parentId === null && (renaming || moving)) {
      throw new AppError(400, 'ASSET_ROOT', 'assetTree.rootImmutable')
    }
    if (renaming) rights.assert(full, 'rename')
    if (moving) rights.assert(full, 'settings')
    if (describing) rights.assert(full, 'publish')
    await assertNotLockedByOther(tx, { type: 'asset', id: before.id }, ctx.admin.userId)
    if (!renaming && !moving && !describing) return before

    const target = moving ? await loadMoveTarget(tx, rights, before, input.parentId!) : null
    const key = renaming ? input.key! : before.key
    const path = target ? childPathOf(target) : before.path
    if (renaming || moving) {
      const [clash] = await tx
        .select({ id: assets.id })
        .from(assets)
        .where(and(eq(assets.parentId, target?.id ?? before.parentId!), eq(assets.key, key)))
      if (clash && clash.id !== before.id) throw keyTaken(key)
    }
    const described = describing ? await writeDescription(tx, before, input) : {}
    const [after] = await tx
      .update(assets)
      .set({
        key,
        path,
        parentId: target?.id ?? before.parentId,
        ...described,
        userModification: ctx.admin.userId,
        updatedAt: new Date(),
      })
      .where(eq(assets.id, before.id))
      .returning()
    const newFull = fullPathOf(after!)
    if (before.type === 'folder' && newFull !== full) {
      // Every path below follows: '/old/…' becomes '/new/…' (one statement, the path index helps).
      await tx.execute(sql`update assets
        set path = ${`${newFull}/`} || substr(path, char_length(${full}) + 2)
        where path like ${likePrefix(full)}`)
    }
    if (before.type !== 'folder') await saveAssetVersion(tx, ctx, before.id)
    await auditAssetChange(ctx, tx, {
      action: 'asset.update',
      assetId: before.id,
      before: {
        fullPath: full,
        ...(input.metadata !== undefined && { metadata: before.metadata }),
        ...(input.customSettings !== undefined && { customSettings: before.customSettings }),
      },
      after: {
        fullPath: newFull,
        ...(input.metadata !== undefined && { metadata: after!.metadata }),
        ...(input.customSettings !== undefined && { customSettings: after!.customSettings }),
      },
    })
    return after!
  })
  return assetDataOf(ctx, row, rights)
}

/** PUT|POST /admin/asset/save: custom metadata and settings (right `publish`), as a new version. */
export async function saveAsset(ctx: AdminContext, input: AssetSave): Promise<AssetSaved> {
  const rights = await loadAssetRights(ctx)
  const { row, version } = await ctx.db.transaction(async (tx) => {
    const before = await lockAsset(tx, input.id)
    rights.assert(fullPathOf(before), 'publish')
    if (before.type === 'folder') {
      throw new AppError(400, 'ASSET_IS_FOLDER', 'assetTree.folderHasNoVersions')
    }
    await assertNotLockedByOther(tx, { type: 'asset', id: before.id }, ctx.admin.userId)
    const described = await writeDescription(tx, before, input)
    const [after] = await tx
      .update(assets)
      .set({ ...described, userModification: ctx.admin.userId, updatedAt: new Date() })
      .where(eq(assets.id, before.id))
      .returning()
    const saved = await saveAssetVersion(
      tx,
      ctx,
      before.id,
      input.note === undefined ? {} : { note: input.note },
    )
    await auditAssetChange(ctx, tx, {
      action: 'asset.save',
      assetId: before.id,
      before: { metadata: before.metadata, customSettings: before.customSettings },
      after: {
        metadata: after!.metadata,
        customSettings: after!.customSettings,
        versionCount: saved.versionCount,
      },
    })
    return { row: { ...after!, versionCount: saved.versionCount }, version: saved }
  })
  return {
    success: true,
    versionId: version.id,
    versionCount: version.versionCount,
    data: await assetDataOf(ctx, row, rights),
  }
}
