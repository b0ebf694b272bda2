import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { generate } from 'otplib'
import type { Db } from '../../src/platform/db/client.ts'
import { adminUsers } from '../../src/platform/db/schema/users.ts'
import { hashPassword } from '../../src/platform/passwords/passwords.ts'
import { ADMIN_SESSION_COOKIE } from './cookie-test-kit.ts'
import { TOTP_OPTIONS } from '../../src/identity/admin-auth/two-factor.ts'

/** Test support (not a test file): users, sign-in and TOTP codes for the admin-auth tests. */
export const TEST_PASSWORD = 'correct horse battery staple'

let counter = 0
export async function insertAdminUser(
  db: Db,
  overrides: Partial<typeof adminUsers.$inferInsert> = {},
  password = TEST_PASSWORD,
): Promise<typeof adminUsers.$inferSelect> {
  counter += 1
  const [user] = await db
    .insert(adminUsers)
    .values({
      username: `user${counter}-${Math.random().toString(36).slice(2, 8)}`,
      email: `user${counter}@example.com`,
      name: `User ${counter}`,
      passwordHash: await hashPassword(password),
      language: 'en',
      ...overrides,
    })
    .returning()
  if (!user) throw new Error('user not inserted')
  return user
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)?.value
}

export function withSession(token: string | undefined): { cookies: Record<string, string> } {
  return { cookies: token ? { [ADMIN_SESSION_COOKIE]: token } : {} }
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
  extra: { returnTo?: string; ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { username, password, ...(extra.returnTo ? { returnTo: extra.returnTo } : {}) },
    ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    ...withSession(extra.cookie),
  })
}

/** The TOTP code of `secret` at now + offsetSteps × 30 s. */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({
    ...TOTP_OPTIONS,
    secret,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })
}

/** The JSON bodies the tests read. */
export interface ErrorBodyJson {
  code: string
  message: string
  errors: { path: string; message: string }[]
}
export interface LoginStepJson {
  next: string
  returnTo: string
}
export interface TwoFactorSetupJson {
  secret: string
  otpauthUrl: string
  qrCodeSvg: string
}
export interface RecoveryCodesJson {
  recoveryCodes: string[]
}
