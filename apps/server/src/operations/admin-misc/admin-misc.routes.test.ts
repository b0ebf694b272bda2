import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSessions } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { hashToken } from '../../identity/admin-auth/admin-sessions.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'

let t: TestApp
let cookie: string
let userId: number

beforeAll(async () => {
  t = await buildTestApp()
  userId = await insertAdminUser(t.database.db, { username: 'misc.user' })
  cookie = await signIn(t.database.db, userId)
})
afterAll(() => t.close())

describe('/admin/misc', () => {
  it('answers ping and keeps the session alive', async () => {
    const token = cookie.split('=')[1]!
    const stale = new Date(Date.now() - 10 * 60 * 1000)
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: stale })
      .where(eq(adminSessions.tokenHash, hashToken(token)))
    const response = await t.app.inject({ url: '/admin/misc/ping', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ success: boolean; timestamp: number }>()
    expect(body.success).toBe(true)
    expect(Math.abs(body.timestamp - Date.now())).toBeLessThan(60_000)
    const [session] = await t.database.db
      .select({ lastSeenAt: adminSessions.lastSeenAt })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)))
    expect(session!.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime())
  })

  it("lists the six languages named in the user's language", async () => {
    await t.database.db.update(adminUsers).set({ language: 'cs' }).where(eq(adminUsers.id, userId))
    const response = await t.app.inject({
      url: '/admin/misc/get-valid-languages',
      headers: { cookie },
    })
    expect(response.json()).toEqual([
      { code: 'cs', name: 'Čeština' },
      { code: 'en', name: 'Angličtina' },
      { code: 'hu', name: 'Maďarština' },
      { code: 'pl', name: 'Polština' },
      { code: 'ro', name: 'Rumunština' },
      { code: 'sk', name: 'Slovenština' },
    ])
  })

  it("lists the shop's countries named in the user's language", async () => {
    await t.database.db.update(adminUsers).set({ language: 'hu' }).where(eq(adminUsers.id, userId))
    const response = await t.app.inject({ url: '/admin/misc/country-list', headers: { cookie } })
    expect(response.json()).toEqual([
      { code: 'CZ', name: 'Csehország' },
      { code: 'SK', name: 'Szlovákia' },
      { code: 'HU', name: 'Magyarország' },
      { code: 'PL', name: 'Lengyelország' },
      { code: 'RO', name: 'Románia' },
    ])
  })

  it('refuses all three without a session', async () => {
    for (const url of [
      '/admin/misc/ping',
      '/admin/misc/get-valid-languages',
      '/admin/misc/country-list',
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401)
    }
  })
})
