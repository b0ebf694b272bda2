import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq, sql } from 'drizzle-orm'
import { MIN_ADMIN_PASSWORD_LENGTH } from '@optika/domain/admin/auth-api'
import { adminOneTimeTokens, auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertAdminUser,
  login,
  sessionCookieOf,
  withSession,
  type ErrorBodyJson,
  type LoginStepJson,
} from '../../../test/kits/admin-auth-test-support.ts'
import { hashToken } from './admin-sessions.ts'
import { createOneTimeLink } from './one-time-links.ts'
import { requireAdmin } from './require-admin.ts'

const PUBLIC_URL = 'https://shop.example'
const NEW_PASSWORD = 'a brand new passphrase'

describe('lost password, reset, invitation and token links', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL },
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
  const lostPassword = (username: string) =>
    t.app.inject({ method: 'POST', url: '/admin/login/lost-password', payload: { username } })
  const reset = (token: string, password = NEW_PASSWORD, passwordRepeat = password) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/login/reset-password',
      headers: { 'accept-language': 'en' },
      payload: { token, password, passwordRepeat },
    })
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

  async function mailedLink(email: string): Promise<{ link: string; subject: string }> {
    const [mail] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, email))
      .orderBy(desc(emailLog.id))
      .limit(1)
    const link = /https:\/\/\S+/.exec(mail?.text ?? '')?.[0]
    if (!link || !mail) throw new Error('no link mailed')
    return { link, subject: mail.subject }
  }

  it('always answers { sent: true } and mails a link only to a known active user, in their language', async () => {
    const user = await insertAdminUser(t.database.db, { language: 'cs' })
    const inactive = await insertAdminUser(t.database.db, { active: false })
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailLog)
    for (const name of ['nobody-at-all', inactive.username]) {
      const res = await lostPassword(name)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ sent: true })
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailLog)
    expect(after[0]?.n).toBe(before[0]?.n)
    expect((await lostPassword(user.email.toUpperCase())).json()).toEqual({ sent: true })
    const { link, subject } = await mailedLink(user.email)
    expect(subject).toBe(t.translator.t('cs', 'adminAuth.resetMail.subject'))
    expect(link).toMatch(/^https:\/\/shop\.example\/admin\/login\/reset-password\?token=[\w-]{43}$/)
    const [stored] = await t.database.db
      .select()
      .from(adminOneTimeTokens)
      .where(eq(adminOneTimeTokens.tokenHash, hashToken(tokenOf(link))))
    expect(stored?.kind).toBe('passwordReset')
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime()
    expect(Math.abs(ttl - 60 * 60 * 1000)).toBeLessThan(5_000)
  })

  it('sets the password through the link once, ends all sessions and does not sign in', async () => {
    const user = await insertAdminUser(t.database.db)
    const session = sessionCookieOf(await login(t.app, user.username))!
    await lostPassword(user.username)
    const token = tokenOf((await mailedLink(user.email)).link)
    const res = await reset(token)
    expect(res.statusCode).toBe(204)
    expect(sessionCookieOf(res)).toBeUndefined()
    expect((await me(session)).statusCode).toBe(401)
    expect((await login(t.app, user.username)).statusCode).toBe(401)
    expect((await login(t.app, user.username, NEW_PASSWORD)).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id))
    expect(row?.passwordChangedAt).toBeInstanceOf(Date)
    const again = await reset(token, 'yet another passphrase')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      code: 'INVALID_TOKEN',
      message: t.translator.t('en', 'auth.credentialsNotValid'),
    })
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'adminAuth.passwordReset'), eq(auditLog.entityId, String(user.id))),
      )
    expect(audit).toHaveLength(1)
  })

  it('never bypasses 2FA: after a reset the user still needs the second factor', async () => {
    const user = await insertAdminUser(t.database.db, {
      twoFactorEnabled: true,
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    })
    await lostPassword(user.username)
    expect((await reset(tokenOf((await mailedLink(user.email)).link))).statusCode).toBe(204)
    expect((await login(t.app, user.username, NEW_PASSWORD)).json<LoginStepJson>().next).toBe(
      'twoFactor',
    )
  })

  it('refuses an expired reset link', async () => {
    const user = await insertAdminUser(t.database.db)
    await lostPassword(user.username)
    const token = tokenOf((await mailedLink(user.email)).link)
    await t.database.db
      .update(adminOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(adminOneTimeTokens.tokenHash, hashToken(token)))
    expect((await reset(token)).statusCode).toBe(400)
  })

  it("enforces the seed's password messages, translated", async () => {
    const short = await reset('x'.repeat(43), 'short', 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json<ErrorBodyJson>().errors).toContainEqual({
      path: 'body/password',
      message: `The field must contain a minimum of ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
    })
    const mismatch = await reset('x'.repeat(43), NEW_PASSWORD, `${NEW_PASSWORD}!`)
    expect(mismatch.json<ErrorBodyJson>().errors).toContainEqual({
      path: 'body/passwordRepeat',
      message: 'Unfortunately, the passwords you have entered do not match!',
    })
    const empty = await reset('x'.repeat(43), '', '')
    const messages = empty.json<ErrorBodyJson>().errors.map((e) => e.message)
    expect(messages).toContain('Please fill in the password')
    expect(messages).toContain('Please confirm your password')
  })

  it('lets an invited user set a first password within 7 days, once; recorded in the audit log', async () => {
    const admin = await insertAdminUser(t.database.db, { isAdmin: true })
    const invited = await insertAdminUser(t.database.db)
    const link = await createOneTimeLink(t.database.db, {
      userId: invited.id,
      kind: 'invitation',
      createdBy: { id: admin.id, name: admin.name },
      publicUrl: PUBLIC_URL,
    })
    expect(link).toMatch(/^https:\/\/shop\.example\/admin\/login\/reset-password\?token=/)
    const [stored] = await t.database.db
      .select()
      .from(adminOneTimeTokens)
      .where(eq(adminOneTimeTokens.tokenHash, hashToken(tokenOf(link))))
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime()
    expect(Math.abs(ttl - 7 * 24 * 60 * 60 * 1000)).toBeLessThan(5_000)
    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'adminAuth.invitationCreated'), eq(auditLog.actorId, admin.id)),
      )
    expect(created?.entityId).toBe(String(invited.id))
    expect(JSON.stringify(created)).not.toContain(tokenOf(link))
    expect((await reset(tokenOf(link))).statusCode).toBe(204)
    expect((await reset(tokenOf(link))).statusCode).toBe(400)
    expect((await login(t.app, invited.username, NEW_PASSWORD)).statusCode).toBe(200)

    const late = await createOneTimeLink(t.database.db, {
      userId: invited.id,
      kind: 'invitation',
      createdBy: null,
      publicUrl: PUBLIC_URL,
      ttl: -1_000,
    })
    expect((await reset(tokenOf(late))).statusCode).toBe(400)
  })

  it('signs in through a token link once (15 min), then redirects to /admin', async () => {
    const user = await insertAdminUser(t.database.db)
    const link = await createOneTimeLink(t.database.db, {
      userId: user.id,
      kind: 'tokenLogin',
      createdBy: null,
      publicUrl: PUBLIC_URL,
    })
    expect(link).toMatch(/^https:\/\/shop\.example\/admin\/login\/token\?token=/)
    const url = `/admin/login/token?token=${tokenOf(link)}`
    const res = await t.app.inject({ url })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/admin')
    expect((await me(sessionCookieOf(res))).statusCode).toBe(200)
    const again = await t.app.inject({ url })
    expect(again.statusCode).toBe(302)
    expect(again.headers.location).toBe('/admin/login?error=link')
    expect(sessionCookieOf(again)).toBeUndefined()
  })

  it('refuses an expired or unknown token link, and a reset token used as a login link', async () => {
    const user = await insertAdminUser(t.database.db)
    const expired = await createOneTimeLink(t.database.db, {
      userId: user.id,
      kind: 'tokenLogin',
      createdBy: null,
      publicUrl: PUBLIC_URL,
      ttl: 15 * 60 * 1000,
    })
    await t.database.db
      .update(adminOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(adminOneTimeTokens.tokenHash, hashToken(tokenOf(expired))))
    const invitation = await createOneTimeLink(t.database.db, {
      userId: user.id,
      kind: 'invitation',
      createdBy: null,
      publicUrl: PUBLIC_URL,
    })
    for (const token of [tokenOf(expired), tokenOf(invitation), 'made-up', '']) {
      const res = await t.app.inject({ url: `/admin/login/token?token=${token}` })
      expect(res.headers.location).toBe('/admin/login?error=link')
    }
  })

  it('still asks for the second factor after a token link', async () => {
    const user = await insertAdminUser(t.database.db, {
      twoFactorEnabled: true,
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    })
    const link = await createOneTimeLink(t.database.db, {
      userId: user.id,
      kind: 'tokenLogin',
      createdBy: null,
      publicUrl: PUBLIC_URL,
    })
    const res = await t.app.inject({ url: `/admin/login/token?token=${tokenOf(link)}` })
    expect(res.headers.location).toBe('/admin/login/2fa')
    expect((await me(sessionCookieOf(res))).statusCode).toBe(401)
  })

  it('deeplinks to the element when signed in, else through the login with returnTo', async () => {
    const user = await insertAdminUser(t.database.db)
    const session = sessionCookieOf(await login(t.app, user.username))!
    const cases = [
      ['type=object&id=123', '/admin/data-objects/123'],
      ['object_123_object', '/admin/data-objects/123'],
      ['asset_5_image', '/admin/assets/5'],
      ['type=document&id=7', '/admin/documents/7'],
      ['type=evil&id=1', '/admin'],
      ['', '/admin'],
    ] as const
    for (const [query, target] of cases) {
      const signedIn = await t.app.inject({
        url: `/admin/login/deeplink?${query}`,
        ...withSession(session),
      })
      expect(signedIn.statusCode).toBe(302)
      expect(signedIn.headers.location).toBe(target)
      const anonymous = await t.app.inject({ url: `/admin/login/deeplink?${query}` })
      expect(anonymous.headers.location).toBe(`/admin/login?returnTo=${encodeURIComponent(target)}`)
    }
  })
})
