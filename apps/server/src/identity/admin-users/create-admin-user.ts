import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { hashPassword } from '../../platform/passwords/passwords.ts'

/** Input of a new back-office administrator (CLI today, the users screen later). */
export const CreateAdminUserSchema = z.object({
  username: z.string().trim().min(3).max(64),
  email: z.email(),
  password: z.string().min(12, 'The password must have at least 12 characters'),
  name: z.string().trim().max(200).optional(),
})
export type CreateAdminUser = z.infer<typeof CreateAdminUserSchema>

/** A username is taken (compared case-insensitively, like the unique index). */
export class AdminUsernameTakenError extends Error {
  readonly username: string
  constructor(username: string) {
    super(`An administrator with the username "${username}" already exists.`)
    this.name = 'AdminUsernameTakenError'
    this.username = username
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/**
 * Creates an administrator with full rights and an argon2id password hash. Throws a ZodError
 * for bad input and AdminUsernameTakenError for a taken username; then nothing is written.
 */
export async function createAdminUser(
  db: Db,
  input: CreateAdminUser,
): Promise<{ id: number; username: string; email: string; name: string }> {
  const { username, email, password, name } = CreateAdminUserSchema.parse(input)
  const [taken] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`)
    .limit(1)
  if (taken) throw new AdminUsernameTakenError(username)
  const passwordHash = await hashPassword(password)
  try {
    const [created] = await db
      .insert(adminUsers)
      .values({ username, email, name: name ?? '', passwordHash, isAdmin: true })
      .returning({
        id: adminUsers.id,
        username: adminUsers.username,
        email: adminUsers.email,
        name: adminUsers.name,
      })
    if (!created) throw new Error('The administrator was not created')
    return created
  } catch (error) {
    // Someone else took the name between the check and the insert.
    if (isUniqueViolation(error)) throw new AdminUsernameTakenError(username)
    throw error
  }
}
