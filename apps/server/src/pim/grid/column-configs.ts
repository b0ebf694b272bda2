import {
  GridConfigSchema,
  isSystemColumn,
  type ColumnConfigAnswer,
  type GridConfig,
  type SaveColumnConfig,
  type SavedGridConfig,
  type SystemColumn,
} from '@optika/domain/pim/grid-api'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  applyGridConfigToAll,
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
import { defaultColumnKeys, listColumnInfos, loadGridClass, type GridClass } from './grid-class.ts'

/** The object grid of a class, as the shared configuration store names it. */
function scopeOf(cls: GridClass): GridScope {
  return { elementType: 'object', classId: cls.id }
}

export function systemColumnTitle(ctx: AdminContext): (column: SystemColumn) => string {
  return (column) => ctx.t(`pimGrid.column.${column}`)
}

/** Keeps the columns, sort and filters that still exist in the class (fields may be removed). */
function fitToClass(cls: GridClass, stored: unknown): GridConfig {
  const parsed = GridConfigSchema.safeParse(stored)
  const exists = (key: string) => isSystemColumn(key) || cls.fieldByName.has(key)
  if (!parsed.success) return defaultConfig(cls)
  const config = parsed.data
  const columns = config.columns.filter((c) => exists(c.key))
  return {
    ...config,
    columns: columns.length > 0 ? columns : defaultConfig(cls).columns,
    ...(config.sort && !exists(config.sort.column) ? { sort: undefined } : {}),
    ...(config.filters ? { filters: config.filters.filter((f) => exists(f.column)) } : {}),
  }
}

function defaultConfig(cls: GridClass): GridConfig {
  return { columns: defaultColumnKeys(cls).map((key) => ({ key })) }
}

function toSaved(ctx: AdminContext, cls: GridClass, row: GridConfigRow): SavedGridConfig {
  return {
    ...toStoredConfig(ctx, row, (stored) => fitToClass(cls, stored)),
    classId: cls.id,
  }
}

/**
 * The columns on offer and the configuration in use for a class and folder: the one asked
 * for, else the user's favourite (this folder, then every folder), else one shared with the
 * user, else the class default.
 */
export async function getColumnConfig(
  ctx: AdminContext,
  input: { classId: string; folderId?: number | undefined; configId?: number | undefined },
): Promise<ColumnConfigAnswer> {
  const cls = await loadGridClass(ctx.db, input.classId)
  const visible = await listVisibleConfigs(ctx, scopeOf(cls))
  const configs = visible.map((row) => toSaved(ctx, cls, row))
  const available = listColumnInfos(cls, systemColumnTitle(ctx), (text) => ctx.t(text))
  const folderId = input.folderId ?? 0
  const favouriteId = await favouriteConfigId(ctx, scopeOf(cls), folderId)
  const classDefault = {
    id: null,
    name: ctx.t('pimGrid.defaultConfig'),
    isFavourite: false,
    config: defaultConfig(cls),
  }
  if (input.configId === 0) return { available, configs, current: classDefault }
  if (input.configId !== undefined) {
    const asked = configs.find((c) => c.id === input.configId)
    if (!asked) throw notFound('pimGrid.configNotFound')
    return {
      available,
      configs,
      current: {
        id: asked.id,
        name: asked.name,
        isFavourite: asked.id === favouriteId,
        config: asked.config,
      },
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
      : classDefault,
  }
}

/** The field list of the column picker. */
export async function listAvailableFields(ctx: AdminContext, classId: string) {
  const cls = await loadGridClass(ctx.db, classId)
  return listColumnInfos(cls, systemColumnTitle(ctx), (text) => ctx.t(text))
}

function assertColumnsExist(cls: GridClass, config: GridConfig): void {
  const keys = [
    ...config.columns.map((c) => c.key),
    ...(config.sort ? [config.sort.column] : []),
    ...(config.filters ?? []).map((f) => f.column),
  ]
  const unknown = keys.find((key) => !isSystemColumn(key) && !cls.fieldByName.has(key))
  if (unknown !== undefined) {
    throw new AppError(400, 'UNKNOWN_COLUMN', 'pimGrid.unknownColumn', { column: unknown })
  }
}

/** Saves a new configuration or updates the caller's own; with `favourite` it becomes theirs for the folder, in the same transaction. */
export async function saveColumnConfig(
  ctx: AdminContext,
  input: SaveColumnConfig,
): Promise<SavedGridConfig> {
  const cls = await loadGridClass(ctx.db, input.classId)
  assertColumnsExist(cls, input.config)
  return toSaved(ctx, cls, await saveGridConfig(ctx, scopeOf(cls), input))
}

/** Deletes the caller's own configuration (favourites pointing at it go with it). */
export async function deleteColumnConfig(ctx: AdminContext, id: number): Promise<void> {
  await deleteGridConfig(ctx, 'object', id)
}

/** Makes a configuration the caller may load their favourite for a folder (0 = every folder). */
export async function markFavouriteColumnConfig(
  ctx: AdminContext,
  input: { id: number; folderId: number },
): Promise<void> {
  await markFavouriteGridConfig(ctx, 'object', input)
}

/** Makes a configuration the caller's favourite for every folder of its class. */
export async function applyColumnConfigToAll(ctx: AdminContext, id: number): Promise<void> {
  await applyGridConfigToAll(ctx, 'object', id)
}

/** Export configurations: the formats and the saved configurations of the class. */
export async function listExportConfigs(ctx: AdminContext, classId: string) {
  const cls = await loadGridClass(ctx.db, classId)
  const rows = await listVisibleConfigs(ctx, scopeOf(cls))
  return {
    formats: ['csv', 'xlsx'] as ('csv' | 'xlsx')[],
    configs: rows.map((row) => toSaved(ctx, cls, row)),
  }
}
