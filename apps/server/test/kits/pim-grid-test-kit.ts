import type { Db } from '../../src/platform/db/client.ts'
import { objectClasses } from '../../src/platform/db/schema/elements.ts'
import { insertObject, insertRootFolder } from './pim-objects-test-kit.ts'

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
  await insertRootFolder(db, true)
  const folder = (parentId: number, key: string) =>
    insertObject(db, { parentId, key, type: 'folder', published: true })
  const gadgets = await folder(1, 'Gadgets')
  const sub = await folder(gadgets, 'Sub')
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
    ids[item.key] = await insertObject(db, {
      parentId: item.parent === 'gadgets' ? gadgets : sub,
      key: item.key,
      published: true,
      data: item.data,
    })
  }
  return { gadgets, sub, ids }
}
