import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, lte, ne, or } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import { PERMISSION_KEYS, type PermissionKey } from '@optika/domain/admin/permissions'
import { isLocale, DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { adminRoles, adminSessions, adminUserRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { clearCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import type { AdminPrincipal } from './admin-principal.ts'

/** A session unused this long is over. */
export const SESSION_IDLE_MS = 30 * 60 * 1000
/** No session outlives this, however busy. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_MS = 60 * 1000

export type SessionStage = 'password' | 'twoFactorSetup' | 'complete'

/** 256 random bits, base64url: a session token or a one-time link token. */
export function createToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored instead of a token: its SHA-256 in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface NewSession {
  readonly token: string
  readonly tokenHash: string
}

/** Starts a session at `stage` for a user; the caller sets the cookie with the returned token. */
export async function startSession(
  db: Db,
  input: { userId: number; stage: SessionStage; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = createToken()
  const tokenHash = hashToken(token)
  await pruneExpiredSessions(db, input.userId)
  await db.insert(adminSessions).values({
    tokenHash,
    userId: input.userId,
    stage: input.stage,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  })
  return { token, tokenHash }
}

/**
 * Replaces a session's token (after the second factor, or when the user's rights change): the
 * old token stops working at once. The absolute lifetime carries over. Returns null when the
 * old session no longer exists.
 */
export async function rotateSession(
  db: Db,
  oldTokenHash: string,
  options: { stage?: SessionStage } = {},
): Promise<NewSession | null> {
  const token = createToken()
  const tokenHash = hashToken(token)
  // The old row is deleted and the new one written together, or neither.
  const rotated = await db.transaction(async (tx) => {
    const [old] = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.tokenHash, oldTokenHash))
      .returning()
    if (!old) return false
    await tx.insert(adminSessions).values({
      ...old,
      tokenHash,
      stage: options.stage ?? old.stage,
      lastSeenAt: new Date(),
    })
    return true
  })
  return rotated ? { token, tokenHash } : null
}

/** Ends one session (logout). */
export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash))
}

/**
 * Ends every session of a user (disabled, password changed, 2FA reset), except optionally the
 * one making the change. Returns how many ended.
 */
export async function endAllSessionsOfUser(
  db: Db,
  userId: number,
  exceptTokenHash?: string,
): Promise<number> {
  const ended = await db
    .delete(adminSessions)
    .where(
      exceptTokenHash === undefined
        ? eq(adminSessions.userId, userId)
        : and(eq(adminSessions.userId, userId), ne(adminSessions.tokenHash, exceptTokenHash)),
    )
    .returning({ tokenHash: adminSessions.tokenHash })
  return ended.length
}

/**
 * Deletes a user's sessions that are past their lifetime or idle limit. Sessions are otherwise
 * removed only when used after expiry, so each sign-in tidies up the user's abandoned ones.
 */
export async function pruneExpiredSessions(db: Db, userId: number): Promise<void> {
  const now = Date.now()
  await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        or(
          lte(adminSessions.expiresAt, new Date(now)),
          lte(adminSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        ),
      ),
    )
}

export interface LiveSession {
  readonly tokenHash: string
  readonly stage: SessionStage
  readonly user: typeof adminUsers.$inferSelect
}

/**
 * The session a token names if it is live (not idle too long, not past its lifetime) and its
 * user is an active user (not a folder); any stage. Touches lastSeenAt at most once a minute.
 */
export async function findLiveSession(db: Db, token: string): Promise<LiveSession | null> {
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({ session: adminSessions, user: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(eq(adminSessions.tokenHash, tokenHash))
    .limit(1)
  if (!row) return null
  const now = Date.now()
  const { session, user } = row
  const expired =
    session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now
  if (expired || !user.active || user.type !== 'user') {
    if (expired) await endSession(db, tokenHash)
    return null
  }
  if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(adminSessions.tokenHash, tokenHash))
  }
  return { tokenHash, stage: session.stage, user }
}

/** The user's own permission keys plus its roles' keys; all keys for an admin. */
export async function loadEffectivePermissions(
  db: Db,
  user: { id: number; isAdmin: boolean; permissions: string[] },
): Promise<ReadonlySet<PermissionKey>> {
  if (user.isAdmin) return new Set(PERMISSION_KEYS)
  const roles = await db
    .select({ permissions: adminRoles.permissions })
    .from(adminRoles)
    .where(
      inArray(
        adminRoles.id,
        db
          .select({ id: adminUserRoles.roleId })
          .from(adminUserRoles)
          .where(eq(adminUserRoles.userId, user.id)),
      ),
    )
  const known = new Set<string>(PERMISSION_KEYS)
  const keys = [user.permissions, ...roles.map((r) => r.permissions)].flat()
  return new Set(keys.filter((k): k is PermissionKey => known.has(k)))
}

/** The principal of a complete session's token, or null. */
export async function loadPrincipal(db: Db, token: string): Promise<AdminPrincipal | null> {
  const session = await findLiveSession(db, token)
  if (!session || session.stage !== 'complete') return null
  return principalOf(db, session.user, session.tokenHash)
}

/** The principal a user acts as: their current rights, under a session (or none, for a job). */
export async function principalOf(
  db: Db,
  user: typeof adminUsers.$inferSelect,
  sessionTokenHash: string,
): Promise<AdminPrincipal> {
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    language: isLocale(user.language) ? user.language : DEFAULT_LOCALE,
    isAdmin: user.isAdmin,
    permissions: await loadEffectivePermissions(db, user),
    sessionTokenHash,
  }
}

/**
 * Puts a session token in the `adminSession` cookie: `__Host-optika-admin`, HttpOnly, Secure,
 * SameSite=Lax, Path=/ (plain `optika-admin` without Secure only on a plain-http PUBLIC_URL other
 * than this machine; platform/http/cookie-policy.ts). A browser session cookie; the server
 * enforces expiry.
 */
export function setSessionCookie(reply: FastifyReply, token: string): void {
  setCookie(reply, 'adminSession', token)
}

export function clearSessionCookie(reply: FastifyReply): void {
  clearCookie(reply, 'adminSession')
}
