import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { AdminLogin, LoginStep } from '@optika/domain/admin/auth-api'
import type { Db } from '../../platform/db/client.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../audit/record-audit.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords/passwords.ts'
import type { AuthContext } from './auth-context.ts'
import {
  endSession,
  hashToken,
  startSession,
  type NewSession,
  type SessionStage,
} from './admin-sessions.ts'
import { claimSignInAttempt, forgiveSignInAttempt } from './login-rate-limit.ts'

type AdminUserRow = typeof adminUsers.$inferSelect

/** The one answer for every wrong username/password combination, so none reveals an account. */
export function invalidCredentials(): AppError {
  return new AppError(401, 'INVALID_CREDENTIALS', 'auth.usernameOrPasswordInvalid')
}

let dummyHash: Promise<string> | undefined
/** A hash to verify against when the user does not exist, so that answer takes as long. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

/** `returnTo` when it is a path inside the back office, else '/admin'. */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value) return '/admin'
  if (!/^\/admin(?:[/?#]|$)/.test(value)) return '/admin'
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value))
    return '/admin'
  return value
}

/** The stage a user's fresh session starts at after the first factor (password or link). */
export function stageAfterFirstFactor(user: AdminUserRow): SessionStage {
  if (user.twoFactorEnabled) return 'password'
  if (user.twoFactorRequired) return 'twoFactorSetup'
  return 'complete'
}

export function nextStepOf(stage: SessionStage): LoginStep['next'] {
  if (stage === 'password') return 'twoFactor'
  if (stage === 'twoFactorSetup') return 'twoFactorSetup'
  return 'done'
}

/** Marks a completed sign-in: lastLoginAt and the audit entry. */
export async function recordSignedIn(
  ctx: AuthContext,
  user: { id: number; name: string; username: string },
  method: string,
): Promise<void> {
  await ctx.db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, user.id))
  await recordAudit(ctx.db, {
    actor: { id: user.id, name: user.name || user.username },
    action: 'adminAuth.login',
    entityType: 'adminUser',
    entityId: user.id,
    after: { method },
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

export async function findUserByUsername(db: Db, username: string): Promise<AdminUserRow | null> {
  const [user] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`)
    .limit(1)
  return user ?? null
}

/**
 * First factor: counts the attempt against the rate limits (429 when used up), checks the
 * password (against a dummy hash for an unknown user, so both failures look and last alike), and
 * starts a session at the stage 2FA demands; a right password takes its attempt back.
 */
export async function signInWithPassword(
  ctx: AuthContext,
  input: AdminLogin,
  previousToken?: string,
): Promise<{ step: LoginStep; session: NewSession }> {
  const attempt = await claimSignInAttempt(ctx.db, input.username, ctx.ip)
  const user = await findUserByUsername(ctx.db, input.username)
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await getDummyHash()),
    input.password,
  )
  if (!user || !passwordOk || !user.active || user.type !== 'user') {
    await recordAudit(ctx.db, {
      actor: null,
      action: 'adminAuth.loginFailed',
      entityType: 'adminUser',
      entityId: user?.id ?? null,
      after: { username: input.username },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    ctx.log.info({ adminLogin: 'failed' }, 'admin sign-in refused')
    throw invalidCredentials()
  }
  await forgiveSignInAttempt(ctx.db, attempt)
  // Always a new token: a session planted before sign-in (fixation) is dropped, not promoted.
  if (previousToken) await endSession(ctx.db, hashToken(previousToken))
  const stage = stageAfterFirstFactor(user)
  const session = await startSession(ctx.db, {
    userId: user.id,
    stage,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  })
  if (stage === 'complete') await recordSignedIn(ctx, user, 'password')
  ctx.log.info({ adminUserId: user.id, stage }, 'admin password accepted')
  return { step: { next: nextStepOf(stage), returnTo: safeReturnTo(input.returnTo) }, session }
}

/** Ends the session and records the logout. */
export async function signOut(
  ctx: AuthContext,
  session: { tokenHash: string; user: { id: number; name: string; username: string } },
): Promise<void> {
  await endSession(ctx.db, session.tokenHash)
  await recordAudit(ctx.db, {
    actor: { id: session.user.id, name: session.user.name || session.user.username },
    action: 'adminAuth.logout',
    entityType: 'adminUser',
    entityId: session.user.id,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
