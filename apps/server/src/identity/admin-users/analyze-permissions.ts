import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { PermissionAnalysisSchema } from '@optika/domain/admin/users-api'
import {
  WORKSPACE_RIGHTS,
  type PermissionKey,
  type WorkspaceElementType,
  type WorkspaceRight,
} from '@optika/domain/admin/permissions'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles, adminUserRoles, adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import {
  adminWorkspaceRights,
  effectivePermissionKeys,
  effectiveWorkspaceRights,
  noWorkspaceRights,
  type HeldWorkspaceEntry,
  type RightDecision,
} from './evaluate-permissions.ts'

export type PermissionAnalysis = z.infer<typeof PermissionAnalysisSchema>

/** Everything that decides a user's rights, read in one go. */
export interface PermissionSubject {
  readonly user: {
    readonly id: number
    readonly username: string
    readonly name: string
    readonly active: boolean
    readonly isAdmin: boolean
    readonly permissions: readonly string[]
  }
  readonly roles: readonly { id: number; name: string; permissions: readonly string[] }[]
  readonly userEntries: readonly HeldWorkspaceEntry[]
  readonly roleEntries: readonly HeldWorkspaceEntry[]
}

type WorkspaceRow = typeof adminWorkspaces.$inferSelect

function rightsOf(row: WorkspaceRow): Record<WorkspaceRight, boolean> {
  return Object.fromEntries(WORKSPACE_RIGHTS.map((r) => [r, row[r]])) as Record<
    WorkspaceRight,
    boolean
  >
}

/** Reads a user (only real users, not folders) with its roles and all their workspace entries; null if unknown. */
export async function loadPermissionSubject(
  db: Db,
  userId: number,
): Promise<PermissionSubject | null> {
  const [user] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      name: adminUsers.name,
      active: adminUsers.active,
      isAdmin: adminUsers.isAdmin,
      permissions: adminUsers.permissions,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, userId), eq(adminUsers.type, 'user')))
  if (!user) return null
  const roles = await db
    .select({ id: adminRoles.id, name: adminRoles.name, permissions: adminRoles.permissions })
    .from(adminUserRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUserRoles.roleId))
    .where(and(eq(adminUserRoles.userId, userId), eq(adminRoles.type, 'role')))
  const roleIds = roles.map((r) => r.id)
  const userRows = await db.select().from(adminWorkspaces).where(eq(adminWorkspaces.userId, userId))
  const roleRows =
    roleIds.length === 0
      ? []
      : await db
          .select()
          .from(adminWorkspaces)
          .where(and(isNotNull(adminWorkspaces.roleId), inArray(adminWorkspaces.roleId, roleIds)))
  const displayName = user.name || user.username
  return {
    user,
    roles,
    userEntries: userRows.map((row) => ({
      holder: { kind: 'user', id: user.id, name: displayName },
      elementType: row.elementType,
      path: row.path,
      rights: rightsOf(row),
    })),
    roleEntries: roleRows.map((row) => {
      const role = roles.find((r) => r.id === row.roleId)
      return {
        holder: { kind: 'role', id: row.roleId ?? 0, name: role?.name ?? '' },
        elementType: row.elementType,
        path: row.path,
        rights: rightsOf(row),
      }
    }),
  }
}

/** The subject's rights on an element: none when inactive, all when admin, else by workspaces. */
export function decideWorkspaceRights(
  subject: PermissionSubject,
  elementType: WorkspaceElementType,
  path: string,
) {
  if (!subject.user.active) return noWorkspaceRights()
  if (subject.user.isAdmin) {
    return adminWorkspaceRights({ id: subject.user.id, name: subject.user.username })
  }
  return effectiveWorkspaceRights(subject.userEntries, subject.roleEntries, elementType, path)
}

function explain(subject: PermissionSubject, right: WorkspaceRight, d: RightDecision): string {
  if (!subject.user.active) return `user ${subject.user.username} is inactive`
  const s = d.source
  switch (s.kind) {
    case 'admin':
      return `user ${subject.user.username} is an administrator`
    case 'none':
      return `no workspace entry of user ${subject.user.username} or its roles covers this path`
    case 'user':
    case 'role': {
      const who = s.kind === 'user' ? `user ${subject.user.username}` : `role ${s.name}`
      if (d.allowed) return `${who}: ${s.path} grants ${right}`
      if (d.voidedByList) return `${who}: ${s.path} grants ${right} but not list, which voids it`
      return `${who}: ${s.path} does not grant ${right}`
    }
  }
}

/** Whether the user may do each workspace right on the element, with the reason and the deciding entry. */
export async function analyzePermissions(
  db: Db,
  userId: number,
  elementType: WorkspaceElementType,
  path: string,
): Promise<PermissionAnalysis> {
  const subject = await loadPermissionSubject(db, userId)
  if (!subject) throw notFound()
  const decision = decideWorkspaceRights(subject, elementType, path)
  return {
    userId,
    elementType,
    path,
    isAdmin: subject.user.isAdmin,
    rights: WORKSPACE_RIGHTS.map((right) => {
      const d = decision[right]
      return {
        right,
        allowed: d.allowed,
        reason: explain(subject, right, d),
        source: { kind: d.source.kind, id: d.source.id, path: d.source.path },
      }
    }),
  }
}

/** "May this user do `right` on this element?" — false for an unknown or inactive user. */
export async function mayUser(
  db: Db,
  userId: number,
  right: WorkspaceRight,
  element: { elementType: WorkspaceElementType; path: string },
): Promise<boolean> {
  const subject = await loadPermissionSubject(db, userId)
  if (!subject) return false
  return decideWorkspaceRights(subject, element.elementType, element.path)[right].allowed
}

/** The permission keys a user holds (own ∪ roles'; all for an admin; none when inactive or unknown). */
export async function loadEffectivePermissionKeys(
  db: Db,
  userId: number,
): Promise<PermissionKey[]> {
  const subject = await loadPermissionSubject(db, userId)
  if (!subject || !subject.user.active) return []
  return effectivePermissionKeys(subject.user, subject.roles)
}
