import { and, eq } from 'drizzle-orm'
import { isLocale } from '@optika/i18n/locales'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { disableTwoFactor, resetTwoFactor } from '../admin-auth/two-factor.ts'
import { createOneTimeLink } from '../admin-auth/one-time-links.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import { assertMayManageAdmin, type AdminContext } from './admin-context.ts'
import { auditAdminChange } from './audit-admin-change.ts'
import { userNotFound } from './read-users-and-roles.ts'

async function findUser(ctx: AdminContext, id: number) {
  const [user] = await ctx.db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      email: adminUsers.email,
      language: adminUsers.language,
      active: adminUsers.active,
      twoFactorEnabled: adminUsers.twoFactorEnabled,
      twoFactorRequired: adminUsers.twoFactorRequired,
      isAdmin: adminUsers.isAdmin,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.type, 'user')))
  if (!user) throw userNotFound()
  assertMayManageAdmin(ctx, user.isAdmin)
  return user
}

function actorOf(ctx: AdminContext) {
  return { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username }
}

/** A single-use, short-lived sign-in link for a user (the link itself is recorded nowhere). */
export async function createTokenLoginLink(
  ctx: AdminContext,
  publicUrl: string,
  id: number,
): Promise<{ link: string }> {
  await findUser(ctx, id)
  const link = await createOneTimeLink(ctx.db, {
    userId: id,
    kind: 'tokenLogin',
    createdBy: actorOf(ctx),
    publicUrl,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  return { link }
}

/**
 * Invites a user: activates the account (its password stays unusable until the user sets one
 * through the link), creates a single-use invitation link and mails it to the user's address.
 */
export async function inviteAdminUser(
  ctx: AdminContext,
  deps: { publicUrl: string; mailer: Mailer; translator: Translator },
  id: number,
): Promise<{ link: string }> {
  const user = await findUser(ctx, id)
  if (!user.active) {
    await ctx.db
      .update(adminUsers)
      .set({ active: true, updatedAt: new Date() })
      .where(eq(adminUsers.id, id))
    await auditAdminChange(ctx, ctx.db, {
      action: 'adminUser.activateForInvitation',
      entityType: 'adminUser',
      entityId: id,
      before: { active: false },
      after: { active: true },
    })
  }
  const link = await createOneTimeLink(ctx.db, {
    userId: id,
    kind: 'invitation',
    createdBy: actorOf(ctx),
    publicUrl: deps.publicUrl,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  if (user.email) {
    const locale = isLocale(user.language) ? user.language : 'en'
    await deps.mailer.send(
      { requestId: ctx.requestId },
      {
        to: user.email,
        subject: deps.translator.t(locale, 'adminUsers.invitationSubject'),
        text: deps.translator.t(locale, 'adminUsers.invitationText', {
          username: user.username,
          link,
        }),
      },
    )
  }
  return { link }
}

/**
 * Clears a user's 2FA so it sets it up anew (`disable` also drops the requirement); the user's
 * sessions end. Recorded with the 2FA flags before and after.
 */
export async function resetUserTwoFactor(
  ctx: AdminContext,
  id: number,
  mode: 'reset' | 'disable',
): Promise<{ success: true }> {
  const before = await findUser(ctx, id)
  if (mode === 'reset') await resetTwoFactor(ctx.db, id)
  else await disableTwoFactor(ctx.db, id)
  const after = await findUser(ctx, id)
  const flags = (u: typeof before) => ({
    twoFactorEnabled: u.twoFactorEnabled,
    twoFactorRequired: u.twoFactorRequired,
  })
  await auditAdminChange(ctx, ctx.db, {
    action: mode === 'reset' ? 'adminUser.twoFactorReset' : 'adminUser.twoFactorDisable',
    entityType: 'adminUser',
    entityId: id,
    before: flags(before),
    after: flags(after),
  })
  return { success: true }
}
