import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import {
  startPostgresCluster,
  type PostgresCluster,
} from '../../../../../scripts/postgres-cluster.ts'
import { findInstalledPostgresBin } from '../../../../../scripts/system-dependencies.ts'
import { buildApp } from '../../app.ts'
import { insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'
import { loadEnv } from '../env.ts'
import { createTranslator, syncCatalogue, type Translator } from '../i18n/translator.ts'
import { openDatabase, type Database } from './client.ts'
import { migrate } from './migrate.ts'
import { translations } from './schema/translations.ts'

const binDir = findInstalledPostgresBin()
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'runs in the PostgreSQL pass (TEST_DATABASE_URL set); the embedded PGlite cannot go away'
  : !binDir
    ? 'needs PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)'
    : undefined

/** Headers registerSecurityHeaders sets on every answer. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
]

/** Rows the interrupted transaction writes, one before and one after its pause. */
const HALF_WRITE_KEYS = ['test.outageFirstRow', 'test.outageSecondRow']

/**
 * Item 1 of issue 15: the shop on its own PostgreSQL cluster, which the test really cuts off
 * (`pg_terminate_backend`) and really stops and starts again.
 */
describe.skipIf(skipReason)(
  `a PostgreSQL outage${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PostgresCluster
    let databaseUrl: string
    let database: Database
    let translator: Translator
    let app: FastifyInstance
    let dataDir: string
    const logLines: string[] = []
    const processErrors: unknown[] = []
    const recordProcessError = (error: unknown) => void processErrors.push(error)

    /** A connection of its own to the shop's database, as an operator's psql would be. */
    async function asOperator<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: databaseUrl })
      client.on('error', () => {})
      await client.connect()
      try {
        return await work(client)
      } finally {
        await client.end()
      }
    }

    /** Ends every other session on the shop's database; the number ended. */
    function terminateShopConnections(): Promise<number> {
      return asOperator(async (client) => {
        const { rows } = await client.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity ' +
            'where datname = current_database() and pid <> pg_backend_pid()',
        )
        return rows.filter((row) => row.ended).length
      })
    }

    const products = (locale: Locale = 'en') =>
      app.inject({ url: '/api/products', headers: { 'accept-language': locale } })
    /** A write: each call starts a new guest cart with one item. */
    const addToCart = () =>
      app.inject({
        method: 'POST',
        url: '/api/pridat-do-kosiku',
        headers: { 'accept-language': 'en' },
        payload: { productId: SHOP.marek, quantity: 1 },
      })
    const connectionLossesLogged = () =>
      logLines.filter((line) => line.includes('database connection lost')).length

    beforeAll(async () => {
      process.on('unhandledRejection', recordProcessError)
      process.on('uncaughtException', recordProcessError)
      await ensureStorefrontBuild()
      cluster = await startPostgresCluster(binDir!)
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query('create database optika_outage')
      await admin.end()
      const url = new URL(cluster.url)
      url.pathname = '/optika_outage'
      databaseUrl = url.toString()

      dataDir = mkdtempSync(join(tmpdir(), 'optika-outage-'))
      // The production path: the pool openDatabase makes from DATABASE_URL.
      database = await openDatabase({ databaseUrl, dataDir })
      await migrate(database)
      await syncCatalogue(database.db, catalogue)
      await insertShopFixture(database.db)
      translator = await createTranslator(database.db)
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
      })
      app = await buildApp({
        env,
        database,
        translator,
        storefrontBuildDir: STOREFRONT_BUILD_DIR,
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString())
            done()
          },
        }),
      })
      // A two-row write that pauses between its rows, so the test can cut it off in the middle.
      app.post('/test/two-rows', async (request) => {
        await request.ctx.db.transaction(async (tx) => {
          await tx
            .insert(translations)
            .values({ key: HALF_WRITE_KEYS[0]!, locale: 'en', text: '1' })
          await tx.execute(sql`select pg_sleep(30)`)
          await tx
            .insert(translations)
            .values({ key: HALF_WRITE_KEYS[1]!, locale: 'en', text: '2' })
        })
        return { written: true }
      })
      await app.ready()
    }, 120_000)

    afterAll(async () => {
      try {
        await app?.close()
        await database?.close()
      } finally {
        // The cluster goes whatever happened above: a test must not leave a server running.
        cluster?.stop()
        if (dataDir) rmSync(dataDir, { recursive: true, force: true })
        process.off('unhandledRejection', recordProcessError)
        process.off('uncaughtException', recordProcessError)
      }
      expect(processErrors).toEqual([])
    })

    it('keeps running when its connections are terminated, and the next requests succeed', async () => {
      // Several requests at once leave several idle connections in the pool.
      const [reads, writes] = await Promise.all([
        Promise.all([products(), products()]),
        Promise.all([addToCart(), addToCart()]),
      ])
      expect(reads.map((r) => r.statusCode)).toEqual([200, 200])
      expect(writes.map((r) => r.statusCode)).toEqual([200, 200])
      const lossesBefore = connectionLossesLogged()

      expect(await terminateShopConnections()).toBeGreaterThan(0)

      // The pool hears its idle connections die (the process would have exited here before)…
      await vi.waitFor(() => expect(connectionLossesLogged()).toBeGreaterThan(lossesBefore), {
        timeout: 10_000,
        interval: 20,
      })
      // …and the next requests connect anew: a read and a write. A request that still met a
      // dying connection may answer 503, never 500.
      const statuses: number[] = []
      await vi.waitFor(
        async () => {
          statuses.push((await products()).statusCode)
          expect(statuses.at(-1)).toBe(200)
        },
        { timeout: 10_000, interval: 50 },
      )
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([])
      expect((await addToCart()).statusCode).toBe(200)
      expect(processErrors).toEqual([])
    })

    it('fails a transaction whose connection is terminated half-way and writes none of it', async () => {
      let answeredEarly: string | undefined
      const answer = app
        .inject({ method: 'POST', url: '/test/two-rows', headers: { 'accept-language': 'en' } })
        .then((response) => {
          answeredEarly = response.body
          return response
        })
      // Wait until the first row is inserted and the transaction sleeps before the second.
      const pid = await vi.waitFor(
        () =>
          asOperator(async (client) => {
            expect(answeredEarly).toBeUndefined()
            const { rows } = await client.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and query like '%pg_sleep(30)%' and state = 'active' and pid <> pg_backend_pid()",
            )
            expect(rows).toHaveLength(1)
            return rows[0]!.pid
          }),
        { timeout: 10_000, interval: 20 },
      )
      await asOperator((client) => client.query('select pg_terminate_backend($1)', [pid]))

      const response = await answer
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: translator.t('en', 'server.databaseUnavailable'),
      })
      const written = await database.db
        .select({ key: translations.key })
        .from(translations)
        .where(inArray(translations.key, HALF_WRITE_KEYS))
      expect(written).toEqual([])
      expect(processErrors).toEqual([])
    })

    it('answers 503 with a translated message while the server is stopped, and stays up', async () => {
      // Idle connections in the pool, to be lost with the server.
      await Promise.all([products(), products(), addToCart()])
      const lossesBefore = connectionLossesLogged()

      cluster.stopServer('immediate')

      await vi.waitFor(() => expect(connectionLossesLogged()).toBeGreaterThan(lossesBefore), {
        timeout: 10_000,
        interval: 20,
      })
      for (const locale of ['cs', 'en'] as const) {
        const response = await products(locale)
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({
          code: 'DATABASE_UNAVAILABLE',
          message: translator.t(locale, 'server.databaseUnavailable'),
        })
        expect(response.headers['retry-after']).toBe('5')
        expect(response.headers['x-request-id']).toBeTruthy()
        for (const header of SECURITY_HEADERS) expect(response.headers).toHaveProperty(header)
        expect(response.body).not.toMatch(/select|ECONNREFUSED|optika_outage/i)
      }
      expect(translator.t('cs', 'server.databaseUnavailable')).not.toBe(
        translator.t('en', 'server.databaseUnavailable'),
      )

      const write = await addToCart()
      expect(write.statusCode).toBe(503)
      expect(write.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' })

      const ready = await app.inject('/readyz')
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'postgres' })
      expect((await app.inject('/healthz')).statusCode).toBe(200)

      const page = await app.inject('/cs')
      expect(page.statusCode).toBe(503)
      expect(page.headers['retry-after']).toBe('5')

      expect(processErrors).toEqual([])
    })

    it('recovers by itself within seconds once the server is back', async () => {
      cluster.startServer()
      const started = Date.now()

      await vi.waitFor(async () => expect((await app.inject('/readyz')).statusCode).toBe(200), {
        timeout: 15_000,
        interval: 50,
      })
      expect(Date.now() - started).toBeLessThan(15_000)
      expect((await products()).statusCode).toBe(200)
      expect((await addToCart()).statusCode).toBe(200)
      expect((await app.inject('/cs')).statusCode).toBe(200)
      expect(processErrors).toEqual([])
    })
  },
)
