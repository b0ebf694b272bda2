import type { Readable } from 'node:stream'
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type {
  AdminContactMessage,
  AdminContactMessageList,
  ContactStatus,
} from '@optika/domain/community/contact-api'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import type { Db } from '../../platform/db/client.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import {
  contactMessageAttachments,
  contactMessages,
  contactReplies,
  contactTopics,
} from '../../platform/db/schema/community.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { adminUsers as users } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { sendDocumentMail, type DocumentMailDeps } from '../../cms/mails/send-document-mail.ts'
import { auditContactChange, type StaffRequest } from './contact-audit.ts'
import { topicTitle } from './contact-topics.ts'

export type { StaffRequest } from './contact-audit.ts'

export const CONTACT_PAGE_SIZE = 25

function notFound(): AppError {
  return new AppError(404, 'CONTACT_MESSAGE_NOT_FOUND', 'contact.messageNotFound')
}

/** `%`, `_` and `\` typed into the search are searched for, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The back office's list: newest first, by status, searched in name, e-mail, text and order. */
export async function listContactMessages(
  db: Db,
  query: { status?: ContactStatus | undefined; q: string; page: number },
  locale: Locale,
): Promise<AdminContactMessageList> {
  // eslint-disable-next-line no-control-regex -- NUL cannot be searched for in PostgreSQL text
  const q = query.q.replace(/\u0000/g, '').trim()
  const conditions: SQL[] = []
  if (query.status) conditions.push(eq(contactMessages.status, query.status))
  if (q !== '') {
    const pattern = likePattern(q)
    conditions.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.message, pattern),
        ilike(contactMessages.orderNumber, pattern),
      )!,
    )
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where)
  const attachmentCount = db
    .select({ messageId: contactMessageAttachments.messageId, n: count().as('n') })
    .from(contactMessageAttachments)
    .groupBy(contactMessageAttachments.messageId)
    .as('attachment_count')
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
      topicKey: contactTopics.key,
      topicTitles: contactTopics.titles,
      attachments: sql<number>`coalesce(${attachmentCount.n}, 0)::int`,
    })
    .from(contactMessages)
    .innerJoin(contactTopics, eq(contactTopics.id, contactMessages.topicId))
    .leftJoin(attachmentCount, eq(attachmentCount.messageId, contactMessages.id))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_PAGE_SIZE)
    .offset((query.page - 1) * CONTACT_PAGE_SIZE)
  return {
    items: rows.map((row) => ({
      id: row.id,
      topic: topicTitle({ key: row.topicKey, titles: row.topicTitles }, locale),
      name: row.name,
      email: row.email,
      subjectLine: row.message.replace(/\s+/g, ' ').slice(0, 120),
      status: row.status,
      attachmentCount: row.attachments,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: CONTACT_PAGE_SIZE,
  }
}

/** One message with its attachments (names and sizes) and the replies sent. */
export async function getContactMessage(
  db: Db,
  id: number,
  locale: Locale,
): Promise<AdminContactMessage> {
  const [row] = await db
    .select({
      message: contactMessages,
      topicKey: contactTopics.key,
      topicTitles: contactTopics.titles,
      topicEmail: contactTopics.email,
    })
    .from(contactMessages)
    .innerJoin(contactTopics, eq(contactTopics.id, contactMessages.topicId))
    .where(eq(contactMessages.id, id))
  if (!row) throw notFound()
  const m = row.message
  const [attachments, replies, order, page] = await Promise.all([
    db
      .select({
        position: contactMessageAttachments.position,
        filename: contactMessageAttachments.filename,
        mimeType: contactMessageAttachments.mimeType,
        size: contactMessageAttachments.size,
      })
      .from(contactMessageAttachments)
      .where(eq(contactMessageAttachments.messageId, id))
      .orderBy(asc(contactMessageAttachments.position)),
    db
      .select({
        id: contactReplies.id,
        body: contactReplies.body,
        createdAt: contactReplies.createdAt,
        name: users.name,
        username: users.username,
      })
      .from(contactReplies)
      .leftJoin(users, eq(users.id, contactReplies.adminUserId))
      .where(eq(contactReplies.messageId, id))
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id)),
    m.orderNumber
      ? db
          .select({ id: orders.id })
          .from(orders)
          .where(
            m.customerId === null
              ? eq(orders.number, m.orderNumber)
              : and(eq(orders.number, m.orderNumber), eq(orders.customerId, m.customerId)),
          )
          .limit(1)
      : Promise.resolve([]),
    m.documentId
      ? db
          .select({ path: documents.path, key: documents.key })
          .from(documents)
          .where(eq(documents.id, m.documentId))
      : Promise.resolve([]),
  ])
  return {
    id: m.id,
    topic: topicTitle({ key: row.topicKey, titles: row.topicTitles }, locale),
    topicEmail: row.topicEmail,
    name: m.name,
    email: m.email,
    phone: m.phone,
    orderNumber: m.orderNumber,
    orderId: order[0]?.id ?? null,
    customerId: m.customerId,
    message: m.message,
    locale: m.locale,
    page: page[0] ? page[0].path + page[0].key : '',
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    attachments,
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      author: reply.name || reply.username || '',
      createdAt: reply.createdAt.toISOString(),
    })),
  }
}

/**
 * The shop's answer by mail (`contact-reply`, in the message's language, to its sender): the
 * reply is stored, the message becomes answered and the mail is queued — in one transaction.
 */
export async function replyToContactMessage(
  mailDeps: DocumentMailDeps,
  staff: StaffRequest,
  id: number,
  body: string,
  locale: Locale,
): Promise<AdminContactMessage> {
  await mailDeps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        message: contactMessages,
        topicKey: contactTopics.key,
        titles: contactTopics.titles,
      })
      .from(contactMessages)
      .innerJoin(contactTopics, eq(contactTopics.id, contactMessages.topicId))
      .where(eq(contactMessages.id, id))
      .for('update', { of: contactMessages })
    if (!row) throw notFound()
    const m = row.message
    const mailLocale = isLocale(m.locale) ? m.locale : locale
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, adminUserId: staff.adminUserId, body })
      .returning({ id: contactReplies.id })
    await tx
      .update(contactMessages)
      .set({ status: 'answered', updatedAt: new Date() })
      .where(eq(contactMessages.id, id))
    await auditContactChange(tx, staff, {
      action: 'contact.message.reply',
      entityType: 'contactMessage',
      entityId: id,
      before: { status: m.status },
      after: { status: 'answered', replyId: reply!.id, to: m.email },
    })
    await sendDocumentMail({ ...mailDeps, db: tx }, 'contact-reply', {
      locale: mailLocale,
      to: m.email,
      db: tx,
      values: {
        name: m.name,
        topic: topicTitle({ key: row.topicKey, titles: row.titles }, mailLocale),
        reply: body,
        original: m.message,
      },
      mail: { requestId: staff.requestId, log: staff.log },
    })
  })
  return getContactMessage(mailDeps.db, id, locale)
}

/** Closes, reopens (→ new, or answered when replied to) or marks a message. */
export async function setContactMessageStatus(
  db: Db,
  staff: StaffRequest,
  id: number,
  status: ContactStatus,
  locale: Locale,
): Promise<AdminContactMessage> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update')
    if (!before) throw notFound()
    await tx
      .update(contactMessages)
      .set({ status, updatedAt: new Date() })
      .where(eq(contactMessages.id, id))
    await auditContactChange(tx, staff, {
      action: 'contact.message.status',
      entityType: 'contactMessage',
      entityId: id,
      before,
      after: { status },
    })
  })
  return getContactMessage(db, id, locale)
}

/** An attachment's bytes for the back office; 404 for any other pair. */
export async function openContactAttachment(
  db: Db,
  store: AssetStore,
  id: number,
  position: number,
): Promise<{ stream: Readable; mimeType: string; filename: string; size: number }> {
  const [row] = await db
    .select()
    .from(contactMessageAttachments)
    .where(
      and(
        eq(contactMessageAttachments.messageId, id),
        eq(contactMessageAttachments.position, position),
      ),
    )
  const stream = row ? await store.get(row.storageKey) : null
  if (!row || !stream) {
    throw new AppError(404, 'CONTACT_ATTACHMENT_NOT_FOUND', 'contact.attachmentNotFound')
  }
  return { stream, mimeType: row.mimeType, filename: row.filename, size: row.size }
}
