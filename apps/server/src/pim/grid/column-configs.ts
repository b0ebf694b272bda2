import { and, eq } from 'drizzle-orm'
import {
  GridConfigSchema,
  isSystemColumn,
  type ColumnConfigAnswer,
  type GridConfig,
  type SaveColumnConfig,
  type SavedGridConfig,
  type SystemColumn,
} from '@optika/domain/pim/grid-api'
import type { Db } from '../../platform/db/client.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { gridColumnConfigs, gridFavourites } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { defaultColumnKeys, listColumnInfos, loadGridClass, type GridClass } from './grid-class.ts'

type ConfigRow = typeof gridColumnConfigs.$inferSelect

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

function toSaved(ctx: AdminContext, cls: GridClass, row: ConfigRow): SavedGridConfig {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    classId: row.classId,
    folderId: row.objectId ?? null,
    ownerId: row.ownerId,
    isOwner: row.ownerId === ctx.admin.userId,
    shareGlobally: row.shareGlobally,
    sharedUserIds: row.sharedUserIds,
    sharedRoleIds: row.sharedRoleIds,
    config: fitToClass(cls, row.config),
  }
}

async function roleIdsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ roleId: adminUserRoles.roleId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.userId, userId))
  return new Set(rows.map((r) => r.roleId))
}

/** The configurations of a class the user may load: their own and those shared with them. */
async function visibleConfigRows(ctx: AdminContext, classId: string): Promise<ConfigRow[]> {
  const rows = await ctx.db
    .select()
    .from(gridColumnConfigs)
    .where(eq(gridColumnConfigs.classId, classId))
    .orderBy(gridColumnConfigs.name, gridColumnConfigs.id)
  const me = ctx.admin.userId
  const roles = await roleIdsOf(ctx.db, me)
  return rows.filter(
    (row) =>
      row.ownerId === me ||
      row.shareGlobally ||
      row.sharedUserIds.includes(me) ||
      row.sharedRoleIds.some((id) => roles.has(id)),
  )
}

async function visibleConfig(ctx: AdminContext, id: number): Promise<ConfigRow> {
  const [row] = await ctx.db.select().from(gridColumnConfigs).where(eq(gridColumnConfigs.id, id))
  if (!row) throw notFound('pimGrid.configNotFound')
  const visible = await visibleConfigRows(ctx, row.classId)
  if (!visible.some((v) => v.id === id)) throw notFound('pimGrid.configNotFound')
  return row
}

async function ownConfig(ctx: AdminContext, id: number): Promise<ConfigRow> {
  const row = await visibleConfig(ctx, id)
  if (row.ownerId !== ctx.admin.userId) {
    throw new AppError(403, 'NOT_OWNER', 'pimGrid.notConfigOwner')
  }
  return row
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
  const visible = await visibleConfigRows(ctx, cls.id)
  const configs = visible.map((row) => toSaved(ctx, cls, row))
  const available = listColumnInfos(cls, systemColumnTitle(ctx), (text) => ctx.t(text))
  const folderId = input.folderId ?? 0
  const favourites = await ctx.db
    .select()
    .from(gridFavourites)
    .where(and(eq(gridFavourites.ownerId, ctx.admin.userId), eq(gridFavourites.classId, cls.id)))
  const favouriteId =
    favourites.find((f) => f.objectId === folderId)?.configId ??
    favourites.find((f) => f.objectId === 0)?.configId
  const pick = (id: number | undefined) => configs.find((c) => c.id === id)
  if (input.configId === 0) {
    return {
      available,
      configs,
      current: {
        id: null,
        name: ctx.t('pimGrid.defaultConfig'),
        isFavourite: false,
        config: defaultConfig(cls),
      },
    }
  }
  if (input.configId !== undefined) {
    const asked = pick(input.configId)
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
  const favourite = pick(favouriteId)
  const shared =
    configs.find((c) => !c.isOwner && c.folderId === folderId) ??
    configs.find((c) => !c.isOwner && c.folderId === null)
  const chosen = favourite ?? shared
  return {
    available,
    configs,
    current: chosen
      ? {
          id: chosen.id,
          name: chosen.name,
          isFavourite: chosen === favourite,
          config: chosen.config,
        }
      : {
          id: null,
          name: ctx.t('pimGrid.defaultConfig'),
          isFavourite: false,
          config: defaultConfig(cls),
        },
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
  if (input.id !== undefined) {
    const own = await ownConfig(ctx, input.id)
    if (own.classId !== cls.id) throw notFound('pimGrid.configNotFound')
  }
  const values = {
    name: input.name,
    description: input.description,
    classId: cls.id,
    objectId: input.folderId,
    config: input.config,
    shareGlobally: input.shareGlobally,
    sharedUserIds: input.sharedUserIds,
    sharedRoleIds: input.sharedRoleIds,
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] =
      input.id !== undefined
        ? await tx
            .update(gridColumnConfigs)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(gridColumnConfigs.id, input.id))
            .returning()
        : await tx
            .insert(gridColumnConfigs)
            .values({ ...values, ownerId: ctx.admin.userId })
            .returning()
    if (input.favourite) {
      await setFavourite(tx, ctx.admin.userId, cls.id, input.folderId ?? 0, saved!.id)
    }
    return saved!
  })
  return toSaved(ctx, cls, row)
}

async function setFavourite(
  db: Db,
  ownerId: number,
  classId: string,
  folderId: number,
  configId: number,
): Promise<void> {
  await db
    .insert(gridFavourites)
    .values({ ownerId, classId, objectId: folderId, configId })
    .onConflictDoUpdate({
      target: [gridFavourites.ownerId, gridFavourites.classId, gridFavourites.objectId],
      set: { configId },
    })
}

/** Deletes the caller's own configuration (favourites pointing at it go with it). */
export async function deleteColumnConfig(ctx: AdminContext, id: number): Promise<void> {
  await ownConfig(ctx, id)
  await ctx.db.delete(gridColumnConfigs).where(eq(gridColumnConfigs.id, id))
}

/** Makes a configuration the caller may load their favourite for a folder (0 = every folder). */
export async function markFavouriteColumnConfig(
  ctx: AdminContext,
  input: { id: number; folderId: number },
): Promise<void> {
  const row = await visibleConfig(ctx, input.id)
  await setFavourite(ctx.db, ctx.admin.userId, row.classId, input.folderId, row.id)
}

/** Makes a configuration the caller's favourite for every folder of its class: folder favourites are dropped, all in one transaction. */
export async function applyColumnConfigToAll(ctx: AdminContext, id: number): Promise<void> {
  const row = await visibleConfig(ctx, id)
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(gridFavourites)
      .where(
        and(eq(gridFavourites.ownerId, ctx.admin.userId), eq(gridFavourites.classId, row.classId)),
      )
    await setFavourite(tx, ctx.admin.userId, row.classId, 0, row.id)
  })
}

/** Export configurations: the formats and the saved configurations of the class. */
export async function listExportConfigs(ctx: AdminContext, classId: string) {
  const cls = await loadGridClass(ctx.db, classId)
  const rows = await visibleConfigRows(ctx, cls.id)
  return {
    formats: ['csv', 'xlsx'] as ('csv' | 'xlsx')[],
    configs: rows.map((row) => toSaved(ctx, cls, row)),
  }
}
