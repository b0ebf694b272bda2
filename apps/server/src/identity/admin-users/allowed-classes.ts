import { and, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'

/**
 * The classes a user may create objects of (Pimcore's "allowed classes"): its own list united with
 * its roles' lists, sorted, without duplicates. Empty means every class; an administrator and an
 * unknown user get the empty list here, so callers decide about administrators themselves.
 */
export async function loadEffectiveAllowedClasses(db: Db, userId: number): Promise<string[]> {
  const [user] = await db
    .select({ isAdmin: adminUsers.isAdmin, allowedClasses: adminUsers.allowedClasses })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, userId), eq(adminUsers.type, 'user')))
  if (!user || user.isAdmin) return []
  const roles = await db
    .select({ allowedClasses: adminRoles.allowedClasses })
    .from(adminUserRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUserRoles.roleId))
    .where(and(eq(adminUserRoles.userId, userId), eq(adminRoles.type, 'role')))
  const union = new Set([...user.allowedClasses, ...roles.flatMap((r) => r.allowedClasses)])
  return [...union].sort()
}
