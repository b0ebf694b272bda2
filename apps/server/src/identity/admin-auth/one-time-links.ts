import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { ResetPasswordSchema } from '@optika/domain/admin/auth-api'
import { DEFAULT_LOCALE, isLocale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { adminOneTimeTokens } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit } from '../audit/record-audit.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import { hashPassword } from '../../platform/passwords/passwords.ts'
import type { AuthContext } from './auth-context.ts'
import {
  createToken,
  endAllSessionsOfUser,
  hashToken,
  startSession,
  type NewSession,
} from './admin-sessions.ts'
import { recordSignedIn, stageAfterFirstFactor } from './sign-in.ts'

export type OneTimeTokenKind = 'passwordReset' | 'tokenLogin' | 'invitation'

/** How long each kind of link works. */
export const LINK_TTL_MS: Record<OneTimeTokenKind, number> = {
  passwordReset: 60 * 60 * 1000,
  tokenLogin: 15 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
}

const LINK_PATH: Record<OneTimeTokenKind, string> = {
  passwordReset: '/admin/login/reset-password',
  tokenLogin: '/admin/login/token',
  invitation: '/admin/login/reset-password',
}

/** Creates a single-use token (stored hashed) and returns its full link. */
async function issueToken(
  db: Db,
  input: {
    userId: number
    kind: OneTimeTokenKind
    createdBy: number | null
    ttlMs: number
    publicUrl: string
  },
): Promise<string> {
  const token = createToken()
  await db.insert(adminOneTimeTokens).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    kind: input.kind,
    expiresAt: new Date(Date.now() + input.ttlMs),
    createdBy: input.createdBy,
  })
  const url = new URL(LINK_PATH[input.kind], input.publicUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/**
 * A token-login link (15 min) or an invitation link to set a first password (7 days) for a user,
 * made by an admin; recorded in the audit log (without the token). Returns the URL to hand over.
 */
export async function createOneTimeLink(
  db: Db,
  input: {
    userId: number
    kind: 'tokenLogin' | 'invitation'
    createdBy: { id: number; name: string } | null
    publicUrl: string
    /** Milliseconds; defaults to LINK_TTL_MS of the kind. */
    ttl?: number
    ip?: string | null
    requestId?: string | null
  },
): Promise<string> {
  const ttlMs = input.ttl ?? LINK_TTL_MS[input.kind]
  const url = await issueToken(db, {
    userId: input.userId,
    kind: input.kind,
    createdBy: input.createdBy?.id ?? null,
    ttlMs,
    publicUrl: input.publicUrl,
  })
  await recordAudit(db, {
    actor: input.createdBy,
    action:
      input.kind === 'tokenLogin' ? 'adminAuth.tokenLinkCreated' : 'adminAuth.invitationCreated',
    entityType: 'adminUser',
    entityId: input.userId,
    after: { kind: input.kind, expiresAt: new Date(Date.now() + ttlMs) },
    ip: input.ip ?? null,
    requestId: input.requestId ?? null,
  })
  return url
}

/**
 * Uses up a token of one of `kinds` if it exists, is unused and unexpired; one conditional
 * update, so two requests cannot both use it. Returns the user it names.
 */
async function consumeToken(
  db: Db,
  token: string,
  kinds: OneTimeTokenKind[],
): Promise<{ userId: number; kind: OneTimeTokenKind } | null> {
  const [used] = await db
    .update(adminOneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminOneTimeTokens.tokenHash, hashToken(token)),
        inArray(adminOneTimeTokens.kind, kinds),
        isNull(adminOneTimeTokens.usedAt),
        gt(adminOneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: adminOneTimeTokens.userId, kind: adminOneTimeTokens.kind })
  return used ?? null
}

/**
 * Lost password: mails a single-use reset link (1 h) to each active user with that username or
 * e-mail, in the user's language. Answers the same whether or not anyone matched.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  deps: { translator: Translator; mailer: Mailer; publicUrl: string },
  input: { username: string },
): Promise<{ sent: true }> {
  const users = await ctx.db
    .select()
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.type, 'user'),
        eq(adminUsers.active, true),
        or(
          sql`lower(${adminUsers.username}) = lower(${input.username})`,
          sql`lower(${adminUsers.email}) = lower(${input.username})`,
        ),
      ),
    )
    .limit(5)
  for (const user of users) {
    if (!user.email) continue
    const link = await issueToken(ctx.db, {
      userId: user.id,
      kind: 'passwordReset',
      createdBy: null,
      ttlMs: LINK_TTL_MS.passwordReset,
      publicUrl: deps.publicUrl,
    })
    const locale = isLocale(user.language) ? user.language : DEFAULT_LOCALE
    const params = { name: user.name || user.username, link, minutes: 60 }
    await deps.mailer.send(
      { requestId: ctx.requestId, log: ctx.log },
      {
        to: user.email,
        subject: deps.translator.t(locale, 'adminAuth.resetMail.subject'),
        text: deps.translator.t(locale, 'adminAuth.resetMail.text', params),
      },
    )
    await recordAudit(ctx.db, {
      actor: null,
      action: 'adminAuth.passwordResetRequested',
      entityType: 'adminUser',
      entityId: user.id,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  }
  return { sent: true }
}

function badLink(): AppError {
  return new AppError(400, 'INVALID_TOKEN', 'auth.credentialsNotValid')
}

/**
 * Sets a new password through a reset or invitation link. Does not sign in, so the second
 * factor is never bypassed. Guarantee: the token is used up, the password set, the user's other
 * links voided and all the user's sessions ended together, or nothing changes.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: z.infer<typeof ResetPasswordSchema>,
): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, ['passwordReset', 'invitation'])
    if (!used) throw badLink()
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(adminUsers.id, used.userId),
          eq(adminUsers.active, true),
          eq(adminUsers.type, 'user'),
        ),
      )
      .returning({ id: adminUsers.id, name: adminUsers.name, username: adminUsers.username })
    if (!user) throw badLink()
    await tx
      .update(adminOneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminOneTimeTokens.userId, user.id),
          inArray(adminOneTimeTokens.kind, ['passwordReset', 'invitation']),
          isNull(adminOneTimeTokens.usedAt),
        ),
      )
    await endAllSessionsOfUser(tx, user.id)
    await recordAudit(tx, {
      actor: { id: user.id, name: user.name || user.username },
      action:
        used.kind === 'invitation' ? 'adminAuth.invitationAccepted' : 'adminAuth.passwordReset',
      entityType: 'adminUser',
      entityId: user.id,
      after: { passwordChanged: true },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  })
  ctx.log.info('admin password set through a link')
}

/**
 * Signs in through a token-login link: like a password sign-in (2FA still follows if enabled).
 * Returns the session and where to go next, or null for a bad, used or expired link.
 */
export async function signInWithToken(
  ctx: AuthContext,
  token: string,
): Promise<{ session: NewSession; redirectTo: string } | null> {
  const used = await consumeToken(ctx.db, token, ['tokenLogin'])
  if (!used) return null
  const [user] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.id, used.userId))
  if (!user || !user.active || user.type !== 'user') return null
  const stage = stageAfterFirstFactor(user)
  const session = await startSession(ctx.db, {
    userId: user.id,
    stage,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  })
  if (stage === 'complete') await recordSignedIn(ctx, user, 'tokenLink')
  const redirectTo =
    stage === 'password'
      ? '/admin/login/2fa'
      : stage === 'twoFactorSetup'
        ? '/admin/login/2fa-setup'
        : '/admin'
  return { session, redirectTo }
}
