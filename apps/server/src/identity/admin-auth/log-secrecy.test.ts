import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertAdminUser,
  login,
  sessionCookieOf,
  TEST_PASSWORD,
  totpCode,
  withSession,
  type TwoFactorSetupJson,
  type RecoveryCodesJson,
} from '../../../test/kits/admin-auth-test-support.ts'
import { createOneTimeLink } from './one-time-links.ts'
import { redactUrlSecrets } from '../../platform/http/redact-url-secrets.ts'

describe('secrets stay out of the logs', () => {
  let t: TestApp
  let logged = ''
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8')
        done()
      },
    })
    t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, deps: { logStream } })
  })
  afterAll(() => t.close())

  it('a whole flow (login → 2FA set-up → 2FA login → reset → token link) logs no secret', async () => {
    const secrets: string[] = [TEST_PASSWORD]
    const remember = (value: string | undefined) => {
      if (!value) throw new Error('expected a secret value')
      secrets.push(value)
      return value
    }
    const user = await insertAdminUser(t.database.db, { twoFactorRequired: true })
    const post = (url: string, token: string | undefined, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, ...withSession(token) })

    // Password, then the forced 2FA set-up.
    const setupSession = remember(sessionCookieOf(await login(t.app, user.username)))
    const setup = await t.app.inject({
      url: '/admin/login/2fa-setup-secret',
      ...withSession(setupSession),
    })
    const secret = remember(setup.json<TwoFactorSetupJson>().secret)
    const confirmed = await post('/admin/login/2fa-setup', setupSession, {
      code: await totpCode(secret),
    })
    const recoveryCodes = confirmed.json<RecoveryCodesJson>().recoveryCodes
    for (const code of recoveryCodes) {
      remember(code)
      remember(code.replace('-', ''))
    }
    const complete = remember(sessionCookieOf(confirmed))
    expect((await post('/admin/logout', complete)).statusCode).toBe(204)

    // Password + TOTP, then password + a recovery code, and a wrong password.
    const pending = remember(sessionCookieOf(await login(t.app, user.username)))
    const viaTotp = await post('/admin/login/2fa', pending, { code: await totpCode(secret, 1) })
    expect(viaTotp.statusCode).toBe(200)
    remember(sessionCookieOf(viaTotp))
    const pending2 = remember(sessionCookieOf(await login(t.app, user.username)))
    const viaRecovery = await post('/admin/login/2fa', pending2, { code: recoveryCodes[0] })
    expect(viaRecovery.statusCode).toBe(200)
    remember(sessionCookieOf(viaRecovery))
    const wrongPassword = remember('not the password at all')
    expect((await login(t.app, user.username, wrongPassword)).statusCode).toBe(401)

    // Lost password → reset through the mailed link.
    await post('/admin/login/lost-password', undefined, { username: user.username })
    const [mail] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, user.email))
      .orderBy(desc(emailLog.id))
    const resetToken = remember(/token=([\w-]+)/.exec(mail?.text ?? '')?.[1])
    const newPassword = remember('the new secret passphrase')
    const reset = await post('/admin/login/reset-password', undefined, {
      token: resetToken,
      password: newPassword,
      passwordRepeat: newPassword,
    })
    expect(reset.statusCode).toBe(204)

    // A token-login link: its token travels in the URL, which Fastify logs.
    const link = await createOneTimeLink(t.database.db, {
      userId: user.id,
      kind: 'tokenLogin',
      createdBy: null,
      publicUrl: 'http://localhost:3000',
    })
    const linkToken = remember(new URL(link).searchParams.get('token') ?? undefined)
    const viaLink = await t.app.inject({ url: `/admin/login/token?token=${linkToken}` })
    expect(viaLink.headers.location).toBe('/admin/login/2fa')
    remember(sessionCookieOf(viaLink))

    expect(logged).toContain('incoming request')
    expect(logged).toContain('/admin/login/token?token=[redacted]')
    // The reset mail goes out from the queue: wait until its job has logged it.
    await vi.waitFor(() => expect(logged).toContain('mail logged'), {
      timeout: 30_000,
      interval: 50,
    })
    for (const value of secrets) expect(logged).not.toContain(value)
  })

  it('redacts secret query parameters in logged URLs', () => {
    expect(redactUrlSecrets('/admin/login/token?token=abc&x=1')).toBe(
      '/admin/login/token?token=[redacted]&x=1',
    )
    expect(redactUrlSecrets('/a?x=1&TOKEN=abc#f')).toBe('/a?x=1&TOKEN=[redacted]#f')
    expect(redactUrlSecrets('/admin/login')).toBe('/admin/login')
  })
})
