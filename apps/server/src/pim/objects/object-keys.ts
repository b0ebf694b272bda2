import { and, eq, ne } from 'drizzle-orm'
import { ELEMENT_KEY_MAX } from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** A key as stored: trimmed, not empty, no '/', at most 190 characters; else 400. */
export function normalizeKey(raw: string): string {
  const key = raw.trim()
  if (key === '' || key.includes('/') || key.length > ELEMENT_KEY_MAX || key.includes('\u0000')) {
    throw new AppError(400, 'INVALID_KEY', 'pimObjects.keyInvalid', { max: ELEMENT_KEY_MAX }, [
      { path: 'key', key: 'pimObjects.keyInvalid', params: { max: ELEMENT_KEY_MAX } },
    ])
  }
  return key
}

export function keyTaken(key: string): AppError {
  return new AppError(409, 'KEY_TAKEN', 'pimObjects.keyTaken', { key }, [
    { path: 'key', key: 'pimObjects.keyTaken', params: { key } },
  ])
}

/** 409 when a sibling (other than `exceptId`) already has the key. */
export async function assertKeyFree(
  db: Db,
  parentId: number,
  key: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: objects.id })
    .from(objects)
    .where(
      and(
        eq(objects.parentId, parentId),
        eq(objects.key, key),
        exceptId === undefined ? undefined : ne(objects.id, exceptId),
      ),
    )
    .limit(1)
  if (taken) throw keyTaken(key)
}

/** The first free key of `key`, `key_copy`, `key_copy_2`, … under the parent. */
export async function freeCopyKey(db: Db, parentId: number, key: string): Promise<string> {
  const candidates = (n: number) => (n === 0 ? key : n === 1 ? `${key}_copy` : `${key}_copy_${n}`)
  for (let n = 0; ; n++) {
    const candidate = candidates(n).slice(0, ELEMENT_KEY_MAX)
    const [taken] = await db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.parentId, parentId), eq(objects.key, candidate)))
      .limit(1)
    if (!taken) return candidate
  }
}

/** A unique-violation from PostgreSQL (e.g. two requests took the same key at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code
  const causeCode = (error as { cause?: { code?: string } } | null)?.cause?.code
  return code === '23505' || causeCode === '23505'
}
