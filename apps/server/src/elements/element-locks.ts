import { and, eq, sql } from 'drizzle-orm'
import type { LockResult } from '@optika/domain/pim/element-api'
import { elementLocks } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import { assertTreePermission, loadElementWithRight, readUserNames } from './element-lookup.ts'
import { isLockExpired, LOCK_TTL_MS, readLock, type ElementRef } from './element-services.ts'

/**
 * Locks an element for the caller's editing: renews the caller's own lock, takes over an expired
 * lock of another user, refuses (409) a live one. One statement decides, so two users racing for
 * the lock cannot both get it.
 */
export async function lockElement(
  ctx: AdminContext,
  ref: ElementRef,
  options: { force: boolean } = { force: false },
): Promise<LockResult> {
  // Taking over someone's live lock is an edit: it needs the save right, viewing does not.
  await loadElementWithRight(ctx, ref, options.force ? 'save' : 'view')
  const [before] = await ctx.db
    .select({ userId: elementLocks.userId })
    .from(elementLocks)
    .where(and(eq(elementLocks.elementType, ref.type), eq(elementLocks.elementId, ref.id)))
  const expiredBefore = new Date(Date.now() - LOCK_TTL_MS)
  const { rows } = await ctx.db.execute<{ locked_at: string | Date }>(sql`
    insert into element_locks (element_type, element_id, user_id, session_id, locked_at)
    values (${ref.type}, ${ref.id}, ${ctx.admin.userId}, '', now())
    on conflict (element_type, element_id) do update
      set user_id = excluded.user_id, session_id = excluded.session_id, locked_at = excluded.locked_at
      where ${options.force} or element_locks.user_id = excluded.user_id
        or element_locks.locked_at < ${expiredBefore.toISOString()}::timestamptz
    returning locked_at`)
  const row = rows[0]
  if (!row) {
    const holder = await readLock(ctx.db, ref)
    throw new AppError(409, 'LOCKED', 'pimElements.lockedByOther', {
      user: holder?.userName ?? '',
      since: holder?.lockedAt ?? '',
    })
  }
  const names = await readUserNames(ctx.db, [ctx.admin.userId])
  return {
    lock: {
      userId: ctx.admin.userId,
      userName: names.get(ctx.admin.userId) ?? ctx.admin.username,
      lockedAt: new Date(row.locked_at).toISOString(),
    },
    takenOver: before !== undefined && before.userId !== ctx.admin.userId,
  }
}

/** Releases a lock: the holder or an administrator may; an expired lock anyone may clear. */
export async function unlockElement(ctx: AdminContext, ref: ElementRef): Promise<void> {
  assertTreePermission(ctx, ref.type)
  const where = and(eq(elementLocks.elementType, ref.type), eq(elementLocks.elementId, ref.id))
  const [lock] = await ctx.db
    .select({ userId: elementLocks.userId, lockedAt: elementLocks.lockedAt })
    .from(elementLocks)
    .where(where)
  if (!lock) return
  if (lock.userId !== ctx.admin.userId && !ctx.admin.isAdmin && !isLockExpired(lock.lockedAt)) {
    const holder = await readLock(ctx.db, ref)
    throw new AppError(403, 'NOT_LOCK_HOLDER', 'pimElements.unlockNotHolder', {
      user: holder?.userName ?? '',
    })
  }
  await ctx.db.delete(elementLocks).where(where)
}

/** Unlocks several elements (Pimcore's unlock-elements): all of them, or none when one is refused. */
export async function unlockElements(
  ctx: AdminContext,
  refs: readonly ElementRef[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const ref of refs) await unlockElement({ ...ctx, db: tx }, ref)
  })
}
