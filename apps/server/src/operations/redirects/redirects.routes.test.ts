import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Redirect, RedirectTestResult } from '@optika/domain/operations/redirects'
import { generateUrl } from '@optika/domain/routing/routes'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { insertObject, insertRootAndClasses } from '../../../test/kits/pim-objects-test-kit.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { seoRedirects } from '../../platform/db/schema/seo-redirects.ts'

/**
 * The seed's SEO redirect calls, as listed in ADMIN-CALLS.md (outside the repository): each is
 * registered for its method, refuses an anonymous caller with 401 and a user without the
 * `redirects` permission with 403, and answers an administrator's empty request without a 500.
 */
const REDIRECT_CALLS: readonly (readonly [Method, string])[] = [
  ['POST', '/admin/bundle/seo/redirects/list'],
  ['POST', '/admin/bundle/seo/redirects/csv-import'],
  ['GET', '/admin/bundle/seo/redirects/csv-export'],
  ['GET', '/admin/bundle/seo/redirects/get-statuscodes'],
  ['DELETE', '/admin/bundle/seo/redirects/cleanup'],
]

/** A message key left untranslated looks like `seoRedirects.error.loop`. */
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let admin: string
let objectsOnly: string

beforeAll(async () => {
  // A storefront build that does not exist: pages answer 503, but the redirects run before them.
  t = await buildTestApp({
    deps: { storefrontBuildDir: join(tmpdir(), 'optika-no-storefront-build') },
  })
  admin = await signInNewUser(t.database.db, { username: 'redirects-admin', isAdmin: true })
  objectsOnly = await signInNewUser(t.database.db, {
    username: 'redirects-objects-only',
    permissions: ['objects'],
  })
})
afterAll(async () => t.close())
beforeEach(async () => {
  await t.database.db.delete(seoRedirects)
})

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return injectAs(t.app, method, url, cookie, payload, { 'accept-language': 'en' })
}

async function create(data: Record<string, unknown>) {
  return call('POST', '/admin/bundle/seo/redirects/list', admin, { xaction: 'create', data })
}

async function created(data: Record<string, unknown>): Promise<Redirect> {
  const response = await create(data)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: Redirect }>().data
}

function visit(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers })
}

async function ruleCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(seoRedirects)
  return row?.n ?? 0
}

function csvUpload(csv: string) {
  const boundary = '----redirects-test'
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="redirects.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n')
  return t.app.inject({
    method: 'POST',
    url: '/admin/bundle/seo/redirects/csv-import',
    headers: {
      cookie: admin,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
}

describe('the seed’s SEO redirect calls', () => {
  it.each(REDIRECT_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(REDIRECT_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(REDIRECT_CALLS)(
    '%s %s refuses a user without the redirects permission with 403',
    async (method, path) => {
      const response = await call(method, path, objectsOnly)
      expect(response.statusCode).toBe(403)
    },
  )

  it.each(REDIRECT_CALLS)(
    '%s %s answers an administrator’s empty or garbage request without a server error',
    async (method, path) => {
      for (const payload of [undefined, { xaction: 'update', data: '{not json' }, { data: 7 }]) {
        const response = await call(method, path, admin, method === 'GET' ? undefined : payload)
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

describe('redirect rules', () => {
  it('creates, lists, updates and deletes a rule through Pimcore’s list call, audited', async () => {
    const rule = await created({ source: '/cs/stara', target: '/cs/nova', statusCode: 302 })
    expect(rule).toMatchObject({ sourceType: 'path', statusCode: 302, active: true })

    const list = await call('POST', '/admin/bundle/seo/redirects/list', admin, { q: 'stara' })
    expect(list.json()).toMatchObject({ success: true, total: 1, data: [{ id: rule.id }] })

    // Pimcore's grid sends `data` as a JSON string.
    const updated = await call('POST', '/admin/bundle/seo/redirects/list', admin, {
      xaction: 'update',
      data: JSON.stringify({ ...rule, statusCode: 301 }),
    })
    expect(updated.json<{ data: Redirect }>().data.statusCode).toBe(301)

    const destroyed = await call('POST', '/admin/bundle/seo/redirects/list', admin, {
      xaction: 'destroy',
      data: JSON.stringify({ id: rule.id }),
    })
    expect(destroyed.json()).toMatchObject({ success: true, deleted: 1 })
    expect(await ruleCount()).toBe(0)

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(rule.id)))
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['seoRedirect.create', 'seoRedirect.update', 'seoRedirect.delete']),
    )
  })

  it('sends a storefront visitor from the source to the target with the rule’s status', async () => {
    await created({ source: '/cs/akce-leto', target: '/cs/c/5/slunecni-bryle', statusCode: 302 })
    const response = await visit('/cs/akce-leto?utm=x')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/cs/c/5/slunecni-bryle')
    // A trailing slash is the same address.
    expect((await visit('/cs/akce-leto/')).headers.location).toBe('/cs/c/5/slunecni-bryle')
    // Paths no rule names are left alone (here: the unbuilt storefront's 503).
    expect((await visit('/cs/jina-stranka')).statusCode).toBe(503)
    // The API and the back office are never redirected.
    await created({ source: '/api/products', target: '/cs' })
    expect((await visit('/api/products')).statusCode).not.toBe(301)
  })

  it('keeps the query string when asked, and fills captures of an expression', async () => {
    await created({ source: '/en/old-shop', target: '/en/search', passQuery: true })
    expect((await visit('/en/old-shop?q=frames')).headers.location).toBe('/en/search?q=frames')

    await created({
      sourceType: 'regex',
      source: '^/en/brand/([a-z0-9-]+)$',
      target: '/en/search?q=$1',
      statusCode: 308,
    })
    const response = await visit('/en/brand/ray-ban')
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe('/en/search?q=ray-ban')
  })

  it('never lets a capture turn a path target into another host', async () => {
    await created({ sourceType: 'regex', source: '^/go(/.*)$', target: '$1' }).catch(() => null)
    // A target must start with / or be a URL; with a leading slash, //evil stays on this host.
    await created({ sourceType: 'regex', source: '^/go/(.*)$', target: '/$1' })
    const response = await visit('/go//evil.example/x')
    expect(response.headers.location).toBe('/evil.example/x')
  })

  it('applies the higher priority first, and only within its dates and language', async () => {
    await created({ source: '/cs/x', target: '/cs/exact', priority: 1 })
    await created({ sourceType: 'regex', source: '^/cs/x$', target: '/cs/regex', priority: 5 })
    expect((await visit('/cs/x')).headers.location).toBe('/cs/regex')

    await created({ source: '/cs/later', target: '/cs/y', activeFrom: '2999-01-01T00:00:00Z' })
    expect((await visit('/cs/later')).statusCode).toBe(503)
    await created({ source: '/cs/gone', target: '/cs/y', expiresAt: '2000-01-01T00:00:00Z' })
    expect((await visit('/cs/gone')).statusCode).toBe(503)
    await created({ source: '/cs/off', target: '/cs/y', active: false })
    expect((await visit('/cs/off')).statusCode).toBe(503)
    await created({
      sourceType: 'regex',
      source: '^/(cs|en)/only-en$',
      target: '/en',
      language: 'en',
    })
    expect((await visit('/cs/only-en')).statusCode).toBe(503)
    expect((await visit('/en/only-en')).headers.location).toBe('/en')
  })

  it('refuses a loop at save: self, A→B→A and a longer chain that returns', async () => {
    const self = await create({ source: '/cs/a', target: '/cs/a' })
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ code: 'REDIRECT_INVALID' })
    expect(self.json<{ message: string }>().message).toMatch(/loop/)

    await created({ source: '/cs/a', target: '/cs/b' })
    const back = await create({ source: '/cs/b', target: '/cs/a' })
    expect(back.statusCode).toBe(400)
    expect(back.json<{ message: string }>().message).toMatch(/loop/)

    await created({ source: '/cs/b', target: '/cs/c' })
    await created({ source: '/cs/c', target: '/cs/d' })
    const around = await create({ source: '/cs/d', target: 'http://localhost:3000/cs/a' })
    expect(around.statusCode).toBe(400)
    // An expression that matches its own target loops too.
    const growing = await create({
      sourceType: 'regex',
      source: '^/cs/p/(.*)$',
      target: '/cs/p/x$1',
    })
    expect(growing.statusCode).toBe(400)
    expect(await ruleCount()).toBe(3)
  })

  it('refuses catastrophic regular expressions (ReDoS) and invalid ones at save', async () => {
    for (const source of [
      '^(a+)+$',
      '^/(x+x+)+y$',
      '^/((a|a)*)*$',
      '^/(.*a){20}$',
      '^/(\\w+)\\1$',
    ]) {
      const response = await create({ sourceType: 'regex', source, target: '/cs' })
      expect(response.statusCode, source).toBe(400)
      expect(response.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    }
    expect(
      (await create({ sourceType: 'regex', source: '^/(unclosed$', target: '/cs' })).statusCode,
    ).toBe(400)
    expect(await ruleCount()).toBe(0)
  })

  it('refuses a bad source, target, status, duplicate and dates with a translated 400', async () => {
    for (const data of [
      { source: 'no-slash', target: '/cs' },
      { source: '/cs/a?b', target: '/cs' },
      { source: '/cs/a', target: 'javascript:alert(1)' },
      { source: '/cs/a', target: '//evil.example' },
      { source: '/cs/a', target: '/cs', statusCode: 304 },
      {
        source: '/cs/a',
        target: '/cs',
        activeFrom: '2030-01-02T00:00:00Z',
        activeTo: '2030-01-01T00:00:00Z',
      },
    ]) {
      const response = await create(data)
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
    }
    await created({ source: '/cs/a', target: '/cs' })
    expect((await create({ source: '/cs/a/', target: '/en' })).json()).toMatchObject({
      code: 'REDIRECT_INVALID',
    })
  })

  it('tests a URL: each hop and the final target', async () => {
    const first = await created({ source: '/cs/1', target: '/cs/2' })
    await created({ source: '/cs/2', target: '/cs/3', statusCode: 302 })
    const response = await call('POST', '/admin/bundle/seo/redirects/test-url', admin, {
      url: '/cs/1',
    })
    const result = response.json<RedirectTestResult>()
    expect(result).toMatchObject({ matched: true, finalTarget: '/cs/3' })
    expect(result.hops.map((hop) => hop.to)).toEqual(['/cs/2', '/cs/3'])
    expect(result.hops[0]?.redirectId).toBe(first.id)
    const none = await call('POST', '/admin/bundle/seo/redirects/test-url', admin, { url: '/x' })
    expect(none.json()).toMatchObject({ matched: false, finalTarget: null })
  })

  it('lists the status codes with translated names', async () => {
    const response = await call('GET', '/admin/bundle/seo/redirects/get-statuscodes', admin)
    const codes = response.json<{ data: { value: number; label: string }[] }>().data
    expect(codes.map((c) => c.value)).toEqual([301, 302, 303, 307, 308])
    expect(codes[0]?.label).toBe('301 Moved permanently')
  })

  it('cleans up expired rules only', async () => {
    await created({ source: '/cs/old', target: '/cs', expiresAt: '2001-01-01T00:00:00Z' })
    await created({ source: '/cs/keep', target: '/cs', expiresAt: '2999-01-01T00:00:00Z' })
    await created({ source: '/cs/forever', target: '/cs' })
    const response = await call('DELETE', '/admin/bundle/seo/redirects/cleanup', admin)
    expect(response.json()).toMatchObject({ success: true, deleted: 1 })
    expect(await ruleCount()).toBe(2)
  })
})

describe('redirects as CSV', () => {
  it('exports every rule with formula-like cells escaped', async () => {
    await created({ source: '/cs/a', target: '/cs/b' })
    // Written around the service: an export must still never hand a spreadsheet a formula.
    await t.database.db
      .insert(seoRedirects)
      .values({ source: "=cmd|' /C calc'!A0", target: '@SUM(1)', sourceType: 'path' })
    const response = await call('GET', '/admin/bundle/seo/redirects/csv-export', admin)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/csv/)
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toBe(
      'sourceType,source,target,statusCode,priority,siteId,language,active,passQuery,activeFrom,activeTo,expiresAt',
    )
    expect(lines).toContain('path,/cs/a,/cs/b,301,0,,,true,false,,,')
    expect(lines).toContain("path,'=cmd|' /C calc'!A0,'@SUM(1),301,0,,,true,false,,,")
  })

  it('imports a file (semicolons, BOM) and updates rules with the same source', async () => {
    await created({ source: '/cs/a', target: '/cs/old' })
    const csv = '\uFEFFsource;target;statusCode\n/cs/a;/cs/new;302\n/cs/b;/cs/c;\n'
    const response = await csvUpload(csv)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ success: true, created: 1, updated: 1 })
    expect((await visit('/cs/a')).headers.location).toBe('/cs/new')
    expect((await visit('/cs/b')).headers.location).toBe('/cs/c')
  })

  it('imports nothing while any line is wrong, and says which lines', async () => {
    const csv = [
      'source,target,statusCode',
      '/cs/ok,/cs/fine,301',
      "/cs/evil,=cmd|' /C calc'!A0,301",
      '/cs/x,/cs/y,999',
      '/cs/ok,/cs/other,301',
      '/cs/loop1,/cs/loop2,301',
      '/cs/loop2,/cs/loop1,301',
    ].join('\n')
    const response = await csvUpload(csv)
    expect(response.statusCode).toBe(400)
    const body = response.json<{ code: string; errors: { path: string; message: string }[] }>()
    expect(body.code).toBe('REDIRECT_IMPORT_INVALID')
    expect(body.errors.map((e) => e.path)).toEqual(['3', '4', '5', '6', '7'])
    for (const error of body.errors) expect(error.message).not.toMatch(UNTRANSLATED_KEY)
    expect(await ruleCount()).toBe(0)
  })

  it('refuses a file over 10 MB with 413 after streaming it, writing nothing', async () => {
    // Long lines, so the size limit comes before the 50,000-line one.
    const line = `/cs/big-0000000,/cs/${'long-target-'.repeat(25)}\n`
    const lines = Math.ceil((11 * 1024 * 1024) / line.length)
    const csv = `source,target\n${Array.from({ length: lines }, (_, i) =>
      line.replace('0000000', String(i).padStart(7, '0')),
    ).join('')}`
    const response = await csvUpload(csv)
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json()).toMatchObject({ code: 'REDIRECT_IMPORT_TOO_LARGE' })
    expect(await ruleCount()).toBe(0)
  })

  it('refuses a file without the columns, and a request without a file', async () => {
    expect((await csvUpload('a,b\n1,2\n')).json()).toMatchObject({ code: 'REDIRECT_IMPORT_HEADER' })
    expect(
      (await call('POST', '/admin/bundle/seo/redirects/csv-import', admin, {})).statusCode,
    ).toBe(400)
    expect(await ruleCount()).toBe(0)
  })
})

describe('slug changes in the PIM', () => {
  it('adds a 301 from a published category’s old address to its new one', async () => {
    const db = t.database.db
    await insertRootAndClasses(db)
    const id = await insertObject(db, {
      parentId: 1,
      key: 'slug-category',
      classId: 'Category',
      published: true,
      data: { name: { cs: 'Brýle', en: 'Glasses' }, slug: { cs: 'bryle', en: 'glasses' } },
    })
    const save = await call('POST', '/admin/object/save', admin, {
      id,
      data: { slug: { cs: 'bryle-nove', en: 'glasses' } },
      task: 'publish',
    })
    expect(save.statusCode, save.body).toBe(200)
    const from = generateUrl('category', { locale: 'cs', id, slug: 'bryle' })
    const to = generateUrl('category', { locale: 'cs', id, slug: 'bryle-nove' })
    // Written by the PIM's save: the storefront sees the new generation within a second.
    const response = await waitFor('the slug redirect', async () => {
      const answer = await visit(from)
      return answer.statusCode === 301 && answer
    })
    expect(response.headers.location).toBe(to)
    // English did not move: no rule for it.
    const rules = await db.select().from(seoRedirects)
    expect(rules).toEqual([expect.objectContaining({ source: from, target: to, origin: 'slug' })])

    // Back to the first slug: its address is live again, and nothing loops.
    await call('POST', '/admin/object/save', admin, {
      id,
      data: { slug: { cs: 'bryle', en: 'glasses' } },
      task: 'publish',
    })
    const after = await db.select().from(seoRedirects)
    expect(after).toEqual([expect.objectContaining({ source: to, target: from })])
  })
})
