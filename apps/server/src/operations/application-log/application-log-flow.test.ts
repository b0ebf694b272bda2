import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppLogEntry, AppLogPage } from '@optika/domain/operations/application-log'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { applicationLog } from '../../platform/db/schema/governance.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import { pruneApplicationLog } from './prune-application-log.ts'

const BASE = '/admin/bundle/applicationlogger/log'

let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await buildTestApp()
  cookie = await signInNewUser(t.database.db, {
    username: 'applog-flow',
    permissions: ['applicationLogging'],
  })
  const db = t.database.db
  await writeAppLog(db, {
    priority: 'critical',
    component: 'flow.payments',
    message: 'Payment declined for order 2026-0001',
    context: { orderId: 7, cardToken: 'tok_secret' },
    requestId: 'req-flow-a',
  })
  await writeAppLog(db, {
    priority: 'warning',
    component: 'flow.import',
    message: 'Import of 50% done: 3 lines rejected',
    element: { type: 'asset', id: 9 },
    fileObject: 'line 3: bad\nline 7: <script>alert(1)</script>',
    requestId: 'req-flow-b',
  })
  await writeAppLog(db, {
    priority: 'info',
    component: 'flow.import',
    message: 'Import started',
    element: { type: 'object', id: 9 },
    requestId: 'req-flow-b',
  })
  await writeAppLog(db, { priority: 'debug', component: 'flow.debug', message: 'noise' })
  // One entry of last year, for the date filters.
  await db.execute(
    sql`UPDATE application_log SET at = '2025-03-04T10:00:00Z' WHERE message = 'noise'`,
  )
})
afterAll(() => t.close())

function get<T>(url: string, locale = 'en') {
  return t.app
    .inject({ method: 'GET', url, headers: { cookie, 'accept-language': locale } })
    .then((r) => ({ status: r.statusCode, body: r.json<T>(), headers: r.headers }))
}

function list(query: Record<string, string>) {
  return get<AppLogPage>(`${BASE}/show?${new URLSearchParams(query).toString()}`)
}

const components = (page: AppLogPage) => page.items.map((item) => item.component).sort()

describe('the application log viewer', () => {
  it('lists the newest first, with total and paging', async () => {
    const all = await list({})
    expect(all.status).toBe(200)
    expect(all.body.total).toBeGreaterThanOrEqual(4)
    const times = all.body.items.map((item) => item.at)
    expect([...times].sort().reverse()).toEqual(times)
    const second = await list({ limit: '1', start: '1' })
    expect(second.body.items).toHaveLength(1)
    expect(second.body.items[0]?.id).toBe(all.body.items[1]?.id)
  })

  it('filters by priority at least and exactly', async () => {
    const atLeastWarning = await list({ priority: '4', component: 'flow.import' })
    expect(atLeastWarning.body.items.map((i) => i.priority)).toEqual([4])
    const severe = await list({ priority: '4' })
    expect(severe.body.items.every((item) => item.priority <= 4)).toBe(true)
    expect(components(severe.body)).toContain('flow.payments')
    const exactly = await list({ priority: '2', priorityMode: 'exactly' })
    expect(exactly.body.items.every((item) => item.priority === 2)).toBe(true)
    expect(components(exactly.body)).toContain('flow.payments')
  })

  it('filters by component, element, request id, text and time range', async () => {
    expect((await list({ component: 'flow.import' })).body.total).toBe(2)
    const asset = await list({ elementType: 'asset', elementId: '9' })
    expect(asset.body.items.map((i) => i.message)).toEqual(['Import of 50% done: 3 lines rejected'])
    expect((await list({ relatedobject: '9' })).body.total).toBe(2)
    expect((await list({ requestId: 'req-flow-b' })).body.total).toBe(2)
    expect((await list({ pid: 'req-flow-a' })).body.items[0]?.component).toBe('flow.payments')
    expect((await list({ q: 'DECLINED' })).body.total).toBe(1)
    // A LIKE wildcard is searched for literally.
    expect((await list({ q: '50%' })).body.total).toBe(1)
    expect((await list({ q: '%', component: 'flow.payments' })).body.total).toBe(0)
    const lastYear = await list({ from: '2025-03-04', until: '2025-03-04' })
    expect(components(lastYear.body)).toEqual(['flow.debug'])
    const since = await list({ fromDate: String(Date.UTC(2026, 0, 1) / 1000) })
    expect(components(since.body)).not.toContain('flow.debug')
  })

  it('sorts by priority and component on the server', async () => {
    const bySeverity = await list({ sort: 'priority', dir: 'asc' })
    const priorities = bySeverity.body.items.map((i) => i.priority)
    expect([...priorities].sort((a, b) => a - b)).toEqual(priorities)
    const byComponent = await list({ sort: 'component', dir: 'ASC' })
    const names = byComponent.body.items.map((i) => i.component)
    expect([...names].sort()).toEqual(names)
  })

  it('takes the filters as a POST body too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/show`,
      headers: { cookie },
      payload: { component: 'flow.import', priority: 6, priorityMode: 'exactly' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<AppLogPage>().items.map((i) => i.message)).toEqual(['Import started'])
  })

  it('shows one entry with its context, secrets stripped', async () => {
    const [payment] = (await list({ component: 'flow.payments' })).body.items
    const entry = await get<AppLogEntry>(`${BASE}/show/${String(payment?.id)}`)
    expect(entry.status).toBe(200)
    expect(entry.body.context).toEqual({ orderId: 7 })
    expect(entry.body.hasFileObject).toBe(false)
    expect((await get(`${BASE}/show/999999999`)).status).toBe(404)
  })

  it('serves a file object as plain text that no browser runs, inline or as a download', async () => {
    const [imported] = (await list({ elementType: 'asset' })).body.items
    expect(imported?.hasFileObject).toBe(true)
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/show-file-object?id=${String(imported?.id)}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-disposition']).toBeUndefined()
    expect(response.body).toBe('line 3: bad\nline 7: <script>alert(1)</script>')
    const download = await t.app.inject({
      method: 'GET',
      url: `${BASE}/show-file-object?id=${String(imported?.id)}&download=1`,
      headers: { cookie },
    })
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="application-log-\d+\.txt"$/,
    )
    const [started] = (await list({ q: 'Import started' })).body.items
    const none = await get<{ message: string }>(
      `${BASE}/show-file-object?id=${String(started?.id)}`,
    )
    expect(none.status).toBe(404)
    expect(none.body.message).toBe('This log entry has no file object.')
  })

  it('names the 8 priorities in the caller’s language and lists the components seen', async () => {
    const sk = await get<{ priorities: { key: number; value: string }[] }>(
      `${BASE}/priority-json`,
      'sk',
    )
    expect(sk.body.priorities).toHaveLength(8)
    expect(sk.body.priorities[3]).toEqual({ key: 3, value: 'Chyba' })
    const seen = await get<{ components: { key: string }[] }>(`${BASE}/component-json`)
    expect(seen.body.components.map((c) => c.key)).toEqual(
      expect.arrayContaining(['flow.debug', 'flow.import', 'flow.payments']),
    )
  })

  it.each([
    ['SQL-like text', { q: "' OR 1=1; DROP TABLE application_log; --" }, 200],
    ['SQL-like component', { component: "x' OR '1'='1" }, 200],
    ['a 10 kB text', { q: 'x'.repeat(10_240) }, 400],
    ['a 10 kB request id', { requestId: 'r'.repeat(10_240) }, 400],
    ['an absurd year', { from: '99999-01-01' }, 400],
    ['a date beyond any log', { until: '+275760-09-13T00:00:00Z' }, 400],
    ['seconds before 2000', { fromDate: '-5' }, 400],
    ['not a date', { from: 'yesterday; DROP' }, 400],
    ['a priority out of range', { priority: '99' }, 400],
    ['a negative element id', { elementId: '-1' }, 400],
    ['an element id beyond int', { elementId: '99999999999' }, 400],
    ['an unknown element type', { elementType: 'users' }, 400],
    ['an unknown sort column', { sort: 'password_hash' }, 400],
    ['a huge limit', { limit: '1000000' }, 400],
  ])(
    'answers hostile filters (%s) with an empty list or a translated 400',
    async (_, query, status) => {
      const response = await list(query)
      expect(response.status).toBe(status)
      if (status === 200) expect(response.body.total).toBe(0)
      else expect((response.body as unknown as { code: string }).code).toBeTypeOf('string')
    },
  )

  it('keeps the table whole after hostile input', async () => {
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applicationLog)
    expect(count?.n).toBeGreaterThanOrEqual(4)
  })
})

describe('retention', () => {
  it('prunes by age per priority class, then by row count, oldest first', async () => {
    const db = t.database.db
    await db.delete(applicationLog)
    const now = new Date('2026-06-01T00:00:00Z')
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
    const rows = [
      { priority: 3, at: daysAgo(89), message: 'error kept' },
      { priority: 0, at: daysAgo(91), message: 'emergency pruned' },
      { priority: 4, at: daysAgo(29), message: 'warning kept' },
      { priority: 5, at: daysAgo(31), message: 'notice pruned' },
      { priority: 6, at: daysAgo(6), message: 'info kept' },
      { priority: 7, at: daysAgo(8), message: 'debug pruned' },
    ]
    await db.insert(applicationLog).values(rows.map((r) => ({ ...r, component: 'retention' })))
    const retention = { errorDays: 90, warningDays: 30, infoDays: 7, maxRows: 1_000 }
    expect(await pruneApplicationLog(db, retention, now)).toEqual({ byAge: 3, byCount: 0 })
    const kept = await db.select({ message: applicationLog.message }).from(applicationLog)
    expect(kept.map((r) => r.message).sort()).toEqual(['error kept', 'info kept', 'warning kept'])
    // Bounded by count: only the newest two (by id) stay.
    expect(await pruneApplicationLog(db, { ...retention, maxRows: 2 }, now)).toEqual({
      byAge: 0,
      byCount: 1,
    })
    const left = await db.select({ message: applicationLog.message }).from(applicationLog)
    expect(left.map((r) => r.message).sort()).toEqual(['info kept', 'warning kept'])
  })

  it('is a scheduled job on the queue', async () => {
    const [row] = (
      await t.database.db.execute<{ name: string; cron: string }>(
        sql`SELECT name, cron FROM pgboss.schedule WHERE name = 'operations.prune-application-log'`,
      )
    ).rows
    expect(row?.cron).toBe('17 3 * * *')
  })
})
