import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csKeys, quantityValueUnits } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'

let t: TestApp
/** Holds `classificationStore`. */
let manager: string
/** Holds only `objects`: may read, not change. */
let editor: string
/** Holds nothing. */
let nobody: string

const BASE = '/admin/classificationstore'

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  manager = await signInNewUser(db, {
    username: 'cs.manager',
    permissions: ['classificationStore'],
  })
  editor = await signInNewUser(db, { username: 'cs.editor', permissions: ['objects'] })
  nobody = await signInNewUser(db, { username: 'cs.nobody' })
  await db
    .insert(quantityValueUnits)
    .values([
      { id: 'm', abbreviation: 'm' },
      { id: 'mm', abbreviation: 'mm', baseUnitId: 'm', factor: 0.001 },
    ])
    .onConflictDoNothing()
})
afterAll(() => t.close())

const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, method, `${BASE}/${url}`, cookie, payload, { 'accept-language': 'en' })

async function ok<T = Record<string, unknown>>(
  method: Method,
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(manager, method, url, payload)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<T>()
}

let storeCounter = 0
async function newStore(): Promise<number> {
  storeCounter += 1
  return (await ok<{ id: number }>('POST', 'create-store', { name: `Store ${storeCounter}` })).id
}

describe('stores', () => {
  it('a manager creates, renames and lists stores; names are unique', async () => {
    const created = await ok<{ id: number; name: string }>('POST', 'create-store', {
      name: 'Frames',
      description: 'Frame attributes',
    })
    expect(created).toMatchObject({ name: 'Frames', description: 'Frame attributes' })
    const duplicate = await call(manager, 'POST', 'create-store', { name: 'Frames' })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toMatchObject({ code: 'NAME_TAKEN' })
    expect(duplicate.json<{ message: string }>().message).toContain('Frames')

    const edited = await ok('PUT', 'edit-store', { id: created.id, name: 'Frame attributes' })
    expect(edited).toMatchObject({ id: created.id, name: 'Frame attributes' })
    const list = await ok<{ data: { name: string }[] }>('GET', 'list-stores')
    expect(list.data.map((store) => store.name)).toContain('Frame attributes')
    const tree = await ok<{ id: number; text: string; leaf: boolean }[]>('GET', 'storetree')
    expect(tree).toContainEqual(
      expect.objectContaining({ id: created.id, text: 'Frame attributes', leaf: true }),
    )
  })

  it('refuses an empty name with 400 and an unknown store with 404', async () => {
    expect((await call(manager, 'POST', 'create-store', { name: '  ' })).statusCode).toBe(400)
    expect((await call(manager, 'PUT', 'edit-store', { id: 999999, name: 'x' })).statusCode).toBe(
      404,
    )
  })

  it('refuses anonymous callers with 401 and callers without the key with 403', async () => {
    expect((await call(null, 'GET', 'list-stores')).statusCode).toBe(401)
    expect((await call(nobody, 'GET', 'list-stores')).statusCode).toBe(403)
    expect((await call(nobody, 'POST', 'create-store', { name: 'X' })).statusCode).toBe(403)
    // The object editor may read the store but not change it.
    expect((await call(editor, 'GET', 'list-stores')).statusCode).toBe(200)
    expect((await call(editor, 'POST', 'create-store', { name: 'X' })).statusCode).toBe(403)
    expect((await call(editor, 'PUT', 'edit-store', { id: 1, name: 'X' })).statusCode).toBe(403)
  })
})

describe('collections and groups', () => {
  it('creates, lists (paged and filtered), updates and deletes collections', async () => {
    const storeId = await newStore()
    const first = await ok<{ id: number }>('POST', 'create-collection', {
      storeId,
      name: 'Sunglasses',
    })
    await ok('POST', 'collections', { storeId, name: 'Frames', description: 'optical frames' })
    await ok('POST', 'collections', { storeId, name: 'Lenses' })
    const conflict = await call(manager, 'POST', 'collections', { storeId, name: 'Lenses' })
    expect(conflict.statusCode).toBe(409)

    const page = await ok<{ total: number; data: { name: string }[] }>(
      'GET',
      `collections?storeId=${storeId}&start=1&limit=1`,
    )
    expect(page.total).toBe(3)
    expect(page.data.map((row) => row.name)).toEqual(['Lenses'])
    const filtered = await ok<{ total: number; data: { name: string }[] }>(
      'GET',
      `collections?storeId=${storeId}&filter=OPTICAL`,
    )
    expect(filtered.data.map((row) => row.name)).toEqual(['Frames'])

    const updated = await ok('PUT', 'collections', { id: first.id, description: 'Sun' })
    expect(updated).toMatchObject({ name: 'Sunglasses', description: 'Sun' })
    expect(
      (await call(manager, 'PUT', 'collections', { id: first.id, name: 'Lenses' })).statusCode,
    ).toBe(409)
    expect((await call(manager, 'PUT', 'collections', { id: 999999, name: 'x' })).statusCode).toBe(
      404,
    )
    expect(
      (await call(manager, 'POST', 'collections', { storeId: 999999, name: 'x' })).statusCode,
    ).toBe(404)
    expect((await call(manager, 'POST', 'collections', { storeId })).statusCode).toBe(400)
    expect((await call(manager, 'GET', 'collections?storeId=999999')).statusCode).toBe(404)

    await ok('DELETE', `delete-collection?id=${first.id}`)
    expect((await call(manager, 'DELETE', `delete-collection?id=${first.id}`)).statusCode).toBe(404)
    expect((await call(editor, 'DELETE', 'delete-collection?id=1')).statusCode).toBe(403)
    expect((await call(null, 'GET', `collections?storeId=${storeId}`)).statusCode).toBe(401)
  })

  it('the same name may exist in two stores', async () => {
    const a = await newStore()
    const b = await newStore()
    await ok('POST', 'create-group', { storeId: a, name: 'Dimensions' })
    await ok('POST', 'create-group', { storeId: b, name: 'Dimensions' })
    expect(
      (await call(manager, 'POST', 'groups', { storeId: a, name: 'Dimensions' })).statusCode,
    ).toBe(409)
  })

  it('creates, lists, updates and deletes groups; a parent must be in the same store', async () => {
    const storeId = await newStore()
    const other = await newStore()
    const parent = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Optics' })
    const foreign = await ok<{ id: number }>('POST', 'groups', { storeId: other, name: 'X' })
    const child = await ok<{ id: number; parentId: number }>('POST', 'create-group', {
      storeId,
      name: 'Lens',
      parentId: parent.id,
    })
    expect(child.parentId).toBe(parent.id)
    const badParent = await call(manager, 'POST', 'groups', {
      storeId,
      name: 'Bad',
      parentId: foreign.id,
    })
    expect(badParent.statusCode).toBe(400)
    expect(
      (await call(manager, 'PUT', 'groups', { id: child.id, parentId: child.id })).statusCode,
    ).toBe(400)

    const list = await ok<{ total: number; data: { name: string }[] }>(
      'GET',
      `groups?storeId=${storeId}`,
    )
    expect(list.data.map((row) => row.name)).toEqual(['Lens', 'Optics'])
    expect(
      await ok('PUT', 'groups', { id: child.id, name: 'Lenses', parentId: null }),
    ).toMatchObject({ name: 'Lenses', parentId: null })
    expect(
      (await call(manager, 'PUT', 'groups', { id: child.id, name: 'Optics' })).statusCode,
    ).toBe(409)
    expect((await call(manager, 'PUT', 'groups', { id: 999999 })).statusCode).toBe(404)
    expect((await call(editor, 'GET', `groups?storeId=${storeId}`)).statusCode).toBe(200)
    expect((await call(nobody, 'GET', `groups?storeId=${storeId}`)).statusCode).toBe(403)
    expect((await call(editor, 'POST', 'groups', { storeId, name: 'Z' })).statusCode).toBe(403)

    await ok('DELETE', `delete-group?id=${child.id}`)
    expect((await call(manager, 'DELETE', `delete-group?id=${child.id}`)).statusCode).toBe(404)
    expect((await call(manager, 'DELETE', 'delete-group?id=abc')).statusCode).toBe(400)
  })
})

describe('keys (properties)', () => {
  it('creates keys of every scalar type with a definition built from the key', async () => {
    const storeId = await newStore()
    const key = await ok<{ id: number; definition: Record<string, unknown> }>(
      'POST',
      'add-property',
      {
        storeId,
        name: 'lensWidth',
        title: 'Lens width',
        type: 'quantityValue',
        definition: { validUnits: ['mm'], defaultUnit: 'mm', min: 30, max: 70 },
      },
    )
    expect(key.definition).toEqual({
      kind: 'field',
      type: 'quantityValue',
      name: 'lensWidth',
      title: 'Lens width',
      validUnits: ['mm'],
      defaultUnit: 'mm',
      min: 30,
      max: 70,
    })
    for (const type of ['input', 'textarea', 'number', 'boolean', 'date', 'color']) {
      await ok('POST', 'properties', { storeId, name: `k_${type}`, type })
    }
    await ok('POST', 'properties', {
      storeId,
      name: 'shape',
      type: 'select',
      definition: { options: [{ key: 'round', value: 'Round' }] },
    })
    const page = await ok<{ total: number }>('GET', `properties?storeId=${storeId}&limit=2`)
    expect(page.total).toBe(8)
    const found = await ok<{ data: { name: string }[] }>(
      'GET',
      `properties?storeId=${storeId}&filter=lens%20w`,
    )
    expect(found.data.map((row) => row.name)).toEqual(['lensWidth'])
  })

  it('refuses bad definitions with 400 and writes nothing', async () => {
    const storeId = await newStore()
    const cases: [unknown, string][] = [
      [{ storeId, name: 'x', type: 'image' }, 'type'],
      [{ storeId, name: '1bad', type: 'input' }, 'name'],
      [{ storeId, name: 'sel', type: 'select' }, 'definition.options'],
      [
        { storeId, name: 'qv', type: 'quantityValue', definition: { validUnits: ['parsec'] } },
        'definition.validUnits.0',
      ],
      [
        { storeId, name: 'num', type: 'number', definition: { decimals: 'two' } },
        'definition.decimals',
      ],
      [{ storeId, name: 'rng', type: 'number', definition: { min: 5, max: 1 } }, 'definition.max'],
      [
        { storeId, name: 'ops', type: 'select', definition: { optionsProviderId: 'nothing' } },
        'definition.optionsProviderId',
      ],
    ]
    for (const [payload, path] of cases) {
      const response = await call(manager, 'POST', 'add-property', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(JSON.stringify(response.json())).toContain(path)
    }
    const rows = await t.database.db.select().from(csKeys).where(eq(csKeys.storeId, storeId))
    expect(rows).toEqual([])
  })

  it('updates a key, re-checking its definition; names stay unique', async () => {
    const storeId = await newStore()
    const key = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'material',
      type: 'input',
    })
    await ok('POST', 'properties', { storeId, name: 'colour', type: 'color' })
    const updated = await ok<{
      type: string
      title: string
      definition: { type: string; title: string }
    }>('PUT', 'properties', {
      id: key.id,
      title: 'Material',
      type: 'multiselect',
      definition: { options: [{ key: 'metal', value: 'Metal' }] },
    })
    expect(updated).toMatchObject({ type: 'multiselect', title: 'Material' })
    expect(updated.definition).toMatchObject({ type: 'multiselect', title: 'Material' })
    expect(
      (await call(manager, 'PUT', 'properties', { id: key.id, type: 'select', definition: {} }))
        .statusCode,
    ).toBe(400)
    expect(
      (await call(manager, 'PUT', 'properties', { id: key.id, name: 'colour' })).statusCode,
    ).toBe(409)
    expect((await call(manager, 'PUT', 'properties', { id: 999999, title: 'x' })).statusCode).toBe(
      404,
    )
    expect((await call(editor, 'PUT', 'properties', { id: key.id, title: 'x' })).statusCode).toBe(
      403,
    )
  })

  it('refuses to delete a key a group uses, naming the groups; deletes it once unused', async () => {
    const storeId = await newStore()
    const key = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'bridge',
      type: 'number',
    })
    const group = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Sizes' })
    await ok('POST', 'relations', { groupId: group.id, items: [{ keyId: key.id }] })
    const refused = await call(manager, 'DELETE', `delete-property?id=${key.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'KEY_IN_USE' })
    expect(refused.json<{ message: string }>().message).toContain('Sizes')

    await ok('DELETE', `delete-relation?groupId=${group.id}&keyId=${key.id}`)
    await ok('DELETE', `delete-property?id=${key.id}`)
    expect((await call(manager, 'DELETE', `delete-property?id=${key.id}`)).statusCode).toBe(404)
  })
})

describe('relations', () => {
  it('adds keys to a group with mandatory and order, updates and removes them', async () => {
    const storeId = await newStore()
    const a = await ok<{ id: number }>('POST', 'properties', { storeId, name: 'a', type: 'input' })
    const b = await ok<{ id: number }>('POST', 'properties', { storeId, name: 'b', type: 'input' })
    const group = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Basics' })
    await ok('POST', 'relations', {
      groupId: group.id,
      items: [
        { keyId: a.id, sorter: 2 },
        { keyId: b.id, sorter: 1, mandatory: true },
      ],
    })
    const list = await ok<{ total: number; data: { keyId: number; mandatory: boolean }[] }>(
      'GET',
      `relations?groupId=${group.id}`,
    )
    expect(list.data).toEqual([
      expect.objectContaining({ keyId: b.id, mandatory: true, name: 'b' }),
      expect.objectContaining({ keyId: a.id, mandatory: false, name: 'a' }),
    ])
    await ok('PUT', 'relations', { groupId: group.id, keyId: a.id, sorter: 0, mandatory: true })
    const reordered = await ok<{ data: { keyId: number; mandatory: boolean }[] }>(
      'GET',
      `relations?groupId=${group.id}`,
    )
    expect(reordered.data.map((row) => [row.keyId, row.mandatory])).toEqual([
      [a.id, true],
      [b.id, true],
    ])
    expect(
      (await call(manager, 'PUT', 'relations', { groupId: group.id, keyId: 999999 })).statusCode,
    ).toBe(404)
    await ok('DELETE', `delete-relation?groupId=${group.id}&keyId=${a.id}`)
    expect(
      (await call(manager, 'DELETE', `delete-relation?groupId=${group.id}&keyId=${a.id}`))
        .statusCode,
    ).toBe(404)
    expect((await call(editor, 'GET', `relations?groupId=${group.id}`)).statusCode).toBe(200)
    expect(
      (await call(editor, 'POST', 'relations', { groupId: group.id, items: [{ keyId: a.id }] }))
        .statusCode,
    ).toBe(403)
  })

  it('refuses a key of another store (400), an unknown key or group (404) and an empty list (400)', async () => {
    const storeId = await newStore()
    const other = await newStore()
    const foreignKey = await ok<{ id: number }>('POST', 'properties', {
      storeId: other,
      name: 'f',
      type: 'input',
    })
    const group = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'G' })
    const foreign = await call(manager, 'POST', 'relations', {
      groupId: group.id,
      items: [{ keyId: foreignKey.id }],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ code: 'DIFFERENT_STORE' })
    expect(
      (await call(manager, 'POST', 'relations', { groupId: group.id, items: [{ keyId: 999999 }] }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await call(manager, 'POST', 'relations', {
          groupId: 999999,
          items: [{ keyId: foreignKey.id }],
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await call(manager, 'POST', 'relations', { groupId: group.id, items: [] })).statusCode,
    ).toBe(400)
    expect((await call(manager, 'GET', 'relations?groupId=999999')).statusCode).toBe(404)
  })

  it('a deleted group takes its relations with it, the keys stay', async () => {
    const storeId = await newStore()
    const key = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'k',
      type: 'input',
    })
    const group = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'G' })
    await ok('POST', 'relations', { groupId: group.id, items: [{ keyId: key.id }] })
    await ok('DELETE', `delete-group?id=${group.id}`)
    const search = await ok<{ total: number }>('GET', `search-relations?storeId=${storeId}`)
    expect(search.total).toBe(0)
    await ok('DELETE', `delete-property?id=${key.id}`)
  })

  it('search-relations finds keys with their groups by text', async () => {
    const storeId = await newStore()
    const width = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'width',
      title: 'Lens width',
      type: 'number',
    })
    const tint = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'tint',
      type: 'color',
    })
    const sizes = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Sizes' })
    const look = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Look' })
    await ok('POST', 'relations', { groupId: sizes.id, items: [{ keyId: width.id }] })
    await ok('POST', 'relations', {
      groupId: look.id,
      items: [{ keyId: tint.id }, { keyId: width.id, sorter: 5 }],
    })
    const all = await ok<{ total: number }>('GET', `search-relations?storeId=${storeId}`)
    expect(all.total).toBe(3)
    const hits = await ok<{ data: { groupName: string; keyName: string }[] }>(
      'GET',
      `search-relations?storeId=${storeId}&filter=lens`,
    )
    expect(hits.data.map((hit) => `${hit.groupName}/${hit.keyName}`)).toEqual([
      'Look/width',
      'Sizes/width',
    ])
    const byGroup = await ok<{ data: { keyName: string }[] }>(
      'GET',
      `search-relations?storeId=${storeId}&filter=look`,
    )
    expect(byGroup.data.map((hit) => hit.keyName)).toEqual(['tint', 'width'])
    expect((await call(manager, 'GET', 'search-relations?storeId=999999')).statusCode).toBe(404)
    expect((await call(manager, 'GET', 'search-relations')).statusCode).toBe(400)
    expect((await call(nobody, 'GET', `search-relations?storeId=${storeId}`)).statusCode).toBe(403)
  })
})

describe('collection relations and the object editor', () => {
  it('adds groups to collections and answers them with their keys in order', async () => {
    const storeId = await newStore()
    const other = await newStore()
    const width = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'width',
      type: 'quantityValue',
      definition: { validUnits: ['mm'] },
    })
    const height = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'height',
      type: 'number',
    })
    const hidden = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'hidden',
      type: 'input',
      enabled: false,
    })
    const sizes = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Sizes' })
    const extras = await ok<{ id: number }>('POST', 'groups', { storeId, name: 'Extras' })
    const foreignGroup = await ok<{ id: number }>('POST', 'groups', {
      storeId: other,
      name: 'Foreign',
    })
    await ok('POST', 'relations', {
      groupId: sizes.id,
      items: [
        { keyId: width.id, sorter: 2, mandatory: true },
        { keyId: height.id, sorter: 1 },
        { keyId: hidden.id, sorter: 0 },
      ],
    })
    const collection = await ok<{ id: number }>('POST', 'collections', { storeId, name: 'Frames' })
    await ok('POST', 'collection-relations', {
      collectionId: collection.id,
      items: [
        { groupId: sizes.id, sorter: 2 },
        { groupId: extras.id, sorter: 1 },
      ],
    })
    const related = await ok<{ total: number; data: { groupId: number; name: string }[] }>(
      'GET',
      `collection-relations?collectionId=${collection.id}`,
    )
    expect(related.data.map((row) => row.name)).toEqual(['Extras', 'Sizes'])
    await ok('PUT', 'collection-relations', {
      collectionId: collection.id,
      groupId: sizes.id,
      sorter: 0,
    })

    const added = await ok<{
      groups: {
        name: string
        keys: { name: string; mandatory: boolean; definition: { type: string } }[]
      }[]
    }>('POST', 'add-collections', { collectionIds: [collection.id] })
    expect(added.groups.map((group) => group.name)).toEqual(['Sizes', 'Extras'])
    expect(
      added.groups[0]!.keys.map((key) => [key.name, key.mandatory, key.definition.type]),
    ).toEqual([
      ['height', false, 'number'],
      ['width', true, 'quantityValue'],
    ])
    const groups = await call(editor, 'POST', `${''}add-groups`, {
      groupIds: [extras.id, sizes.id],
    })
    expect(groups.statusCode).toBe(200)
    expect(groups.json<{ groups: { name: string }[] }>().groups.map((group) => group.name)).toEqual(
      ['Extras', 'Sizes'],
    )

    expect((await call(manager, 'POST', 'add-groups', { groupIds: [999999] })).statusCode).toBe(404)
    expect(
      (await call(manager, 'POST', 'add-collections', { collectionIds: [999999] })).statusCode,
    ).toBe(404)
    expect((await call(manager, 'POST', 'add-groups', { groupIds: [] })).statusCode).toBe(400)
    expect((await call(nobody, 'POST', 'add-groups', { groupIds: [sizes.id] })).statusCode).toBe(
      403,
    )

    const foreign = await call(manager, 'POST', 'collection-relations', {
      collectionId: collection.id,
      items: [{ groupId: foreignGroup.id }],
    })
    expect(foreign.statusCode).toBe(400)
    expect(
      (
        await call(manager, 'PUT', 'collection-relations', {
          collectionId: collection.id,
          groupId: foreignGroup.id,
          sorter: 1,
        })
      ).statusCode,
    ).toBe(404)
    await ok(
      'DELETE',
      `delete-collection-relation?collectionId=${collection.id}&groupId=${extras.id}`,
    )
    expect(
      (
        await call(
          manager,
          'DELETE',
          `delete-collection-relation?collectionId=${collection.id}&groupId=${extras.id}`,
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await call(
          editor,
          'DELETE',
          `delete-collection-relation?collectionId=${collection.id}&groupId=${sizes.id}`,
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (await call(manager, 'GET', 'collection-relations?collectionId=999999')).statusCode,
    ).toBe(404)
  })

  it('get-page tells on which page of a list an item lies', async () => {
    const storeId = await newStore()
    const ids: number[] = []
    for (const name of ['e', 'a', 'd', 'b', 'c']) {
      ids.push((await ok<{ id: number }>('POST', 'groups', { storeId, name })).id)
    }
    // Sorted: a b c d e → 'd' is the 4th; with 2 per page on page 2.
    expect(
      await ok('GET', `get-page?table=groups&storeId=${storeId}&id=${ids[2]}&limit=2`),
    ).toEqual({
      page: 2,
      position: 3,
    })
    expect(
      await ok('GET', `get-page?table=groups&storeId=${storeId}&id=${ids[1]}&limit=2`),
    ).toEqual({
      page: 1,
      position: 0,
    })
    const key = await ok<{ id: number }>('POST', 'properties', {
      storeId,
      name: 'k',
      type: 'input',
    })
    expect(await ok('GET', `get-page?table=properties&storeId=${storeId}&id=${key.id}`)).toEqual({
      page: 1,
      position: 0,
    })
    expect(
      (await call(manager, 'GET', `get-page?table=collections&storeId=${storeId}&id=${ids[0]}`))
        .statusCode,
    ).toBe(404)
    expect(
      (await call(manager, 'GET', `get-page?table=nothing&storeId=${storeId}&id=1`)).statusCode,
    ).toBe(400)
    expect(
      (await call(null, 'GET', `get-page?table=groups&storeId=${storeId}&id=1`)).statusCode,
    ).toBe(401)
  })
})
