import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { CurrentUser, UpdateCurrentUserSchema } from '@optika/domain/admin/users-api'
import { MIN_ADMIN_PASSWORD_LENGTH, NewPasswordSchema } from '@optika/domain/admin/auth-api'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { endAllSessionsOfUser } from '../admin-auth/admin-sessions.ts'
import { claimSignInAttempt, forgiveSignInAttempt } from '../admin-auth/login-rate-limit.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords/passwords.ts'
import type { AdminContext } from './admin-context.ts'
import { loadEffectiveAllowedClasses } from './allowed-classes.ts'
import { loadEffectivePermissionKeys } from './analyze-permissions.ts'
import { auditAdminChange } from './audit-admin-change.ts'
import { getAdminUser, readAdminUser } from './read-users-and-roles.ts'

type UpdateCurrentUser = z.infer<typeof UpdateCurrentUserSchema>

/**
 * The signed-in user with the permission keys it holds through itself and its roles, and the
 * classes it may create objects of (empty = all).
 */
export async function getCurrentUser(ctx: AdminContext): Promise<CurrentUser> {
  const user = await getAdminUser(ctx.db, ctx.admin.userId)
  const [effectivePermissions, effectiveAllowedClasses] = await Promise.all([
    loadEffectivePermissionKeys(ctx.db, user.id),
    loadEffectiveAllowedClasses(ctx.db, user.id),
  ])
  return { ...user, effectivePermissions, effectiveAllowedClasses }
}

/** The new password checked against the seed's rules; failures become a translated 400 listing the fields. */
function parseNewPassword(ctx: AdminContext, input: UpdateCurrentUser): string {
  const parsed = NewPasswordSchema.safeParse({
    password: input.password,
    passwordRepeat: input.passwordRepeat,
  })
  if (parsed.success) return parsed.data.password
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    'validation.formError',
    {},
    parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: ctx.t(issue.message, { value: MIN_ADMIN_PASSWORD_LENGTH }),
    })),
  )
}

/** Checks the current password, counting a wrong one like a failed sign-in (so it cannot be guessed). */
async function assertCurrentPassword(ctx: AdminContext, oldPassword: string | undefined) {
  if (!oldPassword) {
    throw new AppError(400, 'OLD_PASSWORD_REQUIRED', 'adminUsers.oldPasswordRequired')
  }
  const attempt = await claimSignInAttempt(ctx.db, ctx.admin.username, ctx.ip)
  const [row] = await ctx.db
    .select({ passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.id, ctx.admin.userId))
  if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
    throw new AppError(400, 'OLD_PASSWORD_INVALID', 'adminUsers.oldPasswordInvalid')
  }
  await forgiveSignInAttempt(ctx.db, attempt)
}

/**
 * Changes the signed-in user's own name, e-mail, language and (with the correct current password)
 * password. A new password ends the user's sessions on other devices. All or nothing.
 */
export async function updateCurrentUser(
  ctx: AdminContext,
  input: UpdateCurrentUser,
): Promise<CurrentUser> {
  const changesPassword = input.password !== undefined || input.passwordRepeat !== undefined
  const newPassword = changesPassword ? parseNewPassword(ctx, input) : null
  if (newPassword !== null) await assertCurrentPassword(ctx, input.oldPassword)
  const passwordHash = newPassword === null ? null : await hashPassword(newPassword)
  const id = ctx.admin.userId

  await ctx.db.transaction(async (tx) => {
    const before = await readAdminUser(tx, id)
    const now = new Date()
    await tx
      .update(adminUsers)
      .set({
        name: input.name,
        email: input.email,
        language: input.language,
        updatedAt: now,
        ...(passwordHash === null ? {} : { passwordHash, passwordChangedAt: now }),
      })
      .where(eq(adminUsers.id, id))
    const after = await readAdminUser(tx, id)
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await auditAdminChange(ctx, tx, {
        action: 'adminUser.updateProfile',
        entityType: 'adminUser',
        entityId: id,
        before,
        after,
      })
    }
    if (passwordHash !== null) {
      await auditAdminChange(ctx, tx, {
        action: 'adminUser.passwordChange',
        entityType: 'adminUser',
        entityId: id,
        before: null,
        after: { passwordChangedAt: now.toISOString() },
      })
      await endAllSessionsOfUser(tx, id, ctx.admin.sessionTokenHash)
    }
  })
  return getCurrentUser(ctx)
}
