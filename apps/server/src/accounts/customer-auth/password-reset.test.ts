import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { customerTokens } from '../../platform/db/schema/accounts.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createMailer } from '../../platform/mail/create-mailer.ts'
import {
  insertCustomer,
  registrationPayload,
  signInCustomer,
  solveCaptcha,
  TEST_CUSTOMER_PASSWORD,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import { sendPasswordResetLink } from './password-reset.ts'

interface ErrorJson {
  code: string
  message: string
  errors?: { path: string; message: string }[]
}

const NEW_PASSWORD = 'Nove-heslo-2026'

describe('lost password and new password', () => {
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

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } })

  async function mailsTo(email: string) {
    return t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, email))
      .orderBy(desc(emailLog.id))
  }

  /** Asks for a link and answers the token from the mail. */
  async function requestLink(email: string, language = 'cs'): Promise<string> {
    const response = await post(
      '/api/account/lost-password',
      { email },
      { 'accept-language': language },
    )
    expect(response.json()).toEqual({ sent: true })
    const [mail] = await mailsTo(email)
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? ''
    const url = new URL(link)
    expect(url.pathname).toBe(`/${language}/new-password`)
    return url.searchParams.get('token') ?? ''
  }

  it('always answers sent, mailing a link only to a registered e-mail', async () => {
    const unknown = await post('/api/account/lost-password', { email: 'nobody@example.cz' })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ sent: true })
    expect(await mailsTo('nobody@example.cz')).toHaveLength(0)

    const customer = await insertCustomer(t.database.db)
    // The e-mail is matched whatever its case; the mail goes to the address on file.
    const response = await post(
      '/api/account/lost-password',
      { email: customer.email.toUpperCase() },
      { 'accept-language': 'cs' },
    )
    expect(response.json()).toEqual({ sent: true })
    const [mail] = await mailsTo(customer.email)
    const token =
      new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '').searchParams.get('token') ?? ''
    expect(token.length).toBeGreaterThan(20)
    expect(mail?.subject).toBe(t.translator.t('cs', 'account.resetMail.subject'))
    const [stored] = await t.database.db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.customerId, customer.id))
    expect(stored?.tokenHash).not.toBe(token)
    expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000)
  })

  it('validates the e-mail of the request', async () => {
    const response = await post('/api/account/lost-password', { email: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorJson>().errors).toEqual([
      { path: 'body/email', message: 'Please fill in the contact e-mail' },
    ])
  })

  it('sets the password once, ends every other session and signs in', async () => {
    const customer = await insertCustomer(t.database.db)
    const elsewhere = await signInCustomer(t.app, customer.email)
    const token = await requestLink(customer.email)

    const response = await post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ customer: { id: customer.id } })
    const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value
    const me = await t.app.inject({
      url: '/api/account/me',
      cookies: { [CUSTOMER_SESSION_COOKIE]: cookie ?? '' },
    })
    expect(me.json()).toMatchObject({ customer: { id: customer.id } })
    const old = await t.app.inject({ url: '/api/account/me', headers: { cookie: elsewhere } })
    expect(old.json()).toEqual({ customer: null })

    expect(
      (
        await post('/api/account/login', {
          login: customer.email,
          password: TEST_CUSTOMER_PASSWORD,
        })
      ).statusCode,
    ).toBe(401)
    await signInCustomer(t.app, customer.email, NEW_PASSWORD)

    for (const [language, message] of [
      ['en', 'The link is invalid or has expired'],
      ['cs', 'Odkaz je neplatný nebo mu vypršela platnost'],
    ] as const) {
      const again = await post(
        '/api/account/reset-password',
        { token, password: 'Another-one-2026', passwordRepeat: 'Another-one-2026' },
        { 'accept-language': language },
      )
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual({ code: 'INVALID_TOKEN', message })
    }
  })

  it('refuses an expired link and voids older links when one is used', async () => {
    const customer = await insertCustomer(t.database.db)
    const first = await requestLink(customer.email)
    const second = await requestLink(customer.email)
    await t.database.db
      .update(customerTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerTokens.customerId, customer.id))
    const expired = await post('/api/account/reset-password', {
      token: second,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.json<ErrorJson>().code).toBe('INVALID_TOKEN')

    const third = await requestLink(customer.email)
    const ok = await post('/api/account/reset-password', {
      token: third,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    expect(ok.statusCode).toBe(200)
    const unused = await t.database.db
      .select()
      .from(customerTokens)
      .where(and(eq(customerTokens.customerId, customer.id)))
    expect(unused.every((row) => row.usedAt !== null)).toBe(true)
    expect(first).not.toBe(third)
  })

  it('applies the password rules to the new password', async () => {
    const customer = await insertCustomer(t.database.db)
    const token = await requestLink(customer.email)
    const short = await post('/api/account/reset-password', {
      token,
      password: 'short',
      passwordRepeat: 'short',
    })
    expect(short.json<ErrorJson>().errors).toEqual([
      { path: 'body/password', message: 'The field must contain a minimum of 8 characters' },
    ])
    const different = await post(
      '/api/account/reset-password',
      { token, password: NEW_PASSWORD, passwordRepeat: 'Something-else' },
      { 'accept-language': 'cs' },
    )
    expect(different.json<ErrorJson>().errors).toEqual([
      { path: 'body/passwordRepeat', message: t.translator.t('cs', 'validation.passwordsSame') },
    ])
    // Refused input did not use the link up.
    const ok = await post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    expect(ok.statusCode).toBe(200)
  })

  it('mails at most three links an hour per account, answering alike', async () => {
    const customer = await insertCustomer(t.database.db)
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/account/lost-password', { email: customer.email })
      expect(response.json()).toEqual({ sent: true })
    }
    expect(await mailsTo(customer.email)).toHaveLength(3)
  })

  it('lets the back office send a link, recording who did', async () => {
    const customer = await insertCustomer(t.database.db, { language: 'pl' })
    const sent = await sendPasswordResetLink(
      {
        db: t.database.db,
        mailer: createMailer(
          { MAIL_TRANSPORT: 'log', PUBLIC_URL: 'https://shop.example' },
          t.database.db,
          t.jobs,
        ),
        translator: t.translator,
        env: { PUBLIC_URL: 'https://shop.example' },
      },
      customer.id,
      { createdBy: 42 },
    )
    expect(sent).toBe(true)
    const [mail] = await mailsTo(customer.email)
    expect(mail?.subject).toBe(t.translator.t('pl', 'account.resetMail.subject'))
    expect(mail?.text).toContain('https://shop.example/pl/new-password?token=')
    const [row] = await t.database.db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.customerId, customer.id))
    expect(row?.createdBy).toBe(42)
  })

  it('a whole flow (register → logout → login → reset) logs and answers no secret', async () => {
    const captcha = await solveCaptcha(t.app)
    const payload = { ...registrationPayload(), ...captcha }
    const registered = await post('/api/account/register', payload)
    expect(registered.statusCode).toBe(200)
    const secrets = [payload.password]
    const cookieOf = (r: { cookies: { name: string; value: string }[] }) =>
      r.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value ?? ''
    secrets.push(cookieOf(registered))
    await post(
      '/api/account/logout',
      {},
      { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookieOf(registered)}` },
    )
    const signedIn = await post('/api/account/login', {
      login: payload.email,
      password: payload.password,
    })
    secrets.push(cookieOf(signedIn))
    const me = await t.app.inject({
      url: '/api/account/me',
      cookies: { [CUSTOMER_SESSION_COOKIE]: cookieOf(signedIn) },
    })
    const token = await requestLink(payload.email)
    secrets.push(token)
    const reset = await post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    secrets.push(NEW_PASSWORD, cookieOf(reset))
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7)
      expect(logged).not.toContain(secret)
    }
    for (const response of [registered, signedIn, me, reset]) {
      expect(response.body).not.toMatch(/argon2|passwordHash|Heslo-2026|Nove-heslo/)
    }
    expect(logged).toContain('customer registered')
  })

  it('never logs a reset token', async () => {
    const customer = await insertCustomer(t.database.db)
    const token = await requestLink(customer.email)
    await post('/api/account/reset-password', {
      token,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    })
    expect(logged).toContain('/api/account/reset-password')
    expect(logged).not.toContain(token)
    expect(logged).not.toContain(NEW_PASSWORD)
  })
})
