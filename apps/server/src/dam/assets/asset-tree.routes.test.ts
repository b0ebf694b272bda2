import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetChildren, AssetData, AssetNode } from '@optika/domain/pim/asset-api'
import { SHOP_CLASSES } from '@optika/domain/pim/shop-classes'
import { assets, objectClasses } from '../../platform/db/schema/elements.ts'
import { adminWorkspaces, auditLog } from '../../platform/db/schema/identity.ts'
import { elementLocks, elementVersions } from '../../platform/db/schema/pim.ts'
import { storageKeyInUse } from './asset-versions.ts'
import { recordObjectDependencies } from '../../pim/objects/object-dependencies.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { insertObject, insertRootFolder } from '../../../test/kits/pim-objects-test-kit.ts'

let t: TestApp
let admin: string
let adminId: number
let rootId: number

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

function call(method: Method, url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

async function ok<T>(method: Method, url: string, payload?: unknown, cookie = admin): Promise<T> {
  const response = await call(method, url, cookie, payload)
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200)
  return response.json<T>()
}

const folder = (parentId: number, name: string) =>
  ok<AssetNode>('POST', '/admin/asset/add-folder', { parentId, name })

async function picture(name: string, parentId: number, width = 40): Promise<AssetNode> {
  const content = await sharp({
    create: { width, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('parentId', String(parentId))
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), name)
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/asset/add-asset',
    headers: { cookie: admin },
    payload: form,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AssetNode>()
}

const children = (node: number, query = '') =>
  ok<AssetChildren>('GET', `/admin/asset/tree-get-children-by-id?node=${node}${query}`)

async function row(id: number) {
  const [found] = await t.database.db.select().from(assets).where(eq(assets.id, id))
  return found
}

async function userWith(
  username: string,
  workspaces: { path: string; rights: string[] }[],
  permissions: ('assets' | 'objects' | 'recycleBin')[] = ['assets'],
) {
  const id = await insertAdminUser(t.database.db, { username, permissions })
  for (const w of workspaces) {
    await t.database.db.insert(adminWorkspaces).values({
      userId: id,
      elementType: 'asset',
      path: w.path,
      ...Object.fromEntries(w.rights.map((r) => [r, true])),
    })
  }
  return { id, cookie: await signIn(t.database.db, id) }
}

beforeAll(async () => {
  t = await buildTestApp()
  adminId = await insertAdminUser(t.database.db, { username: 'tree-admin', isAdmin: true })
  admin = await signIn(t.database.db, adminId)
  rootId = (await ok<AssetNode>('GET', '/admin/asset/tree-get-root')).id
})

afterAll(async () => {
  await t.close()
})

describe('every call of the asset tree', () => {
  const calls: [Method, string, unknown?][] = [
    ['GET', '/admin/asset/tree-get-root'],
    ['GET', '/admin/asset/tree-get-children-by-id?node=1'],
    ['GET', '/admin/asset/get-data-by-id?id=1'],
    ['GET', '/admin/asset/exists?parentId=1&key=x'],
    ['GET', '/admin/asset/delete-info?id=1'],
    ['GET', '/admin/asset/copy-info?sourceId=1&targetId=1'],
    ['GET', '/admin/asset/get-folder-content-preview?id=1'],
    ['POST', '/admin/asset/add-folder', { parentId: 1, name: 'x' }],
    ['PUT', '/admin/asset/update', { id: 1, key: 'x' }],
    ['PUT', '/admin/asset/save', { id: 1 }],
    ['POST', '/admin/asset/save', { id: 1 }],
    ['POST', '/admin/asset/publish-version', { id: 1 }],
    ['GET', '/admin/asset/show-version?id=1'],
    ['POST', '/admin/asset/copy', { sourceId: 1, targetId: 1 }],
    ['GET', '/admin/asset/job?id=00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/admin/asset/delete?id=1'],
  ]

  it('is registered, refuses anonymous callers (401) and users without the assets key (403)', async () => {
    const noKey = await userWith(
      'tree-no-key',
      [{ path: '/', rights: ['list', 'view'] }],
      ['objects'],
    )
    for (const [method, url, payload] of calls) {
      const path = url.split('?')[0]!
      expect(t.app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true)
      expect((await call(method, url, '', payload)).statusCode, `${method} ${url}`).toBe(401)
      expect((await call(method, url, noKey.cookie, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      )
    }
  })
})

describe('the OpenAPI document', () => {
  it('lists the tree calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths)
    for (const path of ['/admin/asset/update', '/admin/asset/save', '/admin/asset/copy']) {
      expect(paths).toContain(path)
    }
  })
})

describe('tree reads', () => {
  it('pages a folder: folders first, keys in natural order, hasChildren true only with children', async () => {
    const base = await folder(rootId, 'natural')
    const full = await folder(base.id, 'Zeta folder')
    await folder(base.id, 'empty folder')
    await folder(full.id, 'inner')
    for (const name of ['img10.png', 'img2.png', 'Img1.png']) await picture(name, base.id)

    const page = await children(base.id)
    expect(page.total).toBe(5)
    expect(page.nodes.map((n) => n.key)).toEqual([
      'empty folder',
      'Zeta folder',
      'Img1.png',
      'img2.png',
      'img10.png',
    ])
    expect(page.nodes.map((n) => n.hasChildren)).toEqual([false, true, false, false, false])
    const node = page.nodes[2]!
    expect(node.permissions).toMatchObject({ list: true, view: true, delete: true })
    expect(node.locked).toBe(false)
    expect(Number.isNaN(Date.parse(node.modificationDate))).toBe(false)
    expect(node.thumbnail).toMatch(/^\//)

    const second = await children(base.id, '&start=2&limit=2')
    expect(second).toMatchObject({ total: 5, start: 2, limit: 2 })
    expect(second.nodes.map((n) => n.key)).toEqual(['Img1.png', 'img2.png'])
    const desc = await children(base.id, '&dir=desc')
    expect(desc.nodes.map((n) => n.key)).toEqual([
      'Zeta folder',
      'empty folder',
      'img10.png',
      'img2.png',
      'Img1.png',
    ])
    expect((await children(base.id, '&sort=size')).total).toBe(5)
    expect((await children(rootId)).nodes.find((n) => n.key === 'natural')?.hasChildren).toBe(true)
  })

  it('refuses bad paging and sorting with a translated 400', async () => {
    for (const query of ['&sort=password', '&limit=0', '&limit=100000', '&start=-1', '&dir=up']) {
      const response = await call(
        'GET',
        `/admin/asset/tree-get-children-by-id?node=${rootId}${query}`,
        admin,
      )
      expect(response.statusCode, query).toBe(400)
      expect(response.json<{ message: string }>().message).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/)
    }
    expect(
      (await call('GET', '/admin/asset/tree-get-children-by-id?node=999999', admin)).statusCode,
    ).toBe(404)
    expect((await call('GET', '/admin/asset/get-data-by-id?id=abc', admin)).statusCode).toBe(400)
  })

  it('shows a workspace user only the paths it may list, and the way down to them', async () => {
    const ws = await folder(rootId, 'ws')
    const open = await folder(ws.id, 'open')
    const closed = await folder(ws.id, 'closed')
    await picture('visible.png', open.id)
    await folder(closed.id, 'secret')
    const user = await userWith('tree-ws', [{ path: '/ws/open', rights: ['list', 'view'] }])
    const get = (url: string) => call('GET', url, user.cookie)

    const root = (await get('/admin/asset/tree-get-root')).json<AssetNode>()
    expect(root.id).toBe(rootId)
    const top = (
      await get(`/admin/asset/tree-get-children-by-id?node=${rootId}`)
    ).json<AssetChildren>()
    expect(top.nodes.map((n) => n.key)).toEqual(['ws'])
    expect(top.total).toBe(1)
    const inWs = (
      await get(`/admin/asset/tree-get-children-by-id?node=${ws.id}`)
    ).json<AssetChildren>()
    expect(inWs.nodes.map((n) => [n.key, n.hasChildren])).toEqual([['open', true]])
    expect(inWs.nodes[0]!.permissions).toMatchObject({ list: true, view: true, delete: false })
    expect((await get(`/admin/asset/tree-get-children-by-id?node=${closed.id}`)).statusCode).toBe(
      403,
    )
    expect((await get(`/admin/asset/get-data-by-id?id=${closed.id}`)).statusCode).toBe(403)
    expect((await get(`/admin/asset/get-data-by-id?id=${open.id}`)).statusCode).toBe(200)

    const nobody = await userWith('tree-nobody', [])
    expect((await call('GET', '/admin/asset/tree-get-root', nobody.cookie)).statusCode).toBe(403)
  })

  it('answers exists, get-data-by-id and the folder content preview', async () => {
    const box = await folder(rootId, 'box')
    const image = await picture('one.png', box.id)
    await folder(box.id, 'sub')
    expect(await ok('GET', `/admin/asset/exists?parentId=${box.id}&key=one.png`)).toEqual({
      exists: true,
    })
    expect(await ok('GET', `/admin/asset/exists?parentId=${box.id}&key=two.png`)).toEqual({
      exists: false,
    })
    const data = await ok<AssetData>('GET', `/admin/asset/get-data-by-id?id=${image.id}`)
    expect(data).toMatchObject({
      id: image.id,
      key: 'one.png',
      fullPath: '/box/one.png',
      metadata: [],
      customSettings: {},
      lock: null,
    })
    expect(Number.isNaN(Date.parse(data.creationDate))).toBe(false)
    const preview = await ok<AssetChildren>(
      'GET',
      `/admin/asset/get-folder-content-preview?id=${box.id}`,
    )
    expect(preview.nodes.map((n) => n.key)).toEqual(['one.png'])
    expect(
      (await call('GET', `/admin/asset/get-folder-content-preview?id=${image.id}`, admin))
        .statusCode,
    ).toBe(400)
  })
})

describe('tree writes', () => {
  it('adds a folder once: the same name again is a translated 409', async () => {
    const parent = await folder(rootId, 'adds')
    await folder(parent.id, 'Lenses')
    const again = await call('POST', '/admin/asset/add-folder', admin, {
      parentId: parent.id,
      name: 'Lenses',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'ASSET_KEY_TAKEN',
      message: 'The folder already holds an item named “Lenses”.',
    })
    for (const name of ['', '..', 'a/b', 'x'.repeat(300)]) {
      expect(
        (await call('POST', '/admin/asset/add-folder', admin, { parentId: parent.id, name }))
          .statusCode,
      ).toBe(400)
    }
    expect((await children(parent.id)).total).toBe(1)
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.addFolder'), eq(auditLog.actorId, adminId)))
    expect(entry).toBeDefined()
  })

  it('renames and moves a folder; its subtree follows; collisions and cycles change nothing', async () => {
    const a = await folder(rootId, 'move-a')
    const b = await folder(rootId, 'move-b')
    const inner = await folder(a.id, 'inner')
    const deep = await picture('deep.png', inner.id)
    await folder(b.id, 'taken')

    const renamed = await ok<AssetData>('PUT', '/admin/asset/update', {
      id: inner.id,
      key: 'renamed',
    })
    expect(renamed.fullPath).toBe('/move-a/renamed')
    expect((await row(deep.id))!.path).toBe('/move-a/renamed/')

    const moved = await ok<AssetData>('PUT', '/admin/asset/update', {
      id: inner.id,
      parentId: b.id,
    })
    expect(moved.fullPath).toBe('/move-b/renamed')
    expect((await row(deep.id))!.path).toBe('/move-b/renamed/')
    // The file stays where it is in the store: the picture is still served.
    const served = await ok<AssetData>('GET', `/admin/asset/get-data-by-id?id=${deep.id}`)
    expect((await t.app.inject({ method: 'GET', url: served.thumbnail! })).statusCode).toBe(200)

    const clash = await call('PUT', '/admin/asset/update', admin, { id: inner.id, key: 'taken' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ code: 'ASSET_KEY_TAKEN' })
    const cycle = await call('PUT', '/admin/asset/update', admin, { id: b.id, parentId: inner.id })
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json()).toMatchObject({
      message: 'A folder cannot be moved into itself or one of its subfolders.',
    })
    expect(
      (await call('PUT', '/admin/asset/update', admin, { id: deep.id, parentId: deep.id }))
        .statusCode,
    ).toBe(400)
    expect(
      (await call('PUT', '/admin/asset/update', admin, { id: rootId, key: 'root' })).statusCode,
    ).toBe(400)
    expect(
      (await call('PUT', '/admin/asset/update', admin, { id: inner.id, key: '../x' })).statusCode,
    ).toBe(400)
    expect((await row(inner.id))!).toMatchObject({ key: 'renamed', parentId: b.id })
    expect((await row(b.id))!.parentId).toBe(rootId)

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.update'), eq(auditLog.entityId, String(inner.id))))
    expect(audit.map((e) => (e.after as { fullPath: string }).fullPath)).toEqual([
      '/move-a/renamed',
      '/move-b/renamed',
    ])
  })

  it('needs rename, settings and create rights on the paths it touches', async () => {
    const area = await folder(rootId, 'rights')
    const mine = await folder(area.id, 'mine')
    const theirs = await folder(area.id, 'theirs')
    const file = await picture('file.png', mine.id)
    const user = await userWith('tree-renamer', [
      { path: '/rights/mine', rights: ['list', 'view', 'rename'] },
      { path: '/rights/theirs', rights: ['list', 'view'] },
    ])
    const renamed = await call('PUT', '/admin/asset/update', user.cookie, {
      id: file.id,
      key: 'new.png',
    })
    expect(renamed.statusCode).toBe(200)
    const move = await call('PUT', '/admin/asset/update', user.cookie, {
      id: file.id,
      parentId: theirs.id,
    })
    expect(move.statusCode).toBe(403)
    const save = await call('PUT', '/admin/asset/save', user.cookie, { id: file.id, metadata: [] })
    expect(save.statusCode).toBe(403)
    const del = await call('DELETE', `/admin/asset/delete?id=${file.id}`, user.cookie)
    expect(del.statusCode).toBe(403)
    expect((await row(file.id))!).toMatchObject({ key: 'new.png', parentId: mine.id })
  })

  it('saves metadata and the focal point as versions; refuses bad metadata with nothing changed', async () => {
    const dir = await folder(rootId, 'meta')
    const image = await picture('meta.png', dir.id)
    const saved = await ok<{ versionCount: number; data: AssetData }>('PUT', '/admin/asset/save', {
      id: image.id,
      metadata: [
        { name: 'title', language: 'en', type: 'input', data: 'Round frame' },
        { name: 'title', language: 'cs', type: 'input', data: 'Kulatá obruba' },
        { name: 'approved', type: 'checkbox', data: true },
        { name: 'related', type: 'asset', data: dir.id },
      ],
      customSettings: { focalPoint: { x: 25, y: 75 } },
      note: 'first',
    })
    expect(saved.data.metadata).toHaveLength(4)
    expect(saved.data.customSettings).toEqual({ focalPoint: { x: 25, y: 75 } })
    expect(saved.data.userModification).toBe('tree-admin')
    const first = saved.versionCount
    const { versionCount: second } = await ok<{ versionCount: number }>(
      'POST',
      '/admin/asset/save',
      {
        id: image.id,
        metadata: [{ name: 'title', language: 'en', type: 'input', data: 'Square frame' }],
        customSettings: { focalPoint: null },
      },
    )
    expect(second).toBe(first + 1)

    for (const metadata of [
      [{ name: 'approved', type: 'checkbox', data: 'yes' }],
      [{ name: 'link', type: 'asset', data: 99_999_999 }],
      [{ name: 'when', type: 'date', data: 'tomorrow-ish' }],
      [
        { name: 'twice', language: 'en', data: 'a' },
        { name: 'twice', language: 'en', data: 'b' },
      ],
      [{ name: '<script>', data: 'x' }],
    ]) {
      const refused = await call('PUT', '/admin/asset/save', admin, { id: image.id, metadata })
      expect(refused.statusCode, JSON.stringify(metadata)).toBe(400)
    }
    const bad = await call('PUT', '/admin/asset/save', admin, {
      id: image.id,
      metadata: [{ name: 'approved', type: 'checkbox', data: 'yes' }],
    })
    expect(bad.json()).toMatchObject({
      message:
        'The value of the metadata “approved” does not match its type or refers to an element that does not exist.',
    })
    expect(
      (
        await call('PUT', '/admin/asset/save', admin, {
          id: image.id,
          customSettings: { focalPoint: { x: 120, y: 0 } },
        })
      ).statusCode,
    ).toBe(400)
    const after = (await row(image.id))!
    expect(after.versionCount).toBe(second)
    expect(after.metadata).toEqual([
      { name: 'title', language: 'en', type: 'input', data: 'Square frame' },
    ])
    expect(after.customSettings).toEqual({})
    expect(
      (await call('PUT', '/admin/asset/save', admin, { id: dir.id, metadata: [] })).statusCode,
    ).toBe(400)

    // The versions list of the element services knows asset versions.
    const versions = await ok<{ items: { id: number; versionCount: number; note: string }[] }>(
      'GET',
      `/admin/element/versions?elementType=asset&elementId=${image.id}`,
    )
    const v1 = versions.items.find((v) => v.versionCount === first)!
    expect(v1.note).toBe('first')
    const shown = await ok<{ metadata: unknown[]; customSettings: unknown; sameFile: boolean }>(
      'GET',
      `/admin/asset/show-version?id=${v1.id}`,
    )
    expect(shown.metadata).toHaveLength(4)
    expect(shown.customSettings).toEqual({ focalPoint: { x: 25, y: 75 } })
    expect(shown.sameFile).toBe(true)

    const published = await ok<{ versionCount: number }>('POST', '/admin/asset/publish-version', {
      id: v1.id,
    })
    expect(published.versionCount).toBe(second + 1)
    const restored = (await row(image.id))!
    expect(restored.metadata).toHaveLength(4)
    expect(restored.customSettings).toEqual({ focalPoint: { x: 25, y: 75 } })
    expect((await call('GET', '/admin/asset/show-version?id=99999999', admin)).statusCode).toBe(404)
    expect(
      (await call('POST', '/admin/asset/publish-version', admin, { id: 99_999_999 })).statusCode,
    ).toBe(404)
  })

  it('refuses writes while another user locks the asset, and reports the lock', async () => {
    const dir = await folder(rootId, 'locks')
    const image = await picture('locked.png', dir.id)
    const other = await insertAdminUser(t.database.db, { username: 'tree-locker', isAdmin: true })
    await t.database.db
      .insert(elementLocks)
      .values({ elementType: 'asset', elementId: image.id, userId: other })
    const listed = await children(dir.id)
    expect(listed.nodes[0]!.locked).toBe(true)
    const data = await ok<AssetData>('GET', `/admin/asset/get-data-by-id?id=${image.id}`)
    expect(data.lock).toMatchObject({ userId: other, userName: 'tree-locker' })
    for (const [method, url, payload] of [
      ['PUT', '/admin/asset/update', { id: image.id, key: 'other.png' }],
      ['PUT', '/admin/asset/save', { id: image.id, metadata: [] }],
      ['DELETE', `/admin/asset/delete?id=${image.id}`, undefined],
    ] as const) {
      expect((await call(method, url, admin, payload)).statusCode, url).toBe(409)
    }
    expect((await row(image.id))!.key).toBe('locked.png')
  })
})

describe('element services for assets', () => {
  it('keeps properties (inherited down the tree), notes and locks of assets, and brings them back from the bin', async () => {
    const dir = await folder(rootId, 'services')
    const image = await picture('svc.png', dir.id)
    await ok('PUT', '/admin/element/properties', {
      elementType: 'asset',
      elementId: dir.id,
      properties: [{ name: 'credit', type: 'text', data: 'Studio Optika', inheritable: true }],
    })
    const inherited = await ok<{ items: { name: string; inherited: boolean; data: unknown }[] }>(
      'GET',
      `/admin/element/properties?elementType=asset&elementId=${image.id}`,
    )
    expect(inherited.items).toEqual([
      expect.objectContaining({ name: 'credit', inherited: true, data: 'Studio Optika' }),
    ])
    await ok('POST', '/admin/element/note-add', {
      elementType: 'asset',
      elementId: image.id,
      title: 'Checked colours',
    })
    const locked = await call('PUT', '/admin/element/lock', admin, {
      elementType: 'asset',
      elementId: image.id,
    })
    expect(locked.statusCode, locked.body).toBe(200)
    const data = await ok<AssetData>('GET', `/admin/asset/get-data-by-id?id=${image.id}`)
    expect(data.lock).toMatchObject({ userId: adminId })
    // One's own lock does not lock one out.
    expect(data.locked).toBe(false)
    await ok('PUT', '/admin/asset/update', { id: image.id, key: 'svc-renamed.png' })

    const { binId } = await ok<{ binId: number }>('DELETE', `/admin/asset/delete?id=${dir.id}`)
    await ok('POST', '/admin/recyclebin/restore', { id: binId })
    const notes = await call('POST', '/admin/element/note-list', admin, {
      elementType: 'asset',
      elementId: image.id,
    })
    expect(notes.statusCode, notes.body).toBe(200)
    expect(notes.body).toContain('Checked colours')
    const own = await ok<{ items: { name: string; inherited: boolean }[] }>(
      'GET',
      `/admin/element/properties?elementType=asset&elementId=${dir.id}`,
    )
    expect(own.items).toEqual([expect.objectContaining({ name: 'credit', inherited: false })])

    // A copy takes the folder's own properties with it.
    const target = await folder(rootId, 'services-copy')
    const { jobId } = await ok<{ jobId: string }>('POST', '/admin/asset/copy', {
      sourceId: dir.id,
      targetId: target.id,
    })
    const job = await waitForJobRow(t.database.db, jobId)
    const copyId = (job.result as { id: number }).id
    const copied = await ok<{ items: { name: string; inherited: boolean }[] }>(
      'GET',
      `/admin/element/properties?elementType=asset&elementId=${copyId}`,
    )
    expect(copied.items).toEqual([expect.objectContaining({ name: 'credit', inherited: false })])
  })
})

describe('copy, delete and restore', () => {
  it('copies a folder with its files as a job, under new ids, keys and files', async () => {
    const source = await folder(rootId, 'copy-src')
    const sub = await folder(source.id, 'sub')
    const image = await picture('pic.png', sub.id)
    const target = await folder(rootId, 'copy-dst')
    await ok('PUT', '/admin/asset/save', { id: image.id, metadata: [{ name: 'alt', data: 'A' }] })

    const info = await ok<{ elements: number }>(
      'GET',
      `/admin/asset/copy-info?sourceId=${source.id}&targetId=${target.id}`,
    )
    expect(info.elements).toBe(3)
    const into = await call('POST', '/admin/asset/copy', admin, {
      sourceId: source.id,
      targetId: sub.id,
    })
    expect(into.statusCode).toBe(400)

    const { jobId } = await ok<{ jobId: string }>('POST', '/admin/asset/copy', {
      sourceId: source.id,
      targetId: target.id,
    })
    const job = await waitForJobRow(t.database.db, jobId)
    expect(job.status, String(job.errorKey)).toBe('done')
    const progress = await ok<{ status: string; percent: number; result: { id: number } }>(
      'GET',
      `/admin/asset/job?id=${jobId}`,
    )
    expect(progress).toMatchObject({ status: 'done', percent: 100 })
    const copy = progress.result.id
    expect((await children(target.id)).nodes.map((n) => n.key)).toEqual(['copy-src'])
    const copiedSub = (await children(copy)).nodes[0]!
    const copiedImage = (await children(copiedSub.id)).nodes[0]!
    expect(copiedImage.id).not.toBe(image.id)
    expect(copiedImage.fullPath).toBe('/copy-dst/copy-src/sub/pic.png')
    const original = (await row(image.id))!
    const copied = (await row(copiedImage.id))!
    expect(copied.storageKey).not.toBe(original.storageKey)
    expect(copied.metadata).toEqual(original.metadata)
    expect(await readFile(join(t.dataDir, 'assets', copied.storageKey!))).toEqual(
      await readFile(join(t.dataDir, 'assets', original.storageKey!)),
    )
    expect(copied.versionCount).toBe(1)

    // A second copy into the same folder gets a free key.
    const second = await ok<{ jobId: string }>('POST', '/admin/asset/copy', {
      sourceId: image.id,
      targetId: copiedSub.id,
      type: 'child',
    })
    expect((await waitForJobRow(t.database.db, second.jobId)).status).toBe('done')
    expect((await children(copiedSub.id)).nodes.map((n) => n.key)).toEqual([
      'pic.png',
      'pic_copy.png',
    ])
  })

  it('deletes a folder with its subtree to the recycle bin; a restore gives back the same ids and files', async () => {
    const doomed = await folder(rootId, 'doomed')
    const inner = await folder(doomed.id, 'inner')
    const image = await picture('kept.png', inner.id)
    await ok('PUT', '/admin/asset/save', {
      id: image.id,
      metadata: [{ name: 'alt', data: 'kept' }],
    })
    const storageKey = (await row(image.id))!.storageKey!

    const info = await ok<{ elements: number; deletable: boolean; hasDependencies: boolean }>(
      'GET',
      `/admin/asset/delete-info?id=${doomed.id}`,
    )
    expect(info).toMatchObject({ elements: 3, deletable: true, hasDependencies: false })
    const deleted = await ok<{ deleted: number; binId: number }>(
      'DELETE',
      `/admin/asset/delete?id=${doomed.id}`,
    )
    expect(deleted.deleted).toBe(3)
    expect(await row(image.id)).toBeUndefined()
    expect(await row(inner.id)).toBeUndefined()
    expect(existsSync(join(t.dataDir, 'assets', storageKey))).toBe(true)
    // The bin's entry still names the file, so a replace elsewhere never removes it.
    expect(await storageKeyInUse(t.database.db, storageKey)).toBe(true)
    expect(await storageKeyInUse(t.database.db, 'nobody/uses-this.png')).toBe(false)
    expect(
      await t.database.db
        .select()
        .from(elementVersions)
        .where(
          and(eq(elementVersions.elementType, 'asset'), eq(elementVersions.elementId, image.id)),
        ),
    ).toHaveLength(0)
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'asset.delete'), eq(auditLog.entityId, String(doomed.id))))
    expect(audit).toBeDefined()

    await ok('POST', '/admin/recyclebin/restore', { id: deleted.binId })
    expect((await row(doomed.id))!.key).toBe('doomed')
    expect((await row(inner.id))!.parentId).toBe(doomed.id)
    const back = (await row(image.id))!
    expect(back).toMatchObject({ storageKey, parentId: inner.id, path: '/doomed/inner/' })
    expect(back.metadata).toEqual([{ name: 'alt', language: '', type: 'input', data: 'kept' }])
    const data = await ok<AssetData>('GET', `/admin/asset/get-data-by-id?id=${image.id}`)
    expect((await t.app.inject({ method: 'GET', url: data.thumbnail! })).statusCode).toBe(200)
    expect(
      await t.database.db
        .select()
        .from(elementVersions)
        .where(
          and(eq(elementVersions.elementType, 'asset'), eq(elementVersions.elementId, image.id)),
        ),
    ).not.toHaveLength(0)

    expect((await call('DELETE', `/admin/asset/delete?id=${rootId}`, admin)).statusCode).toBe(400)
    expect((await call('DELETE', '/admin/asset/delete?id=99999999', admin)).statusCode).toBe(404)
  })

  it('deletes through the element services too (the asset ElementKind)', async () => {
    const dir = await folder(rootId, 'via-elements')
    await picture('x.png', dir.id)
    const response = await call('POST', '/admin/recyclebin/add', admin, {
      elementType: 'asset',
      elementId: dir.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await row(dir.id)).toBeUndefined()
  })

  it('finds the variant that uses an asset, and keeps the asset while it is used', async () => {
    await insertRootFolder(t.database.db)
    const product = SHOP_CLASSES.find((c) => c.id === 'Product')!
    await t.database.db
      .insert(objectClasses)
      .values({ id: product.id, name: product.name, definition: product.definition })
      .onConflictDoNothing()
    const dir = await folder(rootId, 'used')
    const image = await picture('variant.png', dir.id)
    const parent = await insertObject(t.database.db, {
      parentId: 1,
      key: 'frame',
      classId: 'Product',
      data: {},
    })
    const variant = await insertObject(t.database.db, {
      parentId: parent,
      key: 'frame-red',
      type: 'variant',
      classId: 'Product',
      data: { imageIds: [image.id] },
    })
    await recordObjectDependencies(t.database.db, [parent, variant])
    const usages = await ok<{
      items: { elementType: string; elementId: number; subtype: string }[]
    }>('GET', `/admin/element/find-usages?elementType=asset&elementId=${image.id}`)
    expect(usages.items).toEqual([
      expect.objectContaining({ elementType: 'object', elementId: variant, subtype: 'variant' }),
    ])
    const info = await ok<{ usedBy: number; deletable: boolean }>(
      'GET',
      `/admin/asset/delete-info?id=${dir.id}`,
    )
    expect(info).toMatchObject({ usedBy: 1, deletable: false })
    const refused = await call('DELETE', `/admin/asset/delete?id=${dir.id}`, admin)
    expect(refused.statusCode).toBe(409)
    expect(await row(image.id)).toBeDefined()
  })
})
