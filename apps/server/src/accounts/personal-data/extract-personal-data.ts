import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { PersonalDataSection } from '@optika/domain/operations/gdpr'
import type { Db } from '../../platform/db/client.ts'
import {
  complaintMessages,
  complaintPhotos,
  complaints,
  customerAddresses,
  orderItems,
  orderStatusHistory,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { productRatings } from '../../platform/db/schema/commerce.ts'
import {
  contactMessages,
  contactReplies,
  forumPosts,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { listAddresses } from '../customer-profile/addresses.service.ts'
import { keysetPages, streamedRows, streamJsonObject } from './stream-json.ts'

/**
 * The one extractor of everything the shop holds about a storefront customer or partner
 * (decision 064): the back office's GDPR export (JSON and PDF) and the customer's own "download
 * my data" both read it. It lives in `accounts` because it reads only tables (platform schema),
 * so both `accounts` (the storefront) and `operations` (the back office) may import it.
 *
 * Large sections (orders, posts, mails, audit entries) are read in keyset pages and written as
 * they are read: a person with 10,000 orders streams with one page in memory.
 */

export const PERSONAL_DATA_PAGE_SIZE = 200

export type CustomerRow = typeof customers.$inferSelect

export interface PersonalData {
  readonly customer: CustomerRow
  /** `optika-<client number>`, the download's name without extension. */
  readonly fileName: string
  /** Section name → a plain value or streamed rows, in the order written. */
  readonly sections: Readonly<Record<string, unknown>>
}

export async function loadCustomerRow(db: Db, customerId: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!row) throw notFound('gdpr.error.notFound')
  return row
}

/** The person's orders: their own, and guest orders under the same e-mail. */
export function ordersOf(customer: CustomerRow): SQL {
  return or(
    eq(orders.customerId, customer.id),
    sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`,
  )!
}

/** Mails the shop sent to the person's address. */
function mailsTo(customer: CustomerRow): SQL {
  return sql`lower(${emailLog.to}) = ${customer.email.toLowerCase()}`
}

/** Audit entries about the person, their orders, complaints and contact messages. */
export function auditAbout(customer: CustomerRow): SQL {
  const id = String(customer.id)
  return or(
    and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, id)),
    and(
      eq(auditLog.entityType, 'order'),
      sql`${auditLog.entityId} in (select ${orders.id}::text from ${orders} where ${ordersOf(customer)})`,
    ),
    and(
      eq(auditLog.entityType, 'complaint'),
      sql`${auditLog.entityId} in (select ${complaints.id}::text from ${complaints} where ${complaints.customerId} = ${customer.id})`,
    ),
    and(
      eq(auditLog.entityType, 'contactMessage'),
      sql`${auditLog.entityId} in (select ${contactMessages.id}::text from ${contactMessages} where ${contactMessagesOf(customer)})`,
    ),
  )!
}

/** Contact messages the person sent, signed in or with their e-mail. */
export function contactMessagesOf(customer: CustomerRow): SQL {
  return or(
    eq(contactMessages.customerId, customer.id),
    sql`lower(${contactMessages.email}) = ${customer.email.toLowerCase()}`,
  )!
}

/** The account without secrets and internal bookkeeping (password hash, who decided). */
function accountOf(customer: CustomerRow) {
  const {
    passwordHash: _passwordHash,
    partnerDecidedBy: _partnerDecidedBy,
    deletedAt: _deletedAt,
    ...account
  } = customer
  return account
}

function consentsOf(customer: CustomerRow) {
  return [
    { consent: 'terms', given: customer.termsAcceptedAt !== null, at: customer.termsAcceptedAt },
    {
      consent: 'privacy',
      given: customer.privacyAcceptedAt !== null,
      at: customer.privacyAcceptedAt,
    },
    { consent: 'newsletter', given: customer.newsletter, at: customer.newsletterConsentAt },
  ]
}

/** One page of orders with their lines and status history (no access-token or request hashes). */
async function orderPage(db: Db, customer: CustomerRow, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(ordersOf(customer), gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(limit)
  if (rows.length === 0) return []
  const ids = rows.map((o) => o.id)
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.id))
  const history = await db
    .select({
      orderId: orderStatusHistory.orderId,
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.id))
  return rows.map((order) => {
    const {
      accessTokenHash: _accessTokenHash,
      idempotencyKey: _idempotencyKey,
      requestHash: _requestHash,
      ...rest
    } = order
    return {
      ...rest,
      items: items.filter((i) => i.orderId === order.id),
      statusHistory: history.filter((h) => h.orderId === order.id),
    }
  })
}

async function complaintsOf(db: Db, customerId: number) {
  const rows = await db
    .select()
    .from(complaints)
    .where(eq(complaints.customerId, customerId))
    .orderBy(asc(complaints.id))
  const ids = rows.map((c) => c.id)
  if (ids.length === 0) return []
  const messages = await db
    .select({
      id: complaintMessages.id,
      complaintId: complaintMessages.complaintId,
      author: complaintMessages.author,
      text: complaintMessages.text,
      createdAt: complaintMessages.createdAt,
    })
    .from(complaintMessages)
    .where(inArray(complaintMessages.complaintId, ids))
    .orderBy(asc(complaintMessages.id))
  const photos = await db
    .select({
      id: complaintPhotos.id,
      complaintId: complaintPhotos.complaintId,
      mimeType: complaintPhotos.mimeType,
      createdAt: complaintPhotos.createdAt,
    })
    .from(complaintPhotos)
    .where(inArray(complaintPhotos.complaintId, ids))
    .orderBy(asc(complaintPhotos.id))
  return rows.map((complaint) => ({
    ...complaint,
    messages: messages.filter((m) => m.complaintId === complaint.id),
    photos: photos
      .filter((p) => p.complaintId === complaint.id)
      .map((p) => ({ ...p, url: `/api/partner/complaints/${complaint.id}/photos/${p.id}` })),
  }))
}

async function contactMessagePage(db: Db, customer: CustomerRow, afterId: number, limit: number) {
  const rows = await db
    .select({
      id: contactMessages.id,
      topicId: contactMessages.topicId,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      orderNumber: contactMessages.orderNumber,
      message: contactMessages.message,
      locale: contactMessages.locale,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(and(contactMessagesOf(customer), gt(contactMessages.id, afterId)))
    .orderBy(asc(contactMessages.id))
    .limit(limit)
  if (rows.length === 0) return []
  const replies = await db
    .select({
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
    })
    .from(contactReplies)
    .where(
      inArray(
        contactReplies.messageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(contactReplies.id))
  return rows.map((row) => ({ ...row, replies: replies.filter((r) => r.messageId === row.id) }))
}

/**
 * Everything the shop holds about the customer, ready to be written as JSON
 * (`streamPersonalData`) or drawn as a PDF. Throws the translated 404 for an unknown id.
 */
export async function loadPersonalData(
  db: Db,
  customerId: number,
  pageSize = PERSONAL_DATA_PAGE_SIZE,
): Promise<PersonalData> {
  const customer = await loadCustomerRow(db, customerId)
  const pages = <T extends { id: number }>(
    read: (afterId: number, limit: number) => Promise<T[]>,
  ) => streamedRows(() => keysetPages(read, pageSize))
  return {
    customer,
    fileName: `optika-${customer.clientNumber.replace(/\s+/g, '')}`,
    sections: {
      account: accountOf(customer),
      consents: consentsOf(customer),
      newsletter: { subscribed: customer.newsletter, consentAt: customer.newsletterConsentAt },
      addresses: await listAddresses(db, customerId),
      orders: pages((afterId, limit) => orderPage(db, customer, afterId, limit)),
      complaints: await complaintsOf(db, customerId),
      ratings: pages((afterId, limit) =>
        db
          .select({
            id: productRatings.id,
            productId: productRatings.productId,
            overall: productRatings.overall,
            verbal: productRatings.verbal,
            pros: productRatings.pros,
            cons: productRatings.cons,
            locale: productRatings.locale,
            hiddenAt: productRatings.hiddenAt,
            createdAt: productRatings.createdAt,
            updatedAt: productRatings.updatedAt,
          })
          .from(productRatings)
          .where(and(eq(productRatings.customerId, customerId), gt(productRatings.id, afterId)))
          .orderBy(asc(productRatings.id))
          .limit(limit),
      ),
      forumThreads: pages((afterId, limit) =>
        db
          .select({
            id: forumThreads.id,
            boardId: forumThreads.boardId,
            title: forumThreads.title,
            notifyAuthor: forumThreads.notifyAuthor,
            createdAt: forumThreads.createdAt,
          })
          .from(forumThreads)
          .where(and(eq(forumThreads.authorId, customerId), gt(forumThreads.id, afterId)))
          .orderBy(asc(forumThreads.id))
          .limit(limit),
      ),
      forumPosts: pages((afterId, limit) =>
        db
          .select({
            id: forumPosts.id,
            threadId: forumPosts.threadId,
            body: forumPosts.body,
            productId: forumPosts.productId,
            hidden: forumPosts.hidden,
            createdAt: forumPosts.createdAt,
            editedAt: forumPosts.editedAt,
          })
          .from(forumPosts)
          .where(and(eq(forumPosts.authorId, customerId), gt(forumPosts.id, afterId)))
          .orderBy(asc(forumPosts.id))
          .limit(limit),
      ),
      contactMessages: pages((afterId, limit) => contactMessagePage(db, customer, afterId, limit)),
      // The envelope only: bodies may hold single-use links (the back office's sent-mail
      // export shows one mail's body, masked).
      mailsSent: pages((afterId, limit) =>
        db
          .select({
            id: emailLog.id,
            to: emailLog.to,
            from: emailLog.from,
            subject: emailLog.subject,
            status: emailLog.status,
            createdAt: emailLog.createdAt,
          })
          .from(emailLog)
          .where(and(mailsTo(customer), gt(emailLog.id, afterId)))
          .orderBy(asc(emailLog.id))
          .limit(limit),
      ),
      auditEntries: pages((afterId, limit) =>
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            entityType: auditLog.entityType,
            entityId: auditLog.entityId,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .where(and(auditAbout(customer), gt(auditLog.id, afterId)))
          .orderBy(asc(auditLog.id))
          .limit(limit),
      ),
    },
  }
}

/** The export as JSON text chunks, `exportedAt` first. */
export function streamPersonalData(data: PersonalData): AsyncGenerator<string> {
  return streamJsonObject({ exportedAt: new Date().toISOString(), ...data.sections })
}

async function countOf(db: Db, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

/** How many rows each section of the person's export holds (the screen's summary). */
export async function countPersonalData(
  db: Db,
  customer: CustomerRow,
): Promise<Record<PersonalDataSection, number>> {
  const consents = consentsOf(customer).filter((c) => c.given).length
  return {
    account: 1,
    consents,
    addresses: await countOf(db, customerAddresses, eq(customerAddresses.customerId, customer.id)),
    orders: await countOf(db, orders, ordersOf(customer)),
    complaints: await countOf(db, complaints, eq(complaints.customerId, customer.id)),
    ratings: await countOf(db, productRatings, eq(productRatings.customerId, customer.id)),
    forumThreads: await countOf(db, forumThreads, eq(forumThreads.authorId, customer.id)),
    forumPosts: await countOf(db, forumPosts, eq(forumPosts.authorId, customer.id)),
    contactMessages: await countOf(db, contactMessages, contactMessagesOf(customer)),
    mailsSent: await countOf(db, emailLog, mailsTo(customer)),
    auditEntries: await countOf(db, auditLog, auditAbout(customer)),
  }
}
