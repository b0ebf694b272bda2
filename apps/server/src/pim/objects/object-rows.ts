import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { fullPathOf } from './object-rights.ts'

export type ObjectRow = typeof objects.$inferSelect

/** The root folder: cannot be renamed, moved or deleted. */
export const ROOT_ID = 1

/** The element row (404 when absent); `forUpdate` locks it for the caller's transaction. */
export async function loadObjectRow(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<ObjectRow & { fullPath: string }> {
  const query = db.select().from(objects).where(eq(objects.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound()
  return { ...row, fullPath: fullPathOf(row) }
}

/** Escapes LIKE wildcards so a key with '%' or '_' matches only itself. */
export function likePrefix(prefix: string): string {
  return `${escapeLike(prefix)}%`
}

/** A LIKE pattern: contains the text. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

/** The index after the parent's last child: a new element goes to the end in index order. */
export async function nextIndex(db: Db, parentId: number): Promise<number> {
  const { rows } = await db.execute<{ next: number | string }>(
    sql`select coalesce(max(index) + 1, 0) as next from objects where parent_id = ${parentId}`,
  )
  return Number(rows[0]?.next ?? 0)
}
