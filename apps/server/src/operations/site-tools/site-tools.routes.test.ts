import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { GlossaryList } from '@optika/domain/operations/glossary'
import type {
  StaticRouteList,
  StaticRouteTestResult,
} from '@optika/domain/operations/static-routes'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'

/**
 * The seed's static-routes and glossary calls (ADMIN-CALLS.md, copied here so CI can check them)
 * and the path test our screen adds: registered at their method, 401 anonymous, 403 without the
 * key, never a 500 on an empty or garbage request; then what each does, and the hostile inputs
 * (a catastrophic regex, an unsafe link) refused with nothing written.
 */
const CALLS: readonly (readonly [Method, string, 'staticRoutes' | 'glossary'])[] = [
  ['POST', '/admin/bundle/staticroutes/staticroutes', 'staticRoutes'],
  ['GET', '/admin/bundle/staticroutes/test', 'staticRoutes'],
  ['POST', '/admin/bundle/glossary/settings/glossary', 'glossary'],
]

const ROUTES_URL = '/admin/bundle/staticroutes/staticroutes'
const GLOSSARY_URL = '/admin/bundle/glossary/settings/glossary'
/** A message key left untranslated looks like `siteTools.error.unsafeRegex`. */
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminCookie: string
let routesOnlyCookie: string
let glossaryOnlyCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'st-admin', isAdmin: true })
  routesOnlyCookie = await signInNewUser(t.database.db, {
    username: 'st-routes',
    permissions: ['staticRoutes'],
  })
  glossaryOnlyCookie = await signInNewUser(t.database.db, {
    username: 'st-glossary',
    permissions: ['glossary'],
  })
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

async function routesCall(payload: unknown, cookie = adminCookie) {
  const response = await call('POST', ROUTES_URL, cookie, payload)
  return {
    status: response.statusCode,
    body: response.json<StaticRouteList & { message?: string }>(),
  }
}

async function glossaryCall(payload: unknown, cookie = adminCookie) {
  const response = await call('POST', GLOSSARY_URL, cookie, payload)
  return { status: response.statusCode, body: response.json<GlossaryList & { message?: string }>() }
}

describe('the seed’s static-routes and glossary calls', () => {
  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(CALLS)('%s %s refuses a user without its key with 403', async (method, path, key) => {
    const response = await call(
      method,
      path,
      key === 'glossary' ? routesOnlyCookie : glossaryOnlyCookie,
    )
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it.each(CALLS)(
    '%s %s answers an empty or garbage request without a server error',
    async (method, path) => {
      const payloads =
        method === 'GET'
          ? [undefined]
          : [
              undefined,
              {},
              { xaction: 'evil' },
              { xaction: 'create', data: '{not json' },
              { xaction: 'destroy', data: 'x' },
              { xaction: 'update', data: [1, 2] },
              { sort: '[{"property":' },
              { start: -1 },
            ]
      for (const payload of payloads) {
        const response = await call(method, path, adminCookie, payload)
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json<{ code?: unknown; message?: unknown }>()
          expect(typeof body.code).toBe('string')
          expect(body.message).not.toMatch(UNTRANSLATED_KEY)
        }
      }
    },
  )
})

describe('static routes', () => {
  it('creates, lists, tests, updates and deletes a route, each write audited', async () => {
    const created = await routesCall({
      xaction: 'create',
      data: JSON.stringify({
        name: 'brand',
        pattern: '/{locale}/brand/{slug}',
        targetType: 'productListing',
        target: 'cid=12&brand={slug}',
        priority: 5,
      }),
    })
    expect(created.status).toBe(200)
    const route = created.body.data[0]!
    expect(route).toMatchObject({ name: 'brand', variables: ['locale', 'slug'], syntax: 'simple' })

    const listed = await routesCall({ xaction: 'read', filter: 'brand' })
    expect(listed.body.data.map((r) => r.name)).toEqual(['brand'])
    expect((await routesCall({ xaction: 'read', filter: 'nothing-like-it' })).body.total).toBe(0)

    const tested = await call(
      'GET',
      `/admin/bundle/staticroutes/test?path=${encodeURIComponent('/cs/brand/ray-ban')}`,
      adminCookie,
    )
    expect(tested.json<StaticRouteTestResult>()).toMatchObject({
      matched: true,
      params: { locale: 'cs', slug: 'ray-ban' },
      targetType: 'productListing',
      target: 'cid=12&brand=ray-ban',
      reversed: '/cs/brand/ray-ban',
    })
    // Not a language: not this route's address.
    const other = await call('GET', '/admin/bundle/staticroutes/test?path=/xx/brand/a', adminCookie)
    expect(other.json<StaticRouteTestResult>().matched).toBe(false)

    const updated = await routesCall({ xaction: 'update', data: { id: route.id, priority: 9 } })
    expect(updated.body.data[0]).toMatchObject({ priority: 9, pattern: '/{locale}/brand/{slug}' })

    expect((await routesCall({ xaction: 'destroy', data: route.id })).status).toBe(200)
    expect((await routesCall({ xaction: 'read' })).body.total).toBe(0)

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'staticRoute'))
    expect(audited.map((a) => a.action)).toEqual([
      'staticRoute.create',
      'staticRoute.update',
      'staticRoute.delete',
    ])
  })

  it('resolves by priority, site and method, and builds page targets from the shop’s routes', async () => {
    await routesCall({
      xaction: 'create',
      data: {
        name: 'low',
        pattern: '/{locale}/x/{q}',
        targetType: 'page',
        target: 'search?q={q}',
        priority: 1,
      },
    })
    await routesCall({
      xaction: 'create',
      data: {
        name: 'high',
        syntax: 'regex',
        pattern: '/(?<locale>[a-z]{2})/x/(?<id>[0-9]+)',
        targetType: 'document',
        target: '/{locale}/terms',
        priority: 10,
        methods: ['GET'],
      },
    })
    const numeric = await call('GET', '/admin/bundle/staticroutes/test?path=/en/x/42', adminCookie)
    expect(numeric.json<StaticRouteTestResult>()).toMatchObject({
      route: { name: 'high' },
      target: '/en/terms',
    })
    const posted = await call(
      'GET',
      '/admin/bundle/staticroutes/test?path=/en/x/42&method=POST',
      adminCookie,
    )
    expect(posted.json<StaticRouteTestResult>()).toMatchObject({
      route: { name: 'low' },
      target: '/en/search?q=42',
    })
    const words = await call(
      'GET',
      '/admin/bundle/staticroutes/test?path=/en/x/sun%20glasses',
      adminCookie,
    )
    expect(words.json<StaticRouteTestResult>()).toMatchObject({
      route: { name: 'low' },
      target: '/en/search?q=sun+glasses',
    })
  })

  it.each([
    ['nested quantifiers', '/(a+)+$'],
    ['overlapping alternation', '/(a|a)*b'],
    ['polynomial backtracking', '/a*a*a*b'],
    ['too many unbounded repetitions', '/a*a*a*a*a*a*b'],
    ['a back-reference', '/(?<x>a)\\k<x>'],
  ])('refuses a catastrophic regex (%s) at save, writing nothing', async (_label, pattern) => {
    const before = (await routesCall({ xaction: 'read' })).body.total
    const started = Date.now()
    const refused = await routesCall({
      xaction: 'create',
      data: { name: 'redos', syntax: 'regex', pattern, targetType: 'page', target: 'home' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/catastrophically long/)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await routesCall({ xaction: 'read' })).body.total).toBe(before)
  })

  it('refuses malformed patterns, unknown variables, unknown pages and duplicate names', async () => {
    const cases = [
      { name: 'bad1', syntax: 'regex', pattern: '/(unclosed', targetType: 'page', target: 'home' },
      { name: 'bad2', pattern: 'no-slash/{x}', targetType: 'page', target: 'home' },
      {
        name: 'bad3',
        pattern: '/{locale}/a/{x}',
        targetType: 'productListing',
        target: 'brand={nope}',
      },
      { name: 'bad4', pattern: '/{locale}/b', targetType: 'page', target: 'api_products' },
      {
        name: 'bad5',
        pattern: '/{locale}/c',
        targetType: 'document',
        target: 'javascript:alert(1)',
      },
      { name: 'bad 6', pattern: '/{locale}/d', targetType: 'page', target: 'home' },
      { name: 'low', pattern: '/{locale}/e', targetType: 'page', target: 'home' },
    ]
    for (const data of cases) {
      const refused = await routesCall({ xaction: 'create', data })
      expect(refused.status, data.name).toBeGreaterThanOrEqual(400)
      expect(refused.status, data.name).toBeLessThan(500)
      expect(refused.body.message).not.toMatch(UNTRANSLATED_KEY)
    }
    const names = (await routesCall({ xaction: 'read' })).body.data.map((r) => r.name)
    expect(names.filter((n) => n.startsWith('bad'))).toEqual([])
  })

  it('keeps Pimcore’s parameters in the query string working', async () => {
    const response = await call(
      'POST',
      `${ROUTES_URL}?xaction=read&filter=high&start=0&limit=10`,
      adminCookie,
    )
    expect(response.json<StaticRouteList>().data.map((r) => r.name)).toEqual(['high'])
  })
})

describe('the glossary', () => {
  it('creates, lists, updates and deletes a term, each write audited', async () => {
    const created = await glossaryCall({
      xaction: 'create',
      data: { text: 'UV 400', language: 'en', abbr: 'Blocks all UV light up to 400 nm' },
    })
    expect(created.status).toBe(200)
    const term = created.body.data[0]!
    expect(term).toMatchObject({ text: 'UV 400', exactMatch: true, caseSensitive: false })
    expect((await glossaryCall({ xaction: 'read', filter: 'uv' })).body.data).toHaveLength(1)
    const updated = await glossaryCall({
      xaction: 'update',
      data: { id: term.id, link: '/en/articles' },
    })
    expect(updated.body.data[0]).toMatchObject({
      link: '/en/articles',
      abbr: 'Blocks all UV light up to 400 nm',
    })
    // The same term in the same language and site twice is refused.
    const twice = await glossaryCall({
      xaction: 'create',
      data: { text: 'UV 400', language: 'en', abbr: 'x' },
    })
    expect(twice.status).toBe(409)
    expect((await glossaryCall({ xaction: 'destroy', data: { id: term.id } })).status).toBe(200)
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'glossaryTerm'))
    expect(audited.map((a) => a.action)).toEqual([
      'glossaryTerm.create',
      'glossaryTerm.update',
      'glossaryTerm.delete',
    ])
  })

  it.each([
    'javascript:alert(1)',
    '//evil.example/x',
    'data:text/html,<script>alert(1)</script>',
    '/cs/" onmouseover="alert(1)',
  ])('refuses the unsafe link %s, writing nothing', async (link) => {
    const refused = await glossaryCall({ xaction: 'create', data: { text: 'Polarized', link } })
    expect(refused.status).toBe(400)
    expect((await glossaryCall({ xaction: 'read', filter: 'Polarized' })).body.total).toBe(0)
  })

  it('refuses a term without a link, abbreviation or acronym, and an unknown language', async () => {
    expect((await glossaryCall({ xaction: 'create', data: { text: 'Empty' } })).status).toBe(400)
    expect(
      (await glossaryCall({ xaction: 'create', data: { text: 'X', language: 'de', abbr: 'x' } }))
        .status,
    ).toBe(400)
  })
})
