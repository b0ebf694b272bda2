import { eq } from 'drizzle-orm'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { Db } from '../../src/platform/db/client.ts'
import { adminUsers } from '../../src/platform/db/schema/users.ts'
import { ADMIN_SESSION_COOKIE } from './cookie-test-kit.ts'
import { startSession } from '../../src/identity/admin-auth/admin-sessions.ts'
import { hashPassword } from '../../src/platform/passwords/passwords.ts'

export const TEST_PASSWORD = 'Correct-horse-battery-1'
let passwordHash: Promise<string> | null = null

/** Inserts an active back-office user whose password is TEST_PASSWORD. */
export async function insertAdminUser(
  db: Db,
  input: {
    username: string
    isAdmin?: boolean
    permissions?: PermissionKey[]
    active?: boolean
    parentId?: number | null
    email?: string
  },
): Promise<number> {
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const [row] = await db
    .insert(adminUsers)
    .values({
      username: input.username,
      email: input.email ?? `${input.username}@optika.example`,
      passwordHash: await passwordHash,
      isAdmin: input.isAdmin ?? false,
      permissions: input.permissions ?? [],
      active: input.active ?? true,
      parentId: input.parentId ?? null,
      language: 'en',
    })
    .returning({ id: adminUsers.id })
  return row!.id
}

/** A complete session for the user, as the sign-in flow would leave it; returns the Cookie header. */
export async function signIn(db: Db, userId: number): Promise<string> {
  const { token } = await startSession(db, {
    userId,
    stage: 'complete',
    ip: '127.0.0.1',
    userAgent: 'vitest',
  })
  return `${ADMIN_SESSION_COOKIE}=${token}`
}

export async function readUserRow(db: Db, id: number) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id))
  return row
}
