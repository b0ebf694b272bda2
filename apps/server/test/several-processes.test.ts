import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Job } from '@optika/domain/pim/grid-api'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import type { Database } from '../src/platform/db/client.ts'
import { customerLoginFailures } from '../src/platform/db/schema/accounts.ts'
import { emailLog } from '../src/platform/db/schema/identity.ts'
import { jobs } from '../src/platform/db/schema/pim.ts'
import { MAX_CUSTOMER_FAILURES_PER_LOGIN } from '../src/accounts/customer-auth/customer-sign-in.ts'
import { createTestDatabase } from './test-database.ts'
import { insertAdminUser, TEST_PASSWORD } from './kits/admin-users-test-kit.ts'
import { insertCustomer } from './kits/customer-auth-test-kit.ts'
import { insertShopFixture, SHOP } from './kits/cart-test-kit.ts'
import { insertGadgets } from './kits/pim-grid-test-kit.ts'
import { FIXTURE } from './fixtures/catalogue-fixture.ts'
import { cookieClient, startServerProcess, type ServerProcess } from './kits/server-process-kit.ts'
import { waitFor } from './kits/wait-for.ts'
import { startSmtpTestServer, type SmtpTestServer } from './kits/smtp-test-server.ts'

const POSTGRES = process.env.TEST_DATABASE_URL

/** The connection string of a test database (the pool drizzle was built on). */
function urlOf(database: Database): string {
  const pool = (database.db as unknown as { $client: { options: { connectionString: string } } })
    .$client
  return pool.options.connectionString
}

// Spawns real server processes on one PostgreSQL database; PGlite is one process by design.
describe.skipIf(!POSTGRES)(
  'several server processes on one PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    let database: Database
    let dataDir: string
    let smtp: SmtpTestServer
    const servers: ServerProcess[] = []
    let env: Record<string, string>

    beforeAll(async () => {
      database = await createTestDatabase({ maxConnections: 4 })
      dataDir = mkdtempSync(join(tmpdir(), 'optika-processes-'))
      smtp = await startSmtpTestServer(1)
      env = {
        DATABASE_URL: urlOf(database),
        // One asset store for both, as a shared disk or an S3 bucket would be.
        DATA_DIR: dataDir,
        MAIL_TRANSPORT: `smtp://127.0.0.1:${smtp.port}`,
      }
      await insertShopFixture(database.db)
      await insertAdminUser(database.db, { username: 'boss', isAdmin: true })
      // Both start at once: migrations and start-up work take turns under an advisory lock.
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
    }, 180_000)

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill()))
      await smtp?.close()
      await database?.close()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    }, 60_000)

    it('shows a product saved through one process in the other one’s next listing', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const admin = cookieClient()
      const login = await admin.call(a, 'POST', '/admin/login', {
        username: 'boss',
        password: TEST_PASSWORD,
      })
      expect(login.status, login.text).toBe(200)
      const list = `/api/products?cid=${FIXTURE.categories.frames}&limit=48`
      const shopper = cookieClient()
      const before = await shopper.call<ProductsResponse>(b, 'GET', list)
      expect(before.status, before.text).toBe(200)
      expect(before.body.products.map((p) => p.name)).not.toContain('Žofie Renewed')
      const saved = await admin.call(a, 'PUT', '/admin/object/grid-proxy', {
        id: FIXTURE.products.zofie,
        values: { name: 'Žofie Renewed' },
        language: 'en',
      })
      expect(saved.status, saved.text).toBe(200)
      const after = await shopper.call<ProductsResponse>(b, 'GET', list)
      expect(after.body.products.map((p) => p.name)).toContain('Žofie Renewed')
    })

    it('keeps a cart made on one process for the other', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const shopper = cookieClient()
      const added = await shopper.call(a, 'POST', '/api/pridat-do-kosiku', {
        productId: SHOP.sunnyBrown,
        quantity: 2,
      })
      expect(added.status, added.text).toBe(200)
      const cart = await shopper.call<{ items: { quantity: number }[] }>(b, 'GET', '/api/kosik')
      expect(cart.status).toBe(200)
      expect(cart.body.items.map((item) => item.quantity)).toEqual([2])
      const more = await shopper.call(b, 'POST', '/api/pridat-do-kosiku', {
        productId: SHOP.sunnyBrown,
        quantity: 1,
      })
      expect(more.status, more.text).toBe(200)
      const again = await shopper.call<{ items: { quantity: number }[] }>(a, 'GET', '/api/kosik')
      expect(again.body.items.map((item) => item.quantity)).toEqual([3])
    })

    it('honours a sign-in session on both processes', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const admin = cookieClient()
      expect((await admin.call(b, 'GET', '/admin/user/get-current-user')).status).toBe(401)
      await admin.call(a, 'POST', '/admin/login', { username: 'boss', password: TEST_PASSWORD })
      const me = await admin.call<{ username: string }>(b, 'GET', '/admin/user/get-current-user')
      expect(me.status, me.text).toBe(200)
      expect(me.body.username).toBe('boss')
      // Signing out on the other process ends it on the first.
      expect((await admin.call(b, 'POST', '/admin/logout', {})).status).toBeLessThan(300)
      expect((await admin.call(a, 'GET', '/admin/user/get-current-user')).status).toBe(401)
    })

    it('shares rate limits: failures counted by one process lock the login on the other', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const customer = await insertCustomer(database.db)
      // Earlier failures from elsewhere, one short of the limit.
      await database.db.insert(customerLoginFailures).values(
        Array.from({ length: MAX_CUSTOMER_FAILURES_PER_LOGIN - 1 }, () => ({
          login: customer.email,
          ip: '192.0.2.1',
        })),
      )
      const shopper = cookieClient()
      const wrong = await shopper.call(a, 'POST', '/api/account/login', {
        login: customer.email,
        password: 'not-the-password',
      })
      expect(wrong.status).toBe(401)
      const locked = await shopper.call(b, 'POST', '/api/account/login', {
        login: customer.email,
        password: customer.password,
      })
      expect(locked.status).toBe(429)
    })

    it('runs a job started on one process exactly once and serves its file from the other', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const admin = cookieClient()
      await admin.call(a, 'POST', '/admin/login', { username: 'boss', password: TEST_PASSWORD })
      const started = await admin.call<{ jobId: string }>(
        a,
        'POST',
        '/admin/object-helper/do-export',
        {
          selection: { folderId: 3, classId: 'Product' },
          format: 'csv',
          columns: ['key'],
        },
      )
      expect(started.status, started.text).toBe(200)
      const { jobId } = started.body
      const job = await waitFor(`export ${jobId} to finish`, async () => {
        const answer = await admin.call<Job>(b, 'GET', `/admin/object-helper/job?id=${jobId}`)
        return answer.body.status === 'done' || answer.body.status === 'failed'
          ? answer.body
          : undefined
      })
      expect(job).toMatchObject({ status: 'done', percent: 100 })
      const file = await admin.call(
        b,
        'GET',
        `/admin/object-helper/download-csv-file?jobId=${jobId}`,
      )
      expect(file.status).toBe(200)
      // Žofie's object key is its code.
      expect(file.text).toContain('LU-1001')
      // One queue entry for the job, completed at its first attempt: it ran once.
      const { rows } = await database.db.execute<{ state: string; retry_count: number }>(
        sql`select state, retry_count from pgboss.job where data->>'jobId' = ${jobId}`,
      )
      expect(rows).toEqual([{ state: 'completed', retry_count: 0 }])
    })

    it('retries a mail the SMTP server refused, and it lands', async () => {
      const [a] = servers as [ServerProcess, ServerProcess]
      const customer = await insertCustomer(database.db)
      const shopper = cookieClient()
      const asked = await shopper.call(a, 'POST', '/api/account/lost-password', {
        email: customer.email,
      })
      expect(asked.status, asked.text).toBe(200)
      const mail = await waitFor(
        'the reset mail to be sent',
        async () => {
          const [row] = await database.db
            .select()
            .from(emailLog)
            .where(eq(emailLog.to, customer.email))
          return row?.status === 'sent' ? row : undefined
        },
        { timeoutMs: 60_000 },
      )
      expect(mail.transport).toBe('smtp')
      // The first conversation was refused; the retry delivered it.
      expect(smtp.conversations()).toBeGreaterThanOrEqual(2)
      expect(smtp.subjects()).toContain(mail.subject)
    })
  },
)

describe.skipIf(!POSTGRES)(
  'every server process killed while a job runs (needs TEST_DATABASE_URL)',
  () => {
    let database: Database
    let dataDir: string
    const servers: ServerProcess[] = []

    beforeAll(async () => {
      database = await createTestDatabase({ maxConnections: 4 })
      dataDir = mkdtempSync(join(tmpdir(), 'optika-restart-'))
      const tree = await insertGadgets(database.db)
      // Enough objects that a batch update is still running when the processes are killed.
      await database.db.execute(sql`
      insert into objects (parent_id, type, key, path, published, class_id, data, index)
      select ${tree.gadgets}, 'object', 'bulk-' || n, '/Gadgets/', true, 'Gadget',
             jsonb_build_object('code', 'G-' || n, 'weight', n), 0
      from generate_series(1, 1500) as n`)
      await insertAdminUser(database.db, { username: 'boss', isAdmin: true })
    }, 60_000)

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill()))
      await database?.close()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    }, 60_000)

    it('finishes the job after they start again', async () => {
      const env = { DATABASE_URL: urlOf(database), DATA_DIR: dataDir, MAIL_TRANSPORT: 'log' }
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
      const [a] = servers as [ServerProcess, ServerProcess]
      const admin = cookieClient()
      await admin.call(a, 'POST', '/admin/login', { username: 'boss', password: TEST_PASSWORD })
      const { rows: ids } = await database.db.execute<{ id: number }>(
        sql`select id from objects where class_id = 'Gadget' order by id`,
      )
      const started = await admin.call<{ jobId: string }>(a, 'PUT', '/admin/object-helper/batch', {
        ids: ids.map((row) => Number(row.id)),
        field: 'color',
        value: 'blue',
      })
      expect(started.status, started.text).toBe(200)
      const { jobId } = started.body
      const row = async () => (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!
      await waitFor('the job to be under way', async () => (await row()).done > 0, {
        timeoutMs: 60_000,
      })
      // Every process dies at once, mid-job: nothing is handed back.
      await Promise.all(servers.map((server) => server.kill()))
      const inFlight = await row()
      expect(inFlight.status).toBe('running')
      expect(inFlight.done).toBeLessThan(ids.length)

      servers.length = 0
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
      const finished = await waitFor(
        'the job to finish after the restart',
        async () => {
          const current = await row()
          return current.status === 'done' || current.status === 'failed' ? current : undefined
        },
        { timeoutMs: 240_000, everyMs: 500 },
      )
      expect(finished).toMatchObject({ status: 'done', done: ids.length })
      expect(finished.result).toMatchObject({ updated: ids.length, failed: 0 })
      const { rows: blue } = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from objects where class_id = 'Gadget' and data->>'color' = 'blue'`,
      )
      expect(blue[0]!.count).toBe(ids.length)
    }, 420_000)
  },
)
