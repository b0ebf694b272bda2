import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type {
  ComplaintDetail,
  ComplaintListItem,
  ComplaintListQuery,
  ComplaintState,
} from '@optika/domain/accounts/admin-customers-api'
import type { Db } from '../../platform/db/client.ts'
import {
  complaintMessages,
  complaintPhotos,
  complaints,
  orderItems,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { nextComplaintStates } from '../partner/complaint-states.ts'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE, isLocale } from '@optika/i18n/locales'
import type { MailContext } from '../../platform/mail/create-mailer.ts'
import { sendDocumentMail } from '../../cms/mails/send-document-mail.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import { auditCustomerChange } from './audit-customer-change.ts'

const complaintColumns = {
  id: complaints.id,
  customerId: complaints.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  company: customers.company,
  email: customers.email,
  clientNumber: customers.clientNumber,
  orderNumber: orders.number,
  productCode: orderItems.code,
  productName: orderItems.name,
  quantity: complaints.quantity,
  reason: complaints.reason,
  state: complaints.state,
  createdAt: complaints.createdAt,
  updatedAt: complaints.updatedAt,
}

type ComplaintRow = Awaited<ReturnType<ReturnType<typeof selectComplaints>['execute']>>[number]

function toItem(row: ComplaintRow): ComplaintListItem {
  const person = `${row.firstName} ${row.lastName}`.trim()
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.company ? `${row.company}${person ? ` (${person})` : ''}` : person,
    clientNumber: row.clientNumber,
    orderNumber: row.orderNumber,
    productCode: row.productCode,
    productName: row.productName,
    quantity: row.quantity,
    reason: row.reason,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function selectComplaints(db: Db) {
  return db
    .select(complaintColumns)
    .from(complaints)
    .innerJoin(customers, eq(customers.id, complaints.customerId))
    .innerJoin(orderItems, eq(orderItems.id, complaints.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
}

function whereOf(filters: Pick<ComplaintListQuery, 'state' | 'customerId'>): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.state) conditions.push(eq(complaints.state, filters.state))
  if (filters.customerId !== undefined)
    conditions.push(eq(complaints.customerId, filters.customerId))
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** Complaints matching the filters, oldest first (a queue: the longest waiting on top). */
export async function listComplaintRows(
  db: Db,
  filters: Pick<ComplaintListQuery, 'state' | 'customerId'>,
  limit: number,
  offset: number,
): Promise<ComplaintListItem[]> {
  const rows = await selectComplaints(db)
    .where(whereOf(filters))
    .orderBy(asc(complaints.createdAt), asc(complaints.id))
    .limit(limit)
    .offset(offset)
  return rows.map(toItem)
}

export async function listComplaints(db: Db, query: ComplaintListQuery) {
  const items = await listComplaintRows(db, query, query.limit, (query.page - 1) * query.limit)
  const [total] = await db.select({ n: count() }).from(complaints).where(whereOf(query))
  return { items, total: total?.n ?? 0 }
}

export function complaintPhotoUrl(complaintId: number, photoId: number): string {
  return `/admin/complaints/${complaintId}/photos/${photoId}`
}

export async function getComplaintDetail(db: Db, id: number): Promise<ComplaintDetail> {
  const [row] = await selectComplaints(db).where(eq(complaints.id, id))
  if (!row) throw notFound('adminCustomers.error.complaintNotFound')
  const [messages, photos] = await Promise.all([
    db
      .select()
      .from(complaintMessages)
      .where(eq(complaintMessages.complaintId, id))
      .orderBy(asc(complaintMessages.createdAt), asc(complaintMessages.id)),
    db
      .select({ id: complaintPhotos.id })
      .from(complaintPhotos)
      .where(eq(complaintPhotos.complaintId, id))
      .orderBy(asc(complaintPhotos.id)),
  ])
  return {
    ...toItem(row),
    customerEmail: row.email,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
    })),
    photos: photos.map((p) => ({ id: p.id, url: complaintPhotoUrl(id, p.id) })),
    nextStates: [...nextComplaintStates(row.state)],
  }
}

/**
 * Moves a complaint to the next state; only the transitions `nextComplaintStates` allows
 * (open → accepted | rejected → resolved), else 409. The check and the write are one
 * conditional update, so two people deciding at once cannot both win.
 */
export async function changeComplaintState(
  ctx: AdminContext,
  id: number,
  state: ComplaintState,
): Promise<ComplaintDetail> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: complaints.state })
      .from(complaints)
      .where(eq(complaints.id, id))
      .for('update')
    if (!current) throw notFound('adminCustomers.error.complaintNotFound')
    if (!nextComplaintStates(current.state).includes(state)) {
      throw new AppError(409, 'COMPLAINT_STATE_CONFLICT', 'adminCustomers.error.complaintState')
    }
    await tx
      .update(complaints)
      .set({ state, updatedAt: new Date() })
      .where(and(eq(complaints.id, id), eq(complaints.state, current.state)))
    await auditCustomerChange(ctx, tx, {
      action: 'complaint.state',
      entityType: 'complaint',
      entityId: id,
      before: { state: current.state },
      after: { state },
    })
  })
  return getComplaintDetail(ctx.db, id)
}

/** Who tells the customer about the shop's reply: the mail sender and the request's log line. */
export interface ComplaintReplyMail {
  readonly deps: Pick<AccountRouteDeps, 'translator' | 'mailer' | 'env'>
  readonly mail: MailContext
}

/**
 * Adds the shop's reply to a complaint's conversation (message, timestamp and audit together)
 * and mails the customer the reply (`complaint-message`) in the customer's language.
 */
export async function replyToComplaint(
  ctx: AdminContext,
  id: number,
  text: string,
  notify?: ComplaintReplyMail,
): Promise<ComplaintDetail> {
  const customer = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: complaints.id,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        company: customers.company,
        language: customers.language,
      })
      .from(complaints)
      .innerJoin(customers, eq(customers.id, complaints.customerId))
      .where(eq(complaints.id, id))
    if (!current) throw notFound('adminCustomers.error.complaintNotFound')
    const [message] = await tx
      .insert(complaintMessages)
      .values({ complaintId: id, author: 'staff', adminUserId: ctx.admin.userId, text })
      .returning({ id: complaintMessages.id })
    await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, id))
    await auditCustomerChange(ctx, tx, {
      action: 'complaint.reply',
      entityType: 'complaint',
      entityId: id,
      before: null,
      after: { messageId: message?.id, text },
    })
    return current
  })
  if (notify) {
    const locale = isLocale(customer.language) ? customer.language : DEFAULT_LOCALE
    const link = new URL(
      generateUrl('partnerComplaint', { locale, id }),
      notify.deps.env.PUBLIC_URL,
    )
    await sendDocumentMail({ ...notify.deps, db: ctx.db }, 'complaint-message', {
      locale,
      to: customer.email,
      values: {
        name:
          `${customer.firstName} ${customer.lastName}`.trim() || customer.company || customer.email,
        complaintNumber: String(id),
        message: text,
        link: link.toString(),
      },
      mail: notify.mail,
    })
  }
  return getComplaintDetail(ctx.db, id)
}

/** A complaint photo's storage key and type, or 404. */
export async function findComplaintPhoto(
  db: Db,
  complaintId: number,
  photoId: number,
): Promise<{ storageKey: string; mimeType: string }> {
  const [photo] = await db
    .select({ storageKey: complaintPhotos.storageKey, mimeType: complaintPhotos.mimeType })
    .from(complaintPhotos)
    .where(and(eq(complaintPhotos.id, photoId), eq(complaintPhotos.complaintId, complaintId)))
    .orderBy(desc(complaintPhotos.id))
  if (!photo) throw notFound('adminCustomers.error.complaintNotFound')
  return photo
}
