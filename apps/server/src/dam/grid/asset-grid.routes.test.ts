import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { Job } from '@optika/domain/pim/grid-api'
import type {
  AssetColumnConfigAnswer,
  AssetGridListInput,
  AssetGridPage,
  AssetGridRow,
  SavedAssetGridConfig,
} from '@optika/domain/pim/asset-grid-api'
import { assets } from '../../platform/db/schema/elements.ts'
import {
  adminRoles,
  adminUserRoles,
  adminWorkspaces,
  auditLog,
} from '../../platform/db/schema/identity.ts'
import { elementLocks, elementVersions } from '../../platform/db/schema/pim.ts'
import type { Db } from '../../platform/db/client.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'

type Metadata = { name: string; language: string; type: string; data: unknown }[]

interface PictureTree {
  root: number
  pictures: number
  sub: number
  ids: Record<'alpha' | 'bravo' | 'charlie' | 'delta' | 'manual', number>
}

/**
 * /Pictures: alpha.jpg (image, 2000 B, 800×600), bravo.png (image, 500 B, 100×100),
 * manual.pdf (document, 9000 B); /Pictures/Sub: charlie.jpg (image, 1200 B), delta.mp4 (video).
 */
async function insertPictures(db: Db): Promise<PictureTree> {
  const [root] = await db
    .insert(assets)
    .values({ parentId: null, type: 'folder', key: '', path: '/' })
    .returning()
  const folder = async (parentId: number, path: string, key: string) => {
    const [row] = await db
      .insert(assets)
      .values({ parentId, type: 'folder', key, path })
      .returning({ id: assets.id })
    return row!.id
  }
  const file = async (
    parentId: number,
    path: string,
    key: string,
    values: Partial<typeof assets.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(assets)
      .values({ parentId, path, key, type: 'image', ...values })
      .returning({ id: assets.id })
    return row!.id
  }
  const pictures = await folder(root!.id, '/', 'Pictures')
  const sub = await folder(pictures, '/Pictures/', 'Sub')
  const meta = (items: Metadata) => ({ metadata: items })
  return {
    root: root!.id,
    pictures,
    sub,
    ids: {
      alpha: await file(pictures, '/Pictures/', 'alpha.jpg', {
        mimeType: 'image/jpeg',
        size: 2000,
        width: 800,
        height: 600,
        storageKey: 'ab/alpha.jpg',
        ...meta([
          { name: 'title', language: 'en', type: 'input', data: 'Red frame' },
          { name: 'title', language: 'cs', type: 'input', data: 'Červená obruba' },
          { name: 'approved', language: '', type: 'checkbox', data: true },
        ]),
      }),
      bravo: await file(pictures, '/Pictures/', 'bravo.png', {
        mimeType: 'image/png',
        size: 500,
        width: 100,
        height: 100,
        ...meta([{ name: 'title', language: 'en', type: 'input', data: 'Blue lens' }]),
      }),
      manual: await file(pictures, '/Pictures/', 'manual.pdf', {
        type: 'document',
        mimeType: 'application/pdf',
        size: 9000,
        ...meta([{ name: 'approved', language: '', type: 'checkbox', data: false }]),
      }),
      charlie: await file(sub, '/Pictures/Sub/', 'charlie.jpg', {
        mimeType: 'image/jpeg',
        size: 1200,
        width: 640,
        height: 480,
        ...meta([{ name: 'title', language: 'en', type: 'input', data: '=HYPERLINK("x")' }]),
      }),
      delta: await file(sub, '/Pictures/Sub/', 'delta.mp4', {
        type: 'video',
        mimeType: 'video/mp4',
        size: 50_000,
      }),
    },
  }
}

/** Every call of the asset grid and the asset helper, with a harmless input. */
const CALLS: [Method, string][] = [
  ['GET', '/admin/asset/grid-proxy?folderId=1'],
  ['POST', '/admin/asset/grid-proxy'],
  ['PUT', '/admin/asset/grid-proxy'],
  ['GET', '/admin/asset-helper/grid-get-column-config'],
  ['POST', '/admin/asset-helper/grid-save-column-config'],
  ['DELETE', '/admin/asset-helper/grid-delete-column-config?id=1'],
  ['POST', '/admin/asset-helper/grid-mark-favourite-column-config'],
  ['GET', '/admin/asset-helper/get-metadata-for-column-config'],
  ['POST', '/admin/asset-helper/prepare-helper-column-configs'],
  ['POST', '/admin/asset-helper/get-export-jobs'],
  ['POST', '/admin/asset-helper/do-export'],
  ['GET', '/admin/asset-helper/download-csv-file?jobId=00000000-0000-4000-8000-000000000000'],
  ['GET', '/admin/asset-helper/download-xlsx-file?jobId=00000000-0000-4000-8000-000000000000'],
  ['POST', '/admin/asset-helper/get-batch-jobs'],
  ['PUT', '/admin/asset-helper/batch'],
  ['GET', '/admin/asset-helper/job?id=00000000-0000-4000-8000-000000000000'],
]

describe('asset grid', () => {
  let t: TestApp
  let tree: PictureTree
  let admin: string
  let editor: string
  let editorId: number
  let other: string
  let otherId: number
  let noAssets: string

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    tree = await insertPictures(db)
    admin = await signInNewUser(db, { username: 'boss', isAdmin: true })
    editorId = await insertAdminUser(db, { username: 'ed', permissions: ['assets'] })
    editor = await signIn(db, editorId)
    // The editor may see the Sub folder only, and change nothing in it.
    await db.insert(adminWorkspaces).values({
      userId: editorId,
      elementType: 'asset',
      path: '/Pictures/Sub/',
      list: true,
      view: true,
    })
    otherId = await insertAdminUser(db, { username: 'olga', permissions: ['assets'] })
    other = await signIn(db, otherId)
    noAssets = await signInNewUser(db, { username: 'nora', permissions: ['objects'] })
  })
  afterAll(async () => {
    await t.close()
  })

  const call = async (method: Method, url: string, cookie: string | null, body?: unknown) =>
    injectAs(t.app, method, url, cookie, body, { 'accept-language': 'en' })

  async function list(input: Omit<AssetGridListInput, 'folderId'> & { folderId?: number }) {
    const response = await call('POST', '/admin/asset/grid-proxy', admin, {
      folderId: tree.pictures,
      ...input,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<AssetGridPage>()
  }
  const keys = (page: AssetGridPage) => page.rows.map((row) => row.key)

  async function finishedJob(jobId: string, cookie = admin): Promise<Job> {
    await waitForJobRow(t.database.db, jobId)
    const response = await call('GET', `/admin/asset-helper/job?id=${jobId}`, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Job>()
  }

  describe('access', () => {
    it('registers every call and refuses anonymous callers (401) and users without the assets key (403)', async () => {
      for (const [method, url] of CALLS) {
        const anonymous = await call(method, url, null, method === 'GET' ? undefined : {})
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
        const forbidden = await call(method, url, noAssets, method === 'GET' ? undefined : {})
        expect(forbidden.statusCode, `${method} ${url}`).toBe(403)
      }
    })

    it('lists only the assets the workspace lets the user list', async () => {
      const response = await call('POST', '/admin/asset/grid-proxy', editor, {
        folderId: tree.pictures,
        sort: { column: 'key' },
      })
      expect(response.statusCode).toBe(200)
      const page = response.json<AssetGridPage>()
      expect(page.total).toBe(2)
      expect(keys(page)).toEqual(['charlie.jpg', 'delta.mp4'])
      const none = await call('POST', '/admin/asset/grid-proxy', other, { folderId: tree.pictures })
      expect(none.json<AssetGridPage>().total).toBe(0)
    })
  })

  describe('listing', () => {
    it('lists the files of a folder and its subfolders, paged and sorted', async () => {
      const all = await list({ sort: { column: 'size', direction: 'desc' } })
      expect(all.total).toBe(5)
      expect(keys(all)).toEqual([
        'delta.mp4',
        'manual.pdf',
        'alpha.jpg',
        'charlie.jpg',
        'bravo.png',
      ])
      const page = await list({ sort: { column: 'key' }, limit: 2, start: 2 })
      expect(page.total).toBe(5)
      expect(keys(page)).toEqual(['charlie.jpg', 'delta.mp4'])
      const direct = await list({ onlyDirectChildren: true, sort: { column: 'key' } })
      expect(keys(direct)).toEqual(['alpha.jpg', 'bravo.png', 'manual.pdf'])
      const withFolders = await list({ onlyDirectChildren: true, includeFolders: true })
      expect(keys(withFolders)).toContain('Sub')
      // The root lists everything below it, never itself.
      const fromRoot = await list({ folderId: tree.root, includeFolders: true })
      expect(fromRoot.total).toBe(7)
      expect(keys(fromRoot)).not.toContain('')
    })

    it('answers system columns and custom metadata by name and language', async () => {
      const page = await list({ filters: [{ type: 'string', column: 'key', value: 'alpha' }] })
      expect(page.rows).toHaveLength(1)
      expect(page.rows[0]).toMatchObject<Partial<AssetGridRow>>({
        id: tree.ids.alpha,
        key: 'alpha.jpg',
        fullpath: '/Pictures/alpha.jpg',
        type: 'image',
        mimetype: 'image/jpeg',
        size: 2000,
        width: 800,
        height: 600,
        metadata: {
          'meta:title~en': 'Red frame',
          'meta:title~cs': 'Červená obruba',
          'meta:approved': true,
        },
      })
    })

    it('gives images a thumbnail and other files none', async () => {
      const page = await list({ sort: { column: 'key' } })
      expect(page.rows.map((row) => row.thumbnail)).toEqual([
        '/media/thumbnail/ab/alpha.jpg',
        null,
        null,
        null,
        null,
      ])
    })

    it('filters by text, number range, date range, type list, metadata and full text', async () => {
      const numbers = await list({
        filters: [{ type: 'number', column: 'size', from: 1000, to: 9000 }],
      })
      expect(keys(numbers).sort()).toEqual(['alpha.jpg', 'charlie.jpg', 'manual.pdf'])
      const types = await list({
        filters: [{ type: 'list', column: 'type', values: ['video', 'document'] }],
      })
      expect(keys(types).sort()).toEqual(['delta.mp4', 'manual.pdf'])
      const today = new Date().toISOString().slice(0, 10)
      const dated = await list({
        filters: [{ type: 'date', column: 'creationDate', from: today, to: today }],
      })
      expect(dated.total).toBe(5)
      const old = await list({
        filters: [{ type: 'date', column: 'creationDate', to: '2000-01-01' }],
      })
      expect(old.total).toBe(0)
      const title = await list({
        filters: [{ type: 'string', column: 'meta:title~en', value: 'blue' }],
      })
      expect(keys(title)).toEqual(['bravo.png'])
      const approved = await list({
        filters: [{ type: 'boolean', column: 'meta:approved', value: true }],
      })
      expect(keys(approved)).toEqual(['alpha.jpg'])
      const notApproved = await list({
        filters: [{ type: 'boolean', column: 'meta:approved', value: false }],
      })
      expect(notApproved.total).toBe(4)
      const query = await list({ query: 'obruba' })
      expect(keys(query)).toEqual(['alpha.jpg'])
      // A LIKE wildcard is matched literally.
      expect((await list({ query: '%' })).total).toBe(0)
    })

    it('sorts by a metadata column, assets without it last', async () => {
      const page = await list({ sort: { column: 'meta:title~en', direction: 'asc' } })
      expect(keys(page).slice(0, 3)).toEqual(['charlie.jpg', 'bravo.png', 'alpha.jpg'])
    })

    it('takes the GET form with filters as JSON', async () => {
      const filters = encodeURIComponent(
        JSON.stringify([{ type: 'string', column: 'key', value: '.jpg' }]),
      )
      const response = await call(
        'GET',
        `/admin/asset/grid-proxy?folderId=${tree.pictures}&filters=${filters}&sort=key&dir=DESC&limit=1`,
        admin,
      )
      expect(response.statusCode, response.body).toBe(200)
      const page = response.json<AssetGridPage>()
      expect(page.total).toBe(2)
      expect(keys(page)).toEqual(['charlie.jpg'])
    })

    it('refuses bad filters, sorts and folders with a translated 4xx', async () => {
      const badJson = await call(
        'GET',
        `/admin/asset/grid-proxy?folderId=${tree.pictures}&filters=%7Bnope`,
        admin,
      )
      expect(badJson.statusCode).toBe(400)
      expect(badJson.json()).toMatchObject({
        code: 'BAD_FILTER',
        message: 'The grid filters are not valid.',
      })
      const wrongType = await call('POST', '/admin/asset/grid-proxy', admin, {
        folderId: tree.pictures,
        filters: [{ type: 'string', column: 'size', value: '1' }],
      })
      expect(wrongType.statusCode).toBe(400)
      expect(wrongType.json()).toMatchObject({ code: 'BAD_FILTER' })
      const badTypeValue = await call('POST', '/admin/asset/grid-proxy', admin, {
        folderId: tree.pictures,
        filters: [{ type: 'list', column: 'type', values: ["image') or true --"] }],
      })
      expect(badTypeValue.statusCode).toBe(400)
      const unknownSort = await call('POST', '/admin/asset/grid-proxy', admin, {
        folderId: tree.pictures,
        sort: { column: 'password' },
      })
      expect(unknownSort.statusCode).toBe(400)
      expect(unknownSort.json()).toMatchObject({
        code: 'UNKNOWN_COLUMN',
        message: 'The asset grid has no column password.',
      })
      const notFolder = await call('POST', '/admin/asset/grid-proxy', admin, {
        folderId: tree.ids.alpha,
      })
      expect(notFolder.statusCode).toBe(404)
      const missing = await call('POST', '/admin/asset/grid-proxy', admin, { folderId: 999_999 })
      expect(missing.statusCode).toBe(404)
      const badLimit = await call(
        'GET',
        `/admin/asset/grid-proxy?folderId=${tree.pictures}&limit=100000`,
        admin,
      )
      expect(badLimit.statusCode).toBe(400)
    })
  })

  describe('editing metadata', () => {
    it('sets, adds and removes custom metadata of a row as a new version with an audit entry', async () => {
      const db = t.database.db
      const response = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.bravo,
        values: {
          'meta:title~en': 'Blue lens, new',
          'meta:title~de': null,
          'meta:credit': 'Optika',
        },
        note: 'from the grid',
      })
      // 'de' is not one of the shop's languages.
      expect(response.statusCode).toBe(400)
      const ok = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.bravo,
        values: { 'meta:title~en': 'Blue lens, new', 'meta:credit': 'Optika' },
        note: 'from the grid',
      })
      expect(ok.statusCode, ok.body).toBe(200)
      expect(ok.json<{ row: AssetGridRow }>().row.metadata).toEqual({
        'meta:title~en': 'Blue lens, new',
        'meta:credit': 'Optika',
      })
      const [row] = await db.select().from(assets).where(eq(assets.id, tree.ids.bravo))
      expect(row!.versionCount).toBe(1)
      const versions = await db
        .select()
        .from(elementVersions)
        .where(
          and(
            eq(elementVersions.elementType, 'asset'),
            eq(elementVersions.elementId, tree.ids.bravo),
          ),
        )
      expect(versions).toHaveLength(1)
      expect(versions[0]!.note).toBe('from the grid')
      const audit = await db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'asset.metadata'), eq(auditLog.entityId, String(tree.ids.bravo))),
        )
      expect(audit).toHaveLength(1)

      // POST with values edits too (Pimcore's grid-proxy); null removes a field.
      const removed = await call('POST', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.bravo,
        values: { 'meta:credit': null },
      })
      expect(removed.statusCode, removed.body).toBe(200)
      expect(removed.json<{ row: AssetGridRow }>().row.metadata).toEqual({
        'meta:title~en': 'Blue lens, new',
      })
      const [after] = await db.select().from(assets).where(eq(assets.id, tree.ids.bravo))
      expect(after!.versionCount).toBe(2)
    })

    it('refuses system columns, values of the wrong type, hidden assets, missing rights and locks', async () => {
      const db = t.database.db
      const before = await db.select().from(assets).where(eq(assets.id, tree.ids.alpha))
      const system = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.alpha,
        values: { key: 'evil.jpg' },
      })
      expect(system.statusCode).toBe(400)
      expect(system.json()).toMatchObject({ code: 'NOT_EDITABLE' })
      const wrongType = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.alpha,
        values: { 'meta:approved': 'yes' },
      })
      expect(wrongType.statusCode).toBe(400)
      expect(wrongType.json()).toMatchObject({ code: 'BAD_VALUE' })
      const badName = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.alpha,
        values: { 'meta:<script>': 'x' },
      })
      expect(badName.statusCode).toBe(400)
      expect(badName.json()).toMatchObject({ code: 'UNKNOWN_COLUMN' })
      const empty = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.alpha,
        values: {},
      })
      expect(empty.statusCode).toBe(400)
      const hidden = await call('PUT', '/admin/asset/grid-proxy', editor, {
        id: tree.ids.alpha,
        values: { 'meta:title~en': 'x' },
      })
      expect(hidden.statusCode).toBe(404)
      const noPublish = await call('PUT', '/admin/asset/grid-proxy', editor, {
        id: tree.ids.charlie,
        values: { 'meta:title~en': 'x' },
      })
      expect(noPublish.statusCode).toBe(403)
      await db
        .insert(elementLocks)
        .values({ elementType: 'asset', elementId: tree.ids.alpha, userId: otherId })
      const locked = await call('PUT', '/admin/asset/grid-proxy', admin, {
        id: tree.ids.alpha,
        values: { 'meta:title~en': 'x' },
      })
      expect(locked.statusCode).toBe(409)
      await db.delete(elementLocks).where(eq(elementLocks.elementId, tree.ids.alpha))
      expect(await db.select().from(assets).where(eq(assets.id, tree.ids.alpha))).toEqual(before)
    })
  })

  describe('column configurations', () => {
    it('offers system and metadata columns and the default configuration', async () => {
      const response = await call('GET', '/admin/asset-helper/grid-get-column-config', admin)
      expect(response.statusCode).toBe(200)
      const answer = response.json<AssetColumnConfigAnswer>()
      const available = answer.available.map((c) => c.key)
      expect(available).toEqual(
        expect.arrayContaining(['id', 'fullpath', 'size', 'meta:title~en', 'meta:approved']),
      )
      expect(answer.current).toMatchObject({ id: null, name: 'Default columns' })
      const metadata = await call(
        'GET',
        '/admin/asset-helper/get-metadata-for-column-config',
        admin,
      )
      expect(metadata.statusCode).toBe(200)
      expect(metadata.json<{ columns: unknown[] }>().columns).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            key: 'meta:title~cs',
            name: 'title',
            language: 'cs',
            title: 'title (CS)',
            filterType: 'string',
          }),
          expect.objectContaining({
            key: 'meta:approved',
            type: 'checkbox',
            filterType: 'boolean',
          }),
        ]),
      )
    })

    it('saves, shares with a user and a role, favourites and deletes; only the owner changes it', async () => {
      const db = t.database.db
      const [role] = await db.insert(adminRoles).values({ name: 'Photographers' }).returning()
      await db.insert(adminUserRoles).values({ userId: editorId, roleId: role!.id })
      const save = (cookie: string, body: object) =>
        call('POST', '/admin/asset-helper/grid-save-column-config', cookie, body)
      const mine = await save(admin, {
        name: 'Pictures',
        folderId: tree.pictures,
        config: {
          columns: [{ key: 'key' }, { key: 'meta:title~en', width: 200 }],
          sort: { column: 'size', direction: 'desc' },
        },
        sharedUserIds: [otherId],
        favourite: true,
      })
      expect(mine.statusCode, mine.body).toBe(200)
      const saved = mine.json<SavedAssetGridConfig>()
      expect(saved).toMatchObject({
        isOwner: true,
        sharedUserIds: [otherId],
        folderId: tree.pictures,
      })
      const forRole = await save(admin, {
        name: 'For photographers',
        config: { columns: [{ key: 'id' }] },
        sharedRoleIds: [role!.id],
      })
      expect(forRole.statusCode).toBe(200)
      const roleConfig = forRole.json<SavedAssetGridConfig>()

      const own = await call(
        'GET',
        `/admin/asset-helper/grid-get-column-config?folderId=${tree.pictures}`,
        admin,
      )
      expect(own.json<AssetColumnConfigAnswer>().current).toMatchObject({
        id: saved.id,
        isFavourite: true,
      })
      // Olga sees the config shared with her as the one in use, the role's one not.
      const olga = (
        await call(
          'GET',
          `/admin/asset-helper/grid-get-column-config?folderId=${tree.pictures}`,
          other,
        )
      ).json<AssetColumnConfigAnswer>()
      expect(olga.configs.map((c) => c.id)).toEqual([saved.id])
      expect(olga.current).toMatchObject({ id: saved.id, isFavourite: false })
      const ed = (
        await call('GET', '/admin/asset-helper/grid-get-column-config', editor)
      ).json<AssetColumnConfigAnswer>()
      expect(ed.configs.map((c) => c.id)).toEqual([roleConfig.id])
      const nina = await signInNewUser(db, { username: 'nina', permissions: ['assets'] })
      const unshared = await call('GET', '/admin/asset-helper/grid-get-column-config', nina)
      expect(unshared.json<AssetColumnConfigAnswer>().configs).toEqual([])

      // Olga may favourite it, not change or delete it.
      const favourite = await call(
        'POST',
        '/admin/asset-helper/grid-mark-favourite-column-config',
        other,
        { id: saved.id, folderId: 0 },
      )
      expect(favourite.statusCode).toBe(200)
      const olgaAfter = (
        await call('GET', '/admin/asset-helper/grid-get-column-config', other)
      ).json<AssetColumnConfigAnswer>()
      expect(olgaAfter.current).toMatchObject({ id: saved.id, isFavourite: true })
      const change = await save(other, {
        id: saved.id,
        name: 'Mine now',
        config: { columns: [{ key: 'id' }] },
      })
      expect(change.statusCode).toBe(403)
      const remove = await call(
        'DELETE',
        `/admin/asset-helper/grid-delete-column-config?id=${saved.id}`,
        other,
      )
      expect(remove.statusCode).toBe(403)
      expect(remove.json()).toMatchObject({ code: 'NOT_OWNER' })
      // The editor cannot even see it.
      const hidden = await call(
        'POST',
        '/admin/asset-helper/grid-mark-favourite-column-config',
        editor,
        { id: saved.id, folderId: 0 },
      )
      expect(hidden.statusCode).toBe(404)

      const deleted = await call(
        'DELETE',
        `/admin/asset-helper/grid-delete-column-config?id=${saved.id}`,
        admin,
      )
      expect(deleted.statusCode).toBe(200)
      const gone = (
        await call('GET', '/admin/asset-helper/grid-get-column-config', other)
      ).json<AssetColumnConfigAnswer>()
      expect(gone.current.id).toBeNull()
      const audit = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'assetGridConfig.delete'))
      expect(audit).toHaveLength(1)
    })

    it('refuses unknown columns and object grid configurations', async () => {
      const unknown = await call('POST', '/admin/asset-helper/grid-save-column-config', admin, {
        name: 'Bad',
        config: { columns: [{ key: 'passwordHash' }] },
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_COLUMN' })
      const badFilter = await call('POST', '/admin/asset-helper/grid-save-column-config', admin, {
        name: 'Bad',
        config: {
          columns: [{ key: 'id' }],
          filters: [{ type: 'string', column: 'meta:x~xx', value: 'a' }],
        },
      })
      expect(badFilter.statusCode).toBe(400)
      const noColumns = await call('POST', '/admin/asset-helper/grid-save-column-config', admin, {
        name: 'Bad',
        config: { columns: [] },
      })
      expect(noColumns.statusCode).toBe(400)
      const missing = await call(
        'GET',
        '/admin/asset-helper/grid-get-column-config?configId=99999',
        admin,
      )
      expect(missing.statusCode).toBe(404)
    })
  })

  describe('exports', () => {
    it('splits the selection into job chunks', async () => {
      for (const name of ['get-export-jobs', 'get-batch-jobs']) {
        const response = await call('POST', `/admin/asset-helper/${name}`, admin, {
          folderId: tree.pictures,
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({ total: 5, jobs: [expect.any(Array)] })
      }
      const editorChunks = await call('POST', '/admin/asset-helper/get-export-jobs', editor, {
        folderId: tree.pictures,
      })
      expect(editorChunks.json()).toEqual({
        total: 2,
        jobs: [[tree.ids.charlie, tree.ids.delta].sort((a, b) => a - b)],
      })
    })

    it('exports CSV with metadata columns, formulas kept inert', async () => {
      const started = await call('POST', '/admin/asset-helper/do-export', admin, {
        selection: { folderId: tree.sub },
        sort: { column: 'key' },
        format: 'csv',
        columns: ['key', 'size', 'meta:title~en'],
      })
      expect(started.statusCode, started.body).toBe(200)
      const { jobId } = started.json<{ jobId: string }>()
      const job = await finishedJob(jobId)
      expect(job).toMatchObject({ status: 'done', percent: 100, total: 2 })
      const early = await call(
        'GET',
        `/admin/asset-helper/download-xlsx-file?jobId=${jobId}`,
        admin,
      )
      expect(early.statusCode).toBe(404)
      const download = await call(
        'GET',
        `/admin/asset-helper/download-csv-file?jobId=${jobId}`,
        admin,
      )
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toMatch(/^text\/csv/)
      expect(download.headers['content-disposition']).toMatch(
        /attachment; filename="assets-.*\.csv"/,
      )
      expect(
        download.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\n'),
      ).toEqual([
        'key,size,meta:title~en',
        `charlie.jpg,1200,"'=HYPERLINK(""x"")"`,
        'delta.mp4,50000,',
      ])
      // Someone else's job is not found.
      expect(
        (await call('GET', `/admin/asset-helper/download-csv-file?jobId=${jobId}`, other))
          .statusCode,
      ).toBe(404)
      expect((await call('GET', `/admin/asset-helper/job?id=${jobId}`, other)).statusCode).toBe(404)
    })

    it('exports XLSX through a prepared helper configuration, only the rows the user may list', async () => {
      const helper = await call(
        'POST',
        '/admin/asset-helper/prepare-helper-column-configs',
        editor,
        {
          columns: ['id', 'fullpath', 'width'],
        },
      )
      expect(helper.statusCode, helper.body).toBe(200)
      const { helperConfigId, columns } = helper.json<{
        helperConfigId: string
        columns: { key: string; title: string }[]
      }>()
      expect(columns.map((c) => c.title)).toEqual(['ID', 'Path', 'Width (px)'])
      // The helper configuration is the editor's own.
      const stolen = await call('POST', '/admin/asset-helper/do-export', admin, {
        selection: { folderId: tree.pictures },
        format: 'xlsx',
        helperConfigId,
      })
      expect(stolen.statusCode).toBe(404)
      const started = await call('POST', '/admin/asset-helper/do-export', editor, {
        selection: { folderId: tree.pictures },
        sort: { column: 'width', direction: 'desc' },
        format: 'xlsx',
        helperConfigId,
      })
      expect(started.statusCode, started.body).toBe(200)
      const { jobId } = started.json<{ jobId: string }>()
      expect((await finishedJob(jobId, editor)).status).toBe('done')
      const download = await call(
        'GET',
        `/admin/asset-helper/download-xlsx-file?jobId=${jobId}`,
        editor,
      )
      expect(download.statusCode).toBe(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.worksheets[0]!
      expect(sheet.name).toBe('Assets')
      const values = sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1))
      expect(values).toEqual([
        ['id', 'fullpath', 'width'],
        [tree.ids.charlie, '/Pictures/Sub/charlie.jpg', 640],
        [tree.ids.delta, '/Pictures/Sub/delta.mp4'],
      ])
    })

    it('refuses unknown columns and a bad helper configuration before a job exists', async () => {
      const prepare = await call(
        'POST',
        '/admin/asset-helper/prepare-helper-column-configs',
        admin,
        {
          columns: ['id', 'storageKey'],
        },
      )
      expect(prepare.statusCode).toBe(400)
      expect(prepare.json()).toMatchObject({ code: 'UNKNOWN_COLUMN' })
      const columns = await call('POST', '/admin/asset-helper/do-export', admin, {
        selection: { folderId: tree.pictures },
        format: 'csv',
        columns: ['nope'],
      })
      expect(columns.statusCode).toBe(400)
      const format = await call('POST', '/admin/asset-helper/do-export', admin, {
        selection: { folderId: tree.pictures },
        format: 'pdf',
      })
      expect(format.statusCode).toBe(400)
      const badJob = await call('GET', '/admin/asset-helper/download-csv-file?jobId=nope', admin)
      expect(badJob.statusCode).toBe(400)
    })
  })

  describe('batch', () => {
    it('sets a metadata field on every asset of a selection, each as a new version', async () => {
      const started = await call('PUT', '/admin/asset-helper/batch', admin, {
        selection: { folderId: tree.sub },
        column: 'meta:copyright',
        value: '© Optika',
      })
      expect(started.statusCode, started.body).toBe(200)
      const job = await finishedJob(started.json<{ jobId: string }>().jobId)
      expect(job).toMatchObject({ status: 'done', result: { updated: 2, failed: 0 } })
      const page = await list({ folderId: tree.sub, sort: { column: 'key' } })
      expect(page.rows.map((r) => r.metadata['meta:copyright'])).toEqual(['© Optika', '© Optika'])
      const [delta] = await t.database.db.select().from(assets).where(eq(assets.id, tree.ids.delta))
      expect(delta!.versionCount).toBeGreaterThanOrEqual(1)
    })

    it('reports each asset the user may not change and changes none of them', async () => {
      const started = await call('PUT', '/admin/asset-helper/batch', editor, {
        ids: [tree.ids.charlie, tree.ids.alpha],
        column: 'meta:copyright',
        value: 'Mine',
      })
      expect(started.statusCode).toBe(200)
      const job = await finishedJob(started.json<{ jobId: string }>().jobId, editor)
      expect(job.result).toMatchObject({ updated: 0, failed: 2 })
      const [charlie] = await t.database.db
        .select()
        .from(assets)
        .where(eq(assets.id, tree.ids.charlie))
      expect(JSON.stringify(charlie!.metadata)).not.toContain('Mine')
    })

    it('refuses a batch without assets, on a system column or with a wrong value', async () => {
      const none = await call('PUT', '/admin/asset-helper/batch', admin, {
        column: 'meta:x',
        value: 'a',
      })
      expect(none.statusCode).toBe(400)
      expect(none.json()).toMatchObject({
        code: 'NO_ASSETS',
        message: 'Choose the assets to change.',
      })
      const system = await call('PUT', '/admin/asset-helper/batch', admin, {
        ids: [tree.ids.alpha],
        column: 'size',
        value: 1,
      })
      expect(system.statusCode).toBe(400)
      const wrong = await call('PUT', '/admin/asset-helper/batch', admin, {
        ids: [tree.ids.alpha],
        column: 'meta:approved',
        value: 'yes',
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ code: 'BAD_VALUE' })
    })
  })
})
