import { GridConfigSchema, type GridConfig, type GridColumnInfo } from '@optika/domain/pim/grid-api'
import type {
  AssetColumnConfigAnswer,
  SaveAssetColumnConfig,
  SavedAssetGridConfig,
} from '@optika/domain/pim/asset-grid-api'
import { notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  chooseCurrentConfig,
  deleteGridConfig,
  favouriteConfigId,
  listVisibleConfigs,
  markFavouriteGridConfig,
  saveGridConfig,
  toStoredConfig,
  type GridConfigRow,
  type GridScope,
} from '../../elements/grid/grid-column-configs.ts'
import { auditAssetGrid } from './asset-grid-audit.ts'
import {
  DEFAULT_ASSET_COLUMNS,
  listAssetColumnInfos,
  loadMetadataColumns,
  metadataColumnInfo,
  resolveAssetColumn,
  type MetadataColumn,
} from './asset-grid-columns.ts'

const ASSET_SCOPE: GridScope = { elementType: 'asset', classId: null }

function defaultConfig(): GridConfig {
  return { columns: DEFAULT_ASSET_COLUMNS.map((key) => ({ key })) }
}

/** Whether a key still names a column (system columns always; metadata by its key's form). */
function exists(key: string, known: readonly MetadataColumn[]): boolean {
  try {
    resolveAssetColumn(key, known)
    return true
  } catch {
    return false
  }
}

/** A stored configuration as it can be used now: what no longer parses is dropped. */
function fitConfig(stored: unknown, known: readonly MetadataColumn[]): GridConfig {
  const parsed = GridConfigSchema.safeParse(stored)
  if (!parsed.success) return defaultConfig()
  const config = parsed.data
  const columns = config.columns.filter((c) => exists(c.key, known))
  return {
    ...config,
    columns: columns.length > 0 ? columns : defaultConfig().columns,
    ...(config.sort && !exists(config.sort.column, known) ? { sort: undefined } : {}),
    ...(config.filters ? { filters: config.filters.filter((f) => exists(f.column, known)) } : {}),
  }
}

function toSaved(
  ctx: AdminContext,
  row: GridConfigRow,
  known: readonly MetadataColumn[],
): SavedAssetGridConfig {
  return toStoredConfig(ctx, row, (stored) => fitConfig(stored, known))
}

/**
 * The columns on offer and the configuration in use for a folder: the one asked for, else the
 * user's favourite (this folder, then every folder), else one shared with the user, else the
 * default columns.
 */
export async function getAssetColumnConfig(
  ctx: AdminContext,
  input: { folderId?: number | undefined; configId?: number | undefined },
): Promise<AssetColumnConfigAnswer> {
  const known = await loadMetadataColumns(ctx.db)
  const configs = (await listVisibleConfigs(ctx, ASSET_SCOPE)).map((row) =>
    toSaved(ctx, row, known),
  )
  const available = listAssetColumnInfos(ctx, known)
  const folderId = input.folderId ?? 0
  const favouriteId = await favouriteConfigId(ctx, ASSET_SCOPE, folderId)
  const fallback = {
    id: null,
    name: ctx.t('pimGrid.defaultConfig'),
    isFavourite: false,
    config: defaultConfig(),
  }
  if (input.configId === 0) return { available, configs, current: fallback }
  if (input.configId !== undefined) {
    const asked = configs.find((c) => c.id === input.configId)
    if (!asked) throw notFound('pimGrid.configNotFound')
    const isFavourite = asked.id === favouriteId
    return {
      available,
      configs,
      current: { id: asked.id, name: asked.name, isFavourite, config: asked.config },
    }
  }
  const chosen = chooseCurrentConfig(configs, favouriteId, folderId)
  return {
    available,
    configs,
    current: chosen
      ? {
          id: chosen.config.id,
          name: chosen.config.name,
          isFavourite: chosen.isFavourite,
          config: chosen.config.config,
        }
      : fallback,
  }
}

/** Saves a new asset grid configuration or updates the caller's own (its columns, sort, filters and sharing); unknown columns are a 400. */
export async function saveAssetColumnConfig(
  ctx: AdminContext,
  input: SaveAssetColumnConfig,
): Promise<SavedAssetGridConfig> {
  const known = await loadMetadataColumns(ctx.db)
  const keys = [
    ...input.config.columns.map((c) => c.key),
    ...(input.config.sort ? [input.config.sort.column] : []),
    ...(input.config.filters ?? []).map((f) => f.column),
  ]
  for (const key of keys) resolveAssetColumn(key, known)
  const row = await saveGridConfig(ctx, ASSET_SCOPE, input)
  await auditAssetGrid(ctx, {
    action: input.id === undefined ? 'assetGridConfig.create' : 'assetGridConfig.update',
    entityType: 'gridColumnConfig',
    entityId: row.id,
    after: {
      name: row.name,
      shareGlobally: row.shareGlobally,
      sharedUserIds: row.sharedUserIds,
      sharedRoleIds: row.sharedRoleIds,
    },
  })
  return toSaved(ctx, row, known)
}

/** Deletes the caller's own asset grid configuration. */
export async function deleteAssetColumnConfig(ctx: AdminContext, id: number): Promise<void> {
  const row = await deleteGridConfig(ctx, 'asset', id)
  await auditAssetGrid(ctx, {
    action: 'assetGridConfig.delete',
    entityType: 'gridColumnConfig',
    entityId: id,
    before: { name: row.name },
  })
}

/** Makes an asset grid configuration the caller may load their favourite for a folder (0 = every folder). */
export async function markFavouriteAssetColumnConfig(
  ctx: AdminContext,
  input: { id: number; folderId: number },
): Promise<void> {
  await markFavouriteGridConfig(ctx, 'asset', input)
}

/** The custom metadata fields the assets have, as columns of the picker. */
export async function listMetadataColumnInfos(
  ctx: AdminContext,
): Promise<{ columns: (GridColumnInfo & { name: string; language: string })[] }> {
  const known = await loadMetadataColumns(ctx.db)
  return {
    columns: known.map((column) => ({
      ...metadataColumnInfo(ctx, column),
      name: column.name,
      language: column.language,
    })),
  }
}
