import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type {
  ColumnConfigAnswer,
  GridListInput,
  GridPage,
  GridRow,
  Job,
} from '@optika/domain/pim/grid-api'
import { adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { jobs } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { failInterruptedJob } from '../../platform/jobs/start-job.ts'
import { insertGadgets, type GadgetTree } from '../../../test/kits/pim-grid-test-kit.ts'

describe('object grid', () => {
  let t: TestApp
  let tree: GadgetTree
  let admin: string
  let editor: string
  let editorId: number
  let other: string
  let noObjects: string

  beforeAll(async () => {
    t = await buildTestApp()
    tree = await insertGadgets(t.database.db)
    admin = await signInNewUser(t.database.db, { username: 'boss', isAdmin: true })
    editorId = await insertAdminUser(t.database.db, { username: 'ed', permissions: ['objects'] })
    editor = await signIn(t.database.db, editorId)
    // The editor may list only the Sub folder.
    await t.database.db.insert(adminWorkspaces).values({
      userId: editorId,
      elementType: 'object',
      path: '/Gadgets/Sub/',
      list: true,
      view: true,
    })
    const otherId = await insertAdminUser(t.database.db, {
      username: 'olga',
      permissions: ['objects'],
    })
    other = await signIn(t.database.db, otherId)
    noObjects = await signInNewUser(t.database.db, { username: 'nora', permissions: ['assets'] })
  })
  afterAll(async () => {
    await t.close()
  })

  const call = async (method: Method, url: string, cookie: string, body?: unknown) =>
    injectAs(t.app, method, url, cookie, body)

  async function list(input: Omit<GridListInput, 'folderId' | 'classId'> & { folderId?: number }) {
    const response = await call('POST', '/admin/object/grid-proxy', admin, {
      folderId: tree.gadgets,
      classId: 'Gadget',
      ...input,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<GridPage>()
  }

  async function finishedJob(jobId: string, cookie = admin): Promise<Job> {
    await waitForJobRow(t.database.db, jobId)
    const response = await call('GET', `/admin/object-helper/job?id=${jobId}`, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Job>()
  }

  describe('access', () => {
    it('refuses anonymous callers with 401 and users without the objects key with 403', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/admin/object/grid-proxy' })
      expect(anonymous.statusCode).toBe(401)
      const helper = await t.app.inject({
        method: 'POST',
        url: '/admin/object-helper/do-export',
        payload: {},
      })
      expect(helper.statusCode).toBe(401)
      const forbidden = await call(
        'GET',
        `/admin/object/grid-proxy?folderId=${tree.gadgets}&classId=Gadget`,
        noObjects,
      )
      expect(forbidden.statusCode).toBe(403)
      const job = await call(
        'GET',
        '/admin/object-helper/job?id=00000000-0000-4000-8000-000000000000',
        noObjects,
      )
      expect(job.statusCode).toBe(403)
    })

    it('lists only the rows the user may list', async () => {
      const response = await call('POST', '/admin/object/grid-proxy', editor, {
        folderId: tree.gadgets,
        classId: 'Gadget',
      })
      expect(response.statusCode, response.body).toBe(200)
      const page = response.json<GridPage>()
      expect(page.total).toBe(1)
      expect(page.rows.map((r) => r.key)).toEqual(['sierra'])
    })
  })

  describe('listing', () => {
    it('lists the whole subtree by default and only direct children on request', async () => {
      expect((await list({})).total).toBe(6)
      const direct = await list({ onlyDirectChildren: true })
      expect(direct.total).toBe(5)
      expect(direct.rows.map((r) => r.key)).not.toContain('sierra')
    })

    it('pages with limit and start', async () => {
      const first = await list({ limit: 2, start: 0, sort: { column: 'key', direction: 'asc' } })
      const second = await list({ limit: 2, start: 2, sort: { column: 'key', direction: 'asc' } })
      expect(first.total).toBe(6)
      expect(first.rows.map((r) => r.key)).toEqual(['alpha', 'bravo'])
      expect(second.rows.map((r) => r.key)).toEqual(['charlie', 'delta'])
    })

    it('sorts numbers numerically, empty values last', async () => {
      const asc = await list({ sort: { column: 'weight', direction: 'asc' } })
      expect(asc.rows.map((r) => r.values.weight)).toEqual([3, 5, 20, 50, 100, null])
      const desc = await list({ sort: { column: 'weight', direction: 'desc' } })
      expect(desc.rows.map((r) => r.values.weight)).toEqual([100, 50, 20, 5, 3, null])
    })

    it('sorts and shows localized fields in the chosen language', async () => {
      const en = await list({ language: 'en', sort: { column: 'name', direction: 'asc' } })
      expect(en.rows.map((r) => r.values.name)).toEqual([
        'Alpha',
        'Bravo',
        'Charlie',
        'Delta',
        'Echo',
        'Sierra',
      ])
      const cs = await list({ language: 'cs', sort: { column: 'key', direction: 'asc' } })
      expect(cs.rows.find((r) => r.key === 'charlie')?.values.name).toBe('Čárlí')
      expect(cs.rows.find((r) => r.key === 'echo')?.values.name).toBeNull()
    })

    it('returns system columns and select labels', async () => {
      const page = await list({ sort: { column: 'key', direction: 'asc' }, limit: 1 })
      const row = page.rows[0]!
      expect(row).toMatchObject({
        key: 'alpha',
        fullpath: '/Gadgets/alpha',
        published: true,
        classname: 'Gadget',
        type: 'object',
      })
      expect(row.labels).toEqual({ color: 'Red', tags: 'New' })
      expect(Date.parse(row.creationDate)).not.toBeNaN()
    })

    it('filters by text, number range, date range, boolean and option list', async () => {
      const keys = async (filters: GridListInput['filters']) =>
        (await list({ filters, sort: { column: 'key', direction: 'asc' } })).rows.map((r) => r.key)
      expect(await keys([{ type: 'string', column: 'code', value: 'c-3' }])).toEqual(['charlie'])
      expect(await keys([{ type: 'number', column: 'weight', from: 5, to: 50 }])).toEqual([
        'alpha',
        'bravo',
        'sierra',
      ])
      expect(
        await keys([{ type: 'date', column: 'released', from: '2024-02-01', to: '2025-12-31' }]),
      ).toEqual(['bravo', 'charlie'])
      expect(await keys([{ type: 'boolean', column: 'active', value: true }])).toEqual([
        'alpha',
        'delta',
      ])
      expect(await keys([{ type: 'boolean', column: 'active', value: false }])).toEqual([
        'bravo',
        'charlie',
        'echo',
        'sierra',
      ])
      expect(await keys([{ type: 'list', column: 'color', values: ['blue'] }])).toEqual([
        'bravo',
        'sierra',
      ])
      expect(await keys([{ type: 'list', column: 'tags', values: ['sale'] }])).toEqual([
        'bravo',
        'charlie',
      ])
      expect(await keys([{ type: 'number', column: 'id', from: tree.ids.echo }])).toEqual([
        'echo',
        'sierra',
      ])
    })

    it('searches the full text of keys and values', async () => {
      const page = await list({ query: 'charl', language: 'en' })
      expect(page.rows.map((r) => r.key)).toEqual(['charlie'])
      const byValue = await list({ query: 'S-9' })
      expect(byValue.rows.map((r) => r.key)).toEqual(['sierra'])
    })

    it('takes the same query as GET parameters with filters as JSON', async () => {
      const filters = JSON.stringify([{ type: 'list', column: 'color', values: ['red'] }])
      const response = await call(
        'GET',
        `/admin/object/grid-proxy?folderId=${tree.gadgets}&classId=Gadget&sort=weight&dir=DESC&filters=${encodeURIComponent(filters)}`,
        admin,
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<GridPage>().rows.map((r) => r.key)).toEqual(['charlie', 'alpha'])
    })

    it('refuses an unknown sort column or a filter of the wrong type with 400', async () => {
      const sort = await call('POST', '/admin/object/grid-proxy', admin, {
        folderId: tree.gadgets,
        classId: 'Gadget',
        sort: { column: 'nope', direction: 'asc' },
      })
      expect(sort.statusCode).toBe(400)
      const filter = await call('POST', '/admin/object/grid-proxy', admin, {
        folderId: tree.gadgets,
        classId: 'Gadget',
        filters: [{ type: 'number', column: 'code', from: 1 }],
      })
      expect(filter.statusCode).toBe(400)
      const badJson = await call(
        'GET',
        `/admin/object/grid-proxy?folderId=${tree.gadgets}&classId=Gadget&filters=%7Bnope`,
        admin,
      )
      expect(badJson.statusCode).toBe(400)
    })

    it('answers 404 for an unknown class or folder', async () => {
      const cls = await call('POST', '/admin/object/grid-proxy', admin, {
        folderId: tree.gadgets,
        classId: 'Nope',
      })
      expect(cls.statusCode).toBe(404)
      const folder = await call('POST', '/admin/object/grid-proxy', admin, {
        folderId: 999_999,
        classId: 'Gadget',
      })
      expect(folder.statusCode).toBe(404)
    })

    it('loads one object as a grid row', async () => {
      const response = await call(
        'GET',
        `/admin/object-helper/load-object-data?id=${tree.ids.alpha}&language=en`,
        admin,
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ key: 'alpha', values: { name: 'Alpha', weight: 5 } })
      const hidden = await call(
        'GET',
        `/admin/object-helper/load-object-data?id=${tree.ids.alpha}`,
        editor,
      )
      expect(hidden.statusCode).toBe(404)
    })
  })

  describe('column configurations', () => {
    const config = { columns: [{ key: 'key' }, { key: 'weight' }], pageSize: 10 }

    it('offers system columns and fields, and the class default until something is saved', async () => {
      const response = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.gadgets}`,
        other,
      )
      expect(response.statusCode, response.body).toBe(200)
      const answer = response.json<ColumnConfigAnswer>()
      expect(answer.available.map((c) => c.key)).toEqual(
        expect.arrayContaining(['id', 'fullpath', 'code', 'name', 'color']),
      )
      const name = answer.available.find((c) => c.key === 'name')
      expect(name).toMatchObject({ localized: true, editable: true, filterType: 'string' })
      const prices = answer.available.find((c) => c.key === 'prices')
      expect(prices).toMatchObject({ editable: false, filterType: null })
      expect(answer.current.id).toBeNull()
      expect(answer.current.config.columns.map((c) => c.key)).toEqual(
        expect.arrayContaining(['code', 'name', 'weight']),
      )
      const fields = await call(
        'GET',
        '/admin/object-helper/get-available-visible-vields?classId=Gadget',
        other,
      )
      expect(fields.statusCode).toBe(200)
      expect(fields.json()).toHaveLength(answer.available.length)
    })

    it('saves, favourites, applies to all and deletes; unshared ones stay private', async () => {
      const saved = await call('POST', '/admin/object-helper/grid-save-column-config', admin, {
        classId: 'Gadget',
        folderId: tree.gadgets,
        name: 'Weights',
        config,
      })
      expect(saved.statusCode, saved.body).toBe(200)
      const id = saved.json<{ id: number }>().id

      // Not a favourite yet: the default is still in use.
      const before = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.gadgets}`,
        admin,
      )
      expect(before.json<ColumnConfigAnswer>().current.id).toBeNull()
      expect(before.json<ColumnConfigAnswer>().configs.map((c) => c.id)).toContain(id)

      const favourite = await call(
        'POST',
        '/admin/object-helper/grid-mark-favourite-column-config',
        admin,
        { id, folderId: tree.gadgets },
      )
      expect(favourite.statusCode, favourite.body).toBe(200)
      const inUse = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.gadgets}`,
        admin,
      )
      expect(inUse.json<ColumnConfigAnswer>().current).toMatchObject({
        id,
        isFavourite: true,
        config,
      })
      // Another folder still uses the default…
      const elsewhere = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.sub}`,
        admin,
      )
      expect(elsewhere.json<ColumnConfigAnswer>().current.id).toBeNull()
      // …until the configuration is applied to every folder.
      const applied = await call('POST', '/admin/object-helper/grid-config-apply-to-all', admin, {
        id,
      })
      expect(applied.statusCode, applied.body).toBe(200)
      const everywhere = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.sub}`,
        admin,
      )
      expect(everywhere.json<ColumnConfigAnswer>().current.id).toBe(id)

      // Another user neither sees, loads nor deletes it.
      const theirs = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.gadgets}`,
        other,
      )
      expect(theirs.json<ColumnConfigAnswer>().configs).toEqual([])
      expect(theirs.json<ColumnConfigAnswer>().current.id).toBeNull()
      const load = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&configId=${id}`,
        other,
      )
      expect(load.statusCode).toBe(404)
      const steal = await call(
        'DELETE',
        `/admin/object-helper/grid-delete-column-config?id=${id}`,
        other,
      )
      expect(steal.statusCode).toBe(404)

      const deleted = await call(
        'DELETE',
        `/admin/object-helper/grid-delete-column-config?id=${id}`,
        admin,
      )
      expect(deleted.statusCode, deleted.body).toBe(200)
      const after = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.gadgets}`,
        admin,
      )
      expect(after.json<ColumnConfigAnswer>().current.id).toBeNull()
      expect(after.json<ColumnConfigAnswer>().configs).toEqual([])
    })

    it('shares a configuration with a user, who may use it but not change it', async () => {
      const saved = await call('POST', '/admin/object-helper/grid-save-column-config', admin, {
        classId: 'Gadget',
        name: 'Shared',
        config,
        sharedUserIds: [editorId],
      })
      const id = saved.json<{ id: number }>().id
      const seen = await call(
        'GET',
        `/admin/object-helper/grid-get-column-config?classId=Gadget&folderId=${tree.sub}`,
        editor,
      )
      expect(seen.json<ColumnConfigAnswer>().current).toMatchObject({ id, isFavourite: false })
      expect(seen.json<ColumnConfigAnswer>().configs[0]).toMatchObject({ id, isOwner: false })
      const change = await call('POST', '/admin/object-helper/grid-save-column-config', editor, {
        id,
        classId: 'Gadget',
        name: 'Mine now',
        config,
      })
      expect(change.statusCode).toBe(403)
      await call('DELETE', `/admin/object-helper/grid-delete-column-config?id=${id}`, admin)
    })

    it('refuses a configuration naming a column the class lacks', async () => {
      const response = await call('POST', '/admin/object-helper/grid-save-column-config', admin, {
        classId: 'Gadget',
        name: 'Broken',
        config: { columns: [{ key: 'nope' }] },
      })
      expect(response.statusCode).toBe(400)
    })
  })

  describe('exports', () => {
    it('exports the selection as CSV with the chosen columns', async () => {
      const chunks = await call('POST', '/admin/object-helper/get-export-jobs', admin, {
        folderId: tree.gadgets,
        classId: 'Gadget',
      })
      expect(chunks.statusCode, chunks.body).toBe(200)
      expect(chunks.json()).toMatchObject({ total: 6 })

      const started = await call('POST', '/admin/object-helper/do-export', admin, {
        selection: {
          folderId: tree.gadgets,
          classId: 'Gadget',
          language: 'en',
          filters: [{ type: 'list', column: 'color', values: ['red'] }],
        },
        sort: { column: 'key', direction: 'asc' },
        format: 'csv',
        columns: ['key', 'name', 'weight', 'tags'],
      })
      expect(started.statusCode, started.body).toBe(200)
      const { jobId } = started.json<{ jobId: string }>()
      const job = await finishedJob(jobId)
      expect(job).toMatchObject({ status: 'done', percent: 100, done: 2, total: 2 })

      const download = await call(
        'GET',
        `/admin/object-helper/download-csv-file?jobId=${jobId}`,
        admin,
      )
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-disposition']).toMatch(
        /attachment; filename="Gadget-.*\.csv"/,
      )
      expect(
        download.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\n'),
      ).toEqual(['key,name,weight,tags', 'alpha,Alpha,5,new', 'charlie,Charlie,100,"new,sale"'])
      // The file lives in the shared file store (DATA_DIR/assets here), under the job's id.
      await expect(
        readFile(join(t.dataDir, 'assets', 'jobs', jobId, 'export.csv')),
      ).resolves.toBeTruthy()
    })

    it('exports XLSX through a prepared helper configuration', async () => {
      const helper = await call(
        'POST',
        '/admin/object-helper/prepare-helper-column-configs',
        admin,
        { classId: 'Gadget', columns: ['id', 'key', 'weight', 'active'] },
      )
      expect(helper.statusCode, helper.body).toBe(200)
      const { helperConfigId } = helper.json<{ helperConfigId: string }>()
      const started = await call('POST', '/admin/object-helper/do-export', admin, {
        selection: { folderId: tree.gadgets, classId: 'Gadget' },
        sort: { column: 'weight', direction: 'asc' },
        format: 'xlsx',
        helperConfigId,
      })
      expect(started.statusCode, started.body).toBe(200)
      const { jobId } = started.json<{ jobId: string }>()
      expect((await finishedJob(jobId)).status).toBe('done')

      const download = await call(
        'GET',
        `/admin/object-helper/download-xlsx-file?jobId=${jobId}`,
        admin,
      )
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toContain('spreadsheetml')
      expect(download.headers['content-disposition']).toMatch(/\.xlsx"/)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.worksheets[0]!
      const values = sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1))
      expect(values[0]).toEqual(['id', 'key', 'weight', 'active'])
      expect(values.slice(1).map((row) => row[1])).toEqual([
        'delta',
        'alpha',
        'bravo',
        'sierra',
        'charlie',
        'echo',
      ])
      expect(values[1]).toEqual([tree.ids.delta, 'delta', 3, true])
      // The wrong format's download does not hand out this job's file.
      const wrong = await call(
        'GET',
        `/admin/object-helper/download-csv-file?jobId=${jobId}`,
        admin,
      )
      expect(wrong.statusCode).toBe(404)
    })

    it('shows a job and its file only to its owner', async () => {
      const started = await call('POST', '/admin/object-helper/do-export', admin, {
        selection: { folderId: tree.gadgets, classId: 'Gadget' },
        format: 'csv',
        columns: ['key'],
      })
      const { jobId } = started.json<{ jobId: string }>()
      await waitForJobRow(t.database.db, jobId)
      const status = await call('GET', `/admin/object-helper/job?id=${jobId}`, other)
      expect(status.statusCode).toBe(404)
      const file = await call('GET', `/admin/object-helper/download-csv-file?jobId=${jobId}`, other)
      expect(file.statusCode).toBe(404)
    })

    it('marks a job the queue gave up (its processes died) as interrupted', async () => {
      const [row] = await t.database.db
        .insert(jobs)
        .values({ type: 'export-csv', status: 'running', ownerId: null })
        .returning({ id: jobs.id })
      expect(await failInterruptedJob(t.database.db, row!.id)).toBe(true)
      const [after] = await t.database.db.select().from(jobs).where(eq(jobs.id, row!.id))
      expect(after).toMatchObject({ status: 'failed', errorKey: 'pimGrid.jobInterrupted' })
      expect(await failInterruptedJob(t.database.db, row!.id)).toBe(false)
    })
  })

  // These go through saveObject (features/pim-objects), so they pass once it has landed.
  describe('edits through saveObject', () => {
    it('updates one field inline and answers the new row', async () => {
      const response = await call('PUT', '/admin/object/grid-proxy', admin, {
        id: tree.ids.delta,
        values: { weight: 7, name: 'Delta EN' },
        language: 'en',
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<{ row: GridRow }>().row.values).toMatchObject({
        weight: 7,
        name: 'Delta EN',
      })
      const cs = await call(
        'GET',
        `/admin/object-helper/load-object-data?id=${tree.ids.delta}&language=cs`,
        admin,
      )
      expect(cs.json<GridRow>().values.name).toBe('Delta')
    })

    it('refuses an inline edit of a field the grid cannot edit', async () => {
      const response = await call('PUT', '/admin/object/grid-proxy', admin, {
        id: tree.ids.delta,
        values: { prices: {} },
      })
      expect(response.statusCode).toBe(400)
    })

    it('sets one field on many objects as a batch job, reporting failures per object', async () => {
      const chunks = await call('POST', '/admin/object-helper/get-batch-jobs', admin, {
        folderId: tree.gadgets,
        classId: 'Gadget',
        onlyDirectChildren: true,
      })
      expect(chunks.json<{ total: number }>().total).toBe(5)
      const started = await call('PUT', '/admin/object-helper/batch', admin, {
        ids: [tree.ids.alpha, tree.ids.bravo, 999_999],
        field: 'color',
        value: 'blue',
      })
      expect(started.statusCode, started.body).toBe(200)
      const job = await finishedJob(started.json<{ jobId: string }>().jobId)
      expect(job.status).toBe('done')
      expect(job.result).toMatchObject({ updated: 2, failed: 1 })
      expect((job.result as { errors: { id: number }[] }).errors[0]!.id).toBe(999_999)
      const page = await list({ filters: [{ type: 'list', column: 'color', values: ['blue'] }] })
      expect(page.rows.map((r) => r.key).sort()).toEqual(['alpha', 'bravo', 'sierra'])
    })

    it('imports a CSV: updates existing objects, creates new ones, reports bad rows', async () => {
      const csv = [
        'key;code;weight;Title;color',
        'alpha;A-1x;6;Alfa nová;red',
        'foxtrot;F-6;12;Foxtrot;blue',
        'golf;G-7;heavy;Golf;',
        // Passes the CSV checks but not the class (no such option): the new row is rolled back.
        'hotel;H-8;1;Hotel;green',
        '',
      ].join('\n')
      const boundary = 'grid-import-boundary'
      const field = (name: string, value: string) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      const payload =
        field('folderId', String(tree.gadgets)) +
        field('classId', 'Gadget') +
        field('mapping', JSON.stringify({ Title: 'name' })) +
        field('language', 'cs') +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="gadgets.csv"\r\ncontent-type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`
      const started = await t.app.inject({
        method: 'POST',
        url: '/admin/object-helper/import-upload',
        headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
      expect(started.statusCode, started.body).toBe(200)
      const job = await finishedJob(started.json<{ jobId: string }>().jobId)
      expect(job.status).toBe('done')
      expect(job.result).toMatchObject({ created: 1, updated: 1, failed: 2 })
      const errors = (job.result as { errors: { row: number; key: string }[] }).errors
      expect(errors.map((e) => [e.row, e.key])).toEqual([
        [4, 'golf'],
        [5, 'hotel'],
      ])
      const page = await list({ language: 'cs', sort: { column: 'key', direction: 'asc' } })
      const keys = page.rows.map((r) => r.key)
      expect(keys).toContain('foxtrot')
      expect(keys).not.toContain('golf')
      expect(keys).not.toContain('hotel')
      expect(page.rows.find((r) => r.key === 'alpha')?.values).toMatchObject({
        code: 'A-1x',
        weight: 6,
        name: 'Alfa nová',
      })
    })

    it('refuses an import without the key column before starting a job', async () => {
      const boundary = 'b'
      const payload =
        `--${boundary}\r\ncontent-disposition: form-data; name="folderId"\r\n\r\n${tree.gadgets}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="classId"\r\n\r\nGadget\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="x.csv"\r\ncontent-type: text/csv\r\n\r\ncode,weight\nX,1\r\n--${boundary}--\r\n`
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/object-helper/import-upload',
        headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
      expect(response.statusCode, response.body).toBe(400)
    })
  })
})
