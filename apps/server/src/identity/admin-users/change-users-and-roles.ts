import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  AddTreeNodeSchema,
  AdminRole,
  AdminUser,
  UpdateRoleSchema,
  UpdateUserSchema,
  WorkspaceEntry,
} from '@optika/domain/admin/users-api'
import { MIN_USERNAME_LENGTH } from '@optika/domain/admin/users-api'
import { WORKSPACE_RIGHTS } from '@optika/domain/admin/permissions'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles, adminUserRoles, adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { hashPassword } from '../../platform/passwords/passwords.ts'
import { assertMayManageAdmin, type AdminContext } from './admin-context.ts'
import { auditAdminChange } from './audit-admin-change.ts'
import { isUniqueViolation } from './create-admin-user.ts'
import { endAllSessionsOfUser } from '../admin-auth/admin-sessions.ts'
import { normalizeWorkspacePath } from './evaluate-permissions.ts'
import {
  existingRoleIds,
  readAdminRole,
  readAdminUser,
  roleNotFound,
  userNotFound,
} from './read-users-and-roles.ts'

type AddTreeNode = z.infer<typeof AddTreeNodeSchema>
type UpdateUser = z.infer<typeof UpdateUserSchema>
type UpdateRole = z.infer<typeof UpdateRoleSchema>

/** Refuses a too-short sign-in name; folders may have short names. */
function assertUsernameLength(type: string, username: string | undefined): void {
  if (type === 'user' && username !== undefined && username.length < MIN_USERNAME_LENGTH) {
    throw new AppError(400, 'USERNAME_TOO_SHORT', 'validation.minLength', {
      value: MIN_USERNAME_LENGTH,
    })
  }
}

function usernameTaken(): AppError {
  return new AppError(409, 'USERNAME_TAKEN', 'adminUsers.usernameTaken')
}
function roleNameTaken(): AppError {
  return new AppError(409, 'ROLE_NAME_TAKEN', 'adminUsers.roleNameTaken')
}
function parentInvalid(): AppError {
  return new AppError(400, 'PARENT_INVALID', 'adminUsers.parentInvalid')
}

/** Runs `write`, turning a unique-index violation into the given conflict. */
async function withConflict<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict()
    throw error
  }
}

/**
 * Checks that `parentId` is a folder of the tree and, when `movingId` is given, not that node or
 * one of its descendants (a folder cannot be moved into itself).
 */
async function assertValidParent(
  db: Db,
  tree: 'user' | 'role',
  parentId: number | null,
  movingId?: number,
): Promise<void> {
  let current: number | null = parentId
  let first = true
  const seen = new Set<number>()
  while (current !== null) {
    if (current === movingId || seen.has(current)) throw parentInvalid()
    seen.add(current)
    const table = tree === 'user' ? adminUsers : adminRoles
    const [row] = await db
      .select({ parentId: table.parentId, type: table.type })
      .from(table)
      .where(eq(table.id, current))
    if (!row || (first && row.type !== (tree === 'user' ? 'userfolder' : 'rolefolder'))) {
      throw parentInvalid()
    }
    first = false
    current = row.parentId
  }
}

/** Creates a user, role or folder. A new user is inactive with an unusable random password until invited. */
export async function addTreeNode(
  ctx: AdminContext,
  input: AddTreeNode,
): Promise<{ id: number; type: AddTreeNode['type'] }> {
  const tree = input.type === 'user' || input.type === 'userfolder' ? 'user' : 'role'
  assertUsernameLength(input.type, input.name)
  return ctx.db.transaction(async (tx) => {
    await assertValidParent(tx, tree, input.parentId)
    if (tree === 'user') {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
      const [row] = await withConflict(
        () =>
          tx
            .insert(adminUsers)
            .values({
              parentId: input.parentId,
              type: input.type as 'user' | 'userfolder',
              username: input.name,
              email: '',
              passwordHash,
              active: false,
              language: ctx.admin.language,
            })
            .returning({ id: adminUsers.id }),
        usernameTaken,
      )
      const id = row!.id
      await auditAdminChange(ctx, tx, {
        action: 'adminUser.add',
        entityType: 'adminUser',
        entityId: id,
        before: null,
        after: await readAdminUser(tx, id),
      })
      return { id, type: input.type }
    }
    const [row] = await withConflict(
      () =>
        tx
          .insert(adminRoles)
          .values({
            parentId: input.parentId,
            type: input.type as 'role' | 'rolefolder',
            name: input.name,
          })
          .returning({ id: adminRoles.id }),
      roleNameTaken,
    )
    const id = row!.id
    await auditAdminChange(ctx, tx, {
      action: 'adminRole.add',
      entityType: 'adminRole',
      entityId: id,
      before: null,
      after: await readAdminRole(tx, id),
    })
    return { id, type: input.type }
  })
}

function assertDistinctWorkspaces(entries: readonly WorkspaceEntry[]): WorkspaceEntry[] {
  const normalized = entries.map((e) => ({ ...e, path: normalizeWorkspacePath(e.path) }))
  const keys = new Set(normalized.map((e) => `${e.elementType}:${e.path}`))
  if (keys.size !== normalized.length) {
    throw new AppError(400, 'DUPLICATE_WORKSPACE', 'adminUsers.duplicateWorkspace')
  }
  return normalized
}

async function replaceWorkspaces(
  db: Db,
  holder: { userId: number } | { roleId: number },
  entries: readonly WorkspaceEntry[],
): Promise<void> {
  await db
    .delete(adminWorkspaces)
    .where(
      'userId' in holder
        ? eq(adminWorkspaces.userId, holder.userId)
        : eq(adminWorkspaces.roleId, holder.roleId),
    )
  if (entries.length > 0) {
    await db.insert(adminWorkspaces).values(entries.map((e) => ({ ...e, ...holder })))
  }
}

/** An "empty = all" list shrank: it became restricted, or lost an item. */
function restrictionNarrowed(before: readonly string[], after: readonly string[]): boolean {
  if (after.length === 0) return false
  if (before.length === 0) return true
  return before.some((item) => !after.includes(item))
}

/** Whether any right held before is missing after (so the holder's sessions must end). */
function rightsReduced(
  before: Pick<
    AdminRole,
    'permissions' | 'workspaces' | 'allowedClasses' | 'allowedDocumentTypes' | 'contentLanguages'
  >,
  after: typeof before,
): boolean {
  if (before.permissions.some((key) => !after.permissions.includes(key))) return true
  const workspaceLost = before.workspaces.some((old) => {
    const now = after.workspaces.find(
      (e) => e.elementType === old.elementType && e.path === old.path,
    )
    return WORKSPACE_RIGHTS.some((right) => old[right] && !now?.[right])
  })
  return (
    workspaceLost ||
    restrictionNarrowed(before.allowedClasses, after.allowedClasses) ||
    restrictionNarrowed(before.allowedDocumentTypes, after.allowedDocumentTypes) ||
    restrictionNarrowed(before.contentLanguages, after.contentLanguages)
  )
}

function privilegesReduced(before: AdminUser, after: AdminUser): boolean {
  return (
    (before.active && !after.active) ||
    (before.isAdmin && !after.isAdmin) ||
    before.roleIds.some((id) => !after.roleIds.includes(id)) ||
    rightsReduced(before, after)
  )
}

/**
 * Applies a user's changes (workspaces and roles replaced as sets) and records them; when the
 * user lost any privilege or was deactivated, its sessions end (the actor keeps its own).
 * All or nothing.
 */
export async function updateAdminUser(ctx: AdminContext, input: UpdateUser): Promise<AdminUser> {
  const { id, data } = input
  const isSelf = id === ctx.admin.userId
  if (isSelf && (data.active === false || (data.isAdmin === false && ctx.admin.isAdmin))) {
    throw new AppError(400, 'CANNOT_LOCK_OUT_SELF', 'adminUsers.cannotLockOutSelf')
  }
  return ctx.db.transaction(async (tx) => {
    const before = await readAdminUser(tx, id)
    if (!before) throw userNotFound()
    assertMayManageAdmin(ctx, before.isAdmin || data.isAdmin === true)
    if (data.parentId !== undefined) await assertValidParent(tx, 'user', data.parentId, id)
    const isFolder = before.type === 'userfolder'
    assertUsernameLength(before.type, data.username)
    const { roleIds, workspaces, ...columns } = data
    const changes = isFolder ? { parentId: columns.parentId, username: columns.username } : columns
    await withConflict(
      () =>
        tx
          .update(adminUsers)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(adminUsers.id, id)),
      usernameTaken,
    )
    if (!isFolder && roleIds !== undefined) {
      const wanted = [...new Set(roleIds)]
      const existing = await existingRoleIds(tx, wanted)
      if (existing.size !== wanted.length) {
        throw new AppError(400, 'UNKNOWN_ROLE', 'adminUsers.unknownRole')
      }
      await tx.delete(adminUserRoles).where(eq(adminUserRoles.userId, id))
      if (wanted.length > 0) {
        await tx.insert(adminUserRoles).values(wanted.map((roleId) => ({ userId: id, roleId })))
      }
    }
    if (!isFolder && workspaces !== undefined) {
      await replaceWorkspaces(tx, { userId: id }, assertDistinctWorkspaces(workspaces))
    }
    const after = (await readAdminUser(tx, id))!
    await auditAdminChange(ctx, tx, {
      action: 'adminUser.update',
      entityType: 'adminUser',
      entityId: id,
      before,
      after,
    })
    if (!isFolder && privilegesReduced(before, after)) {
      await endAllSessionsOfUser(tx, id, isSelf ? ctx.admin.sessionTokenHash : undefined)
    }
    return after
  })
}

/**
 * Applies a role's changes (workspaces replaced as a set) and records them; when the role lost
 * any right, the sessions of its users end (the actor keeps its own). All or nothing.
 */
export async function updateAdminRole(ctx: AdminContext, input: UpdateRole): Promise<AdminRole> {
  const { id, data } = input
  return ctx.db.transaction(async (tx) => {
    const before = await readAdminRole(tx, id)
    if (!before) throw roleNotFound()
    if (data.parentId !== undefined) await assertValidParent(tx, 'role', data.parentId, id)
    const isFolder = before.type === 'rolefolder'
    const { workspaces, ...columns } = data
    const changes = isFolder ? { parentId: columns.parentId, name: columns.name } : columns
    await withConflict(
      () =>
        tx
          .update(adminRoles)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(adminRoles.id, id)),
      roleNameTaken,
    )
    if (!isFolder && workspaces !== undefined) {
      await replaceWorkspaces(tx, { roleId: id }, assertDistinctWorkspaces(workspaces))
    }
    const after = (await readAdminRole(tx, id))!
    await auditAdminChange(ctx, tx, {
      action: 'adminRole.update',
      entityType: 'adminRole',
      entityId: id,
      before,
      after,
    })
    if (!isFolder && rightsReduced(before, after)) await endSessionsOfRoleMembers(ctx, tx, id)
    return after
  })
}

async function endSessionsOfRoleMembers(ctx: AdminContext, db: Db, roleId: number) {
  const members = await db
    .select({ userId: adminUserRoles.userId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.roleId, roleId))
  for (const { userId } of members) {
    await endAllSessionsOfUser(
      db,
      userId,
      userId === ctx.admin.userId ? ctx.admin.sessionTokenHash : undefined,
    )
  }
}

function folderNotEmpty(): AppError {
  return new AppError(409, 'FOLDER_NOT_EMPTY', 'adminUsers.folderNotEmpty')
}

/**
 * Deletes a user, role or (empty) folder and records it. Nobody deletes itself; the users of a
 * deleted role lose its rights, so their sessions end.
 */
export async function deleteTreeNode(
  ctx: AdminContext,
  input: { id: number; type: 'user' | 'role' },
): Promise<void> {
  const { id } = input
  await ctx.db.transaction(async (tx) => {
    if (input.type === 'user') {
      if (id === ctx.admin.userId) {
        throw new AppError(400, 'CANNOT_DELETE_SELF', 'adminUsers.cannotDeleteSelf')
      }
      const before = await readAdminUser(tx, id)
      if (!before) throw userNotFound()
      assertMayManageAdmin(ctx, before.isAdmin)
      const [child] = await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.parentId, id))
        .limit(1)
      if (child) throw folderNotEmpty()
      await tx.delete(adminUsers).where(eq(adminUsers.id, id))
      await auditAdminChange(ctx, tx, {
        action: 'adminUser.delete',
        entityType: 'adminUser',
        entityId: id,
        before,
        after: null,
      })
      return
    }
    const before = await readAdminRole(tx, id)
    if (!before) throw roleNotFound()
    const [child] = await tx
      .select({ id: adminRoles.id })
      .from(adminRoles)
      .where(eq(adminRoles.parentId, id))
      .limit(1)
    if (child) throw folderNotEmpty()
    await endSessionsOfRoleMembers(ctx, tx, id)
    await tx.delete(adminRoles).where(eq(adminRoles.id, id))
    await auditAdminChange(ctx, tx, {
      action: 'adminRole.delete',
      entityType: 'adminRole',
      entityId: id,
      before,
      after: null,
    })
  })
}
