import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE, isLocale } from '@optika/i18n/locales'
import { customers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import { startCustomerSession } from '../customer-auth/customer-sessions.ts'
import { sendPasswordResetLink } from '../customer-auth/password-reset.ts'
import { auditCustomerChange } from './audit-customer-change.ts'
import { findCustomer } from './read-customers.ts'

/** Mails the customer a password-reset link (in the customer's language) and records who sent it. */
export async function sendCustomerResetLink(
  ctx: AdminContext,
  deps: Pick<AccountRouteDeps, 'db' | 'translator' | 'mailer' | 'env'>,
  id: number,
  log: FastifyBaseLogger,
): Promise<{ sent: true }> {
  const customer = await findCustomer(ctx.db, id)
  const sent = await sendPasswordResetLink({ ...deps, db: ctx.db }, id, {
    createdBy: ctx.admin.userId,
    requestId: ctx.requestId,
    log,
  })
  if (!sent) throw notFound('adminCustomers.error.customerNotFound')
  await auditCustomerChange(ctx, ctx.db, {
    action: 'customer.passwordResetLink',
    entityType: 'customer',
    entityId: id,
    before: null,
    after: { email: customer.email },
  })
  return { sent: true }
}

/**
 * "View the shop as this customer": a storefront session marked `impersonatedBy` the staff
 * user (the viewer carries it; the checkout refuses payment in such a session). Answers the
 * session's token for the cookie and the storefront page to open, in the customer's language.
 */
export async function impersonateCustomer(
  ctx: AdminContext,
  id: number,
  userAgent: string | undefined,
): Promise<{ token: string; url: string }> {
  const customer = await findCustomer(ctx.db, id)
  const { token } = await startCustomerSession(ctx.db, {
    customerId: id,
    impersonatedBy: ctx.admin.userId,
    ip: ctx.ip,
    userAgent,
  })
  await auditCustomerChange(ctx, ctx.db, {
    action: 'customer.impersonate',
    entityType: 'customer',
    entityId: id,
    before: null,
    after: { impersonatedBy: ctx.admin.userId },
  })
  const locale = isLocale(customer.language) ? customer.language : DEFAULT_LOCALE
  return { token, url: generateUrl('home', { locale }) }
}

/**
 * Grants or withdraws the storefront moderator role (seed section 6: moderates ratings and forum
 * labels). The viewer is read on every request, so the change applies to the next page.
 */
export async function setModerator(
  ctx: AdminContext,
  id: number,
  isModerator: boolean,
): Promise<{ isModerator: boolean }> {
  const customer = await findCustomer(ctx.db, id)
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ isModerator, updatedAt: new Date() })
      .where(eq(customers.id, id))
    await auditCustomerChange(ctx, tx, {
      action: 'customer.moderator',
      entityType: 'customer',
      entityId: id,
      before: { isModerator: customer.isModerator },
      after: { isModerator },
    })
  })
  return { isModerator }
}
