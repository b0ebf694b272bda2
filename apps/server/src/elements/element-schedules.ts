import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import type { z } from 'zod'
import type { SaveScheduleSchema, ScheduleList } from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { elementNotes, elementSchedules, elementVersions } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import type { ElementKinds } from './element-kinds.ts'
import { loadElementWithRight, readElementInfo } from './element-lookup.ts'
import type { ElementRef } from './element-services.ts'
import { moveSubtreeToRecycleBin } from './recycle-bin.ts'

type ScheduleRow = typeof elementSchedules.$inferSelect

async function readSchedule(db: Db, ref: ElementRef): Promise<ScheduleList> {
  const rows = await db
    .select()
    .from(elementSchedules)
    .where(and(eq(elementSchedules.elementType, ref.type), eq(elementSchedules.elementId, ref.id)))
    .orderBy(asc(elementSchedules.runAt), asc(elementSchedules.id))
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      versionId: row.versionId,
      date: row.runAt.toISOString(),
      active: row.active,
      userId: row.userId,
      doneAt: row.doneAt?.toISOString() ?? null,
    })),
  }
}

/** An element's scheduled tasks, pending and done, in the order they run. */
export async function getSchedule(ctx: AdminContext, ref: ElementRef): Promise<ScheduleList> {
  await loadElementWithRight(ctx, ref, 'view')
  return readSchedule(ctx.db, ref)
}

/** Replaces an element's pending tasks (done ones stay as history) in one transaction. */
export async function saveSchedule(
  ctx: AdminContext,
  kinds: ElementKinds,
  input: z.output<typeof SaveScheduleSchema>,
): Promise<ScheduleList> {
  const ref: ElementRef = { type: input.elementType, id: input.elementId }
  await loadElementWithRight(ctx, ref, 'publish')
  const versions = await ctx.db
    .select({ id: elementVersions.id })
    .from(elementVersions)
    .where(and(eq(elementVersions.elementType, ref.type), eq(elementVersions.elementId, ref.id)))
  const versionIds = new Set(versions.map((version) => version.id))
  const details: { path: string; key: string }[] = []
  input.tasks.forEach((task, index) => {
    if (
      task.action === 'publish-version' &&
      (task.versionId === null || !versionIds.has(task.versionId))
    ) {
      details.push({ path: `tasks.${index}.versionId`, key: 'pimElements.scheduleVersionMissing' })
    }
    if (task.action !== 'delete' && !kinds[ref.type]?.runScheduledTask) {
      details.push({ path: `tasks.${index}.action`, key: 'pimElements.unsupportedType' })
    }
  })
  if (details.length > 0) throw new AppError(400, 'VALIDATION', 'validation.formError', {}, details)
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(elementSchedules)
      .where(
        and(
          eq(elementSchedules.elementType, ref.type),
          eq(elementSchedules.elementId, ref.id),
          isNull(elementSchedules.doneAt),
        ),
      )
    if (input.tasks.length > 0) {
      await tx.insert(elementSchedules).values(
        input.tasks.map((task) => ({
          elementType: ref.type,
          elementId: ref.id,
          action: task.action,
          versionId: task.action === 'publish-version' ? task.versionId : null,
          runAt: new Date(task.date),
          active: task.active,
          userId: ctx.admin.userId,
        })),
      )
    }
  })
  return readSchedule(ctx.db, ref)
}

/** Runs one due task in its own transaction: marked done first (a delete moves it to the bin with its element). */
async function runTask(db: Db, kinds: ElementKinds, task: ScheduleRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(elementSchedules)
      .set({ active: false, doneAt: now })
      .where(and(eq(elementSchedules.id, task.id), isNull(elementSchedules.doneAt)))
      .returning({ id: elementSchedules.id })
    // Another instance ran it meanwhile.
    if (claimed.length === 0) return
    const ref: ElementRef = { type: task.elementType, id: task.elementId }
    const info = await readElementInfo(tx, ref)
    if (!info) return
    const kind = kinds[ref.type]
    if (task.action === 'delete') {
      if (info.parentId === null) return
      const moved = await moveSubtreeToRecycleBin(tx, ref, task.userId, kind?.cascades)
      await kind?.afterChange?.(tx, moved.ids)
      return
    }
    if (info.subtype === 'folder') return
    await kind?.runScheduledTask?.(tx, {
      id: ref.id,
      action: task.action,
      versionId: task.versionId,
      userId: task.userId,
    })
  })
}

/**
 * Runs every active task whose time has come, oldest first. A task that fails is marked done and
 * leaves a 'scheduler' note on its element saying why, so it is not retried every minute.
 */
export async function runDueSchedules(
  db: Db,
  kinds: ElementKinds,
  now: Date = new Date(),
  /** Writes the failure note's title (in the shop's default language when run by the timer). */
  describeFailure: (action: string) => string = (action) => `Scheduled ${action} failed`,
): Promise<{ ran: number; failed: number }> {
  const due = await db
    .select()
    .from(elementSchedules)
    .where(
      and(
        eq(elementSchedules.active, true),
        isNull(elementSchedules.doneAt),
        lte(elementSchedules.runAt, now),
      ),
    )
    .orderBy(asc(elementSchedules.runAt), asc(elementSchedules.id))
  let ran = 0
  let failed = 0
  for (const task of due) {
    try {
      await runTask(db, kinds, task, now)
      ran += 1
    } catch (error) {
      failed += 1
      await db
        .update(elementSchedules)
        .set({ active: false, doneAt: now })
        .where(eq(elementSchedules.id, task.id))
      await db.insert(elementNotes).values({
        elementType: task.elementType,
        elementId: task.elementId,
        type: 'scheduler',
        title: describeFailure(task.action),
        description: error instanceof Error ? error.message : String(error),
        data: [{ name: 'scheduledAt', type: 'date', data: task.runAt.toISOString() }],
        userId: task.userId,
      })
    }
  }
  return { ran, failed }
}
