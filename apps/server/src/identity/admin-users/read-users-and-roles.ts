import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  AdminRole,
  AdminUser,
  SharingEntrySchema,
  TreeNode,
  UserSearchHitSchema,
  WorkspaceEntry,
} from '@optika/domain/admin/users-api'
import { WORKSPACE_RIGHTS, type PermissionKey } from '@optika/domain/admin/permissions'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles, adminUserRoles, adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'

type WorkspaceRow = typeof adminWorkspaces.$inferSelect
type UserRow = typeof adminUsers.$inferSelect
type RoleRow = typeof adminRoles.$inferSelect

export function userNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'adminUsers.userNotFound')
}
export function roleNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'adminUsers.roleNotFound')
}

function toWorkspaceEntry(row: WorkspaceRow): WorkspaceEntry {
  const rights = Object.fromEntries(WORKSPACE_RIGHTS.map((r) => [r, row[r]]))
  return { elementType: row.elementType, path: row.path, ...rights } as WorkspaceEntry
}

function byTypeAndPath(a: WorkspaceEntry, b: WorkspaceEntry): number {
  return a.elementType.localeCompare(b.elementType) || a.path.localeCompare(b.path)
}

function asLocales(values: readonly string[]): Locale[] {
  return values.filter(isLocale)
}

/** The API's view of a user row: never the password hash, TOTP secret or recovery codes. */
function toAdminUser(row: UserRow, roleIds: number[], workspaces: WorkspaceEntry[]): AdminUser {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    username: row.username,
    name: row.name,
    email: row.email,
    language: isLocale(row.language) ? row.language : 'en',
    active: row.active,
    isAdmin: row.isAdmin,
    roleIds,
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorRequired: row.twoFactorRequired,
    hasImage: row.imageStorageKey !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    permissions: row.permissions as PermissionKey[],
    workspaces,
    allowedClasses: row.allowedClasses,
    allowedDocumentTypes: row.allowedDocumentTypes,
    contentLanguages: asLocales(row.contentLanguages),
  }
}

/** A user or user folder as the editor shows it (also the audit log's before/after snapshot). */
export async function readAdminUser(db: Db, id: number): Promise<AdminUser | null> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id))
  if (!row) return null
  const roles = await db
    .select({ roleId: adminUserRoles.roleId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.userId, id))
    .orderBy(asc(adminUserRoles.roleId))
  const workspaces = await db.select().from(adminWorkspaces).where(eq(adminWorkspaces.userId, id))
  return toAdminUser(
    row,
    roles.map((r) => r.roleId),
    workspaces.map(toWorkspaceEntry).sort(byTypeAndPath),
  )
}

/** A role or role folder as the editor shows it. */
export async function readAdminRole(db: Db, id: number): Promise<AdminRole | null> {
  const [row] = await db.select().from(adminRoles).where(eq(adminRoles.id, id))
  if (!row) return null
  const workspaces = await db.select().from(adminWorkspaces).where(eq(adminWorkspaces.roleId, id))
  return toAdminRole(row, workspaces.map(toWorkspaceEntry).sort(byTypeAndPath))
}

function toAdminRole(row: RoleRow, workspaces: WorkspaceEntry[]): AdminRole {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    name: row.name,
    permissions: row.permissions as PermissionKey[],
    workspaces,
    allowedClasses: row.allowedClasses,
    allowedDocumentTypes: row.allowedDocumentTypes,
    contentLanguages: asLocales(row.contentLanguages),
  }
}

export async function getAdminUser(db: Db, id: number): Promise<AdminUser> {
  const user = await readAdminUser(db, id)
  if (!user) throw userNotFound()
  return user
}

export async function getAdminRole(db: Db, id: number): Promise<AdminRole> {
  const role = await readAdminRole(db, id)
  if (!role) throw roleNotFound()
  return role
}

/** The children of a users-tree folder (0 = top level): folders first, then by name. */
export async function listUserTreeChildren(db: Db, node: number): Promise<TreeNode[]> {
  const child = sql`exists (select 1 from admin_users c where c.parent_id = ${adminUsers.id})`
  const rows = await db
    .select({
      id: adminUsers.id,
      parentId: adminUsers.parentId,
      type: adminUsers.type,
      name: adminUsers.username,
      active: adminUsers.active,
      isAdmin: adminUsers.isAdmin,
      hasChildren: sql<boolean>`${child}`.mapWith(Boolean),
    })
    .from(adminUsers)
    .where(node === 0 ? isNull(adminUsers.parentId) : eq(adminUsers.parentId, node))
    .orderBy(sql`${adminUsers.type} = 'user'`, sql`lower(${adminUsers.username})`)
  return rows.map((r) =>
    r.type === 'user'
      ? r
      : { id: r.id, parentId: r.parentId, type: r.type, name: r.name, hasChildren: r.hasChildren },
  )
}

/** The children of a roles-tree folder (0 = top level): folders first, then by name. */
export async function listRoleTreeChildren(db: Db, node: number): Promise<TreeNode[]> {
  const child = sql`exists (select 1 from admin_roles c where c.parent_id = ${adminRoles.id})`
  return db
    .select({
      id: adminRoles.id,
      parentId: adminRoles.parentId,
      type: adminRoles.type,
      name: adminRoles.name,
      hasChildren: sql<boolean>`${child}`.mapWith(Boolean),
    })
    .from(adminRoles)
    .where(node === 0 ? isNull(adminRoles.parentId) : eq(adminRoles.parentId, node))
    .orderBy(sql`${adminRoles.type} = 'role'`, sql`lower(${adminRoles.name})`)
}

/** Users (not folders) whose username, name or e-mail contains the query; at most 50. */
export async function searchAdminUsers(
  db: Db,
  query: string,
): Promise<z.infer<typeof UserSearchHitSchema>[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      name: adminUsers.name,
      email: adminUsers.email,
      active: adminUsers.active,
    })
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.type, 'user'),
        or(
          ilike(adminUsers.username, pattern),
          ilike(adminUsers.name, pattern),
          ilike(adminUsers.email, pattern),
        ),
      ),
    )
    .orderBy(sql`lower(${adminUsers.username})`)
    .limit(50)
}

type SharingEntry = z.infer<typeof SharingEntrySchema>

/** Active users by display name, for sharing dialogs. */
export async function listUsersForSharing(db: Db): Promise<SharingEntry[]> {
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name, username: adminUsers.username })
    .from(adminUsers)
    .where(and(eq(adminUsers.type, 'user'), eq(adminUsers.active, true)))
    .orderBy(sql`lower(${adminUsers.username})`)
  return rows.map((r) => ({ id: r.id, name: r.name || r.username }))
}

/** Roles (not folders) by name, for sharing dialogs. */
export async function listRolesForSharing(db: Db): Promise<SharingEntry[]> {
  return db
    .select({ id: adminRoles.id, name: adminRoles.name })
    .from(adminRoles)
    .where(eq(adminRoles.type, 'role'))
    .orderBy(sql`lower(${adminRoles.name})`)
}

/** Ids of the given roles that exist and are roles (not folders). */
export async function existingRoleIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(and(inArray(adminRoles.id, [...ids]), eq(adminRoles.type, 'role')))
  return new Set(rows.map((r) => r.id))
}
