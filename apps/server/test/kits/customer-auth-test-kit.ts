import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { RegistrationInput } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import type { Db } from '../../src/platform/db/client.ts'
import { customers } from '../../src/platform/db/schema/users.ts'
import { hashPassword } from '../../src/platform/passwords/passwords.ts'
import { cookieName } from '../../src/platform/http/cookie-policy.ts'

/**
 * Test support (not a test file) for every feature that needs signed-in customers: insert one
 * directly (fast: one argon2 hash per test process), sign in through the real login route,
 * approve a partner.
 */
export const TEST_CUSTOMER_PASSWORD = 'correct horse battery staple'

let knownHash: Promise<string> | null = null
/** The argon2 hash of TEST_CUSTOMER_PASSWORD, computed once. */
function testPasswordHash(): Promise<string> {
  knownHash ??= hashPassword(TEST_CUSTOMER_PASSWORD)
  return knownHash
}

let counter = 0

export interface InsertedCustomer {
  readonly id: number
  readonly email: string
  /** The plain password that signs in (TEST_CUSTOMER_PASSWORD unless `password` was given). */
  readonly password: string
  readonly clientNumber: string
}

/**
 * Inserts a customer (a retail customer unless `kind: 'partner'`, then pending unless
 * `partnerStatus` says otherwise). `password` picks another plain password (hashed for real).
 */
export async function insertCustomer(
  db: Db,
  overrides: Partial<typeof customers.$inferInsert> & { password?: string } = {},
): Promise<InsertedCustomer> {
  counter += 1
  const { password = TEST_CUSTOMER_PASSWORD, ...columns } = overrides
  const unique = `${process.pid % 1000}${counter}${Math.floor(Math.random() * 1e6)}`
  // A client number from a range registration never hands out (74 9xxx …), unique per test run.
  const digits = unique.padStart(7, '0').slice(-7)
  const passwordHash =
    password === TEST_CUSTOMER_PASSWORD ? await testPasswordHash() : await hashPassword(password)
  const kind = columns.kind ?? 'customer'
  const [row] = await db
    .insert(customers)
    .values({
      kind,
      email: `customer${unique}@example.com`,
      passwordHash,
      firstName: 'Test',
      lastName: `Customer ${counter}`,
      clientNumber: `74 9${digits.slice(0, 3)} ${digits.slice(3, 6)}`,
      partnerStatus: kind === 'partner' ? 'pending' : null,
      company: kind === 'partner' ? `Optik ${counter} s.r.o.` : null,
      phone: '+420 601 234 567',
      country: 'CZ',
      language: 'cs',
      termsAcceptedAt: new Date(),
      privacyAcceptedAt: new Date(),
      ...columns,
    })
    .returning({ id: customers.id, email: customers.email, clientNumber: customers.clientNumber })
  if (!row) throw new Error('customer not inserted')
  return { ...row, password }
}

/**
 * Signs in through POST /api/account/login and answers the Cookie header to send
 * (`__Host-optika-shop=…` under the default cookie policy). Throws when the login is refused.
 */
export async function signInCustomer(
  app: FastifyInstance,
  login: string,
  password: string = TEST_CUSTOMER_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { login, password },
  })
  const name = cookieName('customerSession', app.cookiePolicy.secure)
  const token = response.cookies.find((c) => c.name === name)?.value
  if (response.statusCode !== 200 || !token) {
    throw new Error(`customer login failed: ${response.statusCode} ${response.body}`)
  }
  return `${name}=${token}`
}

/** Makes a customer an approved partner with partner terms (price list, 14 days, 50 000.00 CZK). */
export async function approvePartner(
  db: Db,
  customerId: number,
  priceListId: number | null = null,
): Promise<void> {
  await db
    .update(customers)
    .set({
      kind: 'partner',
      partnerStatus: 'approved',
      priceListId,
      invoiceMaturityDays: 14,
      creditLimit: 5_000_000,
      creditCurrency: 'CZK',
      partnerDecidedAt: new Date(),
    })
    .where(eq(customers.id, customerId))
}

/** A fresh captcha challenge, solved the way a reader of the picture does. */
export async function solveCaptcha(
  app: FastifyInstance,
): Promise<{ captchaId: string; captchaCode: string }> {
  const response = await app.inject({ url: '/api/account/captcha' })
  const { id, svg } = response.json<{ id: string; svg: string }>()
  return { captchaId: id, captchaCode: readCaptchaSvg(svg) }
}

let registrations = 0
/** A complete, valid registration of a Czech retail customer (captcha fields left to the caller). */
export function registrationPayload(
  overrides: Partial<RegistrationInput> = {},
): Omit<RegistrationInput, 'captchaId' | 'captchaCode'> & Partial<RegistrationInput> {
  registrations += 1
  const unique = `${registrations}-${Math.random().toString(36).slice(2, 8)}`
  return {
    kind: 'customer',
    email: `jana.${unique}@example.cz`,
    password: 'Heslo-2026-dlouhe',
    passwordRepeat: 'Heslo-2026-dlouhe',
    phone: '+420 601 234 567',
    firstName: 'Jana',
    lastName: 'Nováková',
    billingAddress: {
      street: 'Vinohradská 12',
      city: 'Praha',
      postcode: '120 00',
      country: 'CZ',
    },
    deliveryDiffers: false,
    newsletter: false,
    terms: true,
    privacy: true,
    ...overrides,
  }
}
