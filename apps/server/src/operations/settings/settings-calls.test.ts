import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectJson, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { desc } from 'drizzle-orm'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { assetThumbnails } from '../../platform/db/schema/asset-thumbnails.ts'

/**
 * The seed's settings calls of this slice (ADMIN-CALLS.md, "settings": the custom logo, website
 * settings and the three cache calls) with the permission key each needs, plus ours: the system
 * settings (Pimcore's get-system/set-system) and the caches' sizes. The thumbnail, predefined
 * property and metadata calls of the same group are another slice's.
 */
const CALLS: readonly (readonly [Method, string, string])[] = [
  ['POST', '/admin/settings/upload-custom-logo', 'settings'],
  ['DELETE', '/admin/settings/delete-custom-logo', 'settings'],
  ['POST', '/admin/settings/website-settings', 'websiteSettings'],
  ['DELETE', '/admin/settings/clear-cache', 'clearCache'],
  ['DELETE', '/admin/settings/clear-output-cache', 'clearCache'],
  ['DELETE', '/admin/settings/clear-temporary-files', 'clearCache'],
  ['GET', '/admin/settings/system', 'settings'],
  ['PUT', '/admin/settings/system', 'settings'],
  ['GET', '/admin/settings/caches', 'clearCache'],
]
/** Every signed-in user sees the logo in the header: it needs a session, no key. */
const LOGO: readonly [Method, string, string] = ['GET', '/admin/settings/display-custom-logo', '']
const ALL_CALLS = [...CALLS, LOGO]

let t: TestApp
let adminCookie: string
/** Staff who may edit objects, but none of the settings. */
let objectsOnlyCookie: string

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'settings-admin', isAdmin: true })
  objectsOnlyCookie = await signInNewUser(t.database.db, {
    username: 'settings-objects-only',
    permissions: ['objects'],
  })
})
afterAll(async () => {
  await t.close()
})

function call(method: Method, url: string, cookie: string | null) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  })
}

/** A multipart body with one file field, as the back office's upload sends it. */
function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----settings-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function uploadLogo(filename: string, type: string, content: Buffer) {
  const body = multipart(filename, type, content)
  return t.app.inject({
    method: 'POST',
    url: '/admin/settings/upload-custom-logo',
    headers: { 'accept-language': 'en', cookie: adminCookie, ...body.headers },
    payload: body.payload,
  })
}

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the settings slice’s calls', () => {
  it.each(ALL_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(ALL_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(CALLS)('%s %s refuses a user without the %s key with 403', async (method, path) => {
    const response = await call(method, path, objectsOnlyCookie)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it.each(ALL_CALLS)(
    '%s %s answers an administrator’s empty request without a server error',
    async (method, path) => {
      const response = await call(method, path, adminCookie)
      expect(response.statusCode).toBeLessThan(500)
      if (response.statusCode >= 400) {
        const body = response.json<{ code?: unknown; message?: unknown }>()
        expect(typeof body.code).toBe('string')
        expect(body.message).not.toMatch(UNTRANSLATED_KEY)
      }
    },
  )
})

describe('system settings', () => {
  it('answers the defaults, saves a change and records it in the audit log', async () => {
    const before = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'GET',
      '/admin/settings/system',
      adminCookie,
    )
    expect(before.status).toBe(200)
    expect(before.body.settings).toMatchObject({ defaultLanguage: 'cs', debugMode: false })
    const next = {
      ...before.body.settings,
      shopName: 'Optika Praha',
      enabledLanguages: ['cs', 'en', 'sk'],
      defaultLanguage: 'en',
      mailSenderName: 'Optika Praha',
      mailSenderAddress: 'obchod@example.com',
    }
    const saved = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'PUT',
      '/admin/settings/system',
      adminCookie,
      next,
    )
    expect(saved.status).toBe(200)
    expect(saved.body.settings).toMatchObject({ shopName: 'Optika Praha', defaultLanguage: 'en' })
    const again = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'GET',
      '/admin/settings/system',
      adminCookie,
    )
    expect(again.body.settings).toMatchObject({ enabledLanguages: ['cs', 'en', 'sk'] })
    const audit = await t.database.db.select().from(auditLog)
    expect(audit.some((row) => row.action === 'systemSettings.update')).toBe(true)
  })

  it('sends the shop’s mail from the saved sender', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/admin/login/lost-password',
      payload: { username: 'settings-admin' },
    })
    const [mail] = await t.database.db
      .select({ from: emailLog.from })
      .from(emailLog)
      .orderBy(desc(emailLog.id))
      .limit(1)
    expect(mail?.from).toBe('"Optika Praha" <obchod@example.com>')
  })

  it('refuses a default language that is switched off, and changes nothing', async () => {
    const before = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'GET',
      '/admin/settings/system',
      adminCookie,
    )
    const refused = await injectJson<{ code: string; errors: { message: string }[] }>(
      t.app,
      'PUT',
      '/admin/settings/system',
      adminCookie,
      { ...before.body.settings, enabledLanguages: ['cs'], defaultLanguage: 'hu' },
    )
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('VALIDATION_ERROR')
    // In Czech: the request names no language, and Czech is the shop's default.
    expect(refused.body.errors.map((e) => e.message)).toContain('Výchozí jazyk musí být zapnutý.')
    const after = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'GET',
      '/admin/settings/system',
      adminCookie,
    )
    expect(after.body.settings).toEqual(before.body.settings)
  })

  it('refuses a seventh language and a mail sender that is not an address', async () => {
    const before = await injectJson<{ settings: Record<string, unknown> }>(
      t.app,
      'GET',
      '/admin/settings/system',
      adminCookie,
    )
    for (const change of [
      { enabledLanguages: ['cs', 'de'] },
      { mailSenderAddress: 'x@y\r\nBcc: victim@example.com' },
      { shopName: 'a\u0000b' },
    ]) {
      const refused = await injectJson<{ code: string }>(
        t.app,
        'PUT',
        '/admin/settings/system',
        adminCookie,
        { ...before.body.settings, ...change },
      )
      expect(refused.status).toBe(400)
    }
  })
})

describe('the custom logo', () => {
  it('takes a PNG, serves it to any signed-in user and removes it', async () => {
    const uploaded = await uploadLogo('logo.png', 'image/png', PNG_1X1)
    expect(uploaded.statusCode).toBe(200)
    expect(uploaded.json()).toMatchObject({ hasLogo: true, type: 'image/png' })
    const shown = await call('GET', '/admin/settings/display-custom-logo', objectsOnlyCookie)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-type']).toBe('image/png')
    expect(shown.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    const removed = await call('DELETE', '/admin/settings/delete-custom-logo', adminCookie)
    expect(removed.json()).toMatchObject({ hasLogo: false })
    const gone = await call('GET', '/admin/settings/display-custom-logo', adminCookie)
    expect(gone.statusCode).toBe(404)
  })

  it('takes a clean SVG and serves it under a CSP that runs nothing', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#036"/></svg>',
    )
    expect((await uploadLogo('logo.svg', 'image/svg+xml', svg)).statusCode).toBe(200)
    const shown = await call('GET', '/admin/settings/display-custom-logo', adminCookie)
    expect(shown.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it.each([
    ['a script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    [
      'a javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    ],
    [
      'an entity expansion',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    ],
    [
      'embedded HTML',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
    ],
  ])('refuses an SVG with %s and keeps the logo it had', async (_name, text) => {
    const before = await call('GET', '/admin/settings/display-custom-logo', adminCookie)
    const refused = await uploadLogo('logo.svg', 'image/svg+xml', Buffer.from(text))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'LOGO_UNSAFE' })
    expect(refused.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    const after = await call('GET', '/admin/settings/display-custom-logo', adminCookie)
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true)
  })

  it('refuses a file that only claims to be a picture, and one too large', async () => {
    const fake = await uploadLogo('logo.png', 'image/png', Buffer.from('<html>hello</html>'))
    expect(fake.statusCode).toBe(415)
    const broken = await uploadLogo(
      'logo.png',
      'image/png',
      Buffer.concat([PNG_1X1.subarray(0, 40), Buffer.alloc(40)]),
    )
    expect(broken.statusCode).toBe(400)
    const huge = await uploadLogo('logo.png', 'image/png', Buffer.alloc(600 * 1024, 1))
    expect(huge.statusCode).toBe(413)
  })
})

interface Setting {
  id: number
  name: string
  type: string
  value: unknown
  language: string | null
}

function websiteCall(payload: unknown) {
  return injectJson<{ success: boolean; data: Setting & Setting[]; total: number; code?: string }>(
    t.app,
    'POST',
    '/admin/settings/website-settings',
    adminCookie,
    payload,
  )
}

describe('website settings', () => {
  it('creates, lists, updates and destroys typed settings, Pimcore’s way', async () => {
    const created = await websiteCall({
      xaction: 'create',
      data: JSON.stringify({ name: 'test.freeShippingFrom', type: 'number', value: 1500 }),
    })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ name: 'test.freeShippingFrom', value: 1500 })
    const id = created.body.data.id
    const listed = await websiteCall({ xaction: 'read', filter: 'freeShipping' })
    expect(listed.body.data.map((s) => s.name)).toContain('test.freeShippingFrom')
    const updated = await websiteCall({
      xaction: 'update',
      data: { id, name: 'test.freeShippingFrom', type: 'number', value: 2000 },
    })
    expect(updated.body.data).toMatchObject({ id, value: 2000 })
    const destroyed = await websiteCall({ xaction: 'destroy', data: JSON.stringify({ id }) })
    expect(destroyed.status).toBe(200)
    const after = await websiteCall({ xaction: 'read', filter: 'test.freeShippingFrom' })
    expect(after.body.total).toBe(0)
  })

  it.each([
    ['text given a number', { name: 'x.a', type: 'text', value: 5 }, 400],
    ['number given text', { name: 'x.b', type: 'number', value: 'five' }, 400],
    ['boolean given text', { name: 'x.c', type: 'boolean', value: 'yes' }, 400],
    ['a document that does not exist', { name: 'x.d', type: 'document', value: 999999 }, 400],
    ['an asset id that is not an id', { name: 'x.e', type: 'asset', value: -3 }, 400],
    ['a name with spaces', { name: 'a name', type: 'text', value: 'x' }, 400],
    ['an unknown language', { name: 'x.f', type: 'text', value: 'x', language: 'de' }, 400],
    ['a site that does not exist', { name: 'x.g', type: 'text', value: 'x', siteId: 4242 }, 400],
  ])('refuses %s and stores nothing', async (_name, data, status) => {
    const refused = await websiteCall({ xaction: 'create', data })
    expect(refused.status).toBe(status)
    const after = await websiteCall({ xaction: 'read', filter: 'x.' })
    expect(after.body.total).toBe(0)
  })

  it('refuses a second setting with the same name, site and language', async () => {
    const data = { name: 'test.unique', type: 'text', value: 'one', language: 'cs' }
    expect((await websiteCall({ xaction: 'create', data })).status).toBe(200)
    const twice = await websiteCall({ xaction: 'create', data: { ...data, value: 'two' } })
    expect(twice.status).toBe(409)
    const otherLanguage = await websiteCall({
      xaction: 'create',
      data: { ...data, language: 'en' },
    })
    expect(otherLanguage.status).toBe(200)
  })

  it('refuses data that is not JSON, and an update without an id', async () => {
    expect((await websiteCall({ xaction: 'create', data: '{nope' })).status).toBe(400)
    expect(
      (await websiteCall({ xaction: 'update', data: { name: 'a', type: 'text', value: '' } }))
        .status,
    ).toBe(400)
    expect((await websiteCall({ xaction: 'destroy', data: { id: 987654 } })).status).toBe(404)
  })
})

describe('caches', () => {
  it('shows each cache’s size and clears it to zero', async () => {
    // A picture size, a derivative record and an old temporary file, as the shop leaves them.
    await mkdir(join(t.dataDir, 'cache', 'thumb'), { recursive: true })
    await writeFile(join(t.dataDir, 'cache', 'thumb', 'a.webp'), Buffer.alloc(2048, 1))
    await mkdir(join(t.dataDir, 'tmp', 'asset-uploads'), { recursive: true })
    const old = join(t.dataDir, 'tmp', 'asset-uploads', 'old.part')
    await writeFile(old, Buffer.alloc(512, 1))
    const hourAgo = new Date(Date.now() - 60 * 60_000)
    await utimes(old, hourAgo, hourAgo)
    const fresh = join(t.dataDir, 'tmp', 'asset-uploads', 'uploading.part')
    await writeFile(fresh, Buffer.alloc(100, 1))
    await t.database.db
      .insert(assetThumbnails)
      .values({ storageKey: '.thumbnails/1/abc-gone.webp', assetId: 1 })

    const sizes = await injectJson<{
      caches: { id: string; entries: number; bytes: number | null }[]
    }>(t.app, 'GET', '/admin/settings/caches', adminCookie)
    expect(sizes.status).toBe(200)
    const byId = new Map(sizes.body.caches.map((c) => [c.id, c]))
    expect(byId.get('pictures')).toMatchObject({ entries: 1, bytes: 2048 })
    expect(byId.get('temporaryFiles')).toMatchObject({ entries: 2, bytes: 612 })
    expect(byId.get('thumbnails')).toMatchObject({ entries: 1, bytes: null })
    expect([...byId.keys()]).toEqual([
      'pages',
      'productSearch',
      'thumbnails',
      'pictures',
      'temporaryFiles',
    ])

    const cleared = await injectJson<{
      cleared: { id: string; before: { entries: number }; after: { entries: number } }[]
    }>(t.app, 'DELETE', '/admin/settings/clear-cache', adminCookie)
    expect(cleared.status).toBe(200)
    const result = new Map(cleared.body.cleared.map((c) => [c.id, c]))
    expect(result.get('pictures')).toMatchObject({ before: { entries: 1 }, after: { entries: 0 } })
    expect(result.get('thumbnails')).toMatchObject({
      before: { entries: 1 },
      after: { entries: 0 },
    })
    // "Clear cache" leaves temporary files; their own call clears the old ones, not uploads in progress.
    expect(result.has('temporaryFiles')).toBe(false)
    const temporary = await injectJson<{ cleared: { id: string; after: { entries: number } }[] }>(
      t.app,
      'DELETE',
      '/admin/settings/clear-temporary-files',
      adminCookie,
    )
    expect(temporary.body.cleared[0]).toMatchObject({ id: 'temporaryFiles', after: { entries: 1 } })
    expect(await readdir(join(t.dataDir, 'tmp', 'asset-uploads'))).toEqual(['uploading.part'])
    const audit = await t.database.db.select().from(auditLog)
    expect(audit.filter((row) => row.action === 'cache.clear').length).toBeGreaterThanOrEqual(2)
  })

  it('clears only the named caches, and refuses an unknown one', async () => {
    const only = await injectJson<{ cleared: { id: string }[] }>(
      t.app,
      'DELETE',
      '/admin/settings/clear-cache?only=pages&only=productSearch',
      adminCookie,
    )
    expect(only.body.cleared.map((c) => c.id)).toEqual(['pages', 'productSearch'])
    const unknown = await call('DELETE', '/admin/settings/clear-cache?only=everything', adminCookie)
    expect(unknown.statusCode).toBe(400)
    const output = await injectJson<{ cleared: { id: string }[] }>(
      t.app,
      'DELETE',
      '/admin/settings/clear-output-cache',
      adminCookie,
    )
    expect(output.body.cleared.map((c) => c.id)).toEqual(['pages'])
  })
})
