import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import type { DeleteAllVersionsResult, VersionList } from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { elementSchedules, elementVersions } from '../platform/db/schema/pim.ts'
import { AppError, notFound } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import { loadElementWithRight, readUserNames, type ElementInfo } from './element-lookup.ts'
import type { ElementRef } from './element-services.ts'

/** The version a published element's row holds: its newest public version. */
async function currentPublishedVersionId(db: Db, info: ElementInfo): Promise<number | null> {
  if (info.published !== true) return null
  const [row] = await db
    .select({ id: elementVersions.id })
    .from(elementVersions)
    .where(
      and(
        eq(elementVersions.elementType, info.type),
        eq(elementVersions.elementId, info.id),
        eq(elementVersions.isPublic, true),
      ),
    )
    .orderBy(desc(elementVersions.versionCount))
    .limit(1)
  return row?.id ?? null
}

/** An element's versions, newest first, with who saved them and any pending publish schedule. */
export async function listVersions(ctx: AdminContext, ref: ElementRef): Promise<VersionList> {
  const info = await loadElementWithRight(ctx, ref, 'versions')
  const rows = await ctx.db
    .select({
      id: elementVersions.id,
      versionCount: elementVersions.versionCount,
      createdAt: elementVersions.createdAt,
      userId: elementVersions.userId,
      note: elementVersions.note,
      isPublic: elementVersions.isPublic,
      autoSave: elementVersions.autoSave,
    })
    .from(elementVersions)
    .where(and(eq(elementVersions.elementType, ref.type), eq(elementVersions.elementId, ref.id)))
    .orderBy(desc(elementVersions.versionCount))
  const schedules = await ctx.db
    .select({ versionId: elementSchedules.versionId, runAt: elementSchedules.runAt })
    .from(elementSchedules)
    .where(
      and(
        eq(elementSchedules.elementType, ref.type),
        eq(elementSchedules.elementId, ref.id),
        eq(elementSchedules.action, 'publish-version'),
        eq(elementSchedules.active, true),
        isNull(elementSchedules.doneAt),
      ),
    )
  const current = await currentPublishedVersionId(ctx.db, info)
  const names = await readUserNames(
    ctx.db,
    rows.map((row) => row.userId),
  )
  return {
    items: rows.map((row) => ({
      id: row.id,
      versionCount: row.versionCount,
      date: row.createdAt.toISOString(),
      userId: row.userId,
      userName: row.userId === null ? null : (names.get(row.userId) ?? null),
      note: row.note,
      isPublic: row.isPublic,
      autoSave: row.autoSave,
      current: row.id === current,
      scheduled:
        schedules.find((schedule) => schedule.versionId === row.id)?.runAt.toISOString() ?? null,
    })),
  }
}

/** Deletes one version (and the schedules that would publish it); never the published one. */
export async function deleteVersion(ctx: AdminContext, versionId: number): Promise<void> {
  const [version] = await ctx.db
    .select({ elementType: elementVersions.elementType, elementId: elementVersions.elementId })
    .from(elementVersions)
    .where(eq(elementVersions.id, versionId))
  if (!version) throw notFound()
  const info = await loadElementWithRight(
    ctx,
    { type: version.elementType, id: version.elementId },
    'versions',
  )
  if ((await currentPublishedVersionId(ctx.db, info)) === versionId) {
    throw new AppError(409, 'VERSION_PUBLISHED', 'pimElements.versionIsPublished')
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(elementSchedules)
      .where(and(eq(elementSchedules.versionId, versionId), isNull(elementSchedules.doneAt)))
    await tx.delete(elementVersions).where(eq(elementVersions.id, versionId))
  })
}

/**
 * Deletes every version of an element but the newest (what the editor shows) and the published
 * one, with the schedules that would publish them, in one transaction.
 */
export async function deleteAllVersions(
  ctx: AdminContext,
  ref: ElementRef,
): Promise<DeleteAllVersionsResult> {
  const info = await loadElementWithRight(ctx, ref, 'versions')
  const ofElement = and(
    eq(elementVersions.elementType, ref.type),
    eq(elementVersions.elementId, ref.id),
  )
  const [newest] = await ctx.db
    .select({ id: elementVersions.id })
    .from(elementVersions)
    .where(ofElement)
    .orderBy(desc(elementVersions.versionCount))
    .limit(1)
  const kept = [newest?.id, await currentPublishedVersionId(ctx.db, info)].filter(
    (id): id is number => typeof id === 'number',
  )
  return ctx.db.transaction(async (tx) => {
    const doomed = and(
      ofElement,
      kept.length > 0 ? notInArray(elementVersions.id, kept) : undefined,
    )
    const ids = (
      await tx.select({ id: elementVersions.id }).from(elementVersions).where(doomed)
    ).map((row) => row.id)
    if (ids.length === 0) return { success: true as const, deleted: 0 }
    await tx
      .delete(elementSchedules)
      .where(and(inArray(elementSchedules.versionId, ids), isNull(elementSchedules.doneAt)))
    await tx.delete(elementVersions).where(inArray(elementVersions.id, ids))
    return { success: true as const, deleted: ids.length }
  })
}
