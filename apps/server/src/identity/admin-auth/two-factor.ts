import { randomInt } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../audit/record-audit.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords/passwords.ts'
import type { AuthContext } from './auth-context.ts'
import {
  endAllSessionsOfUser,
  rotateSession,
  type LiveSession,
  type NewSession,
} from './admin-sessions.ts'
import { claimSignInAttempt, forgiveSignInAttempt } from './login-rate-limit.ts'
import { recordSignedIn } from './sign-in.ts'

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_OPTIONS = { algorithm: 'sha1', digits: 6, period: 30 } as const
/** One step either side of now is accepted, for clock drift and typing time. */
const TOTP_TOLERANCE_SECONDS = 30
export const TOTP_ISSUER = 'Optika'
export const RECOVERY_CODE_COUNT = 10
/** Without 0/O and 1/I/L, so a code read from paper is typed right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** The secret's TOTP time step that `code` matches (now ± one step), or null. */
export async function matchTotpStep(
  secret: string,
  code: string,
  options: { afterStep?: number | null; epoch?: number } = {},
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const { verify } = await import('otplib')
  const result = await verify({
    ...TOTP_OPTIONS,
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(options.afterStep != null ? { afterTimeStep: options.afterStep } : {}),
    ...(options.epoch !== undefined ? { epoch: options.epoch } : {}),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

/** Ten fresh recovery codes as shown to the user (XXXXX-XXXXX). */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    )
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

function normalizeRecoveryCode(code: string): string {
  return code.replace(/-/g, '').toUpperCase()
}

/**
 * Records `step` as the user's last accepted TOTP step if it is later than the stored one.
 * The conditional update makes a code single-use even under concurrent requests.
 */
async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(adminUsers)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(adminUsers.id, userId),
        or(isNull(adminUsers.twoFactorLastStep), lt(adminUsers.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: adminUsers.id })
  return claimed.length === 1
}

/** Uses up one recovery code if it matches an unused one; false otherwise. */
async function useRecoveryCode(
  db: Db,
  user: { id: number; twoFactorRecoveryCodes: string[] },
  code: string,
): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code)
  for (const [index, hash] of user.twoFactorRecoveryCodes.entries()) {
    if (!(await verifyPassword(hash, normalized))) continue
    const remaining = user.twoFactorRecoveryCodes.filter((_, i) => i !== index)
    // Only succeeds if nobody used a code in between (compare-and-set on the whole list).
    const used = await db
      .update(adminUsers)
      .set({ twoFactorRecoveryCodes: remaining })
      .where(
        and(
          eq(adminUsers.id, user.id),
          sql`${adminUsers.twoFactorRecoveryCodes} = ${JSON.stringify(user.twoFactorRecoveryCodes)}::jsonb`,
        ),
      )
      .returning({ id: adminUsers.id })
    return used.length === 1
  }
  return false
}

/** Audits a wrong code (already counted as a failure when its attempt was claimed) and answers 401. */
async function refuseSecondFactor(
  ctx: AuthContext,
  user: { id: number; username: string; name: string },
) {
  await recordAudit(ctx.db, {
    actor: { id: user.id, name: user.name || user.username },
    action: 'adminAuth.twoFactorFailed',
    entityType: 'adminUser',
    entityId: user.id,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  return new AppError(401, 'INVALID_CREDENTIALS', 'auth.credentialsNotValid')
}

/**
 * Second factor of a 'password'-stage session: a TOTP code not used before, or an unused
 * recovery code. On success the session is rotated to a complete one.
 */
export async function verifySecondFactor(
  ctx: AuthContext,
  session: LiveSession,
  code: string,
): Promise<NewSession> {
  const { user } = session
  if (session.stage !== 'password' || !user.twoFactorEnabled || !user.twoFactorSecret) {
    throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  }
  const attempt = await claimSignInAttempt(ctx.db, user.username, ctx.ip)
  let method: 'totp' | 'recoveryCode' | null = null
  if (/^\d{6}$/.test(code)) {
    const step = await matchTotpStep(user.twoFactorSecret, code, {
      afterStep: user.twoFactorLastStep,
    })
    if (step !== null && (await claimTotpStep(ctx.db, user.id, step))) method = 'totp'
  } else if (await useRecoveryCode(ctx.db, user, code)) {
    method = 'recoveryCode'
  }
  if (!method) throw await refuseSecondFactor(ctx, user)
  await forgiveSignInAttempt(ctx.db, attempt)
  const rotated = await rotateSession(ctx.db, session.tokenHash, { stage: 'complete' })
  if (!rotated) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  await recordSignedIn(ctx, user, method)
  return rotated
}

export interface TwoFactorSetup {
  secret: string
  otpauthUrl: string
  qrCodeSvg: string
}

/**
 * Creates a new pending TOTP secret for a user without 2FA (stored, not yet enabled) and the QR
 * code to scan. A user who already has 2FA must have it reset first.
 */
export async function startTwoFactorSetup(
  db: Db,
  user: { id: number; username: string; twoFactorEnabled: boolean },
): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) {
    throw new AppError(409, 'TWO_FACTOR_ALREADY_ENABLED', 'adminAuth.twoFactorAlreadyEnabled')
  }
  const { generateSecret, generateURI } = await import('otplib')
  const secret = generateSecret()
  await db
    .update(adminUsers)
    .set({ twoFactorSecret: secret, twoFactorEnabled: false, twoFactorLastStep: null })
    .where(and(eq(adminUsers.id, user.id), eq(adminUsers.twoFactorEnabled, false)))
  const otpauthUrl = generateURI({
    ...TOTP_OPTIONS,
    issuer: TOTP_ISSUER,
    label: user.username,
    secret,
  })
  const { default: QRCode } = await import('qrcode')
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })
  return { secret, otpauthUrl, qrCodeSvg }
}

/**
 * Confirms the pending secret with a code: 2FA is enabled with ten new recovery codes (returned
 * once, stored hashed) and the session is rotated to a complete one.
 */
export async function confirmTwoFactorSetup(
  ctx: AuthContext,
  session: LiveSession,
  code: string,
): Promise<{ recoveryCodes: string[]; session: NewSession }> {
  const { user } = session
  if (session.stage === 'password') throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  const attempt = await claimSignInAttempt(ctx.db, user.username, ctx.ip)
  const step =
    !user.twoFactorEnabled && user.twoFactorSecret
      ? await matchTotpStep(user.twoFactorSecret, code)
      : null
  if (step === null) throw await refuseSecondFactor(ctx, user)
  const recoveryCodes = generateRecoveryCodes()
  const hashes = await Promise.all(recoveryCodes.map((c) => hashPassword(normalizeRecoveryCode(c))))
  const enabled = await ctx.db
    .update(adminUsers)
    .set({
      twoFactorEnabled: true,
      twoFactorLastStep: step,
      twoFactorRecoveryCodes: hashes,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(adminUsers.id, user.id),
        eq(adminUsers.twoFactorEnabled, false),
        eq(adminUsers.twoFactorSecret, user.twoFactorSecret ?? ''),
      ),
    )
    .returning({ id: adminUsers.id })
  if (enabled.length !== 1) throw await refuseSecondFactor(ctx, user)
  await forgiveSignInAttempt(ctx.db, attempt)
  await recordAudit(ctx.db, {
    actor: { id: user.id, name: user.name || user.username },
    action: 'adminAuth.twoFactorEnabled',
    entityType: 'adminUser',
    entityId: user.id,
    before: { twoFactorEnabled: false },
    after: { twoFactorEnabled: true },
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  const wasComplete = session.stage === 'complete'
  const rotated = await rotateSession(ctx.db, session.tokenHash, { stage: 'complete' })
  if (!rotated) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  if (!wasComplete) await recordSignedIn(ctx, user, 'twoFactorSetup')
  return { recoveryCodes, session: rotated }
}

/**
 * Clears a user's 2FA (secret, recovery codes, last step) and ends the user's sessions but
 * `keepSessionHash` (the user's own, when it switches 2FA off itself); if 2FA is required the user
 * sets it up again at the next sign-in. The caller records the audit entry.
 * Guarantee: the 2FA data is cleared and the sessions ended together, or neither.
 */
export async function resetTwoFactor(
  db: Db,
  userId: number,
  keepSessionHash?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({
        twoFactorSecret: null,
        twoFactorEnabled: false,
        twoFactorRecoveryCodes: [],
        twoFactorLastStep: null,
        updatedAt: new Date(),
      })
      .where(eq(adminUsers.id, userId))
    await endAllSessionsOfUser(tx, userId, keepSessionHash)
  })
}

/**
 * Like resetTwoFactor, and also drops the requirement: the user signs in with a password only.
 * Guarantee: cleared, requirement dropped and sessions ended together, or nothing.
 */
export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await resetTwoFactor(tx, userId)
    await tx.update(adminUsers).set({ twoFactorRequired: false }).where(eq(adminUsers.id, userId))
  })
}
