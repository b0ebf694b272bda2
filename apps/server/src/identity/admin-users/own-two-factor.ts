import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { findLiveSession, setSessionCookie } from '../admin-auth/admin-sessions.ts'
import { authContextOf } from '../admin-auth/auth-context.ts'
import {
  confirmTwoFactorSetup,
  resetTwoFactor,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from '../admin-auth/two-factor.ts'
import type { AdminContext } from './admin-context.ts'
import { auditAdminChange } from './audit-admin-change.ts'

async function liveSessionOf(request: FastifyRequest) {
  const token = readCookie(request, 'adminSession')
  const session = token ? await findLiveSession(request.ctx.db, token) : null
  if (!session || session.stage !== 'complete') {
    throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  }
  return session
}

/** A new pending TOTP secret and QR code for the signed-in user's profile (not active until confirmed). */
export async function renewOwnTwoFactorSecret(request: FastifyRequest): Promise<TwoFactorSetup> {
  const session = await liveSessionOf(request)
  return startTwoFactorSetup(request.ctx.db, session.user)
}

/**
 * Confirms the signed-in user's pending secret with a code: 2FA is on, the recovery codes are
 * answered once and the session is rotated (a privilege change).
 */
export async function confirmOwnTwoFactor(
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const session = await liveSessionOf(request)
  const result = await confirmTwoFactorSetup(authContextOf(request), session, code)
  setSessionCookie(reply, result.session.token)
  return { recoveryCodes: result.recoveryCodes }
}

/**
 * Switches the signed-in user's own 2FA off from the profile: secret and recovery codes are
 * cleared and its other sessions end; this session stays. A requirement set by an admin stays,
 * so such a user is sent through set-up again at the next sign-in. All or nothing.
 */
export async function disableOwnTwoFactor(ctx: AdminContext): Promise<{ success: true }> {
  const id = ctx.admin.userId
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ twoFactorEnabled: adminUsers.twoFactorEnabled })
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
    await resetTwoFactor(tx, id, ctx.admin.sessionTokenHash)
    await auditAdminChange(ctx, tx, {
      action: 'adminUser.twoFactorDisableOwn',
      entityType: 'adminUser',
      entityId: id,
      before: { twoFactorEnabled: before?.twoFactorEnabled ?? false },
      after: { twoFactorEnabled: false },
    })
  })
  return { success: true }
}

/**
 * PUT /admin/user/reset-my-2fa-secret (Pimcore's): the signed-in user's secret and recovery codes
 * are cleared and 2FA becomes required, so the next sign-in sets up a new authenticator app; its
 * other sessions end, this one stays. All or nothing.
 */
export async function resetOwnTwoFactor(ctx: AdminContext): Promise<{ success: true }> {
  const id = ctx.admin.userId
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        twoFactorEnabled: adminUsers.twoFactorEnabled,
        twoFactorRequired: adminUsers.twoFactorRequired,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
    await resetTwoFactor(tx, id, ctx.admin.sessionTokenHash)
    await tx.update(adminUsers).set({ twoFactorRequired: true }).where(eq(adminUsers.id, id))
    await auditAdminChange(ctx, tx, {
      action: 'adminUser.twoFactorResetOwn',
      entityType: 'adminUser',
      entityId: id,
      before: {
        twoFactorEnabled: before?.twoFactorEnabled ?? false,
        twoFactorRequired: before?.twoFactorRequired ?? false,
      },
      after: { twoFactorEnabled: false, twoFactorRequired: true },
    })
  })
  return { success: true }
}
