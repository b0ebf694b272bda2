import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, injectJson, signInNewUser } from '../../../test/inject-json.ts'
import type { AppError } from '../../platform/http/app-error.ts'
import { inReportTransaction } from './report-runner.ts'
import { insertDemoCustomReports } from '../../demo/demo-custom-reports.ts'

const BASE = '/admin/bundle/customreports/custom-report'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

let t: TestApp
let config: string
let viewer: string

beforeAll(async () => {
  t = await buildTestApp()
  config = await signInNewUser(t.database.db, {
    username: 'reports-config',
    permissions: ['reports', 'reportsConfig'],
  })
  viewer = await signInNewUser(t.database.db, {
    username: 'reports-viewer',
    permissions: ['reports'],
  })
  await t.database.db.execute(sql`
    insert into orders (number, email, name, currency, country, total_gross, created_at)
    values ('R-1', 'a@example.com', 'Anna', 'EUR', 'SK', 1000, '2026-01-05'),
           ('R-2', 'b@example.com', 'Boris', 'EUR', 'SK', 2500, '2026-01-20'),
           ('R-3', 'c@example.com', 'Cyril', 'CZK', 'CZ', 90000, '2026-02-02')`)
})
afterAll(() => t.close())

const call = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => injectJson<T>(t.app, method, url, cookie, body)

async function saveReport(name: string, reportSql: string, extra: Record<string, unknown> = {}) {
  await call('POST', `${BASE}/add`, config, { name })
  const columns = await call<{ columns: { name: string }[] }>(
    'POST',
    `${BASE}/column-config`,
    config,
    {
      sql: reportSql,
    },
  )
  expect(columns.status).toBe(200)
  return call<{ name: string }>('PUT', `${BASE}/update`, config, {
    name,
    configuration: { niceName: name, sql: reportSql, columns: columns.body.columns, ...extra },
  })
}

async function orderCount(): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders`,
  )
  return rows[0]!.n
}

describe('a report SQL is refused or cut off', () => {
  const refused: [string, string, string][] = [
    ['DELETE', 'DELETE FROM orders', 'REPORT_SQL_REFUSED'],
    [
      'a DELETE in a WITH',
      'with gone as (delete from orders returning *) select * from gone',
      'REPORT_SQL_REFUSED',
    ],
    [';-chained statements', 'select 1 as a; delete from orders', 'REPORT_SQL_REFUSED'],
    ['two SELECTs', 'select 1 as a; select 2 as b', 'REPORT_SQL_REFUSED'],
    [
      'a statement after a comment',
      'select 1 as a -- ; \n; drop table orders',
      'REPORT_SQL_REFUSED',
    ],
    ['pg_sleep', 'select pg_sleep(100) as a', 'REPORT_SQL_REFUSED'],
    [
      'pg_sleep quoted and qualified',
      'select pg_catalog."pg_sleep"(100) as a',
      'REPORT_SQL_REFUSED',
    ],
    ['COPY', 'COPY (select 1) TO STDOUT', 'REPORT_SQL_REFUSED'],
    ['SET ROLE', 'SET ROLE postgres', 'REPORT_SQL_REFUSED'],
    [
      'set_config to change the role',
      "select set_config('role', 'postgres', true) as a",
      'REPORT_SQL_REFUSED',
    ],
    [
      'a Unicode-escaped name',
      `select U&"\\0073et_config"('role', 'postgres', true) as a`,
      'REPORT_SQL_REFUSED',
    ],
    [
      'SQL run from text',
      "select query_to_xml('select 1', true, true, '') as a",
      'REPORT_SQL_REFUSED',
    ],
    ['a parameter of its own', 'select * from orders where id = $1', 'REPORT_SQL_REFUSED'],
    ['SELECT INTO', 'select * into stolen from orders', 'REPORT_SQL_REFUSED'],
    ['admin password hashes', 'select password_hash from public.admin_users', 'REPORT_SQL_REFUSED'],
    [
      'admin password hashes by search path',
      'select password_hash from admin_users',
      'REPORT_SQL_FAILED',
    ],
    ['back-office sessions', 'select * from public.admin_sessions', 'REPORT_SQL_REFUSED'],
    ['customer tokens', 'select * from public.customer_tokens', 'REPORT_SQL_REFUSED'],
    [
      'customer password hashes',
      'select password_hash from public.customers',
      'REPORT_SQL_REFUSED',
    ],
    ['the role catalogue', 'select rolpassword from pg_catalog.pg_authid', 'REPORT_SQL_REFUSED'],
    [
      'a whole row of a secret table',
      'select to_jsonb(u) from public.admin_users u',
      'REPORT_SQL_REFUSED',
    ],
  ]

  it.each(refused)('%s: 400, nothing saved, nothing changed', async (_label, reportSql, code) => {
    const before = await orderCount()
    const tried = await call<{ code: string; message: string }>(
      'POST',
      `${BASE}/column-config`,
      config,
      {
        sql: reportSql,
      },
    )
    expect(tried.status).toBe(400)
    expect(tried.body.code).toBe(code)
    expect(tried.body.message).not.toMatch(/^customReports\./)
    expect(JSON.stringify(tried.body)).not.toMatch(/\$argon|\$2[aby]\$|scrypt/)
    await call('POST', `${BASE}/add`, config, { name: 'hostile' })
    const saved = await call('PUT', `${BASE}/update`, config, {
      name: 'hostile',
      configuration: { sql: reportSql },
    })
    expect(saved.status).toBe(400)
    const stored = await call<{ sql: string }>('GET', `${BASE}/get?name=hostile`, config)
    expect(stored.body.sql).toBe('')
    expect(await orderCount()).toBe(before)
  })

  it('runs in a read-only transaction as the reader role, whatever the text checks miss', async () => {
    const attempt = (statement: string) =>
      inReportTransaction(t.database.db, (tx) => tx.execute(sql.raw(statement))).then(
        () => null,
        (error: AppError) => error.code,
      )
    expect(await attempt('delete from reports.orders')).toMatch(/^REPORT_SQL_/)
    expect(await attempt('create table reports.stolen (x int)')).toMatch(/^REPORT_SQL_/)
    expect(await attempt('select password_hash from public.admin_users')).toBe('REPORT_SQL_REFUSED')
    expect(await attempt('select * from public.customer_sessions')).toBe('REPORT_SQL_REFUSED')
    expect(await attempt("select set_config('statement_timeout', '0', true)")).toBeNull()
    expect(await attempt('select current_user')).toBeNull()
    const { rows } = await inReportTransaction(t.database.db, (tx) =>
      tx.execute<{ who: string; ro: string }>(
        sql`select current_user as who, current_setting('transaction_read_only') as ro`,
      ),
    )
    expect(rows[0]).toEqual({ who: 'optika_report_reader', ro: 'on' })
    expect(await orderCount()).toBe(3)
  })

  it('cuts a 10-million-row result at the row limit', async () => {
    expect(
      (await saveReport('ten-million', 'select generate_series(1, 10000000) as g')).status,
    ).toBe(200)
    const page = await call<{ data: unknown[]; total: number; truncated: boolean }>(
      'GET',
      `${BASE}/data?name=ten-million&limit=20`,
      config,
    )
    expect(page.status).toBe(200)
    expect(page.body.data).toHaveLength(20)
    expect(page.body.total).toBe(10_000)
    expect(page.body.truncated).toBe(true)
    const far = await call<{ data: unknown[] }>(
      'GET',
      `${BASE}/data?name=ten-million&start=9990&limit=100`,
      config,
    )
    expect(far.body.data).toHaveLength(10)
  }, 60_000)

  it.skipIf(!onPostgres)(
    'stops a slow query at the statement timeout (PostgreSQL)',
    async () => {
      const slow = await call<{ code: string }>('POST', `${BASE}/column-config`, config, {
        sql: 'select count(*) as n from generate_series(1, 100000000000) as g',
      })
      expect(slow.status).toBe(400)
      expect(slow.body.code).toBe('REPORT_TIMEOUT')
    },
    20_000,
  )
})

describe('a report does its job', () => {
  const revenueSql = `select country, currency, count(*)::int as orders, sum(total_gross)::bigint as revenue
    from orders group by country, currency`

  it('filters with parameters, sorts, drills down, charts, clones and deletes', async () => {
    const saved = await saveReport('revenue', revenueSql, {
      defaultSort: { column: 'revenue', direction: 'desc' },
      chart: { type: 'bar', xColumn: 'country', yColumns: ['revenue'] },
    })
    expect(saved.status).toBe(200)
    const all = await call<{ data: { country: string; revenue: number }[]; total: number }>(
      'GET',
      `${BASE}/data?name=revenue`,
      viewer,
    )
    // Not shared yet: the viewer does not see it.
    expect(all.status).toBe(404)
    const report = await call<Record<string, unknown>>('GET', `${BASE}/get?name=revenue`, config)
    await call('PUT', `${BASE}/update`, config, {
      name: 'revenue',
      configuration: { ...report.body, sharing: { global: true, userIds: [], roleIds: [] } },
    })
    const shared = await call<{ data: { country: string; revenue: number }[]; total: number }>(
      'GET',
      `${BASE}/data?name=revenue`,
      viewer,
    )
    expect(shared.status).toBe(200)
    expect(shared.body.data.map((r) => r.country)).toEqual(['CZ', 'SK'])
    expect(shared.body.data[1]!.revenue).toBe(3500)

    const hostileFilter = JSON.stringify([
      { column: 'country', operator: 'like', value: "'; drop table orders; --" },
    ])
    const none = await call<{ data: unknown[] }>(
      'GET',
      `${BASE}/data?name=revenue&filter=${encodeURIComponent(hostileFilter)}`,
      viewer,
    )
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual([])
    expect(await orderCount()).toBe(3)

    const slovak = await call<{ data: { country: string }[] }>('POST', `${BASE}/data`, viewer, {
      name: 'revenue',
      filter: [{ column: 'country', operator: 'in', value: ['SK'] }],
      sort: 'orders',
      dir: 'ASC',
    })
    expect(slovak.body.data.map((r) => r.country)).toEqual(['SK'])

    const badColumn = await call<{ code: string }>(
      'GET',
      `${BASE}/data?name=revenue&sort=${encodeURIComponent('revenue"; drop table orders; --')}`,
      viewer,
    )
    expect(badColumn.status).toBe(400)

    const options = await call<{ data: { value: string }[] }>(
      'GET',
      `${BASE}/drill-down-options?name=revenue&field=country`,
      viewer,
    )
    expect(options.body.data.map((o) => o.value)).toEqual(['CZ', 'SK'])

    const chart = await call<{ type: string; data: Record<string, unknown>[] }>(
      'GET',
      `${BASE}/chart?name=revenue`,
      viewer,
    )
    expect(chart.body.type).toBe('bar')
    expect(chart.body.data).toEqual([
      { country: 'CZ', revenue: 90000 },
      { country: 'SK', revenue: 3500 },
    ])
    const portlet = await call<{ data: { name: string }[] }>(
      'GET',
      `${BASE}/portlet-report-list`,
      viewer,
    )
    expect(portlet.body.data.map((r) => r.name)).toContain('revenue')
    expect(portlet.body.data.map((r) => r.name)).not.toContain('ten-million')

    const clone = await call<{ name: string; chart: { type: string } }>(
      'POST',
      `${BASE}/clone`,
      config,
      {
        name: 'revenue',
        newName: 'revenue-copy',
      },
    )
    expect(clone.body.chart.type).toBe('bar')
    expect(
      (await call('POST', `${BASE}/clone`, config, { name: 'revenue', newName: 'REVENUE' })).status,
    ).toBe(409)
    expect((await call('DELETE', `${BASE}/delete?name=revenue-copy`, config)).status).toBe(200)
    expect((await call('GET', `${BASE}/get?name=revenue-copy`, config)).status).toBe(404)
    const { rows } = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_type = 'customReport' order by id`,
    )
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'customReport.add',
        'customReport.update',
        'customReport.clone',
        'customReport.delete',
      ]),
    )
  })

  it('exports CSV and XLSX through the job queue, formula-safe', async () => {
    await t.database.db.execute(sql`
      insert into orders (number, email, currency, country, total_gross) values ('R-4', 'd@example.com', 'EUR', '=HYPERLINK("x")', 5)`)
    const started = await call<{ jobId: string }>(
      'GET',
      `${BASE}/create-csv?name=revenue&format=csv`,
      viewer,
    )
    expect(started.status).toBe(200)
    await vi.waitFor(
      async () => {
        const job = await call<{ status: string }>(
          'GET',
          `${BASE}/download-csv?jobId=${started.body.jobId}&status=1`,
          viewer,
        )
        expect(job.body.status).toBe('done')
      },
      { timeout: 20_000, interval: 100 },
    )
    const file = await injectAs(
      t.app,
      'GET',
      `${BASE}/download-csv?jobId=${started.body.jobId}`,
      viewer,
    )
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('text/csv')
    expect(file.body).toContain('SK,EUR,2,3500')
    expect(file.body).toContain(`"'=HYPERLINK(""x"")"`)
    // Another user's job is not found.
    const other = await injectAs(
      t.app,
      'GET',
      `${BASE}/download-csv?jobId=${started.body.jobId}`,
      config,
    )
    expect(other.statusCode).toBe(404)

    const xlsx = await call<{ jobId: string }>(
      'GET',
      `${BASE}/create-csv?name=revenue&format=xlsx`,
      viewer,
    )
    await vi.waitFor(
      async () => {
        const job = await call<{ status: string }>(
          'GET',
          `${BASE}/download-csv?jobId=${xlsx.body.jobId}&status=1`,
          viewer,
        )
        expect(job.body.status).toBe('done')
      },
      { timeout: 20_000, interval: 100 },
    )
    const sheet = await injectAs(
      t.app,
      'GET',
      `${BASE}/download-csv?jobId=${xlsx.body.jobId}`,
      viewer,
    )
    expect(sheet.statusCode).toBe(200)
    expect(sheet.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})

describe('the demo reports', () => {
  it('run through the read-only runner and draw their charts', async () => {
    await insertDemoCustomReports(t.database.db)
    for (const name of ['revenue-by-country-and-month', 'best-selling-products-by-category']) {
      const data = await call<{ data: unknown[] }>('GET', `${BASE}/data?name=${name}`, viewer)
      expect(data.status).toBe(200)
      const chart = await call<{ type: string }>('GET', `${BASE}/chart?name=${name}`, viewer)
      expect(chart.status).toBe(200)
      expect(chart.body.type).not.toBe('none')
    }
    const revenue = await call<{ data: { country: string; revenue: number }[] }>(
      'GET',
      `${BASE}/data?name=revenue-by-country-and-month`,
      viewer,
    )
    expect(revenue.body.data).toContainEqual(
      expect.objectContaining({ month: '2026-01', country: 'SK', orders: 2, revenue: 35 }),
    )
  })
})
