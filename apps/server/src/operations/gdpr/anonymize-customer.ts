import { eq, sql, type AnyColumn } from 'drizzle-orm'
import type { GdprAnonymize, GdprAnonymized } from '@optika/domain/operations/gdpr'
import { deletedEmail, erasedCustomerRow } from '../../accounts/customer-profile/gdpr.service.ts'
import { endCustomerSessions } from '../../accounts/customer-auth/customer-sessions.ts'
import {
  auditAbout,
  contactMessagesOf,
  loadCustomerRow,
  ordersOf,
} from '../../accounts/personal-data/extract-personal-data.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { customerAddresses, customerTokens, orders } from '../../platform/db/schema/accounts.ts'
import { contactMessages } from '../../platform/db/schema/community.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** Written in place of every personal field. */
export const ANONYMIZED = 'anonymized'

/** Personal keys dropped from the audit entries' before/after and from orders' addresses. */
const PERSONAL_KEYS = [
  'email',
  'firstName',
  'lastName',
  'name',
  'phone',
  'company',
  'street',
  'city',
  'postcode',
  'region',
  'username',
  'tin',
  'vatId',
  'owner',
  'contactPerson',
  'website',
  'gps',
] as const

const personalKeys = sql.raw(`array[${PERSONAL_KEYS.map((k) => `'${k}'`).join(',')}]::text[]`)

const normalized = (clientNumber: string) => clientNumber.replace(/\s+/g, '')

/**
 * Anonymizes a customer or partner at staff's hand (GDPR art. 17). Guarantee, in one
 * transaction, or nothing is written: orders stay for accounting (art. 17(3)(b)) with the
 * buyer's name, e-mail, phone, comment and addresses replaced (country and amounts kept); the
 * account becomes an anonymous shell (as when a customer deletes it), so ratings and forum posts
 * are detached from the person; addresses, reset links and sessions are gone; contact messages
 * and mails sent lose the person's details and bodies; audit entries about the person lose the
 * personal fields of their before/after. Recorded in the audit log with counts only. Refused
 * (409) for a person already anonymized, and (400) unless `confirmation` repeats the client
 * number.
 */
export async function anonymizeCustomer(
  ctx: AdminContext,
  input: GdprAnonymize,
): Promise<GdprAnonymized> {
  return ctx.db.transaction(async (tx) => {
    const customer = await loadCustomerRow(tx, input.id)
    if (customer.deletedAt) {
      throw new AppError(409, 'ALREADY_ANONYMIZED', 'gdpr.error.alreadyAnonymized')
    }
    if (normalized(input.confirmation) !== normalized(customer.clientNumber)) {
      throw new AppError(400, 'CONFIRMATION_MISMATCH', 'gdpr.error.confirmationMismatch')
    }
    const email = deletedEmail(customer.id)
    const now = new Date()
    // Read before the rows change: the audit, order and mail look-ups match the old e-mail.
    const auditWhere = auditAbout(customer)
    const changed: Record<string, number> = {}
    const auditRows = await tx
      .update(auditLog)
      .set({
        before: sql`case when jsonb_typeof(${auditLog.before}) = 'object' then ${auditLog.before} - ${personalKeys} else ${auditLog.before} end`,
        after: sql`case when jsonb_typeof(${auditLog.after}) = 'object' then ${auditLog.after} - ${personalKeys} else ${auditLog.after} end`,
      })
      .where(auditWhere)
      .returning({ id: auditLog.id })
    changed.auditEntries = auditRows.length
    const mailRows = await tx
      .update(emailLog)
      .set({ to: email, text: ANONYMIZED, html: null })
      .where(sql`lower(${emailLog.to}) = ${customer.email.toLowerCase()}`)
      .returning({ id: emailLog.id })
    changed.mailsSent = mailRows.length
    const contactRows = await tx
      .update(contactMessages)
      .set({ customerId: null, name: ANONYMIZED, email, phone: '', message: ANONYMIZED })
      .where(contactMessagesOf(customer))
      .returning({ id: contactMessages.id })
    changed.contactMessages = contactRows.length
    const anonymousAddress = (column: AnyColumn) =>
      sql`case when jsonb_typeof(${column}) = 'object' then ${column} - ${personalKeys} else '{}'::jsonb end`
    const orderRows = await tx
      .update(orders)
      .set({
        customerId: null,
        name: ANONYMIZED,
        email,
        phone: '',
        comment: '',
        billingAddress: anonymousAddress(orders.billingAddress),
        deliveryAddress: anonymousAddress(orders.deliveryAddress),
        updatedAt: now,
      })
      .where(ordersOf(customer))
      .returning({ id: orders.id })
    changed.orders = orderRows.length
    const addressRows = await tx
      .delete(customerAddresses)
      .where(eq(customerAddresses.customerId, customer.id))
      .returning({ id: customerAddresses.id })
    changed.addresses = addressRows.length
    await tx.delete(customerTokens).where(eq(customerTokens.customerId, customer.id))
    await tx
      .update(customers)
      .set(erasedCustomerRow(customer.id, now))
      .where(eq(customers.id, customer.id))
    await endCustomerSessions(tx, customer.id)
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.name },
      action: 'gdpr.anonymize',
      entityType: 'customer',
      entityId: customer.id,
      // The client number stays the shell's reference; nothing personal enters the log.
      before: { kind: customer.kind, clientNumber: customer.clientNumber },
      after: changed,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return { success: true, id: customer.id, changed }
  })
}
