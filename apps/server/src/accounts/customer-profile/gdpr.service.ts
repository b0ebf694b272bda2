import { eq } from 'drizzle-orm'
import type { DeleteAccountInput } from '@optika/domain/accounts/profile-api'
import { customerAddresses, customerTokens, orders } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import type { RequestContext } from '../../platform/http/request-context.ts'
import { endCustomerSessions } from '../customer-auth/customer-sessions.ts'
import { loadPersonalData, streamPersonalData } from '../personal-data/extract-personal-data.ts'
import { loadCustomer, reauthenticate } from './profile.service.ts'

/**
 * The customer's own data (GDPR art. 15 and 20) as one JSON document, read by the same
 * extractor as the back office's GDPR export (decision 064): the account, consents, addresses,
 * orders with items, complaints, ratings, forum posts, contact messages, mails sent and audit
 * entries. Secrets and internal bookkeeping stay out: no password hash, no session or reset
 * tokens, no back-office user ids. Written as it is read (`streamPersonalData`).
 */
export async function exportAccount(ctx: RequestContext, customerId: number) {
  const data = await loadPersonalData(ctx.db, customerId)
  return { fileName: `${data.fileName}.json`, chunks: streamPersonalData(data) }
}

/** An argon2 verifier never matches this, so nobody signs in to a deleted account. */
const UNUSABLE_PASSWORD_HASH = '!deleted'

export function deletedEmail(customerId: number): string {
  return `deleted-${customerId}@invalid`
}

/**
 * A customer row with every personal field erased, as a deleted or anonymized account keeps it:
 * the id stays for the orders, nobody can sign in, no mail reaches anyone.
 */
export function erasedCustomerRow(customerId: number, now: Date) {
  return {
    email: deletedEmail(customerId),
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
    deletedAt: now,
    updatedAt: now,
  } satisfies Partial<typeof customers.$inferInsert>
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
      .set(erasedCustomerRow(customerId, new Date()))
      .where(eq(customers.id, customerId))
    await endCustomerSessions(tx, customerId)
  })
}
