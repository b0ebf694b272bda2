import { and, eq, ne, sql } from 'drizzle-orm'
import type { MinimalUser, UserPickerList } from '@optika/domain/admin/users-api'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { loadEffectivePermissions } from '../admin-auth/admin-sessions.ts'
import { userNotFound } from './read-users-and-roles.ts'

/** GET /admin/user/get-minimal: a user's names and state, no e-mail, rights or settings. */
export async function getMinimalUser(db: Db, id: number): Promise<MinimalUser> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.type, 'user')))
  if (!row) throw userNotFound()
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    admin: row.isAdmin,
    active: row.active,
    hasImage: row.imageStorageKey !== null,
  }
}

/**
 * GET /admin/user/get-users: users (not folders) by user name, the caller left out unless asked;
 * with `permission`, only those whose own or roles' keys grant it (administrators always do).
 */
export async function listUsersForPicker(
  db: Db,
  callerId: number,
  options: { includeCurrentUser: boolean; permission?: string | undefined },
): Promise<UserPickerList> {
  const rows = await db
    .select()
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.type, 'user'),
        options.includeCurrentUser ? undefined : ne(adminUsers.id, callerId),
      ),
    )
    .orderBy(sql`lower(${adminUsers.username})`)
  const data: { id: number; label: string }[] = []
  for (const row of rows) {
    if (options.permission) {
      const keys: ReadonlySet<string> = await loadEffectivePermissions(db, row)
      if (!keys.has(options.permission)) continue
    }
    data.push({ id: row.id, label: row.username })
  }
  return { success: true, total: data.length, data }
}

/** GET /admin/user/get-roles: roles (not folders) by name, optionally only those granting `permission`. */
export async function listRolesForPicker(
  db: Db,
  options: { permission?: string | undefined },
): Promise<UserPickerList> {
  const rows = await db
    .select({ id: adminRoles.id, name: adminRoles.name, permissions: adminRoles.permissions })
    .from(adminRoles)
    .where(eq(adminRoles.type, 'role'))
    .orderBy(sql`lower(${adminRoles.name})`)
  const data = rows
    .filter((r) => !options.permission || r.permissions.includes(options.permission))
    .map((r) => ({ id: r.id, label: r.name }))
  return { success: true, total: data.length, data }
}
