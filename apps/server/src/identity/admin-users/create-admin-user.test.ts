import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import type { Database } from '../../platform/db/client.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { verifyPassword } from '../../platform/passwords/passwords.ts'
import { AdminUsernameTakenError, createAdminUser } from './create-admin-user.ts'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database.close()
})

describe('createAdminUser', () => {
  it('creates an administrator whose password verifies against an argon2id hash', async () => {
    const created = await createAdminUser(database.db, {
      username: 'eva.admin',
      email: 'eva@optika.example',
      password: 'Long-enough-password-1',
      name: 'Eva',
    })
    expect(created).toMatchObject({
      username: 'eva.admin',
      email: 'eva@optika.example',
      name: 'Eva',
    })

    const [row] = await database.db.select().from(adminUsers)
    expect(row?.isAdmin).toBe(true)
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordHash).not.toContain('Long-enough-password-1')
    expect(await verifyPassword(row?.passwordHash ?? '', 'Long-enough-password-1')).toBe(true)
  })

  it('refuses a username that is taken, whatever its case', async () => {
    await expect(
      createAdminUser(database.db, {
        username: 'EVA.admin',
        email: 'other@optika.example',
        password: 'Another-long-password-2',
      }),
    ).rejects.toBeInstanceOf(AdminUsernameTakenError)
  })

  it('refuses a password shorter than 12 characters and writes nothing', async () => {
    await expect(
      createAdminUser(database.db, {
        username: 'short.pw',
        email: 'short@optika.example',
        password: 'Short-pw-1',
      }),
    ).rejects.toBeInstanceOf(ZodError)
    const rows = await database.db.select({ username: adminUsers.username }).from(adminUsers)
    expect(rows.map((r) => r.username)).toEqual(['eva.admin'])
  })

  it('refuses a bad email and a too short username', async () => {
    await expect(
      createAdminUser(database.db, {
        username: 'ok.user',
        email: 'not-an-email',
        password: 'Long-enough-password-1',
      }),
    ).rejects.toBeInstanceOf(ZodError)
    await expect(
      createAdminUser(database.db, {
        username: 'ab',
        email: 'ab@optika.example',
        password: 'Long-enough-password-1',
      }),
    ).rejects.toBeInstanceOf(ZodError)
  })
})
