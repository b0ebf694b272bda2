import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { CAPTCHA_GLYPHS, readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { CLIENT_NUMBER_PATTERN } from '@optika/domain/accounts/client-number'
import { RegistrationSchema, type RegistrationInput } from '@optika/domain/accounts/account-api'
import { captchaChallenges, customerAddresses } from '../../platform/db/schema/accounts.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  insertCustomer,
  registrationPayload,
  signInCustomer,
  solveCaptcha,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import { registerCustomer } from './register-customer.ts'

interface ErrorJson {
  code: string
  message: string
  errors?: { path: string; message: string }[]
}

describe('customer and partner registration', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  const countCustomers = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]?.n ?? 0

  async function register(
    payload: Partial<RegistrationInput>,
    options: { language?: string; cookie?: string; captcha?: boolean } = {},
  ) {
    const captcha = options.captcha === false ? {} : await solveCaptcha(t.app)
    return t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: {
        'accept-language': options.language ?? 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: { ...captcha, ...payload },
    })
  }

  /** The field errors of a refused registration, path → message. */
  async function fieldErrors(payload: Partial<RegistrationInput>, language = 'en') {
    const response = await register(payload, { language })
    expect(response.statusCode).toBe(400)
    const body = response.json<ErrorJson>()
    expect(body.code).toBe('VALIDATION_ERROR')
    return {
      message: body.message,
      errors: Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message])),
    }
  }

  describe('the captcha', () => {
    it('draws the code as glyph paths only, which a reader of the picture can decode', async () => {
      const response = await t.app.inject({ url: '/api/account/captcha' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const { id, svg } = response.json<{ id: string; svg: string }>()
      expect(svg).toMatch(/^<svg /)
      expect(svg).not.toMatch(/<text/i)
      const code = readCaptchaSvg(svg)
      expect(code).toMatch(/^[A-Z0-9]{5,6}$/)
      // Every glyph path's `d` is a table outline; noise paths are not.
      const outlines = [...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1])
      const glyphs = outlines.filter((d) => Object.values(CAPTCHA_GLYPHS).includes(d ?? ''))
      expect(glyphs).toHaveLength(code.length)
      expect(outlines.length).toBeGreaterThan(code.length)
      // Only a hash of the answer is stored.
      const [row] = await t.database.db
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, id))
      expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row?.answerHash).not.toContain(code)
    })

    it('refuses a wrong code, in the visitor’s language, and uses the challenge up', async () => {
      const { captchaId, captchaCode } = await solveCaptcha(t.app)
      const payload = registrationPayload()
      const wrong = await register(
        { ...payload, captchaId, captchaCode: captchaCode === 'AAAAA' ? 'CCCCC' : 'AAAAA' },
        { captcha: false, language: 'cs' },
      )
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json<ErrorJson>()).toMatchObject({
        code: 'CAPTCHA_WRONG',
        message: t.translator.t('cs', 'validation.formError'),
        errors: [
          { path: 'body/captchaCode', message: t.translator.t('cs', 'account.captchaWrong') },
        ],
      })
      // The right code no longer helps: any attempt consumed the challenge.
      const retried = await register({ ...payload, captchaId, captchaCode }, { captcha: false })
      expect(retried.statusCode).toBe(400)
      expect(retried.json<ErrorJson>().code).toBe('CAPTCHA_WRONG')
      const me = await t.app.inject({ url: '/api/account/me' })
      expect(me.json<unknown>()).toEqual({ customer: null })
    })

    it('accepts the code in lower case once, and never again', async () => {
      const captcha = await solveCaptcha(t.app)
      const first = await register(
        { ...registrationPayload(), ...captcha, captchaCode: captcha.captchaCode.toLowerCase() },
        { captcha: false },
      )
      expect(first.statusCode).toBe(200)
      const reused = await register({ ...registrationPayload(), ...captcha }, { captcha: false })
      expect(reused.statusCode).toBe(400)
      expect(reused.json<ErrorJson>().errors?.[0]?.message).toBe(
        'The code does not match the picture or has expired; please type the new code',
      )
    })

    it('refuses an expired challenge and an unknown or malformed id', async () => {
      const captcha = await solveCaptcha(t.app)
      await t.database.db
        .update(captchaChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(captchaChallenges.id, captcha.captchaId))
      const before = await countCustomers()
      for (const captchaId of [
        captcha.captchaId,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
      ]) {
        const response = await register(
          { ...registrationPayload(), captchaId, captchaCode: captcha.captchaCode },
          { captcha: false },
        )
        expect(response.statusCode).toBe(400)
        expect(response.json<ErrorJson>().code).toBe('CAPTCHA_WRONG')
      }
      expect(await countCustomers()).toBe(before)
    })
  })

  describe('a successful registration', () => {
    it('creates a signed-in customer with a client number, addresses and a welcome mail', async () => {
      const payload = registrationPayload({
        username: 'jana_novakova',
        phone: '+420601234567',
        newsletter: true,
        deliveryDiffers: true,
        deliveryAddress: {
          street: 'Masarykova 3',
          city: 'Brno',
          postcode: '60200',
          country: 'CZ',
        },
      })
      const response = await register(payload, { language: 'cs' })
      expect(response.statusCode).toBe(200)
      const body = response.json<{
        customer: { id: number; clientNumber: string; kind: string; partnerStatus: null }
        messages: string[]
      }>()
      expect(body.messages).toEqual([t.translator.t('cs', 'registration.finished')])
      expect(body.customer).toMatchObject({ kind: 'customer', partnerStatus: null })
      expect(body.customer.clientNumber).toMatch(CLIENT_NUMBER_PATTERN)
      expect(response.body).not.toMatch(/argon2|passwordHash|Heslo-2026/)

      const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
      const me = await t.app.inject({
        url: '/api/account/me',
        cookies: { [CUSTOMER_SESSION_COOKIE]: cookie?.value ?? '' },
      })
      expect(me.json<{ customer: { id: number } }>().customer.id).toBe(body.customer.id)

      const [row] = await t.database.db
        .select()
        .from(customers)
        .where(eq(customers.id, body.customer.id))
      expect(row).toMatchObject({
        email: payload.email,
        username: 'jana_novakova',
        phone: '+420 601 234 567',
        language: 'cs',
        country: 'CZ',
        newsletter: true,
        deliveryDiffers: true,
      })
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
      expect(row?.newsletterConsentAt).toBeInstanceOf(Date)
      expect(row?.termsAcceptedAt).toBeInstanceOf(Date)
      const addresses = await t.database.db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, body.customer.id))
      expect(addresses.map((a) => [a.kind, a.postcode, a.name]).sort()).toEqual([
        ['billing', '120 00', 'Jana Nováková'],
        ['delivery', '602 00', 'Jana Nováková'],
      ])
      const mails = await t.database.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.to, payload.email))
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe(t.translator.t('cs', 'account.welcomeMail.subject'))
      expect(mails[0]?.text).toContain(body.customer.clientNumber)
    })

    it('registers a partner as waiting for approval, told it is activated later', async () => {
      const response = await register(
        registrationPayload({
          kind: 'partner',
          company: 'Optik Vision s.r.o.',
          tin: '12345678',
          vatId: 'CZ12345678',
          owner: 'Petr Novák',
          website: 'www.optik-vision.cz',
          gps: '50.0755, 14.4378',
        }),
      )
      expect(response.statusCode).toBe(200)
      const body = response.json<{ customer: { partnerStatus: string }; messages: string[] }>()
      expect(body.customer.partnerStatus).toBe('pending')
      expect(body.messages).toEqual([
        'Registration finished',
        t.translator.t('en', 'registration.partnerActivatedLater'),
      ])
      const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value
      const me = await t.app.inject({
        url: '/api/account/me',
        cookies: { [CUSTOMER_SESSION_COOKIE]: cookie ?? '' },
      })
      expect(me.json()).toMatchObject({ customer: { kind: 'partner', partnerStatus: 'pending' } })
    })

    it('gives concurrent registrations distinct client numbers', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, async () => register(registrationPayload())),
      )
      const numbers = responses.map((r) => {
        expect(r.statusCode).toBe(200)
        return r.json<{ customer: { clientNumber: string } }>().customer.clientNumber
      })
      expect(new Set(numbers).size).toBe(8)
      for (const n of numbers) expect(n).toMatch(CLIENT_NUMBER_PATTERN)
    })

    it('draws again when a client number is taken, also under concurrency', async () => {
      const taken = await insertCustomer(t.database.db, { clientNumber: '74 1000 000' })
      // Every registration first draws the taken number, then two more shared ones: the unique
      // index makes all but one of each draw lose, and losers draw again.
      const pool = ['74 1000 000', '74 1000 001', '74 1000 002', '74 1000 003']
      const created = await Promise.all(
        [0, 1, 2].map(async () => {
          let i = 0
          const input = RegistrationSchema.parse({
            ...registrationPayload(),
            captchaId: 'x',
            captchaCode: 'x',
          })
          return registerCustomer(t.database.db, input, {
            locale: 'cs',
            drawClientNumber: () => pool[i++] ?? '74 1999 999',
          })
        }),
      )
      const numbers = created.map((c) => c.clientNumber)
      expect(new Set([...numbers, taken.clientNumber]).size).toBe(4)
      expect(numbers.sort()).toEqual(['74 1000 001', '74 1000 002', '74 1000 003'])
    })
  })

  describe('validation (seed section 5), in cs and en', () => {
    it('names every missing field with the seed’s messages under the general form error', async () => {
      const empty = {
        kind: 'customer',
        email: '',
        password: '',
        passwordRepeat: '',
        phone: '',
        firstName: '',
        lastName: ' ',
        billingAddress: { street: '', city: '', postcode: '', country: 'CZ' },
        terms: false,
        privacy: false,
        captchaId: '',
        captchaCode: '',
      } as unknown as Partial<RegistrationInput>
      const before = await countCustomers()
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { 'accept-language': 'en' },
        payload: empty,
      })
      expect(response.statusCode).toBe(400)
      const body = response.json<ErrorJson>()
      expect(body.message).toBe(
        'The data are not entered correctly. Please fix it and send the form again.',
      )
      const errors = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]))
      expect(errors).toMatchObject({
        'body/email': 'Please fill in the contact e-mail',
        'body/password': 'Please fill in the password',
        'body/passwordRepeat': 'Please confirm your password',
        'body/phone': 'The field is required',
        'body/firstName': 'The field is required',
        'body/lastName': 'The field is required',
        'body/billingAddress/street': 'The field is required',
        'body/billingAddress/city': 'The field is required',
        'body/billingAddress/postcode': 'The field is required',
        'body/terms': 'You must agree to the terms and conditions to register',
        'body/privacy': 'You must consent to the processing of personal data to register',
        'body/captchaCode': 'Please type the code from the picture',
      })
      const cs = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { 'accept-language': 'cs' },
        payload: empty,
      })
      const csErrors = Object.fromEntries(
        (cs.json<ErrorJson>().errors ?? []).map((e) => [e.path, e.message]),
      )
      expect(cs.json<ErrorJson>().message).toBe(t.translator.t('cs', 'validation.formError'))
      expect(csErrors['body/email']).toBe('Vyplňte prosím kontaktní e-mail')
      expect(csErrors['body/firstName']).toBe('Pole je povinné')
      expect(csErrors['body/password']).toBe(t.translator.t('cs', 'validation.passwordFill'))
      expect(csErrors['body/passwordRepeat']).toBe(
        t.translator.t('cs', 'validation.passwordConfirm'),
      )
      expect(csErrors['body/captchaCode']).toBe(t.translator.t('cs', 'validation.captchaRequired'))
      expect(await countCustomers()).toBe(before)
    })

    it('checks lengths, the repeated password, e-mail, phone and postcode', async () => {
      const payload = registrationPayload({
        username: 'ab',
        email: 'jana@',
        password: 'short',
        passwordRepeat: 'short',
        phone: '601 234 567',
        billingAddress: { street: 'Hlavní 1', city: 'Praha', postcode: '1200', country: 'CZ' },
      })
      const en = await fieldErrors(payload)
      expect(en.errors).toEqual({
        'body/username': 'The field must contain a minimum of 3 characters',
        'body/email': 'The e-mail is in the wrong format',
        'body/password': 'The field must contain a minimum of 8 characters',
        'body/phone': 'Wrong phone number format, expected like +420 601 234 567',
        'body/billingAddress/postcode': 'wrong format of zip code',
      })
      const cs = await fieldErrors(payload, 'cs')
      expect(cs.errors).toEqual({
        'body/username': 'Pole musí obsahovat minimálně 3 znaků',
        'body/email': 'E-mail je ve špatném formátu',
        'body/password': 'Pole musí obsahovat minimálně 8 znaků',
        'body/phone':
          'Nesprávný formát telefonního čísla, zadejte jej ve tvaru např. +420 601 234 567',
        'body/billingAddress/postcode': 'chybný formát PSČ',
      })

      const mismatch = await fieldErrors(
        registrationPayload({ passwordRepeat: 'Something-else-1', email: 'jana@localhost' }),
      )
      expect(mismatch.errors).toEqual({
        'body/passwordRepeat': 'Passwords should be the same',
        'body/email': 'The e-mail address is not valid',
      })
    })

    it('checks phone and postcode by the billing country, hinting that country’s format', async () => {
      const samples = [
        ['SK', '811 01', '+421 901 234 567', '110 00', '+421 901 234'],
        ['HU', '1051', '+36 20 123 4567', '10510', '+36 20 12'],
        ['PL', '00-950', '+48 512 345 678', '00950x', '+48 512 345 67'],
        ['RO', '010011', '+40 712 345 678', '01001', '0712 345 678'],
      ] as const
      for (const [country, goodZip, goodPhone, badZip, badPhone] of samples) {
        const ok = await register(
          registrationPayload({
            phone: goodPhone,
            billingAddress: { street: 'Fő utca 1', city: 'X', postcode: goodZip, country },
          }),
        )
        expect(ok.statusCode, country).toBe(200)
        const refused = await fieldErrors(
          registrationPayload({
            phone: badPhone,
            billingAddress: { street: 'Fő utca 1', city: 'X', postcode: badZip, country },
          }),
        )
        expect(refused.errors['body/billingAddress/postcode'], country).toBe(
          'wrong format of zip code',
        )
        expect(refused.errors['body/phone'], country).toMatch(/^Wrong phone number format/)
      }
      const hu = await fieldErrors(
        registrationPayload({
          phone: '20 123 4567',
          billingAddress: {
            street: 'Fő utca 1',
            city: 'Budapest',
            postcode: '1051',
            country: 'HU',
          },
        }),
        'hu',
      )
      expect(hu.errors['body/phone']).toBe(
        t.translator.t('hu', 'validation.phoneFormat', { phone: '+36 20 123 4567' }),
      )
    })

    it('requires company and TIN of partners and a delivery address when it differs', async () => {
      const partner = await fieldErrors(registrationPayload({ kind: 'partner' }))
      expect(partner.errors).toEqual({
        'body/company': 'The field is required',
        'body/tin': 'The field is required',
      })
      const delivery = await fieldErrors(
        registrationPayload({
          deliveryDiffers: true,
          deliveryAddress: { street: '', city: 'Brno', postcode: '6020', country: 'CZ' },
        }),
        'cs',
      )
      expect(delivery.errors).toEqual({
        'body/deliveryAddress/street': 'Pole je povinné',
        'body/deliveryAddress/postcode': 'chybný formát PSČ',
      })
      const missing = await fieldErrors(registrationPayload({ deliveryDiffers: true }))
      expect(Object.keys(missing.errors).sort()).toEqual([
        'body/deliveryAddress/city',
        'body/deliveryAddress/country',
        'body/deliveryAddress/postcode',
        'body/deliveryAddress/street',
      ])
      // A half-filled delivery address that is not used does not matter.
      const unused = await register(
        registrationPayload({ deliveryAddress: { street: '', country: '' } }),
      )
      expect(unused.statusCode).toBe(200)
    })

    it('refuses an e-mail that is already registered, whatever its case, writing nothing', async () => {
      const existing = await insertCustomer(t.database.db)
      const before = await countCustomers()
      for (const [language, message] of [
        ['en', 'this e-mail already exists, please log in'],
        ['cs', 'tento e-mail již existuje, přihlaste se prosím'],
      ] as const) {
        const response = await register(
          registrationPayload({ email: existing.email.toUpperCase() }),
          { language },
        )
        expect(response.statusCode).toBe(409)
        expect(response.json<ErrorJson>()).toEqual({
          code: 'EMAIL_EXISTS',
          message,
          errors: [{ path: 'body/email', message }],
        })
      }
      expect(await countCustomers()).toBe(before)
    })

    it('refuses a username somebody has', async () => {
      await insertCustomer(t.database.db, { username: 'optik_brno' })
      const response = await register(registrationPayload({ username: 'Optik_Brno' }))
      expect(response.statusCode).toBe(409)
      expect(response.json<ErrorJson>().errors).toEqual([
        {
          path: 'body/username',
          message: 'This username is already taken, please choose another one',
        },
      ])
    })
  })

  it('documents the account API in OpenAPI from the same schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const spec = response.json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }
        >
      >
    }>()
    for (const path of [
      '/api/account/captcha',
      '/api/account/register',
      '/api/account/login',
      '/api/account/logout',
      '/api/account/me',
      '/api/account/lost-password',
      '/api/account/reset-password',
    ]) {
      expect(spec.paths[path], path).toBeDefined()
    }
    const body = spec.paths['/api/account/register']?.post?.requestBody?.content['application/json']
    expect(body?.schema.required).toEqual(
      expect.arrayContaining([
        'email',
        'password',
        'passwordRepeat',
        'terms',
        'privacy',
        'captchaCode',
      ]),
    )
  })

  it('refuses a signed-in customer: log out first', async () => {
    const customer = await insertCustomer(t.database.db)
    const cookie = await signInCustomer(t.app, customer.email, customer.password)
    const before = await countCustomers()
    const response = await register(registrationPayload(), { cookie, language: 'en' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ErrorJson>()).toEqual({
      code: 'LOGOUT_FIRST',
      message: t.translator.t('en', 'auth.logoutBeforeRegister'),
    })
    expect(await countCustomers()).toBe(before)
  })
})
