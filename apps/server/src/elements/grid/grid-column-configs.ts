import { and, eq, isNull } from 'drizzle-orm'
import type { GridConfig } from '@optika/domain/pim/grid-api'
import type { Db } from '../../platform/db/client.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { gridColumnConfigs, gridFavourites } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

export type GridConfigRow = typeof gridColumnConfigs.$inferSelect

/** Which grid a configuration belongs to: the object grid of a class, or the asset grid. */
export type GridScope =
  | { readonly elementType: 'object'; readonly classId: string }
  | { readonly elementType: 'asset'; readonly classId: null }

/** A saved configuration as every grid answers it (the object grid adds its class). */
export interface StoredGridConfig {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly folderId: number | null
  readonly ownerId: number
  readonly isOwner: boolean
  readonly shareGlobally: boolean
  readonly sharedUserIds: number[]
  readonly sharedRoleIds: number[]
  readonly config: GridConfig
}

/** What a save sends besides the grid it is for. */
export interface GridConfigInput {
  readonly id?: number | undefined
  readonly folderId: number | null
  readonly name: string
  readonly description: string
  readonly config: GridConfig
  readonly shareGlobally: boolean
  readonly sharedUserIds: number[]
  readonly sharedRoleIds: number[]
  readonly favourite: boolean
}

const favouriteClassOf = (scope: GridScope) => scope.classId ?? ''

function scopeOf(row: GridConfigRow): GridScope {
  return row.elementType === 'object'
    ? { elementType: 'object', classId: row.classId ?? '' }
    : { elementType: 'asset', classId: null }
}

function scopeCondition(scope: GridScope) {
  return and(
    eq(gridColumnConfigs.elementType, scope.elementType),
    scope.classId === null
      ? isNull(gridColumnConfigs.classId)
      : eq(gridColumnConfigs.classId, scope.classId),
  )
}

/** The answer shape of a row; `fit` keeps what still exists of its stored configuration. */
export function toStoredConfig(
  ctx: AdminContext,
  row: GridConfigRow,
  fit: (stored: unknown) => GridConfig,
): StoredGridConfig {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    folderId: row.objectId ?? null,
    ownerId: row.ownerId,
    isOwner: row.ownerId === ctx.admin.userId,
    shareGlobally: row.shareGlobally,
    sharedUserIds: row.sharedUserIds,
    sharedRoleIds: row.sharedRoleIds,
    config: fit(row.config),
  }
}

async function roleIdsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ roleId: adminUserRoles.roleId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.userId, userId))
  return new Set(rows.map((r) => r.roleId))
}

/** The configurations of a grid the user may load: their own and those shared with them (globally, with them, or with one of their roles). */
export async function listVisibleConfigs(
  ctx: AdminContext,
  scope: GridScope,
): Promise<GridConfigRow[]> {
  const rows = await ctx.db
    .select()
    .from(gridColumnConfigs)
    .where(scopeCondition(scope))
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

/** A configuration of an `elementType` grid the user may load; else 404. */
export async function findVisibleConfig(
  ctx: AdminContext,
  elementType: GridScope['elementType'],
  id: number,
): Promise<GridConfigRow> {
  const [row] = await ctx.db.select().from(gridColumnConfigs).where(eq(gridColumnConfigs.id, id))
  if (!row || row.elementType !== elementType) throw notFound('pimGrid.configNotFound')
  const visible = await listVisibleConfigs(ctx, scopeOf(row))
  if (!visible.some((v) => v.id === id)) throw notFound('pimGrid.configNotFound')
  return row
}

/** The caller's own configuration; 403 for one only shared with them. */
export async function findOwnConfig(
  ctx: AdminContext,
  elementType: GridScope['elementType'],
  id: number,
): Promise<GridConfigRow> {
  const row = await findVisibleConfig(ctx, elementType, id)
  if (row.ownerId !== ctx.admin.userId) {
    throw new AppError(403, 'NOT_OWNER', 'pimGrid.notConfigOwner')
  }
  return row
}

/** The caller's favourite configuration for the folder, else for every folder. */
export async function favouriteConfigId(
  ctx: AdminContext,
  scope: GridScope,
  folderId: number,
): Promise<number | undefined> {
  const favourites = await ctx.db
    .select({ configId: gridFavourites.configId, objectId: gridFavourites.objectId })
    .from(gridFavourites)
    .where(
      and(
        eq(gridFavourites.ownerId, ctx.admin.userId),
        eq(gridFavourites.elementType, scope.elementType),
        eq(gridFavourites.classId, favouriteClassOf(scope)),
      ),
    )
  return (
    favourites.find((f) => f.objectId === folderId)?.configId ??
    favourites.find((f) => f.objectId === 0)?.configId
  )
}

/**
 * The configuration a grid opens with: the favourite (see `favouriteConfigId`), else one
 * shared with the user for the folder, else one shared for any folder; none = the default.
 */
export function chooseCurrentConfig(
  configs: readonly StoredGridConfig[],
  favouriteId: number | undefined,
  folderId: number,
): { config: StoredGridConfig; isFavourite: boolean } | undefined {
  const favourite = configs.find((c) => c.id === favouriteId)
  if (favourite) return { config: favourite, isFavourite: true }
  const shared =
    configs.find((c) => !c.isOwner && c.folderId === folderId) ??
    configs.find((c) => !c.isOwner && c.folderId === null)
  return shared ? { config: shared, isFavourite: false } : undefined
}

async function setFavourite(
  db: Db,
  ownerId: number,
  scope: GridScope,
  folderId: number,
  configId: number,
): Promise<void> {
  await db
    .insert(gridFavourites)
    .values({
      ownerId,
      elementType: scope.elementType,
      classId: favouriteClassOf(scope),
      objectId: folderId,
      configId,
    })
    .onConflictDoUpdate({
      target: [
        gridFavourites.ownerId,
        gridFavourites.elementType,
        gridFavourites.classId,
        gridFavourites.objectId,
      ],
      set: { configId },
    })
}

/**
 * Saves a new configuration or updates the caller's own (with its sharing); with `favourite`
 * it becomes theirs for the folder in the same transaction. The caller checks the columns.
 */
export async function saveGridConfig(
  ctx: AdminContext,
  scope: GridScope,
  input: GridConfigInput,
): Promise<GridConfigRow> {
  if (input.id !== undefined) {
    const own = await findOwnConfig(ctx, scope.elementType, input.id)
    if ((own.classId ?? null) !== scope.classId) throw notFound('pimGrid.configNotFound')
  }
  const values = {
    name: input.name,
    description: input.description,
    elementType: scope.elementType,
    classId: scope.classId,
    objectId: input.folderId,
    config: input.config,
    shareGlobally: input.shareGlobally,
    sharedUserIds: input.sharedUserIds,
    sharedRoleIds: input.sharedRoleIds,
  }
  return ctx.db.transaction(async (tx) => {
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
      await setFavourite(tx, ctx.admin.userId, scope, input.folderId ?? 0, saved!.id)
    }
    return saved!
  })
}

/** Deletes the caller's own configuration (favourites pointing at it go with it). */
export async function deleteGridConfig(
  ctx: AdminContext,
  elementType: GridScope['elementType'],
  id: number,
): Promise<GridConfigRow> {
  const row = await findOwnConfig(ctx, elementType, id)
  await ctx.db.delete(gridColumnConfigs).where(eq(gridColumnConfigs.id, id))
  return row
}

/** Makes a configuration the caller may load their favourite for a folder (0 = every folder). */
export async function markFavouriteGridConfig(
  ctx: AdminContext,
  elementType: GridScope['elementType'],
  input: { id: number; folderId: number },
): Promise<void> {
  const row = await findVisibleConfig(ctx, elementType, input.id)
  await setFavourite(ctx.db, ctx.admin.userId, scopeOf(row), input.folderId, row.id)
}

/** Makes a configuration the caller's favourite for every folder of its grid: folder favourites are dropped, all in one transaction. */
export async function applyGridConfigToAll(
  ctx: AdminContext,
  elementType: GridScope['elementType'],
  id: number,
): Promise<void> {
  const row = await findVisibleConfig(ctx, elementType, id)
  const scope = scopeOf(row)
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(gridFavourites)
      .where(
        and(
          eq(gridFavourites.ownerId, ctx.admin.userId),
          eq(gridFavourites.elementType, scope.elementType),
          eq(gridFavourites.classId, favouriteClassOf(scope)),
        ),
      )
    await setFavourite(tx, ctx.admin.userId, scope, 0, row.id)
  })
}
