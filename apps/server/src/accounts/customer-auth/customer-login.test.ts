import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { customerLoginFailures, customerSessions } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
  TEST_CUSTOMER_PASSWORD,
} from '../../../test/kits/customer-auth-test-kit.ts'
import {
  MAX_CUSTOMER_FAILURES_PER_IP,
  MAX_CUSTOMER_FAILURES_PER_LOGIN,
  MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP,
} from './customer-sign-in.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import {
  CUSTOMER_SESSION_IDLE_MS,
  endCustomerSessions,
  hashToken,
  startCustomerSession,
} from './customer-sessions.ts'

interface ErrorJson {
  code: string
  message: string
  errors?: { path: string; message: string }[]
}

describe('customer login, sessions and the viewer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      // On PostgreSQL, enough connections for parallel sign-ins to really race.
      maxConnections: 16,
      configure(app) {
        app.get('/api/test/viewer', async (request) => request.viewer)
        app.get('/admin/test/viewer', async (request) => request.viewer)
      },
    })
  })
  afterAll(() => t.close())

  const login = (
    payload: object,
    options: { language?: string; ip?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: {
        'accept-language': options.language ?? 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    })
  const viewerOf = async (cookie: string | null) =>
    (await t.app.inject({ url: '/api/test/viewer', headers: cookie ? { cookie } : {} })).json<
      Record<string, unknown>
    >()
  const tokenOf = (cookie: string) => cookie.slice(CUSTOMER_SESSION_COOKIE.length + 1)

  it('signs in by e-mail or username, any case, with a secure host-only cookie', async () => {
    const customer = await insertCustomer(t.database.db, { username: 'OptikPetr' })
    for (const name of [customer.email, customer.email.toUpperCase(), 'optikpetr']) {
      const response = await login({ login: name, password: TEST_CUSTOMER_PASSWORD })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        customer: { id: customer.id, clientNumber: customer.clientNumber, kind: 'customer' },
      })
      expect(response.body).not.toMatch(/argon2|passwordHash/)
      const cookie = response.cookies.find((c) => c.name === '__Host-optika-shop')
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
      expect(cookie?.domain).toBeUndefined()
      expect(cookie?.maxAge).toBe(90 * 24 * 60 * 60)
    }
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id))
    expect(row?.lastLoginAt).toBeInstanceOf(Date)
  })

  it('answers a wrong password and an unknown e-mail alike, without saying which', async () => {
    const customer = await insertCustomer(t.database.db)
    for (const language of ['en', 'cs'] as const) {
      const wrong = await login(
        { login: customer.email, password: 'not the password' },
        { language },
      )
      const unknown = await login(
        { login: 'nobody@example.cz', password: 'not the password' },
        { language },
      )
      const message = t.translator.t(language, 'auth.emailOrPasswordIncorrect')
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401)
        expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message })
        expect(response.cookies).toHaveLength(0)
      }
    }
    expect(t.translator.t('en', 'auth.emailOrPasswordIncorrect')).toBe(
      'E-mail or password are incorrect',
    )
  })

  it('asks for the username and the password (seed section 5)', async () => {
    const en = await login({ login: ' ', password: '' })
    expect(en.statusCode).toBe(400)
    expect(en.json<ErrorJson>().errors).toEqual([
      { path: 'body/login', message: 'Your username is required' },
      { path: 'body/password', message: 'Your password is required' },
    ])
    const cs = await login({ login: '', password: '' }, { language: 'cs' })
    expect(cs.json<ErrorJson>().errors?.map((e) => e.message)).toEqual([
      t.translator.t('cs', 'validation.usernameRequired'),
      t.translator.t('cs', 'validation.passwordRequired'),
    ])
  })

  it('limits failures per login and address: then even the right password gets a translated 429 there', async () => {
    const customer = await insertCustomer(t.database.db)
    const ip = '10.1.0.1'
    for (let i = 0; i < MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP; i += 1) {
      const response = await login({ login: customer.email, password: `wrong ${i}` }, { ip })
      expect(response.statusCode).toBe(401)
    }
    const blocked = await login({ login: customer.email, password: TEST_CUSTOMER_PASSWORD }, { ip })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: t.translator.t('en', 'server.tooManyRequests'),
    })
    // The customer at another address is not locked out.
    expect(
      (await login({ login: customer.email, password: TEST_CUSTOMER_PASSWORD }, { ip: '10.1.0.2' }))
        .statusCode,
    ).toBe(200)
    // Failures age out after an hour.
    await t.database.db
      .update(customerLoginFailures)
      .set({ at: sql`now() - interval '2 hours'` })
      .where(sql`lower(${customerLoginFailures.login}) = lower(${customer.email})`)
    expect(
      (await login({ login: customer.email, password: TEST_CUSTOMER_PASSWORD }, { ip })).statusCode,
    ).toBe(200)
  })

  it('lets exactly 20 of 60 parallel wrong sign-ins through; the rest get the translated 429', async () => {
    const customer = await insertCustomer(t.database.db)
    const attacker = '10.66.0.1'
    const attempts = MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP + 40
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        login(
          { login: customer.email, password: `wrong guess ${i}` },
          { ip: attacker, language: 'cs' },
        ),
      ),
    )
    const statuses = answers.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP,
    )
    expect(statuses.filter((status) => status === 429)).toHaveLength(40)
    for (const response of answers.filter((r) => r.statusCode === 429)) {
      expect(response.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: t.translator.t('cs', 'server.tooManyRequests'),
      })
    }
    const recorded = await t.database.db
      .select()
      .from(customerLoginFailures)
      .where(eq(customerLoginFailures.ip, attacker))
    expect(recorded).toHaveLength(MAX_CUSTOMER_FAILURES_PER_LOGIN_AND_IP)
    // The attacker's address stays locked; the customer elsewhere signs in.
    const locked = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { ip: attacker },
    )
    expect(locked.statusCode).toBe(429)
    const real = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { ip: '10.77.0.1' },
    )
    expect(real.statusCode).toBe(200)
  })

  it('stops an attack spread over many addresses at 200 failures per login', async () => {
    const customer = await insertCustomer(t.database.db)
    await t.database.db.insert(customerLoginFailures).values(
      Array.from({ length: MAX_CUSTOMER_FAILURES_PER_LOGIN }, (_, i) => ({
        login: customer.email,
        ip: `10.88.${Math.floor(i / 10)}.${i % 10}`,
      })),
    )
    const blocked = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { ip: '10.89.0.1' },
    )
    expect(blocked.statusCode).toBe(429)
  })

  it('limits failures per client address', async () => {
    const customer = await insertCustomer(t.database.db)
    await t.database.db.insert(customerLoginFailures).values(
      Array.from({ length: MAX_CUSTOMER_FAILURES_PER_IP }, (_, i) => ({
        login: `someone${i}@example.cz`,
        ip: '10.9.9.9',
      })),
    )
    const blocked = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { ip: '10.9.9.9', language: 'cs' },
    )
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json<ErrorJson>().message).toBe(t.translator.t('cs', 'server.tooManyRequests'))
    const elsewhere = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { ip: '10.9.9.10' },
    )
    expect(elsewhere.statusCode).toBe(200)
  })

  it('rotates the session at sign-in: the cookie sent before stops working', async () => {
    const customer = await insertCustomer(t.database.db)
    const first = await signInCustomer(t.app, customer.email)
    const second = await login(
      { login: customer.email, password: TEST_CUSTOMER_PASSWORD },
      { cookie: first },
    )
    const next = second.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value
    expect(next).toBeDefined()
    expect(next).not.toBe(tokenOf(first))
    expect((await viewerOf(first)).customerId).toBeNull()
    expect((await viewerOf(`${CUSTOMER_SESSION_COOKIE}=${next}`)).customerId).toBe(customer.id)
    // Only hashes are stored.
    const stored = await t.database.db
      .select({ tokenHash: customerSessions.tokenHash })
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer.id))
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(next ?? '')])
  })

  it('logs out: the session ends and the cookie is cleared', async () => {
    const customer = await insertCustomer(t.database.db)
    const cookie = await signInCustomer(t.app, customer.email)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(204)
    const cleared = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)
    expect(cleared?.value).toBe('')
    expect((await viewerOf(cookie)).kind).toBe('anonymous')
    const me = await t.app.inject({ url: '/api/account/me', headers: { cookie } })
    expect(me.json()).toEqual({ customer: null })
  })

  it('puts the customer on every storefront request as the viewer', async () => {
    const customer = await insertCustomer(t.database.db, {
      firstName: 'Eva',
      lastName: 'Malá',
      country: 'SK',
      isModerator: true,
    })
    const cookie = await signInCustomer(t.app, customer.email)
    expect(await viewerOf(cookie)).toEqual({
      customerId: customer.id,
      kind: 'customer',
      partnerStatus: null,
      isModerator: true,
      priceListId: null,
      country: 'SK',
      displayName: 'Eva Malá',
      clientNumber: customer.clientNumber,
      impersonatedBy: null,
    })
    expect(await viewerOf(null)).toMatchObject({ customerId: null, kind: 'anonymous' })
    // The back office never looks at the shop cookie.
    const admin = await t.app.inject({ url: '/admin/test/viewer', headers: { cookie } })
    expect(admin.json()).toMatchObject({ customerId: null, kind: 'anonymous' })
    expect(await viewerOf(`${CUSTOMER_SESSION_COOKIE}=forged-token`)).toMatchObject({
      kind: 'anonymous',
    })
  })

  it('lets pending and rejected partners sign in and see their state; terms only once approved', async () => {
    const pending = await insertCustomer(t.database.db, { kind: 'partner', priceListId: 77 })
    const cookie = await signInCustomer(t.app, pending.email)
    const me = await t.app.inject({ url: '/api/account/me', headers: { cookie } })
    expect(me.json()).toMatchObject({ customer: { kind: 'partner', partnerStatus: 'pending' } })
    expect(await viewerOf(cookie)).toMatchObject({ partnerStatus: 'pending', priceListId: null })

    const rejected = await insertCustomer(t.database.db, {
      kind: 'partner',
      partnerStatus: 'rejected',
    })
    const rejectedCookie = await signInCustomer(t.app, rejected.email)
    expect(await viewerOf(rejectedCookie)).toMatchObject({ partnerStatus: 'rejected' })

    await approvePartner(t.database.db, pending.id, 77)
    expect(await viewerOf(cookie)).toMatchObject({
      kind: 'partner',
      partnerStatus: 'approved',
      priceListId: 77,
    })
  })

  it('ends idle and too old sessions, and those of deleted customers', async () => {
    const customer = await insertCustomer(t.database.db)
    const idle = await signInCustomer(t.app, customer.email)
    await t.database.db
      .update(customerSessions)
      .set({ lastSeenAt: new Date(Date.now() - CUSTOMER_SESSION_IDLE_MS - 1000) })
      .where(eq(customerSessions.tokenHash, hashToken(tokenOf(idle))))
    expect((await viewerOf(idle)).kind).toBe('anonymous')

    const old = await signInCustomer(t.app, customer.email)
    await t.database.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.tokenHash, hashToken(tokenOf(old))))
    expect((await viewerOf(old)).kind).toBe('anonymous')

    const live = await signInCustomer(t.app, customer.email)
    await t.database.db
      .update(customers)
      .set({ deletedAt: new Date() })
      .where(eq(customers.id, customer.id))
    expect((await viewerOf(live)).kind).toBe('anonymous')
    const again = await login({ login: customer.email, password: TEST_CUSTOMER_PASSWORD })
    expect(again.statusCode).toBe(401)
  })

  it('touches lastSeenAt at most once a minute', async () => {
    const customer = await insertCustomer(t.database.db)
    const cookie = await signInCustomer(t.app, customer.email)
    const hash = hashToken(tokenOf(cookie))
    const seen = async () =>
      (
        await t.database.db
          .select({ at: customerSessions.lastSeenAt })
          .from(customerSessions)
          .where(eq(customerSessions.tokenHash, hash))
      )[0]?.at.getTime()
    const fresh = await seen()
    await viewerOf(cookie)
    expect(await seen()).toBe(fresh)
    const past = new Date(Date.now() - 5 * 60 * 1000)
    await t.database.db
      .update(customerSessions)
      .set({ lastSeenAt: past })
      .where(eq(customerSessions.tokenHash, hash))
    await viewerOf(cookie)
    expect(await seen()).toBeGreaterThan(past.getTime())
  })

  it('starts impersonation sessions and ends all sessions but one', async () => {
    const customer = await insertCustomer(t.database.db)
    const staff = await startCustomerSession(t.database.db, {
      customerId: customer.id,
      impersonatedBy: 5,
      ip: null,
      userAgent: null,
    })
    const own = await signInCustomer(t.app, customer.email)
    expect(await viewerOf(`${CUSTOMER_SESSION_COOKIE}=${staff.token}`)).toMatchObject({
      customerId: customer.id,
      impersonatedBy: 5,
    })
    expect(await endCustomerSessions(t.database.db, customer.id, staff.tokenHash)).toBe(1)
    expect((await viewerOf(own)).kind).toBe('anonymous')
    expect((await viewerOf(`${CUSTOMER_SESSION_COOKIE}=${staff.token}`)).customerId).toBe(
      customer.id,
    )
  })
})
