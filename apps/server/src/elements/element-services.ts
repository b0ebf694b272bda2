import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../platform/db/client.ts'
import { objects } from '../platform/db/schema/elements.ts'
import { documents } from '../platform/db/schema/documents.ts'
import { elementDependencies, elementLocks, elementVersions } from '../platform/db/schema/pim.ts'
import { adminUsers } from '../platform/db/schema/users.ts'
import { AppError } from '../platform/http/app-error.ts'

/**
 * The element services other features call inside their own transactions (objects now; assets
 * and documents later). Their HTTP side is elements/elements.routes.ts; what a type adds of its
 * own plugs in through `ElementKind` (element-kinds.ts).
 */
export type ElementType = 'object' | 'asset' | 'document'

export interface ElementRef {
  readonly type: ElementType
  readonly id: number
}

/** The element as a version stores it. */
export interface ElementSnapshot {
  readonly key: string
  readonly parentId: number | null
  readonly path: string
  readonly type: string
  readonly classId: string | null
  readonly published: boolean
  readonly index: number
  readonly data: Readonly<Record<string, unknown>>
}

/** An hour: a lock older than this is expired and anyone may take the element over. */
export const LOCK_TTL_MS = 60 * 60 * 1000

/**
 * Writes the next version of an element (version_count + 1, also stored on the element row for
 * objects). `isPublic` for a publish; a draft (save without publishing) is not public.
 */
export async function saveVersion(
  tx: Db,
  input: {
    element: ElementRef
    snapshot: ElementSnapshot
    userId: number | null
    isPublic: boolean
    note?: string
    autoSave?: boolean
  },
): Promise<{ id: number; versionCount: number }> {
  const { element } = input
  // Deleted versions must not free their numbers: the element row remembers the newest count.
  const rowCount =
    element.type === 'object'
      ? sql`(select version_count from objects where id = ${element.id})`
      : element.type === 'asset'
        ? sql`(select version_count from assets where id = ${element.id})`
        : sql`(select version_count from documents where id = ${element.id})`
  const { rows } = await tx.execute<{ next: number }>(sql`
    select greatest(
      coalesce((select max(version_count) from element_versions
                 where element_type = ${element.type} and element_id = ${element.id}), 0),
      coalesce(${rowCount}, 0)
    ) + 1 as next`)
  const versionCount = Number(rows[0]?.next ?? 1)
  const [version] = await tx
    .insert(elementVersions)
    .values({
      elementType: element.type,
      elementId: element.id,
      versionCount,
      snapshot: input.snapshot,
      isPublic: input.isPublic,
      autoSave: input.autoSave ?? false,
      note: input.note ?? '',
      userId: input.userId,
    })
    .returning({ id: elementVersions.id })
  if (element.type === 'object') {
    await tx.update(objects).set({ versionCount }).where(eq(objects.id, element.id))
  }
  if (element.type === 'document') {
    await tx.update(documents).set({ versionCount }).where(eq(documents.id, element.id))
  }
  return { id: version!.id, versionCount }
}

/** Replaces what `source` requires (its outgoing dependencies) with `targets`. */
export async function replaceDependencies(
  tx: Db,
  source: ElementRef,
  targets: readonly ElementRef[],
): Promise<void> {
  await tx
    .delete(elementDependencies)
    .where(
      and(
        eq(elementDependencies.sourceType, source.type),
        eq(elementDependencies.sourceId, source.id),
      ),
    )
  const unique = new Map<string, ElementRef>()
  for (const target of targets) {
    if (target.type === source.type && target.id === source.id) continue
    unique.set(`${target.type}:${target.id}`, target)
  }
  if (unique.size === 0) return
  await tx
    .insert(elementDependencies)
    .values(
      [...unique.values()].map((target) => ({
        sourceType: source.type,
        sourceId: source.id,
        targetType: target.type,
        targetId: target.id,
      })),
    )
    .onConflictDoNothing()
}

/**
 * 423-style refusal (409 `pimElements.lockedByOther`, params: user name, since) when another user
 * holds a live lock on the element; an expired lock is ignored.
 */
export async function assertNotLockedByOther(
  tx: Db,
  element: ElementRef,
  userId: number,
): Promise<void> {
  const lock = await readLock(tx, element)
  if (lock && lock.userId !== userId) {
    throw new AppError(409, 'LOCKED', 'pimElements.lockedByOther', {
      user: lock.userName,
      since: lock.lockedAt,
    })
  }
}

/** The live lock of an element (expired locks are reported as none). */
export async function readLock(
  db: Db,
  element: ElementRef,
): Promise<{ userId: number; userName: string; lockedAt: string } | null> {
  const [row] = await db
    .select({
      userId: elementLocks.userId,
      lockedAt: elementLocks.lockedAt,
      name: adminUsers.name,
      username: adminUsers.username,
    })
    .from(elementLocks)
    .leftJoin(adminUsers, eq(adminUsers.id, elementLocks.userId))
    .where(and(eq(elementLocks.elementType, element.type), eq(elementLocks.elementId, element.id)))
  if (!row || isLockExpired(row.lockedAt)) return null
  return {
    userId: row.userId,
    userName: row.name || row.username || `#${row.userId}`,
    lockedAt: row.lockedAt.toISOString(),
  }
}

export function isLockExpired(lockedAt: Date, now = Date.now()): boolean {
  return now - lockedAt.getTime() > LOCK_TTL_MS
}

/** Copies an element's properties (not inherited ones) to another element (used by copy). */
export async function copyProperties(tx: Db, from: ElementRef, to: ElementRef): Promise<void> {
  await tx.execute(sql`
    insert into element_properties (element_type, element_id, name, type, data, inheritable)
    select ${to.type}, ${to.id}, name, type, data, inheritable from element_properties
     where element_type = ${from.type} and element_id = ${from.id}
    on conflict (element_type, element_id, name)
    do update set type = excluded.type, data = excluded.data, inheritable = excluded.inheritable`)
}
