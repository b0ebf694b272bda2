import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  DASHBOARD_COLUMNS,
  DASHBOARD_MAX_WIDGETS,
  DASHBOARDS_PER_USER_MAX,
  WIDGET_CONFIG_SCHEMAS,
  WidgetSchema,
  mayUseWidget,
  type Dashboard,
  type DashboardList,
  type Widget,
  type WidgetConfig,
  type WidgetType,
} from '@optika/domain/operations/dashboards'
import type { Db } from '../../platform/db/client.ts'
import { adminDashboards } from '../../platform/db/schema/dashboards.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

type Positions = Widget[][]
type DashboardRow = typeof adminDashboards.$inferSelect

const StoredPositionsSchema = z.array(z.array(WidgetSchema))

/**
 * A new user's first dashboard: the shop's day at a glance (orders, partners, notifications),
 * the system's state and the way to each area. Widgets the user may not have are left out.
 */
const DEFAULT_LAYOUT: readonly (readonly WidgetType[])[] = [
  ['ordersChart', 'latestOrders', 'modifiedObjects'],
  ['systemStatus', 'notifications', 'pendingPartners', 'lowStock'],
  ['areaLinks'],
]

function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'dashboards.error.notFound')
}

/** The stored columns, always DASHBOARD_COLUMNS of them; a damaged value reads as empty. */
function readPositions(value: unknown): Positions {
  const parsed = StoredPositionsSchema.safeParse(value)
  const columns: Positions = parsed.success ? parsed.data : []
  const out: Positions = Array.from({ length: DASHBOARD_COLUMNS }, (_, i) => [
    ...(columns[i] ?? []),
  ])
  // Columns beyond the current count (an older layout) join the last one.
  for (const extra of columns.slice(DASHBOARD_COLUMNS)) out[DASHBOARD_COLUMNS - 1]!.push(...extra)
  return out
}

function toDashboard(row: DashboardRow): Dashboard {
  return {
    key: row.key,
    positions: readPositions(row.positions),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function actorOf(ctx: AdminContext) {
  return { id: ctx.admin.userId, name: ctx.admin.username }
}

function mayUse(ctx: AdminContext, type: WidgetType): boolean {
  return mayUseWidget(type, ctx.admin.permissions, ctx.admin.isAdmin)
}

function defaultPositions(ctx: AdminContext): Positions {
  let id = 0
  return DEFAULT_LAYOUT.map((column) =>
    column.filter((type) => mayUse(ctx, type)).map((type) => ({ id: ++id, type, config: {} })),
  )
}

async function findDashboard(db: Db, userId: number, key: string, forUpdate = false) {
  const query = db
    .select()
    .from(adminDashboards)
    .where(
      and(eq(adminDashboards.userId, userId), sql`lower(${adminDashboards.key}) = lower(${key})`),
    )
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/**
 * Gives a user without any dashboard the default one, named in their language; a user always has
 * at least one (deleting the last is refused), so this runs once per user.
 */
export async function ensureDefaultDashboard(ctx: AdminContext): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: adminDashboards.id })
    .from(adminDashboards)
    .where(eq(adminDashboards.userId, ctx.admin.userId))
    .limit(1)
  if (existing) return
  await ctx.db
    .insert(adminDashboards)
    .values({
      userId: ctx.admin.userId,
      key: ctx.t('dashboards.default.name'),
      position: 0,
      positions: defaultPositions(ctx),
    })
    .onConflictDoNothing()
}

/** The user's dashboards in their tab order (the default one made first when there is none). */
export async function listDashboards(ctx: AdminContext): Promise<DashboardList> {
  await ensureDefaultDashboard(ctx)
  const rows = await ctx.db
    .select()
    .from(adminDashboards)
    .where(eq(adminDashboards.userId, ctx.admin.userId))
    .orderBy(asc(adminDashboards.position), asc(adminDashboards.id))
  return {
    dashboards: rows.map((row) => ({
      key: row.key,
      widgets: readPositions(row.positions).flat().length,
    })),
  }
}

/** One of the user's own dashboards; another user's reads as not found. */
export async function getDashboardConfiguration(
  ctx: AdminContext,
  key: string,
): Promise<Dashboard> {
  await ensureDefaultDashboard(ctx)
  const row = await findDashboard(ctx.db, ctx.admin.userId, key)
  if (!row) throw notFound()
  return toDashboard(row)
}

/** Creates an empty dashboard after the user's others; a name in use (any case) is refused. */
export async function createDashboard(ctx: AdminContext, key: string): Promise<Dashboard> {
  // A user whose first act is to make a dashboard still gets the default one beside it.
  await ensureDefaultDashboard(ctx)
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ key: adminDashboards.key, position: adminDashboards.position })
      .from(adminDashboards)
      .where(eq(adminDashboards.userId, ctx.admin.userId))
    if (rows.some((row) => row.key.toLowerCase() === key.toLowerCase())) {
      throw new AppError(409, 'NAME_IN_USE', 'dashboards.error.nameInUse', { name: key })
    }
    if (rows.length >= DASHBOARDS_PER_USER_MAX) {
      throw new AppError(409, 'TOO_MANY_DASHBOARDS', 'dashboards.error.tooManyDashboards', {
        max: DASHBOARDS_PER_USER_MAX,
      })
    }
    const position = rows.reduce((max, row) => Math.max(max, row.position + 1), 0)
    const [row] = await tx
      .insert(adminDashboards)
      .values({
        userId: ctx.admin.userId,
        key,
        position,
        positions: Array.from({ length: DASHBOARD_COLUMNS }, () => []),
      })
      .returning()
    await recordAudit(tx, {
      actor: actorOf(ctx),
      action: 'dashboard.create',
      entityType: 'dashboard',
      entityId: row!.id,
      after: { key },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return toDashboard(row!)
  })
}

/** Renames one of the user's dashboards; the new name must be free (another case of it is fine). */
export async function renameDashboard(
  ctx: AdminContext,
  key: string,
  newKey: string,
): Promise<Dashboard> {
  return ctx.db.transaction(async (tx) => {
    const row = await findDashboard(tx, ctx.admin.userId, key, true)
    if (!row) throw notFound()
    const clash = await findDashboard(tx, ctx.admin.userId, newKey)
    if (clash && clash.id !== row.id) {
      throw new AppError(409, 'NAME_IN_USE', 'dashboards.error.nameInUse', { name: newKey })
    }
    const [updated] = await tx
      .update(adminDashboards)
      .set({ key: newKey, updatedAt: new Date() })
      .where(eq(adminDashboards.id, row.id))
      .returning()
    await recordAudit(tx, {
      actor: actorOf(ctx),
      action: 'dashboard.rename',
      entityType: 'dashboard',
      entityId: row.id,
      before: { key: row.key },
      after: { key: newKey },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return toDashboard(updated!)
  })
}

/** Deletes one of the user's dashboards; the last one stays (the screen always has one). */
export async function deleteDashboard(ctx: AdminContext, key: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findDashboard(tx, ctx.admin.userId, key, true)
    if (!row) throw notFound()
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(adminDashboards)
      .where(eq(adminDashboards.userId, ctx.admin.userId))
    if (count <= 1) {
      throw new AppError(409, 'LAST_DASHBOARD', 'dashboards.error.lastDashboard')
    }
    await tx.delete(adminDashboards).where(eq(adminDashboards.id, row.id))
    await recordAudit(tx, {
      actor: actorOf(ctx),
      action: 'dashboard.delete',
      entityType: 'dashboard',
      entityId: row.id,
      before: { key: row.key, positions: row.positions },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  })
}

/**
 * Changes one dashboard's columns in one transaction (the row is locked, so two tabs moving
 * widgets at once both land), audited with the columns before and after.
 */
async function changePositions<T>(
  ctx: AdminContext,
  key: string,
  action: string,
  change: (positions: Positions) => { positions: Positions; result: T },
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const row = await findDashboard(tx, ctx.admin.userId, key, true)
    if (!row) throw notFound()
    const before = readPositions(row.positions)
    const { positions, result } = change(readPositions(row.positions))
    await tx
      .update(adminDashboards)
      .set({ positions, updatedAt: new Date() })
      .where(eq(adminDashboards.id, row.id))
    await recordAudit(tx, {
      actor: actorOf(ctx),
      action,
      entityType: 'dashboard',
      entityId: row.id,
      before,
      after: positions,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return result
  })
}

function widgetNotFound(): AppError {
  return new AppError(404, 'WIDGET_NOT_FOUND', 'dashboards.error.widgetNotFound')
}

/** Adds a widget at the top of a column (the first by default), as Pimcore does; answers its id. */
export async function addWidget(
  ctx: AdminContext,
  input: { key: string; type: WidgetType; column?: number | undefined },
): Promise<number> {
  if (!mayUse(ctx, input.type)) {
    throw new AppError(403, 'WIDGET_NOT_ALLOWED', 'dashboards.error.widgetNotAllowed')
  }
  return changePositions(ctx, input.key, 'dashboard.addWidget', (positions) => {
    const all = positions.flat()
    if (all.length >= DASHBOARD_MAX_WIDGETS) {
      throw new AppError(409, 'TOO_MANY_WIDGETS', 'dashboards.error.tooManyWidgets', {
        max: DASHBOARD_MAX_WIDGETS,
      })
    }
    const id = all.reduce((max, widget) => Math.max(max, widget.id), 0) + 1
    positions[input.column ?? 0]!.unshift({ id, type: input.type, config: {} })
    return { positions, result: id }
  })
}

/** Removes a widget from the dashboard. */
export async function removeWidget(ctx: AdminContext, key: string, id: number): Promise<void> {
  await changePositions(ctx, key, 'dashboard.removeWidget', (positions) => {
    if (!positions.flat().some((widget) => widget.id === id)) throw widgetNotFound()
    return {
      positions: positions.map((column) => column.filter((w) => w.id !== id)),
      result: undefined,
    }
  })
}

/** Moves a widget to `row` of `column` (a row past the end puts it last). */
export async function reorderWidget(
  ctx: AdminContext,
  input: { key: string; id: number; column: number; row: number },
): Promise<void> {
  await changePositions(ctx, input.key, 'dashboard.reorderWidget', (positions) => {
    const moved = positions.flat().find((widget) => widget.id === input.id)
    if (!moved) throw widgetNotFound()
    const next = positions.map((column) => column.filter((w) => w.id !== input.id))
    next[input.column]!.splice(input.row, 0, moved)
    return { positions: next, result: undefined }
  })
}

/** Replaces a widget's settings, checked against its type's schema (bad settings change nothing). */
export async function updatePortletConfig(
  ctx: AdminContext,
  input: { key: string; id: number; config: unknown },
): Promise<WidgetConfig> {
  let raw = input.config
  if (typeof raw === 'string') {
    try {
      raw = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown)
    } catch {
      throw new AppError(400, 'INVALID_CONFIG', 'dashboards.error.invalidConfig')
    }
  }
  return changePositions(ctx, input.key, 'dashboard.updatePortletConfig', (positions) => {
    const widget = positions.flat().find((w) => w.id === input.id)
    if (!widget) throw widgetNotFound()
    const parsed = WIDGET_CONFIG_SCHEMAS[widget.type].safeParse(raw)
    if (!parsed.success) {
      throw new AppError(400, 'INVALID_CONFIG', 'dashboards.error.invalidConfig')
    }
    const config: WidgetConfig = parsed.data
    widget.config = config
    return { positions, result: config }
  })
}
