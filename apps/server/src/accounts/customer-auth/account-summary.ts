import type { AccountSummary } from '@optika/domain/accounts/account-api'
import type { customers } from '../../platform/db/schema/users.ts'

/** What the storefront learns about the signed-in customer (no secrets, no partner terms). */
export function accountSummaryOf(customer: typeof customers.$inferSelect): AccountSummary {
  return {
    id: customer.id,
    kind: customer.kind,
    email: customer.email,
    displayName:
      `${customer.firstName} ${customer.lastName}`.trim() || customer.company || customer.email,
    clientNumber: customer.clientNumber,
    partnerStatus: customer.kind === 'partner' ? (customer.partnerStatus ?? 'pending') : null,
    isModerator: customer.isModerator,
  }
}
