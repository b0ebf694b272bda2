import type { Db } from '../platform/db/client.ts'
import { tagAssignments, tags } from '../platform/db/schema/pim.ts'

/** The demo's tag tree (names as the shop's Czech staff would write them) and what carries them. */
const DEMO_TAGS = [
  { name: 'Kolekce', children: ['Jaro–léto 2026', 'Podzim–zima 2026'] },
  { name: 'Marketing', children: ['Bestseller', 'Novinka', 'Doprodej'] },
] as const

/**
 * Inserts the demo tags and tags the first products as bestsellers and the newest as novelties,
 * so the tag manager, the tags tab and tag filters have something to show; `db` is the seed's
 * transaction.
 */
export async function insertDemoTags(db: Db, productIds: readonly number[]): Promise<void> {
  const ids = new Map<string, number>()
  for (const root of DEMO_TAGS) {
    const [parent] = await db.insert(tags).values({ name: root.name }).returning({ id: tags.id })
    if (!parent) continue
    const children = await db
      .insert(tags)
      .values(
        root.children.map((name) => ({ name, parentId: parent.id, idPath: `/${parent.id}/` })),
      )
      .returning({ id: tags.id, name: tags.name })
    for (const child of children) ids.set(child.name, child.id)
  }
  const assign = (tag: string, elementIds: readonly number[]) =>
    elementIds.map((elementId) => ({
      tagId: ids.get(tag) ?? 0,
      elementType: 'object' as const,
      elementId,
    }))
  const rows = [
    ...assign('Bestseller', productIds.slice(0, 6)),
    ...assign('Novinka', productIds.slice(-4)),
    ...assign('Jaro–léto 2026', productIds.slice(6, 12)),
  ].filter((row) => row.tagId > 0)
  if (rows.length > 0) await db.insert(tagAssignments).values(rows)
}
