import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { objectClasses, objects } from '../../db/schema/elements.ts'

/** A small class with one field of every simple type, and a localized name. */
export const GADGET_CLASS = {
  layout: [
    {
      kind: 'layout',
      type: 'panel',
      name: 'main',
      title: 'Main',
      children: [
        { kind: 'field', type: 'input', name: 'code', title: 'Code' },
        { kind: 'field', type: 'number', name: 'weight', title: 'Weight' },
        { kind: 'field', type: 'boolean', name: 'active', title: 'Active' },
        {
          kind: 'field',
          type: 'select',
          name: 'color',
          title: 'Colour',
          options: [
            { key: 'red', value: 'Red' },
            { key: 'blue', value: 'Blue' },
          ],
        },
        {
          kind: 'field',
          type: 'multiselect',
          name: 'tags',
          title: 'Tags',
          options: [
            { key: 'new', value: 'New' },
            { key: 'sale', value: 'Sale' },
          ],
        },
        { kind: 'field', type: 'date', name: 'released', title: 'Released' },
        { kind: 'field', type: 'prices', name: 'prices', title: 'Prices' },
        {
          kind: 'layout',
          type: 'localizedfields',
          name: 'texts',
          title: 'Texts',
          children: [{ kind: 'field', type: 'input', name: 'name', title: 'Name' }],
        },
      ],
    },
  ],
  allowVariants: false,
  allowInherit: false,
  gridColumns: ['code', 'name', 'weight'],
}

export interface GadgetTree {
  gadgets: number
  sub: number
  ids: Record<string, number>
}

/**
 * The object tree: root, /Gadgets/ with five gadgets and /Gadgets/Sub/ with one more.
 * weights 5, 20, 100, 3, (none); colours red/blue; names in cs and en.
 */
export async function insertGadgets(db: Db): Promise<GadgetTree> {
  await db.insert(objectClasses).values({ id: 'Gadget', name: 'Gadget', definition: GADGET_CLASS })
  await db
    .insert(objects)
    .values({ id: 1, parentId: null, type: 'folder', key: '', path: '/', published: true })
  await db.execute(
    sql`select setval(pg_get_serial_sequence('objects', 'id'), (select max(id) from objects))`,
  )
  const [gadgets] = await db
    .insert(objects)
    .values({ parentId: 1, type: 'folder', key: 'Gadgets', path: '/', published: true })
    .returning({ id: objects.id })
  const [sub] = await db
    .insert(objects)
    .values({
      parentId: gadgets!.id,
      type: 'folder',
      key: 'Sub',
      path: '/Gadgets/',
      published: true,
    })
    .returning({ id: objects.id })
  const items: { key: string; parent: 'gadgets' | 'sub'; data: Record<string, unknown> }[] = [
    {
      key: 'alpha',
      parent: 'gadgets',
      data: {
        code: 'A-1',
        weight: 5,
        active: true,
        color: 'red',
        tags: ['new'],
        released: '2024-01-10',
        name: { cs: 'Alfa', en: 'Alpha' },
      },
    },
    {
      key: 'bravo',
      parent: 'gadgets',
      data: {
        code: 'B-2',
        weight: 20,
        active: false,
        color: 'blue',
        tags: ['sale'],
        released: '2024-06-01',
        name: { cs: 'Bravo', en: 'Bravo' },
      },
    },
    {
      key: 'charlie',
      parent: 'gadgets',
      data: {
        code: 'C-3',
        weight: 100,
        color: 'red',
        tags: ['new', 'sale'],
        released: '2025-02-02',
        name: { cs: 'Čárlí', en: 'Charlie' },
      },
    },
    {
      key: 'delta',
      parent: 'gadgets',
      data: { code: 'D-4', weight: 3, active: true, name: { cs: 'Delta', en: 'Delta' } },
    },
    { key: 'echo', parent: 'gadgets', data: { code: 'E-5', name: { en: 'Echo' } } },
    {
      key: 'sierra',
      parent: 'sub',
      data: { code: 'S-9', weight: 50, color: 'blue', name: { cs: 'Sierra', en: 'Sierra' } },
    },
  ]
  const ids: Record<string, number> = {}
  for (const item of items) {
    const parentId = item.parent === 'gadgets' ? gadgets!.id : sub!.id
    const [row] = await db
      .insert(objects)
      .values({
        parentId,
        type: 'object',
        key: item.key,
        path: item.parent === 'gadgets' ? '/Gadgets/' : '/Gadgets/Sub/',
        published: true,
        classId: 'Gadget',
        data: item.data,
      })
      .returning({ id: objects.id })
    ids[item.key] = row!.id
  }
  return { gadgets: gadgets!.id, sub: sub!.id, ids }
}
