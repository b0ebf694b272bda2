import type { Db } from '../src/platform/db/client.ts'
import { objects } from '../src/platform/db/schema/elements.ts'

/**
 * Test support: a data object of `classId` under a fresh root folder, the way the PIM stores it.
 * Answers its id.
 */
export async function insertTestObject(
  db: Db,
  object: { key: string; classId: string; data: Record<string, unknown>; published?: boolean },
): Promise<number> {
  const [folder] = await db
    .insert(objects)
    .values({ parentId: null, type: 'folder', key: '', path: '/', published: true })
    .returning({ id: objects.id })
  const [row] = await db
    .insert(objects)
    .values({
      parentId: folder!.id,
      type: 'object',
      key: object.key,
      path: '/',
      published: object.published ?? true,
      classId: object.classId,
      data: object.data,
    })
    .returning({ id: objects.id })
  return row!.id
}
