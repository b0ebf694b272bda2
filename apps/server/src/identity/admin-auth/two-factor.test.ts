import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { adminLoginFailures, adminSessions, auditLog } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertAdminUser,
  login,
  sessionCookieOf,
  totpCode,
  withSession,
  type LoginStepJson,
  type TwoFactorSetupJson,
  type RecoveryCodesJson,
} from '../../../test/kits/admin-auth-test-support.ts'
import { hashToken } from './admin-sessions.ts'
import { requireAdmin } from './require-admin.ts'
import { disableTwoFactor, resetTwoFactor } from './two-factor.ts'

describe('two-factor sign-in', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      configure: (app) => {
        app.get('/admin/test/me', { preHandler: requireAdmin }, async (r) => ({
          id: r.admin?.userId,
        }))
      },
    })
  })
  afterAll(() => t.close())

  const me = (token: string | undefined) =>
    t.app.inject({ url: '/admin/test/me', ...withSession(token) })
  const post = (url: string, token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, ...withSession(token) })
  const setupSecret = (token: string | undefined) =>
    t.app.inject({ url: '/admin/login/2fa-setup-secret', ...withSession(token) })

  /** A required-2FA user walks through the forced set-up; returns secret, codes and session. */
  async function enrolledUser() {
    const user = await insertAdminUser(t.database.db, { twoFactorRequired: true })
    const pending = sessionCookieOf(await login(t.app, user.username))!
    const setup = await setupSecret(pending)
    expect(setup.statusCode).toBe(200)
    const { secret, otpauthUrl, qrCodeSvg } = setup.json<TwoFactorSetupJson>()
    expect(otpauthUrl).toContain(`secret=${secret}`)
    expect(qrCodeSvg).toContain('<svg')
    const code = await totpCode(secret)
    const confirmed = await post('/admin/login/2fa-setup', pending, { code })
    expect(confirmed.statusCode).toBe(200)
    const { recoveryCodes } = confirmed.json<RecoveryCodesJson>()
    return { user, secret, code, recoveryCodes, pending, session: sessionCookieOf(confirmed)! }
  }

  it('forces a required-2FA user through set-up: no admin route before it, a complete session after', async () => {
    const user = await insertAdminUser(t.database.db, { twoFactorRequired: true })
    const res = await login(t.app, user.username)
    expect(res.json<LoginStepJson>().next).toBe('twoFactorSetup')
    const pending = sessionCookieOf(res)!
    expect((await me(pending)).statusCode).toBe(401)
    const { secret } = (await setupSecret(pending)).json<TwoFactorSetupJson>()
    const confirmed = await post('/admin/login/2fa-setup', pending, {
      code: await totpCode(secret),
    })
    expect(confirmed.statusCode).toBe(200)
    const codes = confirmed.json<RecoveryCodesJson>().recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/)
    const complete = sessionCookieOf(confirmed)!
    expect(complete).not.toBe(pending)
    expect((await me(pending)).statusCode).toBe(401)
    expect((await me(complete)).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id))
    expect(row?.twoFactorEnabled).toBe(true)
    expect(row?.twoFactorRecoveryCodes).toHaveLength(10)
    expect(JSON.stringify(row?.twoFactorRecoveryCodes)).not.toContain(codes[0]!.replace('-', ''))
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.twoFactorEnabled'), eq(auditLog.actorId, user.id)))
    expect(audit).toHaveLength(1)
  })

  it('asks for the code after the password and completes with a fresh token', async () => {
    const { user, secret } = await enrolledUser()
    const res = await login(t.app, user.username)
    expect(res.json<LoginStepJson>().next).toBe('twoFactor')
    const pending = sessionCookieOf(res)!
    expect((await me(pending)).statusCode).toBe(401)
    expect((await setupSecret(pending)).statusCode).toBe(401)
    const done = await post('/admin/login/2fa', pending, { code: await totpCode(secret, 1) })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ next: 'done', returnTo: '/admin' })
    const complete = sessionCookieOf(done)!
    expect(complete).not.toBe(pending)
    expect((await me(pending)).statusCode).toBe(401)
    expect((await me(complete)).statusCode).toBe(200)
  })

  it('accepts a TOTP code only once, and no earlier code after a later one', async () => {
    const { user, secret, code } = await enrolledUser()
    // The code that confirmed the set-up cannot sign in.
    const first = sessionCookieOf(await login(t.app, user.username))!
    const reused = await post('/admin/login/2fa', first, { code })
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: t.translator.t('cs', 'auth.credentialsNotValid'),
    })
    const next = await totpCode(secret, 1)
    expect((await post('/admin/login/2fa', first, { code: next })).statusCode).toBe(200)
    const second = sessionCookieOf(await login(t.app, user.username))!
    expect((await post('/admin/login/2fa', second, { code: next })).statusCode).toBe(401)
    expect((await post('/admin/login/2fa', second, { code })).statusCode).toBe(401)
    // A code two steps away is outside the ±1 window.
    expect(
      (await post('/admin/login/2fa', second, { code: await totpCode(secret, 3) })).statusCode,
    ).toBe(401)
  })

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolledUser()
    const [first, second] = recoveryCodes
    const a = sessionCookieOf(await login(t.app, user.username))!
    expect((await post('/admin/login/2fa', a, { code: first!.toLowerCase() })).statusCode).toBe(200)
    const b = sessionCookieOf(await login(t.app, user.username))!
    expect((await post('/admin/login/2fa', b, { code: first })).statusCode).toBe(401)
    expect((await post('/admin/login/2fa', b, { code: second!.replace('-', '') })).statusCode).toBe(
      200,
    )
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id))
    expect(row?.twoFactorRecoveryCodes).toHaveLength(8)
  })

  it('counts a wrong code toward the rate limit and audits it', async () => {
    const { user } = await enrolledUser()
    const pending = sessionCookieOf(await login(t.app, user.username))!
    expect((await post('/admin/login/2fa', pending, { code: '000000' })).statusCode).toBe(401)
    const failures = await t.database.db
      .select()
      .from(adminLoginFailures)
      .where(eq(adminLoginFailures.username, user.username))
    expect(failures).toHaveLength(1)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminAuth.twoFactorFailed'), eq(auditLog.actorId, user.id)))
    expect(audit).toHaveLength(1)
  })

  it('answers 401 on the 2FA routes without a session', async () => {
    expect((await post('/admin/login/2fa', undefined, { code: '123456' })).statusCode).toBe(401)
    expect((await post('/admin/login/2fa-setup', undefined, { code: '123456' })).statusCode).toBe(
      401,
    )
    expect((await setupSecret(undefined)).statusCode).toBe(401)
    expect((await setupSecret('not-a-real-token')).statusCode).toBe(401)
  })

  it('refuses a second set-up while 2FA is on (409) and a 2FA step on a complete session', async () => {
    const { session, secret } = await enrolledUser()
    expect((await setupSecret(session)).statusCode).toBe(409)
    const res = await post('/admin/login/2fa', session, { code: await totpCode(secret, 1) })
    expect(res.statusCode).toBe(401)
  })

  it('lets a signed-in user without 2FA enable it from the profile, rotating the session', async () => {
    const user = await insertAdminUser(t.database.db)
    const session = sessionCookieOf(await login(t.app, user.username))!
    const { secret } = (await setupSecret(session)).json<TwoFactorSetupJson>()
    const wrong = await post('/admin/login/2fa-setup', session, { code: '000000' })
    expect(wrong.statusCode).toBe(401)
    const ok = await post('/admin/login/2fa-setup', session, { code: await totpCode(secret) })
    expect(ok.statusCode).toBe(200)
    expect((await me(session)).statusCode).toBe(401)
    expect((await me(sessionCookieOf(ok))).statusCode).toBe(200)
  })

  it('resetTwoFactor clears 2FA and ends sessions; the required user sets it up again', async () => {
    const { user, session } = await enrolledUser()
    await resetTwoFactor(t.database.db, user.id)
    expect((await me(session)).statusCode).toBe(401)
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id))
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorRecoveryCodes: [],
      twoFactorRequired: true,
    })
    expect((await login(t.app, user.username)).json<LoginStepJson>().next).toBe('twoFactorSetup')
    const sessions = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(session)))
    expect(sessions).toHaveLength(0)
  })

  it('disableTwoFactor also drops the requirement', async () => {
    const { user } = await enrolledUser()
    await disableTwoFactor(t.database.db, user.id)
    expect((await login(t.app, user.username)).json<LoginStepJson>().next).toBe('done')
  })
})
