import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  Dashboard,
  DashboardList,
  HttpErrorTop,
  LatestOrders,
  LowStock,
  ModificationStatistics,
  OrdersPerDay,
  PendingPartners,
} from '@optika/domain/operations/dashboards'
import { dashboardsCatalogue } from '@optika/i18n/catalogue/dashboards'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'
import { auditLog, adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import { adminUsers, customers } from '../../platform/db/schema/users.ts'
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { httpErrors } from '../../platform/db/schema/seo-site.ts'
import { adminDashboards } from '../../platform/db/schema/dashboards.ts'

/**
 * The seed's portal calls (ADMIN-CALLS.md, "portal (12)"). Each is registered for its method,
 * refuses an anonymous caller (401) and a user without the dashboards key (403), and never
 * answers an empty or garbage request with a 500; what each does is proven below.
 */
const PORTAL_CALLS: readonly Call[] = [
  ['GET', '/admin/portal/dashboard-list'],
  ['GET', '/admin/portal/get-configuration'],
  ['GET', '/admin/portal/portlet-modified-documents'],
  ['GET', '/admin/portal/portlet-modified-assets'],
  ['GET', '/admin/portal/portlet-modified-objects'],
  ['GET', '/admin/portal/portlet-modification-statistics'],
  ['POST', '/admin/portal/create-dashboard'],
  ['POST', '/admin/portal/add-widget'],
  ['DELETE', '/admin/portal/delete-dashboard'],
  ['DELETE', '/admin/portal/remove-widget'],
  ['PUT', '/admin/portal/reorder-widget'],
  ['PUT', '/admin/portal/update-portlet-config'],
]
/** Our screen's own calls beside them: renaming, and the other widgets' data. */
const OWN_CALLS: readonly Call[] = [
  ['PUT', '/admin/portal/rename-dashboard'],
  ['GET', '/admin/portal/portlet-orders-per-day'],
  ['GET', '/admin/portal/portlet-latest-orders'],
  ['GET', '/admin/portal/portlet-pending-partners'],
  ['GET', '/admin/portal/portlet-low-stock'],
  ['GET', '/admin/portal/portlet-http-errors'],
]
const CALLS = [...PORTAL_CALLS, ...OWN_CALLS]

/** `injectJson` sends no language: the shop's default, Czech, names the default dashboard. */
const CZECH_DEFAULT = dashboardsCatalogue['dashboards.default.name'].cs

let t: TestApp
let adminCookie: string
let ordersOnlyCookie: string
let dashboardUserCookie: string
let otherUserCookie: string
let narrowUserCookie: string
let narrowUserId: number

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  adminCookie = await signInNewUser(db, { username: 'portal-admin', isAdmin: true })
  ordersOnlyCookie = await signInNewUser(db, { username: 'portal-orders', permissions: ['orders'] })
  dashboardUserCookie = await signInNewUser(db, {
    username: 'portal-user',
    permissions: ['dashboards', 'orders', 'objects'],
  })
  otherUserCookie = await signInNewUser(db, {
    username: 'portal-other',
    permissions: ['dashboards', 'orders'],
  })
  narrowUserCookie = await signInNewUser(db, {
    username: 'portal-narrow',
    permissions: ['dashboards', 'objects'],
  })
  const [narrow] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.username, 'portal-narrow'))
  narrowUserId = narrow!.id
})
afterAll(async () => {
  await t.close()
})

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

describe('the seed’s portal calls', () => {
  it('lists 12 seed calls', () => {
    expect(PORTAL_CALLS).toHaveLength(12)
  })

  itGuardsItsCalls({
    calls: CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: ordersOnlyCookie }),
    garbage: { key: 'x', id: 'nope', config: '{bad' },
  })
})

describe('dashboards per user', () => {
  it('a new user gets a default dashboard with only the widgets they may see', async () => {
    // Named in the language the user works in (here English).
    const response = await call('GET', '/admin/portal/dashboard-list', otherUserCookie)
    expect(response.statusCode).toBe(200)
    const list = response.json<DashboardList>()
    expect(list.dashboards).toHaveLength(1)
    const [first] = list.dashboards
    expect(first!.key).toBe(dashboardsCatalogue['dashboards.default.name'].en)
    const config = await injectJson<Dashboard>(
      t.app,
      'GET',
      `/admin/portal/get-configuration?key=${encodeURIComponent(first!.key)}`,
      otherUserCookie,
    )
    const types = config.body.positions.flat().map((w) => w.type)
    expect(types).toEqual(expect.arrayContaining(['ordersChart', 'latestOrders', 'systemStatus']))
    // No `objects`, `partners` or `notifications` key: those widgets are left out.
    expect(types).not.toContain('modifiedObjects')
    expect(types).not.toContain('pendingPartners')
    expect(types).not.toContain('notifications')
    expect(config.body.positions).toHaveLength(3)
  })

  it('creates, renames, rearranges and deletes a dashboard, each change audited', async () => {
    const created = await injectJson<Dashboard>(
      t.app,
      'POST',
      '/admin/portal/create-dashboard',
      dashboardUserCookie,
      { key: 'Sales' },
    )
    expect(created.status).toBe(200)
    expect(created.body.positions.flat()).toHaveLength(0)

    const duplicate = await call('POST', '/admin/portal/create-dashboard', dashboardUserCookie, {
      key: 'sales',
    })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json<{ message: string }>().message).toContain('sales')

    const add = async (type: string, column?: number) => {
      const reply = await injectJson<{ success: true; id: number }>(
        t.app,
        'POST',
        '/admin/portal/add-widget',
        dashboardUserCookie,
        { key: 'Sales', type, ...(column === undefined ? {} : { column }) },
      )
      expect(reply.status).toBe(200)
      return reply.body.id
    }
    const chart = await add('ordersChart')
    const latest = await add('latestOrders')
    const status = await add('systemStatus', 2)
    expect(new Set([chart, latest, status]).size).toBe(3)

    const read = async (key = 'Sales') =>
      (
        await injectJson<Dashboard>(
          t.app,
          'GET',
          `/admin/portal/get-configuration?key=${encodeURIComponent(key)}`,
          dashboardUserCookie,
        )
      ).body.positions.map((column) => column.map((w) => w.id))
    // A new widget goes on top of its column (Pimcore's add-widget).
    expect(await read()).toEqual([[latest, chart], [], [status]])

    const moved = await call('PUT', '/admin/portal/reorder-widget', dashboardUserCookie, {
      key: 'Sales',
      id: chart,
      column: 1,
      row: 0,
    })
    expect(moved.statusCode).toBe(200)
    expect(await read()).toEqual([[latest], [chart], [status]])
    // A row past the end puts it last.
    await call('PUT', '/admin/portal/reorder-widget', dashboardUserCookie, {
      key: 'Sales',
      id: latest,
      column: 2,
      row: 40,
    })
    expect(await read()).toEqual([[], [chart], [status, latest]])

    const configured = await call(
      'PUT',
      '/admin/portal/update-portlet-config',
      dashboardUserCookie,
      {
        key: 'Sales',
        id: chart,
        config: { currency: 'EUR', days: 7, kind: 'bar' },
      },
    )
    expect(configured.statusCode).toBe(200)
    // Pimcore sends the settings as a JSON string: that works as well.
    const asString = await call('PUT', '/admin/portal/update-portlet-config', dashboardUserCookie, {
      key: 'Sales',
      id: latest,
      config: JSON.stringify({ limit: 5 }),
    })
    expect(asString.statusCode).toBe(200)
    const badConfig = await call(
      'PUT',
      '/admin/portal/update-portlet-config',
      dashboardUserCookie,
      {
        key: 'Sales',
        id: chart,
        config: { currency: 'USD', script: '<script>' },
      },
    )
    expect(badConfig.statusCode).toBe(400)
    const config = await injectJson<Dashboard>(
      t.app,
      'GET',
      '/admin/portal/get-configuration?key=Sales',
      dashboardUserCookie,
    )
    const widgets = config.body.positions.flat()
    expect(widgets.find((w) => w.id === chart)?.config).toEqual({
      currency: 'EUR',
      days: 7,
      kind: 'bar',
    })
    expect(widgets.find((w) => w.id === latest)?.config).toEqual({ limit: 5 })

    const removed = await call(
      'DELETE',
      `/admin/portal/remove-widget?key=Sales&id=${status}`,
      dashboardUserCookie,
    )
    expect(removed.statusCode).toBe(200)
    expect(await read()).toEqual([[], [chart], [latest]])
    const missing = await call(
      'DELETE',
      `/admin/portal/remove-widget?key=Sales&id=${status}`,
      dashboardUserCookie,
    )
    expect(missing.statusCode).toBe(404)

    const renamed = await call('PUT', '/admin/portal/rename-dashboard', dashboardUserCookie, {
      key: 'Sales',
      newKey: 'Sales team',
    })
    expect(renamed.statusCode).toBe(200)
    expect(await read('Sales team')).toEqual([[], [chart], [latest]])

    const deleted = await call(
      'DELETE',
      '/admin/portal/delete-dashboard?key=Sales%20team',
      dashboardUserCookie,
    )
    expect(deleted.statusCode).toBe(200)
    const list = await injectJson<DashboardList>(
      t.app,
      'GET',
      '/admin/portal/dashboard-list',
      dashboardUserCookie,
    )
    expect(list.body.dashboards.map((d) => d.key)).toEqual([CZECH_DEFAULT])

    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'dashboard'))
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'dashboard.create',
        'dashboard.addWidget',
        'dashboard.reorderWidget',
        'dashboard.updatePortletConfig',
        'dashboard.removeWidget',
        'dashboard.rename',
        'dashboard.delete',
      ]),
    )
  })

  it('the last dashboard cannot be deleted', async () => {
    const response = await call(
      'DELETE',
      `/admin/portal/delete-dashboard?key=${encodeURIComponent(CZECH_DEFAULT)}`,
      dashboardUserCookie,
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'LAST_DASHBOARD' })
  })

  it('a user can neither see nor change another user’s dashboard', async () => {
    await call('POST', '/admin/portal/create-dashboard', otherUserCookie, { key: 'Private' })
    const [row] = await t.database.db
      .select()
      .from(adminDashboards)
      .where(eq(adminDashboards.key, 'Private'))
    const before = JSON.stringify(row!.positions)
    const list = await injectJson<DashboardList>(
      t.app,
      'GET',
      '/admin/portal/dashboard-list',
      dashboardUserCookie,
    )
    expect(list.body.dashboards.map((d) => d.key)).not.toContain('Private')
    for (const [method, url, payload] of [
      ['GET', '/admin/portal/get-configuration?key=Private', undefined],
      ['POST', '/admin/portal/add-widget', { key: 'Private', type: 'systemStatus' }],
      ['PUT', '/admin/portal/rename-dashboard', { key: 'Private', newKey: 'Mine' }],
      ['DELETE', '/admin/portal/delete-dashboard?key=Private', undefined],
    ] as const) {
      const response = await call(method, url, dashboardUserCookie, payload)
      expect(response.statusCode).toBe(404)
    }
    const [after] = await t.database.db
      .select()
      .from(adminDashboards)
      .where(eq(adminDashboards.id, row!.id))
    expect(after!.key).toBe('Private')
    expect(JSON.stringify(after!.positions)).toBe(before)
  })

  it('a widget whose key the user lacks cannot be added', async () => {
    const response = await call('POST', '/admin/portal/add-widget', otherUserCookie, {
      key: 'Private',
      type: 'pendingPartners',
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'WIDGET_NOT_ALLOWED' })
  })

  it('a hostile dashboard name is refused or kept as plain text', async () => {
    const control = await call('POST', '/admin/portal/create-dashboard', otherUserCookie, {
      key: 'bad\u0000name',
    })
    expect(control.statusCode).toBe(400)
    const tooLong = await call('POST', '/admin/portal/create-dashboard', otherUserCookie, {
      key: 'x'.repeat(61),
    })
    expect(tooLong.statusCode).toBe(400)
    const html = '<img src=x onerror=alert(1)>'
    const created = await injectJson<Dashboard>(
      t.app,
      'POST',
      '/admin/portal/create-dashboard',
      otherUserCookie,
      { key: html },
    )
    expect(created.body.key).toBe(html)
  })
})

describe('the widgets’ data', () => {
  it('orders per day count each order once, per currency, without cancelled ones', async () => {
    const db = t.database.db
    const now = new Date()
    await db.insert(orders).values([
      {
        number: 'DASH-1',
        email: 'a@example.com',
        currency: 'CZK',
        totalGross: 10_000,
        createdAt: now,
      },
      {
        number: 'DASH-2',
        email: 'b@example.com',
        currency: 'CZK',
        totalGross: 2_550,
        createdAt: now,
      },
      {
        number: 'DASH-3',
        email: 'c@example.com',
        currency: 'CZK',
        totalGross: 99_999,
        status: 'cancelled',
        createdAt: now,
      },
      {
        number: 'DASH-4',
        email: 'd@example.com',
        currency: 'EUR',
        totalGross: 1_000,
        createdAt: now,
      },
    ])
    const czk = await injectJson<OrdersPerDay>(
      t.app,
      'GET',
      '/admin/portal/portlet-orders-per-day?currency=CZK&days=7',
      dashboardUserCookie,
    )
    expect(czk.status).toBe(200)
    expect(czk.body.days).toHaveLength(7)
    const today = now.toISOString().slice(0, 10)
    expect(czk.body.days.at(-1)).toEqual({ datetext: today, orders: 2, revenue: 12_550 })
    expect(czk.body.currencies).toEqual(['CZK', 'EUR'])
    const eur = await injectJson<OrdersPerDay>(
      t.app,
      'GET',
      '/admin/portal/portlet-orders-per-day?currency=EUR&days=7',
      dashboardUserCookie,
    )
    expect(eur.body.days.at(-1)).toMatchObject({ orders: 1, revenue: 1_000 })
    const bad = await call('GET', '/admin/portal/portlet-orders-per-day?currency=USD', adminCookie)
    expect(bad.statusCode).toBe(400)

    const latest = await injectJson<LatestOrders>(
      t.app,
      'GET',
      '/admin/portal/portlet-latest-orders?limit=2',
      dashboardUserCookie,
    )
    expect(latest.body.orders).toHaveLength(2)
  })

  it('each data call needs the key of what it shows as well', async () => {
    for (const url of [
      '/admin/portal/portlet-pending-partners',
      '/admin/portal/portlet-http-errors',
      '/admin/portal/portlet-modified-assets',
      '/admin/portal/portlet-modified-documents',
    ]) {
      const response = await call('GET', url, dashboardUserCookie)
      expect(response.statusCode).toBe(403)
    }
  })

  it('lists partners waiting for approval, oldest first', async () => {
    const db = t.database.db
    await db.insert(customers).values([
      {
        kind: 'partner',
        email: 'waiting-2@example.com',
        passwordHash: 'x',
        clientNumber: 'DASH-P2',
        company: 'Second Optics',
        partnerStatus: 'pending',
        createdAt: new Date('2026-01-02T00:00:00Z'),
      },
      {
        kind: 'partner',
        email: 'waiting-1@example.com',
        passwordHash: 'x',
        clientNumber: 'DASH-P1',
        company: 'First Optics',
        partnerStatus: 'pending',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        kind: 'partner',
        email: 'approved@example.com',
        passwordHash: 'x',
        clientNumber: 'DASH-P3',
        company: 'Approved Optics',
        partnerStatus: 'approved',
      },
    ])
    const answer = await injectJson<PendingPartners>(
      t.app,
      'GET',
      '/admin/portal/portlet-pending-partners',
      adminCookie,
    )
    const companies = answer.body.partners.map((p) => p.company)
    expect(companies.indexOf('First Optics')).toBeLessThan(companies.indexOf('Second Optics'))
    expect(companies).not.toContain('Approved Optics')
    expect(JSON.stringify(answer.body)).not.toContain('passwordHash')
  })

  it('modified objects and low stock respect the user’s workspaces', async () => {
    const db = t.database.db
    await db.insert(objects).values([
      { id: 97001, parentId: null, type: 'folder', key: 'DashOpen', path: '/' },
      { id: 97002, parentId: null, type: 'folder', key: 'DashSecret', path: '/' },
      { id: 97003, parentId: 97001, type: 'variant', key: 'open-variant', path: '/DashOpen/' },
      { id: 97004, parentId: 97002, type: 'variant', key: 'secret-variant', path: '/DashSecret/' },
    ])
    await db.insert(stockLevels).values([
      { objectId: 97003, quantity: 1 },
      { objectId: 97004, quantity: 0 },
    ])
    await db.insert(adminWorkspaces).values({
      userId: narrowUserId,
      elementType: 'object',
      path: '/DashOpen/',
      list: true,
      view: true,
    })
    const narrow = await injectJson<{ objects: { path: string }[] }>(
      t.app,
      'GET',
      '/admin/portal/portlet-modified-objects',
      narrowUserCookie,
    )
    const paths = narrow.body.objects.map((o) => o.path)
    expect(paths).toContain('/DashOpen/open-variant')
    expect(paths).not.toContain('/DashSecret/secret-variant')
    const admin = await injectJson<{ objects: { path: string }[] }>(
      t.app,
      'GET',
      '/admin/portal/portlet-modified-objects',
      adminCookie,
    )
    expect(admin.body.objects.map((o) => o.path)).toContain('/DashSecret/secret-variant')

    const stock = await injectJson<LowStock>(
      t.app,
      'GET',
      '/admin/portal/portlet-low-stock?threshold=2',
      narrowUserCookie,
    )
    expect(stock.body.variants.map((v) => v.path)).toEqual(['/DashOpen/open-variant'])
    const adminStock = await injectJson<LowStock>(
      t.app,
      'GET',
      '/admin/portal/portlet-low-stock?threshold=0',
      adminCookie,
    )
    expect(adminStock.body.variants).toEqual([
      { id: 97004, path: '/DashSecret/secret-variant', quantity: 0 },
    ])
  })

  it('counts changes per day and the most frequent 404s', async () => {
    const stats = await injectJson<ModificationStatistics>(
      t.app,
      'GET',
      '/admin/portal/portlet-modification-statistics',
      narrowUserCookie,
    )
    expect(stats.body.data).toHaveLength(31)
    expect(stats.body.data.at(-1)!.objects).toBeGreaterThanOrEqual(4)

    await t.database.db.insert(httpErrors).values([
      { uri: '/rare', code: 404, count: 2 },
      { uri: '/often', code: 404, count: 50 },
    ])
    const top = await injectJson<HttpErrorTop>(
      t.app,
      'GET',
      '/admin/portal/portlet-http-errors?limit=1',
      adminCookie,
    )
    expect(top.body.errors).toEqual([expect.objectContaining({ uri: '/often', count: 50 })])
  })
})
