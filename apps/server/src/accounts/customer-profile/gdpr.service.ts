import { asc, eq, inArray } from 'drizzle-orm'
import type { DeleteAccountInput } from '@optika/domain/accounts/profile-api'
import {
  complaintMessages,
  complaintPhotos,
  complaints,
  customerAddresses,
  customerTokens,
  orderItems,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import type { RequestContext } from '../../platform/http/request-context.ts'
import { endCustomerSessions } from '../customer-auth/customer-sessions.ts'
import { listAddresses } from './addresses.service.ts'
import { loadCustomer, reauthenticate } from './profile.service.ts'

/**
 * The customer's own data (GDPR art. 15 and 20) as one JSON document: the account, addresses,
 * orders with items, complaints with messages and photos. Secrets and internal bookkeeping stay
 * out: no password hash, no session or reset tokens, no back-office user ids.
 */
export async function exportAccount(ctx: RequestContext, customerId: number) {
  const customer = await loadCustomer(ctx.db, customerId)
  const {
    passwordHash: _passwordHash,
    partnerDecidedBy: _partnerDecidedBy,
    deletedAt: _deletedAt,
    ...account
  } = customer
  const orderRows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.createdAt), asc(orders.id))
  const items = orderRows.length
    ? await ctx.db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : []
  const complaintRows = await ctx.db
    .select()
    .from(complaints)
    .where(eq(complaints.customerId, customerId))
    .orderBy(asc(complaints.id))
  const complaintIds = complaintRows.map((c) => c.id)
  const messages = complaintIds.length
    ? await ctx.db
        .select({
          id: complaintMessages.id,
          complaintId: complaintMessages.complaintId,
          author: complaintMessages.author,
          text: complaintMessages.text,
          createdAt: complaintMessages.createdAt,
        })
        .from(complaintMessages)
        .where(inArray(complaintMessages.complaintId, complaintIds))
        .orderBy(asc(complaintMessages.id))
    : []
  const photos = complaintIds.length
    ? await ctx.db
        .select({
          id: complaintPhotos.id,
          complaintId: complaintPhotos.complaintId,
          mimeType: complaintPhotos.mimeType,
          createdAt: complaintPhotos.createdAt,
        })
        .from(complaintPhotos)
        .where(inArray(complaintPhotos.complaintId, complaintIds))
        .orderBy(asc(complaintPhotos.id))
    : []
  return {
    exportedAt: new Date().toISOString(),
    account,
    addresses: await listAddresses(ctx.db, customerId),
    orders: orderRows.map((order) => ({
      ...order,
      items: items.filter((i) => i.orderId === order.id),
    })),
    complaints: complaintRows.map((complaint) => ({
      ...complaint,
      messages: messages.filter((m) => m.complaintId === complaint.id),
      photos: photos
        .filter((p) => p.complaintId === complaint.id)
        .map((p) => ({ ...p, url: `/api/partner/complaints/${complaint.id}/photos/${p.id}` })),
    })),
  }
}

/** An argon2 verifier never matches this, so nobody signs in to a deleted account. */
export const UNUSABLE_PASSWORD_HASH = '!deleted'

export function deletedEmail(customerId: number): string {
  return `deleted-${customerId}@invalid`
}

/**
 * Deletes the account at the customer's request (GDPR art. 17) after re-authentication.
 * Guarantee, in one transaction: the customer row stays only as an anonymous shell (e-mail
 * `deleted-<id>@invalid`, names, phone, company data, username and consents cleared, an unusable
 * password hash, `deletedAt` set), addresses and reset links are gone, every session is ended.
 *
 * Orders are kept because accounting and tax law require it (art. 17(3)(b)): the customer link
 * is cleared and the buyer's name and e-mail anonymized. Decision: orders KEEP their client
 * number — it is the reference the shop's invoices and warranty claims are filed under, and it
 * now points to an anonymous shell only. Complaints stay with that shell for the same reason.
 */
export async function deleteAccount(
  ctx: RequestContext,
  customerId: number,
  input: DeleteAccountInput,
  ip: string,
): Promise<void> {
  const customer = await loadCustomer(ctx.db, customerId)
  await reauthenticate(ctx.db, customer, input.password, ip)
  const email = deletedEmail(customerId)
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ customerId: null, name: '', email, updatedAt: new Date() })
      .where(eq(orders.customerId, customerId))
    await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId))
    await tx.delete(customerTokens).where(eq(customerTokens.customerId, customerId))
    await tx
      .update(customers)
      .set({
        email,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        firstName: '',
        lastName: '',
        company: null,
        username: null,
        phone: '',
        tin: null,
        vatId: null,
        owner: null,
        contactPerson: null,
        website: null,
        gps: null,
        deliveryDiffers: false,
        newsletter: false,
        newsletterConsentAt: null,
        rejectionReason: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId))
    await endCustomerSessions(tx, customerId)
  })
}
