import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  HttpErrorList,
  RobotsTxtList,
  SeoTree,
  SitemapState,
} from '@optika/domain/operations/seo-site'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { documents } from '../../platform/db/schema/documents.ts'

/**
 * The seed's robots.txt, HTTP error log and SEO panel calls (ADMIN-CALLS.md, "seo", 7 of 12; the
 * redirects' 5 are their slice's). Each is registered for its method, refuses an anonymous caller
 * (401) and a user without its key (403), and never answers an administrator's empty request
 * with a 500; what each does is proven below.
 */
const SEO_SITE_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/bundle/seo/robots-txt'],
  ['PUT', '/admin/bundle/seo/robots-txt'],
  ['POST', '/admin/bundle/seo/http-error-log'],
  ['GET', '/admin/bundle/seo/http-error-log-detail'],
  ['DELETE', '/admin/bundle/seo/http-error-log-flush'],
  ['GET', '/admin/bundle/seo/document/seopanel-tree-root'],
  ['GET', '/admin/bundle/seo/document/seopanel-tree'],
]
/** Our screens' own calls beside them. */
const OWN_CALLS: readonly (readonly [Method, string])[] = [
  ['GET', '/admin/bundle/seo/sitemap'],
  ['POST', '/admin/bundle/seo/sitemap/regenerate'],
  ['PUT', '/admin/bundle/seo/document/seopanel-save'],
]
const CALLS = [...SEO_SITE_CALLS, ...OWN_CALLS]

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string
let robotsCookie: string

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://shop.example' } })
  adminCookie = await signInNewUser(t.database.db, { username: 'seo-admin', isAdmin: true })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'seo-objects-only',
    permissions: ['objects'],
  })
  robotsCookie = await signInNewUser(t.database.db, {
    username: 'seo-robots-only',
    permissions: ['robots'],
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

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s robots.txt, HTTP error log and SEO panel calls', () => {
  it('lists 7 seed calls, each once', () => {
    expect(new Set(SEO_SITE_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(7)
  })

  it.each(CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(CALLS)('%s %s refuses a user without its key with 403', async (method, path) => {
    const response = await call(method, path, objectsOnlyCookie)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it.each(CALLS)(
    '%s %s answers an administrator’s empty or garbage request without a server error',
    async (method, path) => {
      for (const payload of [undefined, { data: '{not json' }, { siteId: -1, id: 'x' }]) {
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

describe('robots.txt', () => {
  it('serves a sensible default with the sitemap’s address before anyone edits it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    expect(response.body).toContain('User-agent: *')
    expect(response.body).toContain('Disallow: /admin/')
    expect(response.body).toContain('Sitemap: https://shop.example/sitemap.xml')
    const list = await injectJson<RobotsTxtList>(
      t.app,
      'GET',
      '/admin/bundle/seo/robots-txt',
      robotsCookie,
    )
    expect(list.body.items[0]).toMatchObject({ siteId: 0, isDefault: true })
  })

  it('a saved robots.txt is served at once, and the change is audited', async () => {
    const content =
      'User-agent: *\r\nDisallow: /secret\r\nSitemap: https://shop.example/sitemap.xml'
    const saved = await injectJson<RobotsTxtList>(
      t.app,
      'PUT',
      '/admin/bundle/seo/robots-txt',
      robotsCookie,
      { siteId: 0, content },
    )
    expect(saved.status).toBe(200)
    expect(saved.body.items[0]).toMatchObject({ isDefault: false })
    const served = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(served.body).toBe(
      'User-agent: *\nDisallow: /secret\nSitemap: https://shop.example/sitemap.xml\n',
    )
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seoSite.robotsTxt.update'))
    expect(audits).toHaveLength(1)
  })

  it('accepts Pimcore’s data map of site id to content', async () => {
    const saved = await injectJson<RobotsTxtList>(
      t.app,
      'PUT',
      '/admin/bundle/seo/robots-txt',
      adminCookie,
      { data: { default: 'User-agent: *\nDisallow: /pimcore\n' } },
    )
    expect(saved.status).toBe(200)
    expect(saved.body.data['0']).toBe('User-agent: *\nDisallow: /pimcore\n')
  })

  it('refuses control characters, an oversized file and an unknown site, changing nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body
    for (const body of [
      { siteId: 0, content: 'User-agent: *\u0000\nDisallow: /' },
      { siteId: 0, content: 'x'.repeat(70_000) },
      { siteId: 999, content: 'User-agent: *' },
      { data: { default: 'ok', 999: 'not a site' } },
    ]) {
      const answer = await call('PUT', '/admin/bundle/seo/robots-txt', adminCookie, body)
      expect(answer.statusCode).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode).toBeLessThan(500)
      expect(answer.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    }
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe(before)
  })
})

describe('the HTTP error log', () => {
  it('counts the storefront’s 404s per URL with referrer and user agent, not the API’s', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/cs/no-such-page?utm=1',
        headers: { referer: 'https://elsewhere.example/links', 'user-agent': 'TestBot/1.0' },
      })
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-call' })
    await t.app.inject({ method: 'GET', url: '/cs/no-such-page.data?_routes=routes%2Fdocument' })
    const list = await injectJson<HttpErrorList>(
      t.app,
      'POST',
      '/admin/bundle/seo/http-error-log',
      adminCookie,
      { filter: 'no-such' },
    )
    expect(list.status).toBe(200)
    const uris = list.body.items.map((item) => item.uri)
    expect(uris).toContain('/cs/no-such-page?utm=1')
    expect(uris).toContain('/cs/no-such-page')
    expect(uris.some((uri) => uri.startsWith('/api/'))).toBe(false)
    const entry = list.body.items.find((item) => item.uri === '/cs/no-such-page?utm=1')!
    expect(entry).toMatchObject({
      code: 404,
      count: 3,
      referrer: 'https://elsewhere.example/links',
      userAgent: 'TestBot/1.0',
    })

    const detail = await injectJson<{ data: { uri: string } }>(
      t.app,
      'GET',
      `/admin/bundle/seo/http-error-log-detail?id=${entry.id}`,
      adminCookie,
    )
    expect(detail.body.data.uri).toBe('/cs/no-such-page?utm=1')
    // Pimcore asks by the URL itself.
    const byUri = await injectJson<{ data: { id: number } }>(
      t.app,
      'GET',
      `/admin/bundle/seo/http-error-log-detail?uri=${encodeURIComponent('/cs/no-such-page?utm=1')}`,
      adminCookie,
    )
    expect(byUri.body.data.id).toBe(entry.id)
  })

  it('never stores a token from a URL', async () => {
    await t.app.inject({ method: 'GET', url: '/cs/missing?token=s3cr3t-value' })
    const list = await injectJson<HttpErrorList>(
      t.app,
      'POST',
      '/admin/bundle/seo/http-error-log',
      adminCookie,
      { filter: 'missing' },
    )
    expect(JSON.stringify(list.body)).not.toContain('s3cr3t-value')
  })

  it('sorts by Pimcore’s grid sort and pages', async () => {
    const list = await injectJson<HttpErrorList>(
      t.app,
      'POST',
      '/admin/bundle/seo/http-error-log?limit=1',
      adminCookie,
      { sort: '[{"property":"count","direction":"DESC"}]' },
    )
    expect(list.body.items).toHaveLength(1)
    expect(list.body.items[0]!.count).toBe(3)
    expect(list.body.total).toBeGreaterThan(1)
  })

  it('an unknown entry is a translated 404', async () => {
    const answer = await call(
      'GET',
      '/admin/bundle/seo/http-error-log-detail?id=999999',
      adminCookie,
    )
    expect(answer.statusCode).toBe(404)
    expect(answer.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
  })

  it('flush empties the log and is audited', async () => {
    const flushed = await injectJson<{ deleted: number }>(
      t.app,
      'DELETE',
      '/admin/bundle/seo/http-error-log-flush',
      adminCookie,
    )
    expect(flushed.body.deleted).toBeGreaterThan(0)
    const list = await injectJson<HttpErrorList>(
      t.app,
      'POST',
      '/admin/bundle/seo/http-error-log',
      adminCookie,
    )
    expect(list.body.total).toBe(0)
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seoSite.httpErrors.flush'))
    expect(audits.length).toBeGreaterThan(0)
  })
})

describe('the SEO panel', () => {
  it('lists the documents’ root and the categories, then pages with their lengths and flags', async () => {
    const root = await injectJson<SeoTree>(
      t.app,
      'GET',
      '/admin/bundle/seo/document/seopanel-tree-root',
      adminCookie,
    )
    expect(root.body.nodes.map((node) => node.id)).toEqual(['document-1', 'categories'])
    const languages = await injectJson<SeoTree>(
      t.app,
      'GET',
      '/admin/bundle/seo/document/seopanel-tree?node=document-1',
      adminCookie,
    )
    const cs = languages.body.nodes.find((node) => node.path === '/cs')
    expect(cs).toMatchObject({
      kind: 'document',
      type: 'page',
      hasSeo: true,
      language: 'cs',
      hasChildren: true,
    })
    const pages = await injectJson<SeoTree>(
      t.app,
      'GET',
      `/admin/bundle/seo/document/seopanel-tree?node=${cs!.id}`,
      adminCookie,
    )
    const terms = pages.body.nodes.find((node) => node.path === '/cs/terms')!
    expect(terms.language).toBe('cs')
    expect(terms.titleLength).toBe(terms.title.length)
  })

  it('saves a page’s title and description through the documents’ save path', async () => {
    const [terms] = await t.database.db
      .select({ id: documents.id, versionCount: documents.versionCount })
      .from(documents)
      .where(eq(documents.key, 'terms'))
    const title = 'Obchodní podmínky — Optika'
    const saved = await call('PUT', '/admin/bundle/seo/document/seopanel-save', adminCookie, {
      kind: 'document',
      id: terms!.id,
      title,
      description: '',
    })
    expect(saved.statusCode).toBe(200)
    const [row] = await t.database.db
      .select({ settings: documents.settings, versionCount: documents.versionCount })
      .from(documents)
      .where(eq(documents.id, terms!.id))
    expect(row!.settings).toMatchObject({ title, description: '' })
    expect(row!.versionCount).toBe(terms!.versionCount + 1)

    const parent = await injectJson<SeoTree>(
      t.app,
      'GET',
      `/admin/bundle/seo/document/seopanel-tree-root`,
      adminCookie,
    )
    expect(parent.status).toBe(200)
  })

  it('flags a missing description and a title that is too long', async () => {
    const [terms] = await t.database.db
      .select({ id: documents.id, parentId: documents.parentId })
      .from(documents)
      .where(eq(documents.key, 'terms'))
    await call('PUT', '/admin/bundle/seo/document/seopanel-save', adminCookie, {
      kind: 'document',
      id: terms!.id,
      title: 'T'.repeat(80),
      description: '',
    })
    const pages = await injectJson<SeoTree>(
      t.app,
      'GET',
      `/admin/bundle/seo/document/seopanel-tree?node=document-${terms!.parentId}`,
      adminCookie,
    )
    const node = pages.body.nodes.find((n) => n.id === `document-${terms!.id}`)!
    expect(node.issues).toEqual(['titleTooLong', 'descriptionMissing'])
  })

  it('refuses a folder, an unknown node and an oversized title, changing nothing', async () => {
    for (const [url, body] of [
      ['/admin/bundle/seo/document/seopanel-tree?node=../../etc', undefined],
      ['/admin/bundle/seo/document/seopanel-tree?node=document-99999', undefined],
    ] as const) {
      const answer = await call('GET', url, adminCookie, body)
      expect([400, 404]).toContain(answer.statusCode)
    }
    const save = await call('PUT', '/admin/bundle/seo/document/seopanel-save', adminCookie, {
      kind: 'document',
      id: 1,
      title: 'x'.repeat(301),
      description: '',
    })
    expect(save.statusCode).toBe(400)
  })
})

describe('the sitemap state', () => {
  it('shows where crawlers find the index', async () => {
    const state = await injectJson<SitemapState>(
      t.app,
      'GET',
      '/admin/bundle/seo/sitemap',
      robotsCookie,
    )
    expect(state.body.indexUrl).toBe('https://shop.example/sitemap.xml')
  })
})
