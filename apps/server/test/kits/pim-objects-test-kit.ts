import { sql } from 'drizzle-orm'
import type { ClassDefinition } from '@optika/domain/pim/class-definition'
import type { Db } from '../../src/platform/db/client.ts'
import { objectClasses, objects } from '../../src/platform/db/schema/elements.ts'
import { adminWorkspaces } from '../../src/platform/db/schema/identity.ts'
import { insertAdminUser, signIn } from './admin-users-test-kit.ts'
import type { WorkspaceRight } from '@optika/domain/admin/permissions'

/** A class with variants and inheritance: a mandatory name, a colour, a size and relations. */
export const GADGET_CLASS: ClassDefinition = {
  allowVariants: true,
  allowInherit: true,
  layout: [
    {
      kind: 'layout',
      type: 'panel',
      name: 'main',
      title: 'Main',
      children: [
        { kind: 'field', type: 'input', name: 'name', title: 'Name', mandatory: true },
        { kind: 'field', type: 'input', name: 'color', title: 'Colour', maxLength: 20 },
        { kind: 'field', type: 'number', name: 'size', title: 'Size', min: 0, max: 100 },
        {
          kind: 'field',
          type: 'select',
          name: 'shape',
          title: 'Shape',
          options: [
            { key: 'round', value: 'Round' },
            { key: 'square', value: 'Square' },
          ],
        },
        { kind: 'field', type: 'manyToManyRelation', name: 'related', title: 'Related' },
        {
          kind: 'layout',
          type: 'localizedfields',
          name: 'texts',
          title: 'Texts',
          children: [{ kind: 'field', type: 'input', name: 'title', title: 'Title' }],
        },
      ],
    },
  ],
}

export interface ObjectSeed {
  readonly parentId: number
  readonly key: string
  readonly type?: 'folder' | 'object' | 'variant'
  readonly classId?: string | null
  readonly data?: Record<string, unknown>
  readonly published?: boolean
  readonly index?: number
}

/** Inserts a row under a parent, computing its path from the parent's. */
export async function insertObject(db: Db, seed: ObjectSeed): Promise<number> {
  const { rows } = await db.execute<{ path: string; key: string }>(
    sql`select path, key from objects where id = ${seed.parentId}`,
  )
  const parent = rows[0]!
  const full = parent.key === '' ? parent.path : `${parent.path}${parent.key}`
  const type = seed.type ?? 'object'
  const [row] = await db
    .insert(objects)
    .values({
      parentId: seed.parentId,
      key: seed.key,
      path: full.endsWith('/') ? full : `${full}/`,
      type,
      classId: type === 'folder' ? null : (seed.classId ?? 'Gadget'),
      data: seed.data ?? {},
      published: seed.published ?? false,
      index: seed.index ?? 0,
    })
    .returning({ id: objects.id })
  return row!.id
}

/** The root folder (id 1), with the id sequence moved past it. */
export async function insertRootFolder(db: Db, published = false): Promise<void> {
  await db
    .insert(objects)
    .values({ id: 1, parentId: null, key: '', path: '/', type: 'folder', published })
  await db.execute(
    sql`select setval(pg_get_serial_sequence('objects', 'id'), (select max(id) from objects))`,
  )
}

/** The root folder (id 1) and the Gadget class. */
export async function insertRootAndClasses(db: Db): Promise<void> {
  await insertRootFolder(db)
  await db.insert(objectClasses).values({ id: 'Gadget', name: 'Gadget', definition: GADGET_CLASS })
}

/** A workspace entry on an object path for a user. */
export async function grantObjectWorkspace(
  db: Db,
  userId: number,
  path: string,
  rights: readonly WorkspaceRight[],
): Promise<void> {
  await db.insert(adminWorkspaces).values({
    userId,
    elementType: 'object',
    path,
    ...Object.fromEntries(rights.map((r) => [r, true])),
  })
}

/** A signed-in user with the `objects` key and `rights` on the object path; answers id and cookie. */
export async function signInWorkspaceUser(
  db: Db,
  username: string,
  path: string,
  rights: readonly WorkspaceRight[],
): Promise<{ id: number; cookie: string }> {
  const id = await insertAdminUser(db, { username, permissions: ['objects'] })
  const cookie = await signIn(db, id)
  await grantObjectWorkspace(db, id, path, rights)
  return { id, cookie }
}
