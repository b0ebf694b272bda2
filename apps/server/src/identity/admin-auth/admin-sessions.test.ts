import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { PERMISSION_KEYS } from '@optika/domain/admin/permissions'
import { adminRoles, adminSessions, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertAdminUser,
  login,
  sessionCookieOf,
  withSession,
  type ErrorBodyJson,
} from '../../../test/kits/admin-auth-test-support.ts'
import { ADMIN_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import {
  endAllSessionsOfUser,
  hashToken,
  rotateSession,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
} from './admin-sessions.ts'
import { requireAdmin, requirePermission } from './require-admin.ts'

describe('back-office sessions', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      configure: (app) => {
        app.get('/admin/test/me', { preHandler: requireAdmin }, async (request) => ({
          userId: request.admin?.userId,
          permissions: [...(request.admin?.permissions ?? [])].sort(),
        }))
        app.get('/admin/test/orders', { preHandler: requirePermission('orders') }, async () => ({
          ok: true,
        }))
        app.get('/shop-probe', async (request) => ({ signedIn: request.admin !== null }))
      },
    })
  })
  afterAll(() => t.close())

  const me = (token: string | undefined) =>
    t.app.inject({ url: '/admin/test/me', ...withSession(token) })

  async function signedIn(overrides: Parameters<typeof insertAdminUser>[1] = {}) {
    const user = await insertAdminUser(t.database.db, overrides)
    const res = await login(t.app, user.username)
    expect(res.statusCode).toBe(200)
    const token = sessionCookieOf(res)
    expect(token).toBeDefined()
    return { user, token: token! }
  }

  it('sets a __Host- cookie: HttpOnly, Secure, SameSite=Lax, Path=/, 256-bit token, stored hashed', async () => {
    const user = await insertAdminUser(t.database.db)
    const res = await login(t.app, user.username)
    const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.domain).toBeUndefined()
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.tokenHash).toBe(hashToken(cookie!.value))
    expect(rows[0]?.tokenHash).not.toContain(cookie!.value)
  })

  it('looks the session up only for back-office requests, not for storefront ones', async () => {
    const { token } = await signedIn()
    expect((await me(token)).statusCode).toBe(200)
    const shop = await t.app.inject({ url: '/shop-probe', ...withSession(token) })
    expect(shop.json()).toEqual({ signedIn: false })
  })

  it('issues a new token at login and drops a session planted before it', async () => {
    const { user, token: first } = await signedIn()
    const again = await login(t.app, user.username, undefined, { cookie: first })
    const second = sessionCookieOf(again)
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect((await me(first)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(200)
  })

  it('rotateSession (privilege change) makes the old token useless at once', async () => {
    const { token } = await signedIn()
    const rotated = await rotateSession(t.database.db, hashToken(token))
    expect(rotated).not.toBeNull()
    expect((await me(token)).statusCode).toBe(401)
    expect((await me(rotated!.token)).statusCode).toBe(200)
    expect(await rotateSession(t.database.db, hashToken(token))).toBeNull()
  })

  it('ends after 30 minutes idle', async () => {
    const { token } = await signedIn()
    const tokenHash = hashToken(token)
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 5_000) })
      .where(eq(adminSessions.tokenHash, tokenHash))
    expect((await me(token)).statusCode).toBe(200)
    // That request refreshed lastSeenAt (older than a minute), so it is live again for 30 min.
    const [touched] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, tokenHash))
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(10_000)
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1_000) })
      .where(eq(adminSessions.tokenHash, tokenHash))
    expect((await me(token)).statusCode).toBe(401)
    const left = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, tokenHash))
    expect(left).toHaveLength(0)
  })

  it('writes lastSeenAt at most once a minute', async () => {
    const { token } = await signedIn()
    const tokenHash = hashToken(token)
    const seen = new Date(Date.now() - 30_000)
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: seen })
      .where(eq(adminSessions.tokenHash, tokenHash))
    await me(token)
    const [row] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, tokenHash))
    expect(row?.lastSeenAt.getTime()).toBe(seen.getTime())
  })

  it("tidies up a user's expired sessions at the next sign-in", async () => {
    const { user, token } = await signedIn()
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1_000) })
      .where(eq(adminSessions.tokenHash, hashToken(token)))
    await login(t.app, user.username)
    const rows = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, user.id))
    expect(rows.map((r) => r.tokenHash)).not.toContain(hashToken(token))
    expect(rows).toHaveLength(1)
  })

  it('ends after 12 hours however busy', async () => {
    const { token } = await signedIn()
    await t.database.db
      .update(adminSessions)
      .set({
        createdAt: new Date(Date.now() - SESSION_LIFETIME_MS),
        expiresAt: new Date(Date.now() - 1_000),
        lastSeenAt: new Date(),
      })
      .where(eq(adminSessions.tokenHash, hashToken(token)))
    expect((await me(token)).statusCode).toBe(401)
  })

  it('sets no principal for a disabled user, and endAllSessionsOfUser ends every session but one', async () => {
    const { user, token: a } = await signedIn()
    const b = sessionCookieOf(await login(t.app, user.username))!
    const c = sessionCookieOf(await login(t.app, user.username))!
    expect(await endAllSessionsOfUser(t.database.db, user.id, hashToken(c))).toBe(2)
    expect((await me(a)).statusCode).toBe(401)
    expect((await me(b)).statusCode).toBe(401)
    expect((await me(c)).statusCode).toBe(200)
    await t.database.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, user.id))
    expect((await me(c)).statusCode).toBe(401)
  })

  it('answers 401 without a session and 403 without the permission, in the 401 seed wording', async () => {
    const none = await t.app.inject({
      url: '/admin/test/orders',
      headers: { 'accept-language': 'en' },
    })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ code: 'UNAUTHORIZED', message: 'You are not logged in' })
    const { token } = await signedIn()
    const forbidden = await t.app.inject({ url: '/admin/test/orders', ...withSession(token) })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json<ErrorBodyJson>().code).toBe('FORBIDDEN')
  })

  it("grants the user's own keys plus its roles' keys, and every key to an admin", async () => {
    const [role] = await t.database.db
      .insert(adminRoles)
      .values({ name: `Shop ${Math.random()}`, permissions: ['orders', 'customers'] })
      .returning()
    const { user, token } = await signedIn({ permissions: ['assets'] })
    await t.database.db.insert(adminUserRoles).values({ userId: user.id, roleId: role!.id })
    expect((await me(token)).json<{ permissions: string[] }>().permissions).toEqual([
      'assets',
      'customers',
      'orders',
    ])
    expect(
      (await t.app.inject({ url: '/admin/test/orders', ...withSession(token) })).statusCode,
    ).toBe(200)
    const admin = await signedIn({ isAdmin: true })
    expect((await me(admin.token)).json<{ permissions: string[] }>().permissions).toHaveLength(
      PERMISSION_KEYS.length,
    )
  })
})
