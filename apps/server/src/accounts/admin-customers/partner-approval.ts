import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type {
  ApprovePartnerInput,
  CustomerListItem,
  PriceListOption,
} from '@optika/domain/accounts/admin-customers-api'
import { formatMoney } from '@optika/domain/commerce/money'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import { endCustomerSessions } from '../customer-auth/customer-sessions.ts'
import type { MailContext } from '../../platform/mail/create-mailer.ts'
import { sendDocumentMail } from '../../cms/mails/send-document-mail.ts'
import { auditCustomerChange } from './audit-customer-change.ts'
import { toListItem } from './read-customers.ts'

type CustomerRow = typeof customers.$inferSelect

/** The partner fields a decision changes: what the audit log records before and after. */
function partnerTerms(row: CustomerRow) {
  return {
    partnerStatus: row.partnerStatus,
    priceListId: row.priceListId,
    invoiceMaturityDays: row.invoiceMaturityDays,
    creditLimit: row.creditLimit,
    creditCurrency: row.creditCurrency,
    rejectionReason: row.rejectionReason,
    partnerDecidedAt: row.partnerDecidedAt?.toISOString() ?? null,
    partnerDecidedBy: row.partnerDecidedBy,
  }
}

function publishedPriceLists() {
  return and(
    eq(objects.classId, 'PriceList'),
    eq(objects.type, 'object'),
    eq(objects.published, true),
  )
}

/** Published price lists a partner can be given, by name. */
export async function listPriceListOptions(db: Db): Promise<PriceListOption[]> {
  const rows = await db
    .select({ id: objects.id, data: objects.data, key: objects.key })
    .from(objects)
    .where(publishedPriceLists())
    .orderBy(asc(sql`lower(${objects.data}->>'name')`), asc(objects.id))
  return rows.map((row) => {
    const data = (row.data ?? {}) as { name?: unknown; currency?: unknown }
    return {
      id: row.id,
      name: typeof data.name === 'string' && data.name !== '' ? data.name : row.key,
      currency: typeof data.currency === 'string' ? data.currency : '',
    }
  })
}

/**
 * Locks a pending partner for a decision: 404 for an unknown, deleted or retail account, 409
 * when the partner was already decided (by someone else, a moment ago, or earlier).
 */
async function lockPendingPartner(tx: Db, id: number): Promise<CustomerRow> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .for('update')
  if (!row || row.kind !== 'partner') throw notFound('adminCustomers.error.partnerNotFound')
  if (row.partnerStatus !== 'pending') {
    throw new AppError(409, 'PARTNER_ALREADY_DECIDED', 'adminCustomers.error.notPending')
  }
  return row
}

function localeOf(row: CustomerRow): Locale {
  return isLocale(row.language) ? row.language : DEFAULT_LOCALE
}

function nameOf(row: CustomerRow): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.company || row.email
}

type DecisionDeps = Pick<AccountRouteDeps, 'translator' | 'mailer' | 'env'>

/**
 * Decides on a pending partner: the row, the decision and the audit entry are written together
 * (after `inTransaction`'s checks and effects); the mail goes out in the partner's language after
 * that.
 */
async function decidePartner(
  ctx: AdminContext,
  deps: DecisionDeps,
  mail: MailContext,
  id: number,
  decision: {
    readonly status: 'approved' | 'rejected'
    readonly terms: Partial<typeof customers.$inferInsert>
    readonly inTransaction?: (tx: Db) => Promise<unknown>
    readonly mailParams: (row: CustomerRow, locale: Locale) => Record<string, string | number>
  },
): Promise<CustomerListItem> {
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockPendingPartner(tx, id)
    await decision.inTransaction?.(tx)
    const [after] = await tx
      .update(customers)
      .set({
        ...decision.terms,
        partnerStatus: decision.status,
        partnerDecidedAt: new Date(),
        partnerDecidedBy: ctx.admin.userId,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id))
      .returning()
    if (!after) throw notFound('adminCustomers.error.partnerNotFound')
    await auditCustomerChange(ctx, tx, {
      action: decision.status === 'approved' ? 'customer.partnerApprove' : 'customer.partnerReject',
      entityType: 'customer',
      entityId: id,
      before: partnerTerms(before),
      after: partnerTerms(after),
    })
    return after
  })

  const locale = localeOf(updated)
  await sendDocumentMail(
    { ...deps, db: ctx.db },
    decision.status === 'approved' ? 'partner-approved' : 'partner-rejected',
    {
      locale,
      to: updated.email,
      values: { name: nameOf(updated), ...decision.mailParams(updated, locale) },
      mail,
    },
  )
  return toListItem(updated)
}

/**
 * Approves a pending partner with its terms: a published price list, invoice maturity and a
 * credit limit; the activation mail names them.
 */
export function approvePartner(
  ctx: AdminContext,
  deps: DecisionDeps,
  mail: MailContext,
  id: number,
  input: ApprovePartnerInput,
): Promise<CustomerListItem> {
  return decidePartner(ctx, deps, mail, id, {
    status: 'approved',
    terms: {
      priceListId: input.priceListId,
      invoiceMaturityDays: input.invoiceMaturityDays,
      creditLimit: input.creditLimit,
      creditCurrency: input.creditCurrency,
      rejectionReason: null,
    },
    inTransaction: async (tx) => {
      const [priceList] = await tx
        .select({ id: objects.id })
        .from(objects)
        .where(and(eq(objects.id, input.priceListId), publishedPriceLists()))
      if (!priceList) {
        throw new AppError(400, 'PRICE_LIST_UNKNOWN', 'adminCustomers.error.priceListUnknown', {}, [
          { path: 'body/priceListId', key: 'adminCustomers.error.priceListUnknown' },
        ])
      }
    },
    mailParams: (row, locale) => ({
      clientNumber: row.clientNumber,
      days: input.invoiceMaturityDays,
      creditLimit: formatMoney(
        { amount: input.creditLimit, currency: input.creditCurrency },
        locale,
      ),
      link: new URL(generateUrl('login', { locale }), deps.env.PUBLIC_URL).toString(),
    }),
  })
}

/**
 * Rejects a pending partner with a reason, which the rejection mail quotes. The partner's
 * storefront sessions end: a rejected partner keeps no partner pages open.
 */
export function rejectPartner(
  ctx: AdminContext,
  deps: DecisionDeps,
  mail: MailContext,
  id: number,
  reason: string,
): Promise<CustomerListItem> {
  return decidePartner(ctx, deps, mail, id, {
    status: 'rejected',
    terms: {
      rejectionReason: reason,
      priceListId: null,
      invoiceMaturityDays: null,
      creditLimit: null,
      creditCurrency: null,
    },
    inTransaction: (tx) => endCustomerSessions(tx, id),
    mailParams: () => ({ reason }),
  })
}
