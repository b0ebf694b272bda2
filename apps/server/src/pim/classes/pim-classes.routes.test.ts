import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkChanges, BulkExport, ClassRecord } from '@optika/domain/pim/class-api'
import { CLASS_ROUTES } from '@optika/domain/pim/pim-admin-routes'
import type {
  ClassDefinition,
  ClassExport,
  FieldDefinition,
} from '@optika/domain/pim/class-definition'
import { objectClasses, objects } from '../../platform/db/schema/elements.ts'
import { adminRoles, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { loadPrincipal } from '../../identity/admin-auth/admin-sessions.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { resolveLayoutForUser } from './class-store.ts'

let t: TestApp

interface ErrorBody {
  message: string
  errors: { path: string; message: string }[]
}
let admin: string
let editor: string
let editorId: number
let nobody: string
let roleUser: string
let roleUserId: number

const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, method, url, cookie, payload, { 'accept-language': 'en' })

const field = (name: string, type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}) =>
  ({ kind: 'field', type, name, title: name, ...extra }) as FieldDefinition

const productDefinition = {
  layout: [
    {
      kind: 'layout',
      type: 'panel',
      name: 'main',
      title: 'Main',
      children: [
        field('code', 'input', { mandatory: true, visibleGridView: true }),
        {
          kind: 'layout',
          type: 'localizedfields',
          name: 'texts',
          title: 'Texts',
          children: [field('name', 'input')],
        },
        field('shape', 'select', { options: [{ key: 'round', value: 'Round' }] }),
      ],
    },
  ],
  allowVariants: true,
  allowInherit: false,
  group: 'Shop',
  icon: 'glasses',
} satisfies ClassDefinition

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  // Class management is tested from an empty class list (migration 0004 installs the shop's).
  await db.delete(objectClasses)
  admin = await signInNewUser(db, { username: 'cls.admin', isAdmin: true })
  editorId = await insertAdminUser(db, { username: 'obj.editor', permissions: ['objects'] })
  editor = await signIn(db, editorId)
  nobody = await signInNewUser(db, { username: 'cls.nobody' })
  roleUserId = await insertAdminUser(db, { username: 'role.user', permissions: ['objects'] })
  roleUser = await signIn(db, roleUserId)
})
afterAll(() => t.close())

describe('access', () => {
  it('every class route is registered and refuses an anonymous caller with 401', async () => {
    for (const route of CLASS_ROUTES) {
      const response = await call(null, route.method, route.path)
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401)
    }
  })

  it('refuses a user without the area key with 403', async () => {
    expect((await call(nobody, 'GET', '/admin/class/get-tree')).statusCode).toBe(403)
    expect(
      (await call(editor, 'POST', '/admin/class/add', { id: 'X', name: 'X' })).statusCode,
    ).toBe(403)
    expect((await call(editor, 'GET', '/admin/class/fieldcollection-tree')).statusCode).toBe(403)
    expect(
      (await call(editor, 'DELETE', '/admin/class/select-options-delete?id=X')).statusCode,
    ).toBe(403)
  })

  it('gives each part its own key: collections, bricks and option sets', async () => {
    const db = t.database.db
    const collector = await signInNewUser(db, {
      username: 'fc.only',
      permissions: ['fieldCollections'],
    })
    expect((await call(collector, 'GET', '/admin/class/fieldcollection-tree')).statusCode).toBe(200)
    expect((await call(collector, 'GET', '/admin/class/objectbrick-tree')).statusCode).toBe(403)
    expect((await call(collector, 'GET', '/admin/class/select-options-tree')).statusCode).toBe(403)
    expect((await call(collector, 'PUT', '/admin/class/save', {})).statusCode).toBe(403)
  })

  it('lets an object editor read what editing needs', async () => {
    expect((await call(editor, 'GET', '/admin/class/get-tree')).statusCode).toBe(200)
  })
})

describe('classes', () => {
  it('adds, saves, reads and lists a class', async () => {
    const added = await call(admin, 'POST', '/admin/class/add', { id: 'Product', name: 'Product' })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ id: 'Product', definition: { layout: [] } })

    const saved = await call(admin, 'PUT', '/admin/class/save', {
      id: 'Product',
      name: 'Glasses',
      definition: productDefinition,
    })
    expect(saved.statusCode).toBe(200)
    const got = await call(editor, 'GET', '/admin/class/get?id=Product')
    expect(got.json()).toMatchObject({
      id: 'Product',
      name: 'Glasses',
      definition: productDefinition,
    })

    await call(admin, 'POST', '/admin/class/add', { id: 'Brand', name: 'Brand' })
    expect((await call(admin, 'GET', '/admin/class/get-tree')).json()).toEqual([
      { group: '', classes: [{ id: 'Brand', name: 'Brand', allowVariants: false }] },
      {
        group: 'Shop',
        classes: [{ id: 'Product', name: 'Glasses', icon: 'glasses', allowVariants: true }],
      },
    ])
  })

  it('refuses a taken id with 409 and a bad id with 400', async () => {
    const taken = await call(admin, 'POST', '/admin/class/add', { id: 'Product', name: 'Again' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json<ErrorBody>().message).toBe(
      'A class with the identifier Product already exists.',
    )
    expect(
      (await call(admin, 'POST', '/admin/class/add', { id: '1bad', name: 'x' })).statusCode,
    ).toBe(400)
  })

  it('refuses a definition with duplicate fields, options and unknown references, listing the paths', async () => {
    const response = await call(admin, 'PUT', '/admin/class/save', {
      id: 'Product',
      definition: {
        layout: [
          field('code', 'input'),
          field('code', 'number'),
          field('shape', 'select', {
            options: [
              { key: 'a', value: 'A' },
              { key: 'a', value: 'B' },
            ],
          }),
          field('finish', 'select', { optionsProviderId: 'Missing' }),
          field('features', 'fieldcollections', { allowedTypes: ['Nope'] }),
          field('brand', 'manyToOneRelation', { classes: ['Ghost'] }),
          field('pattern', 'input', { regex: '(' }),
        ],
      },
    })
    expect(response.statusCode).toBe(400)
    const body = response.json<ErrorBody>()
    expect(body.errors).toEqual([
      { path: 'definition.layout.1.name', message: 'The field name code is used more than once.' },
      {
        path: 'definition.layout.2.options.1.key',
        message: 'The option key a is used more than once.',
      },
      {
        path: 'definition.layout.3.optionsProviderId',
        message: 'The option set Missing does not exist.',
      },
      {
        path: 'definition.layout.4.allowedTypes.0',
        message: 'The field collection Nope does not exist.',
      },
      { path: 'definition.layout.5.classes.0', message: 'The class Ghost does not exist.' },
      { path: 'definition.layout.6.regex', message: 'The regular expression is not valid.' },
    ])
    // Nothing changed.
    expect(
      (await call(admin, 'GET', '/admin/class/get?id=Product')).json<ClassRecord>().definition,
    ).toEqual(productDefinition)
  })

  it('answers 404 for a class that does not exist', async () => {
    expect((await call(admin, 'GET', '/admin/class/get?id=Nope')).statusCode).toBe(404)
    expect(
      (await call(admin, 'PUT', '/admin/class/save', { id: 'Nope', definition: { layout: [] } }))
        .statusCode,
    ).toBe(404)
    expect((await call(admin, 'DELETE', '/admin/class/delete?id=Nope')).statusCode).toBe(404)
  })

  it('flattens the fields for the grid column configuration', async () => {
    const response = await call(
      editor,
      'GET',
      '/admin/class/get-class-definition-for-column-config?id=Product',
    )
    expect(response.json<{ fields: unknown[] }>().fields).toEqual([
      {
        name: 'code',
        type: 'input',
        title: 'code',
        localized: false,
        visibleGridView: true,
        visibleSearch: false,
      },
      {
        name: 'name',
        type: 'input',
        title: 'name',
        localized: true,
        visibleGridView: false,
        visibleSearch: false,
      },
      {
        name: 'shape',
        type: 'select',
        title: 'shape',
        localized: false,
        visibleGridView: false,
        visibleSearch: false,
      },
    ])
  })

  it('exports a class as a download and imports it back (round trip), also as a new class', async () => {
    const exported = await call(admin, 'GET', '/admin/class/export-class?id=Product')
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="class_Product_export.json"',
    )
    const json = exported.json<ClassExport>()
    const replaced = await call(admin, 'POST', '/admin/class/import-class', json)
    expect(replaced.json()).toEqual({ id: 'Product', created: false })
    const copy = await call(admin, 'PUT', '/admin/class/import-class', {
      ...json,
      id: 'ProductCopy',
    })
    expect(copy.json()).toEqual({ id: 'ProductCopy', created: true })
    const got = await call(admin, 'GET', '/admin/class/get?id=ProductCopy')
    expect(got.json<ClassRecord>().definition).toEqual(json.definition)
    expect(
      (
        await call(admin, 'POST', '/admin/class/import-class', {
          id: 'X',
          name: 'X',
          definition: { layout: 'no' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('keeps titles per language through saving, export and import; a class without them still imports', async () => {
    const titled = {
      ...productDefinition,
      layout: [
        {
          kind: 'layout',
          type: 'panel',
          name: 'main',
          title: 'Main',
          titles: { cs: 'Hlavní', hu: 'Fő' },
          children: [field('code', 'input', { titles: { cs: 'Kód', pl: 'Kod' } })],
        },
      ],
    } satisfies ClassDefinition
    await call(admin, 'POST', '/admin/class/add', { id: 'Titled', name: 'Titled' })
    const saved = await call(admin, 'PUT', '/admin/class/save', {
      id: 'Titled',
      name: 'Titled',
      definition: titled,
    })
    expect(saved.statusCode).toBe(200)
    const exported = (
      await call(admin, 'GET', '/admin/class/export-class?id=Titled')
    ).json<ClassExport>()
    expect(exported.definition.layout).toEqual(titled.layout)
    const copy = await call(admin, 'PUT', '/admin/class/import-class', {
      ...exported,
      id: 'TitledCopy',
    })
    expect(copy.json()).toEqual({ id: 'TitledCopy', created: true })
    const got = await call(admin, 'GET', '/admin/class/get?id=TitledCopy')
    expect(got.json<ClassRecord>().definition.layout).toEqual(titled.layout)

    // An export from before titles (no such property) imports as it always did.
    const plain = await call(admin, 'PUT', '/admin/class/import-class', {
      id: 'Untitled',
      name: 'Untitled',
      definition: productDefinition,
    })
    expect(plain.json()).toEqual({ id: 'Untitled', created: true })

    // A language the shop does not have is refused, and nothing is written.
    const bad = await call(admin, 'PUT', '/admin/class/save', {
      id: 'Titled',
      name: 'Titled',
      definition: { ...titled, layout: [{ ...titled.layout[0], titles: { de: 'Haupt' } }] },
    })
    expect(bad.statusCode).toBe(400)
    const after = await call(admin, 'GET', '/admin/class/get?id=Titled')
    expect(after.json<ClassRecord>().definition.layout).toEqual(titled.layout)
    for (const id of ['Titled', 'TitledCopy', 'Untitled']) {
      expect((await call(admin, 'DELETE', `/admin/class/delete?id=${id}`)).statusCode).toBe(200)
    }
  })

  it('refuses to delete a class while objects of it exist, then deletes it', async () => {
    const [row] = await t.database.db
      .insert(objects)
      .values({ type: 'object', key: 'copy-1', path: '/', classId: 'ProductCopy' })
      .returning({ id: objects.id })
    const refused = await call(admin, 'DELETE', '/admin/class/delete?id=ProductCopy')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ErrorBody>().message).toBe(
      'The class cannot be deleted while objects of it exist (1). Delete them first.',
    )
    const { eq } = await import('drizzle-orm')
    await t.database.db.delete(objects).where(eq(objects.id, row!.id))
    expect((await call(admin, 'DELETE', '/admin/class/delete?id=ProductCopy')).json()).toEqual({
      success: true,
    })
    expect((await call(admin, 'GET', '/admin/class/get?id=ProductCopy')).statusCode).toBe(404)
  })

  it('suggests a free class identifier from a name', async () => {
    const suggest = (name: string) =>
      call(admin, 'GET', `/admin/class/suggest-class-identifier?name=${encodeURIComponent(name)}`)
    expect((await suggest('sluneční brýle')).json()).toEqual({ identifier: 'SlunecniBryle' })
    expect((await suggest('product')).json()).toEqual({ identifier: 'Product2' })
    expect((await suggest('!!!')).json()).toEqual({ identifier: 'NewClass' })
  })
})

describe('custom layouts', () => {
  let layoutId: number
  let roleLayoutId: number

  it('adds a layout as a copy of the class layout, lists and reads it', async () => {
    const added = await call(admin, 'POST', '/admin/class/add-custom-layout', {
      classId: 'Product',
      name: 'Editors',
    })
    expect(added.statusCode).toBe(200)
    layoutId = added.json<{ id: number }>().id
    expect(added.json()).toMatchObject({
      classId: 'Product',
      name: 'Editors',
      default: false,
      layout: productDefinition.layout,
    })
    expect(
      (
        await call(admin, 'POST', '/admin/class/add-custom-layout', {
          classId: 'Product',
          name: 'Editors',
        })
      ).statusCode,
    ).toBe(409)
    expect(
      (await call(admin, 'POST', '/admin/class/add-custom-layout', { classId: 'Nope', name: 'x' }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await call(admin, 'GET', '/admin/class/get-custom-layout-definitions?classId=Product')
      ).json(),
    ).toEqual([{ id: layoutId, name: 'Editors', default: false }])
    expect(
      (await call(editor, 'GET', `/admin/class/get-custom-layout?id=${layoutId}`)).statusCode,
    ).toBe(200)
    const all = (await call(admin, 'GET', '/admin/class/get-all-layouts')).json<unknown>()
    expect(all).toContainEqual({
      classId: 'Product',
      className: 'Glasses',
      layouts: [{ id: layoutId, name: 'Editors', default: false }],
    })
  })

  it('refuses a layout with fields the class does not have', async () => {
    const response = await call(admin, 'PUT', '/admin/class/save-custom-layout', {
      id: layoutId,
      classId: 'Product',
      name: 'Editors',
      layout: [field('ghost', 'input')],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorBody>().errors).toEqual([
      { path: 'layout.0.name', message: 'The field ghost does not exist in the class.' },
    ])
  })

  it('resolves the layout per user, then per role, else the class layout', async () => {
    const db = t.database.db
    // The user's own default layout: only `code`, read-only, retitled; its stale type is ignored.
    await call(admin, 'PUT', '/admin/class/save-custom-layout', {
      id: layoutId,
      name: 'Editors',
      layout: [field('code', 'number', { title: 'Kód', noteditable: true })],
      userIds: [editorId],
      default: true,
    })
    const [role] = await db.insert(adminRoles).values({ name: 'Catalogue' }).returning()
    await db.insert(adminUserRoles).values({ userId: roleUserId, roleId: role!.id })
    const roleLayout = await call(admin, 'POST', '/admin/class/add-custom-layout', {
      classId: 'Product',
      name: 'Role',
    })
    roleLayoutId = roleLayout.json<{ id: number }>().id
    await call(admin, 'PUT', '/admin/class/save-custom-layout', {
      id: roleLayoutId,
      name: 'Role',
      layout: [
        {
          kind: 'layout',
          type: 'panel',
          name: 'p',
          title: 'P',
          children: [field('shape', 'input')],
        },
      ],
      roleIds: [role!.id],
      default: true,
    })

    const principal = async (cookie: string) => (await loadPrincipal(db, cookie.split('=')[1]!))!
    expect(await resolveLayoutForUser(db, await principal(editor), 'Product')).toEqual([
      {
        ...field('code', 'input', { mandatory: true, visibleGridView: true }),
        title: 'Kód',
        noteditable: true,
      },
    ])
    expect(await resolveLayoutForUser(db, await principal(roleUser), 'Product')).toEqual([
      {
        kind: 'layout',
        type: 'panel',
        name: 'p',
        title: 'P',
        children: [productDefinition.layout[0]!.children[2]],
      },
    ])
    expect(await resolveLayoutForUser(db, await principal(admin), 'Product')).toEqual(
      productDefinition.layout,
    )
  })

  it('exports and imports a layout (replacing by class and name), suggests names and deletes', async () => {
    const exported = await call(
      admin,
      'GET',
      `/admin/class/export-custom-layout-definition?id=${layoutId}`,
    )
    expect(exported.headers['content-disposition']).toContain('attachment')
    const body = exported.json<Record<string, unknown>>()
    expect(body).not.toHaveProperty('id')
    expect(
      (
        await call(admin, 'POST', '/admin/class/import-custom-layout-definition', {
          ...body,
          description: 'again',
        })
      ).json(),
    ).toEqual({
      id: String(layoutId),
      created: false,
    })
    const created = await call(admin, 'PUT', '/admin/class/import-custom-layout-definition', {
      ...body,
      name: 'Imported',
    })
    expect(created.json<{ created: boolean }>().created).toBe(true)
    expect(
      (
        await call(
          admin,
          'GET',
          '/admin/class/suggest-custom-layout-identifier?classId=Product&name=editors',
        )
      ).json(),
    ).toEqual({
      identifier: 'Editors2',
    })
    expect(
      (await call(admin, 'DELETE', `/admin/class/delete-custom-layout?id=${roleLayoutId}`)).json(),
    ).toEqual({ success: true })
    expect(
      (await call(admin, 'GET', `/admin/class/get-custom-layout?id=${roleLayoutId}`)).statusCode,
    ).toBe(404)
    expect(
      (await call(admin, 'DELETE', `/admin/class/delete-custom-layout?id=${roleLayoutId}`))
        .statusCode,
    ).toBe(404)
  })
})

describe('field collections and object bricks', () => {
  const feature = { key: 'Feature', title: 'Feature', layout: [field('label', 'input')] }

  it('creates, lists, reads, exports and imports a field collection', async () => {
    const updated = await call(admin, 'PUT', '/admin/class/fieldcollection-update', feature)
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toEqual(feature)
    expect((await call(admin, 'POST', '/admin/class/fieldcollection-tree')).json()).toEqual([
      { key: 'Feature', title: 'Feature' },
    ])
    expect(
      (await call(editor, 'GET', '/admin/class/fieldcollection-list?keys=Feature')).json(),
    ).toEqual([feature])
    expect(
      (await call(admin, 'GET', '/admin/class/fieldcollection-get?key=Feature')).json(),
    ).toEqual(feature)
    const exported = await call(admin, 'GET', '/admin/class/export-fieldcollection?key=Feature')
    expect(exported.headers['content-disposition']).toContain('fieldcollection_Feature_export.json')
    expect(
      (
        await call(admin, 'POST', '/admin/class/import-fieldcollection', {
          ...exported.json<Record<string, unknown>>(),
          title: 'Feat',
        })
      ).json(),
    ).toEqual({
      id: 'Feature',
      created: false,
    })
    expect((await call(admin, 'GET', '/admin/class/fieldcollection-get?key=Nope')).statusCode).toBe(
      404,
    )
  })

  it('refuses a collection field named type (the item kind)', async () => {
    const response = await call(admin, 'POST', '/admin/class/fieldcollection-update', {
      key: 'Bad',
      title: 'Bad',
      layout: [field('type', 'input')],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorBody>().errors[0]?.path).toBe('layout.0.name')
  })

  it('lists usages and refuses deleting a used collection', async () => {
    await call(admin, 'PUT', '/admin/class/save', {
      id: 'Brand',
      definition: {
        layout: [field('features', 'fieldcollections', { allowedTypes: ['Feature'] })],
      },
    })
    expect(
      (await call(admin, 'GET', '/admin/class/get-fieldcollection-usages?key=Feature')).json(),
    ).toEqual([{ kind: 'class', id: 'Brand', name: 'Brand', fieldName: 'features' }])
    const refused = await call(admin, 'DELETE', '/admin/class/fieldcollection-delete?key=Feature')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ErrorBody>().message).toBe(
      'The definition cannot be deleted while a class uses it: Brand (features).',
    )
    await call(admin, 'PUT', '/admin/class/save', { id: 'Brand', definition: { layout: [] } })
    expect(
      (await call(admin, 'DELETE', '/admin/class/fieldcollection-delete?key=Feature')).json(),
    ).toEqual({ success: true })
  })

  it('manages object bricks the same way', async () => {
    const lens = {
      key: 'Lens',
      title: 'Lens',
      layout: [field('diameter', 'number')],
      classDefinitions: [{ classId: 'Product', fieldName: 'bricks' }],
    }
    expect((await call(admin, 'POST', '/admin/class/objectbrick-update', lens)).json()).toEqual(
      lens,
    )
    expect((await call(admin, 'GET', '/admin/class/objectbrick-tree')).json()).toEqual([
      { key: 'Lens', title: 'Lens' },
    ])
    expect((await call(admin, 'GET', '/admin/class/objectbrick-list')).json()).toEqual([lens])
    expect((await call(admin, 'GET', '/admin/class/objectbrick-get?key=Lens')).json()).toEqual(lens)
    expect((await call(editor, 'GET', '/admin/class/objectbrick-get?id=Lens')).json()).toEqual(lens)
    expect((await call(admin, 'GET', '/admin/class/objectbrick-get')).statusCode).toBe(400)
    expect((await call(admin, 'GET', '/admin/class/export-objectbrick?key=Lens')).json()).toEqual(
      lens,
    )
    expect(
      (
        await call(admin, 'POST', '/admin/class/import-objectbrick', { ...lens, key: 'Lens2' })
      ).json(),
    ).toEqual({ id: 'Lens2', created: true })
    expect((await call(admin, 'GET', '/admin/class/get-bricks-usages?key=Lens')).json()).toEqual([])
    const bad = await call(admin, 'POST', '/admin/class/objectbrick-update', {
      ...lens,
      classDefinitions: [{ classId: 'Ghost', fieldName: 'x' }],
    })
    expect(bad.statusCode).toBe(400)
    expect(
      (await call(admin, 'DELETE', '/admin/class/objectbrick-delete?key=Lens2')).json(),
    ).toEqual({ success: true })
    expect(
      (await call(admin, 'DELETE', '/admin/class/objectbrick-delete?key=Lens2')).statusCode,
    ).toBe(404)
  })
})

describe('select options', () => {
  const shapes = { id: 'Shapes', group: 'Frames', options: [{ key: 'round', value: 'Round' }] }

  it('creates, lists and reads a set; refuses duplicate keys', async () => {
    expect((await call(admin, 'PUT', '/admin/class/select-options-update', shapes)).json()).toEqual(
      shapes,
    )
    expect((await call(admin, 'GET', '/admin/class/select-options-tree')).json()).toEqual([
      { id: 'Shapes', group: 'Frames', count: 1 },
    ])
    expect((await call(editor, 'GET', '/admin/class/select-options-get?id=Shapes')).json()).toEqual(
      shapes,
    )
    const dup = await call(admin, 'POST', '/admin/class/select-options-update', {
      id: 'Shapes',
      options: [
        { key: 'a', value: 'A' },
        { key: 'a', value: 'A' },
      ],
    })
    expect(dup.statusCode).toBe(400)
    expect((await call(admin, 'GET', '/admin/class/select-options-get?id=Nope')).statusCode).toBe(
      404,
    )
  })

  it('refuses deleting a set while a field uses it', async () => {
    await call(admin, 'PUT', '/admin/class/save', {
      id: 'Brand',
      definition: { layout: [field('shape', 'select', { optionsProviderId: 'Shapes' })] },
    })
    expect(
      (await call(admin, 'GET', '/admin/class/get-select-options-usages?id=Shapes')).json(),
    ).toEqual([{ kind: 'class', id: 'Brand', name: 'Brand', fieldName: 'shape' }])
    const refused = await call(admin, 'DELETE', '/admin/class/select-options-delete?id=Shapes')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ErrorBody>().message).toContain('Brand (shape)')
  })
})

describe('bulk export and import', () => {
  it('lists what can be exported and exports the chosen items in one JSON', async () => {
    const prepared = (await call(admin, 'POST', '/admin/class/bulk-export-prepare')).json<{
      classes: { id: string }[]
      selectOptions: unknown[]
    }>()
    expect(prepared.classes.map((c: { id: string }) => c.id)).toEqual(['Brand', 'Product'])
    expect(prepared.selectOptions).toEqual([{ id: 'Shapes', group: 'Frames' }])
    const bundle = (
      await call(
        admin,
        'GET',
        '/admin/class/bulk-export?classes=Brand,Product&selectOptions=Shapes&objectbricks=Lens',
      )
    ).json<BulkExport>()
    expect(bundle.classes.map((c) => c.id)).toEqual(['Brand', 'Product'])
    expect(bundle.selectOptions).toEqual([
      { id: 'Shapes', group: 'Frames', options: [{ key: 'round', value: 'Round' }] },
    ])
    expect(bundle.objectbricks.map((b) => b.key)).toEqual(['Lens'])
    expect(bundle.customLayouts.map((l) => l.name)).toEqual(['Editors', 'Imported'])
    const download = await call(admin, 'GET', '/admin/class/do-bulk-export?classes=Brand')
    expect(download.headers['content-disposition']).toBe('attachment; filename="bulk_export.json"')
  })

  it('plans an import without writing and commits it in one go', async () => {
    const bundle = (
      await call(
        admin,
        'GET',
        '/admin/class/bulk-export?classes=Brand,Product&selectOptions=Shapes',
      )
    ).json<BulkExport>()
    bundle.selectOptions.push({ id: 'Materials', options: [{ key: 'metal', value: 'Metal' }] })
    bundle.classes.push({
      id: 'Material',
      name: 'Material',
      definition: {
        layout: [field('kind', 'select', { optionsProviderId: 'Materials' })],
        allowVariants: false,
        allowInherit: false,
      },
    })
    const plan = await call(admin, 'POST', '/admin/class/bulk-import', bundle)
    expect(plan.statusCode).toBe(200)
    expect(plan.json<BulkChanges>().changes).toEqual(
      expect.arrayContaining([
        { kind: 'selectOptions', id: 'Shapes', action: 'unchanged' },
        { kind: 'selectOptions', id: 'Materials', action: 'create' },
        { kind: 'class', id: 'Brand', action: 'unchanged' },
        { kind: 'class', id: 'Material', action: 'create' },
        { kind: 'customLayout', id: 'Product/Editors', action: 'unchanged' },
      ]),
    )
    expect((await call(admin, 'GET', '/admin/class/get?id=Material')).statusCode).toBe(404)

    const committed = await call(admin, 'POST', '/admin/class/bulk-commit', bundle)
    expect(committed.statusCode).toBe(200)
    expect(
      (await call(admin, 'GET', '/admin/class/get?id=Material')).json<ClassRecord>().definition
        .layout[0],
    ).toMatchObject({ optionsProviderId: 'Materials' })
    expect(
      (await call(admin, 'GET', '/admin/class/select-options-get?id=Materials')).statusCode,
    ).toBe(200)
  })

  it('refuses an invalid bundle and writes none of it', async () => {
    const response = await call(admin, 'POST', '/admin/class/bulk-commit', {
      selectOptions: [{ id: 'Colours', options: [] }],
      classes: [
        {
          id: 'Broken',
          name: 'Broken',
          definition: { layout: [field('a', 'select', { optionsProviderId: 'Ghost' })] },
        },
      ],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorBody>().errors).toEqual([
      {
        path: 'classes.0.definition.layout.0.optionsProviderId',
        message: 'The option set Ghost does not exist.',
      },
    ])
    expect(
      (await call(admin, 'GET', '/admin/class/select-options-get?id=Colours')).statusCode,
    ).toBe(404)
  })
})

describe('helpers and fixed lists', () => {
  it('answers the fixed lists', async () => {
    expect((await call(editor, 'GET', '/admin/class/get-asset-types')).json()).toEqual([
      'image',
      'video',
      'document',
      'text',
      'archive',
      'audio',
      'folder',
      'unknown',
    ])
    expect((await call(editor, 'GET', '/admin/class/get-document-types')).json()).toEqual([
      'page',
      'snippet',
      'email',
      'link',
      'hardlink',
      'folder',
    ])
    expect((await call(editor, 'DELETE', '/admin/class/video-supported-types')).json()).toEqual([
      'mp4',
      'webm',
    ])
    expect((await call(admin, 'GET', '/admin/class/get-icons')).json()).toContain('glasses')
  })

  it('previews text layouts as sanitized HTML, from the query or the body', async () => {
    const html = '<p onclick="x()">Hi<script>alert(1)</script></p>'
    expect(
      (await call(admin, 'POST', '/admin/class/text-layout-preview', { text: html })).json(),
    ).toEqual({ html: '<p>Hi</p>' })
    expect(
      (
        await call(
          admin,
          'GET',
          `/admin/class/text-layout-preview?text=${encodeURIComponent(html)}`,
        )
      ).json(),
    ).toEqual({
      html: '<p>Hi</p>',
    })
  })
})

describe('OpenAPI', () => {
  it('documents the class routes with their (recursive) definition schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const spec = response.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(spec.paths['/admin/class/save']).toHaveProperty('put')
    expect(spec.paths['/admin/class/bulk-commit']).toHaveProperty('post')
  })
})
