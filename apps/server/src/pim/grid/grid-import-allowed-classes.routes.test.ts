import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { Job } from '@optika/domain/pim/grid-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { adminRoles, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { grantObjectWorkspace, insertObject } from '../../../test/kits/pim-objects-test-kit.ts'
import { insertGadgets, type GadgetTree } from '../../../test/kits/pim-grid-test-kit.ts'

interface ImportResult {
  created: number
  updated: number
  failed: number
  errors: { row: number; key: string; message: string }[]
}

/** The CSV import creates objects only of classes the user may create (allowed classes). */
describe('CSV import and allowed classes', () => {
  let t: TestApp
  let tree: GadgetTree
  let admin: string
  /** Role allows only Category. */
  let categoryEditor: string
  /** No allowed-classes list: every class. */
  let free: string
  let categories: number

  async function editor(username: string, roleIds: number[] = []) {
    const db = t.database.db
    const id = await insertAdminUser(db, { username, permissions: ['objects'] })
    for (const roleId of roleIds) await db.insert(adminUserRoles).values({ userId: id, roleId })
    await grantObjectWorkspace(db, id, '/', ['list', 'view', 'save', 'create', 'publish'])
    return signIn(db, id)
  }

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    tree = await insertGadgets(db)
    const [role] = await db
      .insert(adminRoles)
      .values({ name: 'Category editors', allowedClasses: ['Category'] })
      .returning({ id: adminRoles.id })
    categoryEditor = await editor('cat.editor', [role!.id])
    free = await editor('free.editor')
    const adminId = await insertAdminUser(db, { username: 'boss', isAdmin: true })
    admin = await signIn(db, adminId)
    categories = await insertObject(db, {
      parentId: 1,
      key: 'Categories',
      type: 'folder',
      published: true,
    })
  })
  afterAll(async () => {
    await t.close()
  })

  async function runImport(
    cookie: string,
    input: { folderId: number; classId: string; csv: string; publish?: boolean },
  ): Promise<ImportResult> {
    const boundary = 'allowed-classes-boundary'
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const payload =
      field('folderId', String(input.folderId)) +
      field('classId', input.classId) +
      field('language', 'en') +
      field('publish', String(input.publish ?? true)) +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="import.csv"\r\ncontent-type: text/csv\r\n\r\n${input.csv}\r\n--${boundary}--\r\n`
    const started = await t.app.inject({
      method: 'POST',
      url: '/admin/object-helper/import-upload',
      headers: {
        cookie,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    })
    expect(started.statusCode, started.body).toBe(200)
    const { jobId } = started.json<{ jobId: string }>()
    await waitForJobRow(t.database.db, jobId)
    const job = await injectAs(t.app, 'GET', `/admin/object-helper/job?id=${jobId}`, cookie)
    expect(job.statusCode, job.body).toBe(200)
    const answer = job.json<Job>()
    expect(answer.status).toBe('done')
    return answer.result as unknown as ImportResult
  }

  async function exists(parentId: number, key: string): Promise<boolean> {
    const rows = await t.database.db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.parentId, parentId), eq(objects.key, key)))
    return rows.length > 0
  }

  it('updates (and publishes) existing objects of a forbidden class but creates none', async () => {
    const result = await runImport(categoryEditor, {
      folderId: tree.gadgets,
      classId: 'Gadget',
      csv: 'key;code\nalpha;A-1-cat\nzulu;Z-26\n',
    })
    expect(result).toMatchObject({ created: 0, updated: 1, failed: 1 })
    expect(result.errors).toEqual([
      {
        row: 3,
        key: 'zulu',
        message: 'You are not allowed to create objects of the class "Gadget".',
      },
    ])
    expect(await exists(tree.gadgets, 'zulu')).toBe(false)
    const [alpha] = await t.database.db
      .select({ data: objects.data })
      .from(objects)
      .where(eq(objects.id, tree.ids.alpha!))
    expect(alpha?.data).toMatchObject({ code: 'A-1-cat' })
  })

  it('creates objects of an allowed class', async () => {
    const result = await runImport(categoryEditor, {
      folderId: categories,
      classId: 'Category',
      csv: 'key;name\nglasses;Glasses\n',
      publish: false,
    })
    expect(result).toMatchObject({ created: 1, failed: 0 })
    expect(await exists(categories, 'glasses')).toBe(true)
  })

  it('creates objects of any class when no list applies, and for an administrator', async () => {
    const byFree = await runImport(free, {
      folderId: tree.gadgets,
      classId: 'Gadget',
      csv: 'key;code\nyankee;Y-25\n',
    })
    expect(byFree).toMatchObject({ created: 1, failed: 0 })
    const byAdmin = await runImport(admin, {
      folderId: tree.gadgets,
      classId: 'Gadget',
      csv: 'key;code\nxray;X-24\n',
    })
    expect(byAdmin).toMatchObject({ created: 1, failed: 0 })
    expect(await exists(tree.gadgets, 'yankee')).toBe(true)
    expect(await exists(tree.gadgets, 'xray')).toBe(true)
  })
})
