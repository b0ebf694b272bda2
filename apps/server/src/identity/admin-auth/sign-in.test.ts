import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { adminLoginFailures, adminSessions, auditLog } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertAdminUser,
  login,
  sessionCookieOf,
  TEST_PASSWORD,
  withSession,
  type ErrorBodyJson,
  type LoginStepJson,
} from '../../../test/kits/admin-auth-test-support.ts'
import { hashToken } from './admin-sessions.ts'
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
} from './login-rate-limit.ts'
import { safeReturnTo } from './sign-in.ts'

describe('admin sign-in with a password', () => {
  let t: TestApp
  beforeAll(async () => {
    // On PostgreSQL, enough connections for parallel sign-ins to really race.
    t = await buildTestApp({ maxConnections: 16 })
  })
  afterAll(() => t.close())

  it('signs in, answers next "done" with the returnTo and records lastLoginAt and the audit entry', async () => {
    const user = await insertAdminUser(t.database.db)
    const res = await login(t.app, user.username.toUpperCase(), TEST_PASSWORD, {
      returnTo: '/admin/users?id=3',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ next: 'done', returnTo: '/admin/users?id=3' })
    expect(res.headers['cache-control']).toBe('no-store')
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id))
    expect(row?.lastLoginAt).toBeInstanceOf(Date)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.login'), eq(auditLog.actorId, user.id)))
    expect(audit).toHaveLength(1)
  })

  it('gives an unknown user, a wrong password, a disabled user and a folder the same 401', async () => {
    const active = await insertAdminUser(t.database.db)
    const disabled = await insertAdminUser(t.database.db, { active: false })
    const folder = await insertAdminUser(t.database.db, { type: 'userfolder' })
    const answers = await Promise.all([
      login(t.app, 'nobody-here'),
      login(t.app, active.username, 'wrong password!'),
      login(t.app, disabled.username),
      login(t.app, folder.username),
    ])
    const en = t.translator.t('en', 'auth.usernameOrPasswordInvalid')
    expect(en).toBe('Username or password is not valid.')
    for (const res of answers) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: t.translator.t('cs', 'auth.usernameOrPasswordInvalid'),
      })
      expect(sessionCookieOf(res)).toBeUndefined()
    }
    const english = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'accept-language': 'en' },
      payload: { username: 'nobody-here', password: 'x' },
    })
    expect(english.json<ErrorBodyJson>().message).toBe(en)
  })

  it('takes about as long for an unknown user as for a wrong password (dummy hash)', async () => {
    const user = await insertAdminUser(t.database.db)
    await login(t.app, 'warm-up-unknown') // the dummy hash is made once
    const time = async (name: string) => {
      const start = performance.now()
      await login(t.app, name, 'wrong password!')
      return performance.now() - start
    }
    const unknown = Math.min(await time('nobody-else'), await time('nobody-else-2'))
    const wrong = Math.min(await time(user.username), await time(user.username))
    expect(unknown).toBeGreaterThan(wrong * 0.4)
  })

  it('records failed sign-ins with the attempted username and IP in the audit log', async () => {
    await login(t.app, 'Ghost-User', 'x', { ip: '198.51.100.7' })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.loginFailed'), eq(auditLog.ip, '198.51.100.7')))
    expect(entry?.after).toEqual({ username: 'Ghost-User' })
    const failures = await t.database.db
      .select()
      .from(adminLoginFailures)
      .where(eq(adminLoginFailures.ip, '198.51.100.7'))
    expect(failures).toHaveLength(1)
  })

  it('locks an account for one address after 100 failures in an hour: even the right password gets 429 there', async () => {
    const user = await insertAdminUser(t.database.db)
    const ip = '203.0.113.40'
    await t.database.db.insert(adminLoginFailures).values(
      Array.from({ length: MAX_FAILURES_PER_ACCOUNT_AND_IP - 1 }, () => ({
        username: user.username.toUpperCase(),
        ip,
      })),
    )
    // 99 failures: still allowed, and the right password is not counted as one.
    expect((await login(t.app, user.username, TEST_PASSWORD, { ip })).statusCode).toBe(200)
    await t.database.db.insert(adminLoginFailures).values({ username: user.username, ip })
    const locked = await login(t.app, user.username, TEST_PASSWORD, { ip })
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: t.translator.t('cs', 'server.tooManyRequests'),
    })
    expect(sessionCookieOf(locked)).toBeUndefined()
    // The same account from another address is not locked.
    expect((await login(t.app, user.username, TEST_PASSWORD, { ip: '192.0.2.1' })).statusCode).toBe(
      200,
    )
    // Failures older than an hour no longer count.
    await t.database.db
      .update(adminLoginFailures)
      .set({ at: sql`now() - interval '61 minutes'` })
      .where(sql`lower(${adminLoginFailures.username}) = lower(${user.username})`)
    expect((await login(t.app, user.username, TEST_PASSWORD, { ip })).statusCode).toBe(200)
  })

  it('lets exactly 100 of 130 parallel wrong sign-ins through; the rest get the translated 429', async () => {
    const user = await insertAdminUser(t.database.db)
    const attacker = '198.51.100.66'
    const attempts = MAX_FAILURES_PER_ACCOUNT_AND_IP + 30
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        login(t.app, user.username, `wrong guess ${i}`, { ip: attacker }),
      ),
    )
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      MAX_FAILURES_PER_ACCOUNT_AND_IP,
    )
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: t.translator.t('cs', 'server.tooManyRequests'),
      })
    }
    const recorded = await t.database.db
      .select()
      .from(adminLoginFailures)
      .where(eq(adminLoginFailures.ip, attacker))
    expect(recorded).toHaveLength(MAX_FAILURES_PER_ACCOUNT_AND_IP)
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.loginFailed'), eq(auditLog.ip, attacker)))
    expect(audited).toHaveLength(MAX_FAILURES_PER_ACCOUNT_AND_IP)

    // The attacker's address is locked out of the account, even with the right password …
    expect((await login(t.app, user.username, TEST_PASSWORD, { ip: attacker })).statusCode).toBe(
      429,
    )
    // … while the real admin, at another address, signs in.
    const real = await login(t.app, user.username, TEST_PASSWORD, { ip: '192.0.2.50' })
    expect(real.statusCode).toBe(200)
    expect(sessionCookieOf(real)).toBeDefined()
  })

  it('stops an attack spread over many addresses at 1000 failures per account, whatever the address', async () => {
    const user = await insertAdminUser(t.database.db)
    // Spread so that no address reaches its own limit of 100.
    await t.database.db.insert(adminLoginFailures).values(
      Array.from({ length: MAX_FAILURES_PER_ACCOUNT }, (_, i) => ({
        username: user.username,
        ip: `100.64.${Math.floor(i / 50)}.${i % 50}`,
      })),
    )
    expect(
      (await login(t.app, user.username, TEST_PASSWORD, { ip: '192.0.2.51' })).statusCode,
    ).toBe(429)
  })

  it('counts an IPv6 client by its /64, so fresh addresses in it get no fresh budget', async () => {
    const user = await insertAdminUser(t.database.db)
    await t.database.db.insert(adminLoginFailures).values(
      Array.from({ length: MAX_FAILURES_PER_ACCOUNT_AND_IP }, () => ({
        username: user.username,
        ip: '2001:db8:7:1::/64',
      })),
    )
    const sameNetwork = await login(t.app, user.username, TEST_PASSWORD, {
      ip: '2001:db8:7:1:abcd::99',
    })
    expect(sameNetwork.statusCode).toBe(429)
    const otherNetwork = await login(t.app, user.username, TEST_PASSWORD, {
      ip: '2001:db8:7:2::99',
    })
    expect(otherNetwork.statusCode).toBe(200)
  })

  it('locks an address after 300 failures in an hour, whatever the account', async () => {
    const user = await insertAdminUser(t.database.db)
    const ip = '192.0.2.99'
    await t.database.db
      .insert(adminLoginFailures)
      .values(
        Array.from({ length: MAX_FAILURES_PER_IP }, (_, i) => ({ username: `spray${i}`, ip })),
      )
    expect((await login(t.app, user.username, TEST_PASSWORD, { ip })).statusCode).toBe(429)
    expect(
      (await login(t.app, user.username, TEST_PASSWORD, { ip: '192.0.2.100' })).statusCode,
    ).toBe(200)
  })

  it('starts a password-stage session and asks for the code when 2FA is on', async () => {
    const user = await insertAdminUser(t.database.db, {
      twoFactorEnabled: true,
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    })
    const res = await login(t.app, user.username)
    expect(res.json()).toEqual({ next: 'twoFactor', returnTo: '/admin' })
    const [session] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(sessionCookieOf(res)!)))
    expect(session?.stage).toBe('password')
  })

  it('sends a user who must have 2FA but has none to the set-up', async () => {
    const user = await insertAdminUser(t.database.db, { twoFactorRequired: true })
    const res = await login(t.app, user.username)
    expect(res.json<LoginStepJson>().next).toBe('twoFactorSetup')
  })

  it('translates the form validation messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'accept-language': 'en' },
      payload: { username: ' ', password: '' },
    })
    expect(res.statusCode).toBe(400)
    const messages = res.json<ErrorBodyJson>().errors.map((e) => e.message)
    expect(messages).toContain(t.translator.t('en', 'validation.usernameRequired'))
    expect(messages).toContain(t.translator.t('en', 'validation.passwordRequired'))
  })

  it('logs out: 204, session row gone, cookie cleared; without a session 401', async () => {
    const user = await insertAdminUser(t.database.db)
    const token = sessionCookieOf(await login(t.app, user.username))!
    const res = await t.app.inject({ method: 'POST', url: '/admin/logout', ...withSession(token) })
    expect(res.statusCode).toBe(204)
    const cleared = res.cookies.find((c) => c.name === '__Host-optika-admin')
    expect(cleared?.value).toBe('')
    const rows = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)))
    expect(rows).toHaveLength(0)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.logout'), eq(auditLog.actorId, user.id)))
    expect(audit).toHaveLength(1)
    const again = await t.app.inject({
      method: 'POST',
      url: '/admin/logout',
      ...withSession(token),
    })
    expect(again.statusCode).toBe(401)
  })

  it('refuses a cross-site login POST', async () => {
    const user = await insertAdminUser(t.database.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { username: user.username, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json<ErrorBodyJson>().code).toBe('CROSS_SITE_REQUEST')
  })

  it('documents every sign-in route in the OpenAPI under the admin-auth tag', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    const spec = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>()
    const routes = [
      ['post', '/admin/login'],
      ['post', '/admin/login/2fa'],
      ['get', '/admin/login/2fa-setup-secret'],
      ['post', '/admin/login/2fa-setup'],
      ['post', '/admin/logout'],
      ['post', '/admin/login/lost-password'],
      ['post', '/admin/login/reset-password'],
      ['get', '/admin/login/token'],
      ['get', '/admin/login/deeplink'],
    ] as const
    for (const [method, path] of routes) {
      expect(spec.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['admin-auth'])
    }
  })

  it('keeps returnTo inside the back office', () => {
    expect(safeReturnTo('/admin/data-objects/5')).toBe('/admin/data-objects/5')
    expect(safeReturnTo('/admin')).toBe('/admin')
    expect(safeReturnTo('//evil.example/admin')).toBe('/admin')
    expect(safeReturnTo('https://evil.example/admin')).toBe('/admin')
    expect(safeReturnTo('/administrator')).toBe('/admin')
    expect(safeReturnTo('/admin/\\evil')).toBe('/admin')
    expect(safeReturnTo('/shop')).toBe('/admin')
    expect(safeReturnTo(undefined)).toBe('/admin')
  })
})
