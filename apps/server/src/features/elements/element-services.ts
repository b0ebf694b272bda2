import type { Db } from '../../db/client.ts'

/**
 * The element services other features call inside their own transactions (objects now; assets
 * and documents later). Their HTTP side is features/elements/elements.routes.ts and the tag,
 * recycle-bin and search routes.
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
  void tx
  void input
  throw new Error('saveVersion: not implemented yet')
}

/** Replaces what `source` requires (its outgoing dependencies) with `targets`. */
export async function replaceDependencies(
  tx: Db,
  source: ElementRef,
  targets: readonly ElementRef[],
): Promise<void> {
  void tx
  void source
  void targets
  throw new Error('replaceDependencies: not implemented yet')
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
  void tx
  void element
  void userId
  throw new Error('assertNotLockedByOther: not implemented yet')
}

/** The live lock of an element (expired locks are reported as none). */
export async function readLock(
  db: Db,
  element: ElementRef,
): Promise<{ userId: number; userName: string; lockedAt: string } | null> {
  void db
  void element
  throw new Error('readLock: not implemented yet')
}

/**
 * Deletes an object and its whole subtree into the recycle bin, in the caller's transaction:
 * the rows of the objects, their versions, properties, notes, dependencies, tag assignments and
 * locks are kept in one recycle_bin entry and removed. Returns the bin entry id.
 */
export async function moveObjectSubtreeToRecycleBin(
  tx: Db,
  objectId: number,
  userId: number | null,
): Promise<{ binId: number; amount: number }> {
  void tx
  void objectId
  void userId
  throw new Error('moveObjectSubtreeToRecycleBin: not implemented yet')
}

/** Copies an element's properties (not inherited ones) to another element (used by copy). */
export async function copyProperties(tx: Db, from: ElementRef, to: ElementRef): Promise<void> {
  void tx
  void from
  void to
  throw new Error('copyProperties: not implemented yet')
}
