import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import {
  CONTACT_ATTACHMENT_MAX_BYTES,
  ContactFormSchema,
  type ContactForm,
} from '@optika/domain/community/contact-api'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { prepareAssetFile, type PreparedAssetFile } from '../../dam/upload/prepare-asset-file.ts'
import type { Db } from '../../platform/db/client.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import { contactMessageAttachments, contactMessages } from '../../platform/db/schema/community.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { MailLogger } from '../../platform/mail/create-mailer.ts'
import type { DocumentMailDeps } from '../../cms/mails/send-document-mail.ts'
import type { ReceivedAttachment } from './receive-contact-form.ts'
import { findActiveTopic, topicTitle } from './contact-topics.ts'
import { sendShopMailTo } from './contact-mail.ts'

export interface ContactDeps {
  /** The shop's mails: database, translator, mailer. */
  readonly mail: DocumentMailDeps
  /** Where the shop reads its mail (SHOP_EMAIL), for topics without their own address. */
  readonly shopEmail: string
  /** Accounts' `verifyCaptcha`: uses the challenge up whatever the answer. */
  readonly verifyCaptcha: (db: Db, id: string, answer: string) => Promise<boolean>
  readonly assetStore: AssetStore
}

export interface ContactRequest {
  readonly viewer: Viewer
  readonly requestId: string
  readonly log: MailLogger
}

/** Attachments may be pictures or PDF documents — decided from the bytes, never the name. */
function isAllowedAttachment(prepared: PreparedAssetFile): boolean {
  return prepared.family === 'image' || prepared.kind === 'pdf'
}

function attachmentType(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'contact.attachmentType')
}

function fieldError(code: string, key: string, path: string): AppError {
  return new AppError(400, code, 'validation.formError', {}, [{ path: `body/${path}`, key }])
}

/**
 * The form's fields, checked with the contract: 400 with every field's error under `body/…`, as
 * the route's own validation names them (JSON and multipart alike).
 */
export function parseContactForm(fields: Record<string, unknown>): ContactForm {
  const parsed = ContactFormSchema.safeParse(fields)
  if (parsed.success) return parsed.data
  const details = parsed.error.issues.map((issue) => {
    const { params } = issue as { params?: Record<string, string> }
    return {
      path: `body/${issue.path.map(String).join('/')}`,
      key: /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/.test(issue.message)
        ? issue.message
        : 'validation.formError',
      ...(params ? { params } : {}),
    }
  })
  throw new AppError(400, 'VALIDATION_ERROR', 'validation.formError', {}, details)
}

/**
 * Takes a contact-form message: the visitor's captcha is checked (and used up) first, then the
 * topic (active), the order number (a signed-in customer's own order; for a visitor its format
 * only, checked by the schema), then the attachments through the DAM's checks (kind from the
 * bytes, polyglots, pixels; pictures re-encoded without metadata). Only then are the files
 * written to the asset store (`contact/<uuid>.<ext>`, outside the asset tree) and the message,
 * its attachments and the mail to the topic's address committed in one transaction; if that
 * fails, the files are deleted again. A refused form stores nothing.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  request: ContactRequest,
  input: ContactForm,
  received: readonly ReceivedAttachment[] = [],
): Promise<{ sent: true; id: number }> {
  const db = deps.mail.db
  const { viewer } = request
  if (!isSignedIn(viewer)) {
    const solved =
      input.captchaCode !== '' && (await deps.verifyCaptcha(db, input.captchaId, input.captchaCode))
    if (!solved) {
      throw fieldError(
        'CAPTCHA_WRONG',
        input.captchaCode === '' ? 'validation.captchaRequired' : 'account.captchaWrong',
        'captchaCode',
      )
    }
  }
  const topic = await findActiveTopic(db, input.topicId)
  if (!topic) throw fieldError('CONTACT_TOPIC_UNKNOWN', 'contact.topicRequired', 'topicId')
  let orderNumber: string | null = input.orderNumber === '' ? null : input.orderNumber
  if (orderNumber !== null && viewer.customerId !== null) {
    const [own] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.number, orderNumber), eq(orders.customerId, viewer.customerId)))
      .limit(1)
    if (!own) throw fieldError('ORDER_NOT_YOURS', 'contact.orderNumberNotYours', 'orderNumber')
    orderNumber = orderNumber.trim()
  }

  const prepared: { prepared: PreparedAssetFile; filename: string }[] = []
  for (const attachment of received) {
    const file = await prepareAssetFile(attachment.file, attachment.filename, {
      maxBytes: CONTACT_ATTACHMENT_MAX_BYTES,
    })
    if (!isAllowedAttachment(file)) throw attachmentType()
    prepared.push({ prepared: file, filename: attachment.filename })
  }

  const stored: string[] = []
  try {
    const rows: (typeof contactMessageAttachments.$inferInsert & { messageId?: number })[] = []
    for (const [position, { prepared: file, filename }] of prepared.entries()) {
      const storageKey = `contact/${randomUUID()}.${file.extension}`
      if ('buffer' in file.body)
        await deps.assetStore.put(storageKey, file.body.buffer, file.mimeType)
      else await deps.assetStore.putFile(storageKey, file.body.file, file.mimeType)
      stored.push(storageKey)
      rows.push({
        messageId: 0,
        position,
        filename: safeFilename(filename, file.extension),
        mimeType: file.mimeType,
        size: file.size,
        storageKey,
      })
    }
    const page = input.documentId === undefined ? '' : await pagePathOf(db, input.documentId)
    const id = await db.transaction(async (tx) => {
      const [message] = await tx
        .insert(contactMessages)
        .values({
          topicId: topic.id,
          customerId: viewer.customerId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          orderNumber,
          message: input.message,
          locale: input.locale,
          documentId: input.documentId ?? null,
        })
        .returning({ id: contactMessages.id })
      const messageId = message!.id
      if (rows.length > 0) {
        await tx
          .insert(contactMessageAttachments)
          .values(rows.map((row) => ({ ...row, messageId })))
      }
      await sendShopMailTo(
        { ...deps.mail, db: tx },
        'contact-form',
        {
          locale: input.locale,
          // The topic's own address wins over the e-mail document's and the shop's.
          topicEmail: topic.email,
          shopEmail: deps.shopEmail,
          values: {
            name: input.name,
            email: input.email,
            message: input.message,
            page,
            topic: topicTitle(topic, input.locale),
            phone: input.phone,
            orderNumber: orderNumber ?? '',
            attachments: rows.map((row) => row.filename).join(', '),
          },
        },
        { requestId: request.requestId, log: request.log },
      )
      return messageId
    })
    return { sent: true, id }
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.assetStore.delete(key)))
    throw error
  }
}

/** The name shown in the back office: printable, at most 120 characters, the stored extension. */
export function safeFilename(filename: string, extension: string): string {
  const base = filename
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex -- control characters never belong in a name
    .replace(/[\u0000-\u001f\u007f"<>]/g, '_')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 120)
  return `${base || 'file'}.${extension}`
}

/** The published page the form was sent from; '' when unknown. */
async function pagePathOf(db: Db, documentId: number): Promise<string> {
  const [row] = await db
    .select({ path: documents.path, key: documents.key })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.published, true)))
  return row ? row.path + row.key : ''
}
