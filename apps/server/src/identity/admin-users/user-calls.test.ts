import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { adminRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, readUserRow, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import type { Method } from '../../../test/inject-json.ts'

/**
 * The seed's users group (ADMIN-CALLS.md, 25 calls), copied here so CI can check it: each is
 * registered at its method, refuses an anonymous caller with 401, refuses a user without `users`
 * with 403 where Pimcore asks for the key (one's own profile, picture, 2FA and the sharing lists
 * need only a session), and answers an administrator's empty request without a 500.
 */
const USER_CALLS: readonly (readonly [Method, string, 'users' | 'session'])[] = [
  ['GET', '/admin/user/tree-get-children-by-id', 'users'],
  ['GET', '/admin/user/get', 'users'],
  ['GET', '/admin/user/get-minimal', 'session'],
  ['GET', '/admin/user/get-current-user', 'session'],
  ['GET', '/admin/user/role-tree-get-children-by-id', 'users'],
  ['GET', '/admin/user/role-get', 'users'],
  ['GET', '/admin/user/get-image', 'session'],
  ['GET', '/admin/user/get-token-login-link', 'users'],
  ['GET', '/admin/user/search', 'users'],
  ['GET', '/admin/user/get-users-for-sharing', 'session'],
  ['GET', '/admin/user/get-roles-for-sharing', 'session'],
  ['GET', '/admin/user/get-users', 'users'],
  ['GET', '/admin/user/get-roles', 'users'],
  ['GET', '/admin/user/get-default-key-bindings', 'users'],
  ['POST', '/admin/user/add', 'session'],
  ['POST', '/admin/user/upload-current-user-image', 'session'],
  ['POST', '/admin/user/upload-image', 'session'],
  ['POST', '/admin/user/invitationlink', 'users'],
  ['DELETE', '/admin/user/delete', 'users'],
  ['DELETE', '/admin/user/delete-image', 'session'],
  ['DELETE', '/admin/user/disable-2fa', 'session'],
  ['PUT', '/admin/user/update', 'users'],
  ['PUT', '/admin/user/update-current-user', 'session'],
  ['PUT', '/admin/user/reset-2fa-secret', 'users'],
  ['PUT', '/admin/user/reset-my-2fa-secret', 'session'],
]

/** A message key left untranslated looks like `adminUsers.userNotFound`. */
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminId: number
let admin: string
let nobodyId: number
let nobody: string

beforeAll(async () => {
  t = await buildTestApp()
  adminId = await insertAdminUser(t.database.db, { username: 'calls.admin', isAdmin: true })
  admin = await signIn(t.database.db, adminId)
  nobodyId = await insertAdminUser(t.database.db, { username: 'calls.nobody' })
  nobody = await signIn(t.database.db, nobodyId)
})
afterAll(() => t.close())

function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function png(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer()
}

describe('the seed’s users calls', () => {
  it('lists 25 calls, each once', () => {
    expect(new Set(USER_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(25)
  })

  it.each(USER_CALLS)('%s %s is registered for its method', (method, path) => {
    expect(t.app.hasRoute({ method, url: path })).toBe(true)
  })

  it.each(USER_CALLS)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(null, method, path)
    expect(response.statusCode).toBe(401)
  })

  it.each(USER_CALLS.filter(([, , key]) => key === 'users'))(
    '%s %s refuses a user without the users key with 403',
    async (method, path) => {
      const response = await call(nobody, method, `${path}?id=${adminId}`, {})
      expect(response.statusCode).toBe(403)
    },
  )

  it.each(USER_CALLS)(
    '%s %s answers an administrator’s empty request without a server error',
    async (method, path) => {
      const response = await call(admin, method, path)
      expect(response.statusCode).toBeLessThan(500)
      if (response.statusCode >= 400 && response.headers['content-type']?.includes('json')) {
        const body = response.json<{ message?: unknown }>()
        expect(typeof body.message).toBe('string')
        expect(body.message).not.toMatch(UNTRANSLATED_KEY)
      }
    },
  )
})

describe('what the completed calls do', () => {
  it('get-minimal answers names and state to anyone signed in, without the e-mail', async () => {
    const response = await call(nobody, 'GET', `/admin/user/get-minimal?id=${adminId}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: adminId,
      username: 'calls.admin',
      name: '',
      admin: true,
      active: true,
      hasImage: false,
    })
    expect(response.body).not.toContain('@optika.example')
    expect((await call(nobody, 'GET', '/admin/user/get-minimal?id=999999')).statusCode).toBe(404)
  })

  it('get-users leaves the caller out unless asked and filters by a permission', async () => {
    const editorId = await insertAdminUser(t.database.db, {
      username: 'calls.editor',
      permissions: ['translations'],
    })
    const list = await call(admin, 'GET', '/admin/user/get-users')
    const labels = list.json<{ data: { label: string }[] }>().data.map((u) => u.label)
    expect(labels).toContain('calls.editor')
    expect(labels).not.toContain('calls.admin')
    const withMe = await call(admin, 'GET', '/admin/user/get-users?include_current_user=1')
    expect(withMe.json<{ data: { label: string }[] }>().data.map((u) => u.label)).toContain(
      'calls.admin',
    )
    const translators = await call(
      admin,
      'GET',
      '/admin/user/get-users?include_current_user=1&permission=translations',
    )
    const ids = translators.json<{ data: { id: number }[] }>().data.map((u) => u.id)
    expect(ids).toContain(editorId)
    expect(ids).toContain(adminId)
    expect(ids).not.toContain(nobodyId)
    expect(translators.json()).toMatchObject({ success: true, total: ids.length })
  })

  it('get-roles lists roles, optionally only those granting a key', async () => {
    await t.database.db.insert(adminRoles).values([
      { name: 'Calls translators', type: 'role', permissions: ['translations'] },
      { name: 'Calls mailers', type: 'role', permissions: ['emails'] },
    ])
    const all = await call(admin, 'GET', '/admin/user/get-roles')
    const labels = all.json<{ data: { label: string }[] }>().data.map((r) => r.label)
    expect(labels).toEqual(expect.arrayContaining(['Calls translators', 'Calls mailers']))
    const some = await call(admin, 'GET', '/admin/user/get-roles?permission=translations')
    expect(some.json<{ data: { label: string }[] }>().data.map((r) => r.label)).toEqual([
      'Calls translators',
    ])
  })

  it('get-default-key-bindings lists the shortcuts the screens use', async () => {
    const response = await call(admin, 'GET', '/admin/user/get-default-key-bindings')
    const body = response.json<{ success: boolean; data: { action: string; keys: string }[] }>()
    expect(body.success).toBe(true)
    expect(body.data).toContainEqual({ action: 'save', keys: 'mod+S' })
  })

  it('get-token-login-link answers GET ?id= as it answers POST', async () => {
    const response = await call(admin, 'GET', `/admin/user/get-token-login-link?id=${nobodyId}`)
    expect(response.statusCode).toBe(200)
    expect(response.json<{ link: string }>().link).toMatch(/^https?:\/\//)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('upload-image stores another user’s picture (multipart Filedata or raw), delete-image removes it', async () => {
    const boundary = '----optika-test'
    const file = await png()
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await t.app.inject({
      method: 'POST',
      url: `/admin/user/upload-image?id=${nobodyId}`,
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const image = await call(admin, 'GET', `/admin/user/get-image?id=${nobodyId}`)
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 })

    const raw = await t.app.inject({
      method: 'POST',
      url: `/admin/user/upload-image?id=${nobodyId}`,
      headers: { cookie: admin, 'content-type': 'image/png' },
      payload: await png(64, 64),
    })
    expect(raw.statusCode).toBe(200)

    const removed = await call(admin, 'DELETE', `/admin/user/delete-image?id=${nobodyId}`)
    expect(removed.json()).toEqual({ success: true })
    expect((await readUserRow(t.database.db, nobodyId))!.imageStorageKey).toBeNull()
    expect((await call(admin, 'GET', `/admin/user/get-image?id=${nobodyId}`)).statusCode).toBe(404)
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(nobodyId)))
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['adminUser.imageUpload', 'adminUser.imageDelete']),
    )
  })

  it('refuses an SVG with script as a picture, and another user’s picture without users', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const boundary = '----optika-svg'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      svg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const refused = await t.app.inject({
      method: 'POST',
      url: `/admin/user/upload-image?id=${nobodyId}`,
      headers: {
        cookie: admin,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    const other = await t.app.inject({
      method: 'POST',
      url: `/admin/user/upload-image?id=${adminId}`,
      headers: { cookie: nobody, 'content-type': 'image/png' },
      payload: await png(),
    })
    expect(other.statusCode).toBe(403)
    const own = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-image',
      headers: { cookie: nobody, 'content-type': 'image/png' },
      payload: await png(),
    })
    expect(own.statusCode).toBe(200)
  })

  it('DELETE disable-2fa switches one’s own 2FA off; PUT reset-2fa-secret resets another’s', async () => {
    const userId = await insertAdminUser(t.database.db, { username: 'calls.twofactor' })
    const cookie = await signIn(t.database.db, userId)
    const on = { twoFactorSecret: 'JBSWY3DPEHPK3PXP', twoFactorEnabled: true }
    await t.database.db.update(adminUsers).set(on).where(eq(adminUsers.id, userId))
    expect((await call(cookie, 'DELETE', '/admin/user/disable-2fa')).json()).toEqual({
      success: true,
    })
    expect((await readUserRow(t.database.db, userId))!.twoFactorEnabled).toBe(false)
    // The own session stays.
    expect((await call(cookie, 'GET', '/admin/user/get-current-user')).statusCode).toBe(200)

    await t.database.db.update(adminUsers).set(on).where(eq(adminUsers.id, userId))
    const reset = await call(admin, 'PUT', `/admin/user/reset-2fa-secret?id=${userId}`)
    expect(reset.json()).toEqual({ success: true })
    const row = (await readUserRow(t.database.db, userId))!
    expect(row.twoFactorEnabled).toBe(false)
    expect(row.twoFactorSecret).toBeNull()
    // The reset ended that user's sessions; anyone without `users` may not touch another's 2FA.
    expect((await call(nobody, 'DELETE', `/admin/user/disable-2fa?id=${adminId}`)).statusCode).toBe(
      403,
    )
  })

  it('PUT reset-my-2fa-secret clears one’s own secret and requires a new set-up', async () => {
    const userId = await insertAdminUser(t.database.db, { username: 'calls.resetmine' })
    const cookie = await signIn(t.database.db, userId)
    await t.database.db
      .update(adminUsers)
      .set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP', twoFactorEnabled: true })
      .where(eq(adminUsers.id, userId))
    const response = await call(cookie, 'PUT', '/admin/user/reset-my-2fa-secret')
    expect(response.json()).toEqual({ success: true })
    const row = (await readUserRow(t.database.db, userId))!
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
      twoFactorSecret: null,
    })
    expect((await call(cookie, 'GET', '/admin/user/get-current-user')).statusCode).toBe(200)
  })

  it('GET /admin/misc/language-list names the six languages as get-valid-languages does', async () => {
    const list = await call(nobody, 'GET', '/admin/misc/language-list')
    const valid = await call(nobody, 'GET', '/admin/misc/get-valid-languages')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual(valid.json())
    expect(list.json()).toHaveLength(6)
    expect((await call(null, 'GET', '/admin/misc/language-list')).statusCode).toBe(401)
  })
})
