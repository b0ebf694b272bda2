import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import { orderCurrency } from './order-format.ts'
import { formatMoney } from '@optika/domain/commerce/money'
import { dateTimeFormat } from '@optika/domain/i18n/intl-formats'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import { formatIban } from '@optika/domain/commerce/shop-bank-accounts'
import { generateUrl } from '@optika/domain/routing/routes'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import type { MailSampleRegistry } from '../../cms/mails/mail-samples.ts'
import type { Env } from '../../platform/env.ts'
import {
  mailImage,
  mailTable,
  type MailValues,
  type TrustedMailBlock,
} from '../../cms/mails/render-email-document.ts'
import { sendDocumentMail, type DocumentMailDeps } from '../../cms/mails/send-document-mail.ts'
import { bankTransferPayload, qrPngDataUrl } from './bank-transfer.ts'
import { dueDateOf, loadOrderRecord, orderAddress, type OrderRecord } from './order-record.ts'

export interface OrderMailDeps extends DocumentMailDeps {
  readonly env: Env
}

/** Where new-order mails to the shop go: SHOP_EMAIL, else shop@ the shop's own domain. */
export function shopMailAddress(env: Env): string {
  return env.SHOP_EMAIL ?? `shop@${new URL(env.PUBLIC_URL).hostname}`
}

type Translate = (key: string, params?: Record<string, string | number>) => string

/** The order a mail is about, its language and a translator into it; null when there is none. */
async function loadMailOrder(
  deps: OrderMailDeps,
  orderId: number,
): Promise<{
  record: OrderRecord
  order: OrderRecord['order']
  locale: Locale
  t: Translate
} | null> {
  const record = await loadOrderRecord(deps.db, { id: orderId })
  if (!record) return null
  const { order } = record
  const locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE
  const t: Translate = (key, params) => deps.translator.t(locale, key, params)
  return { record, order, locale, t }
}

function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  )
}

function addressLines(value: unknown): string {
  const a = orderAddress(value)
  return [a.company, a.name, a.street, [a.postcode, a.city].filter(Boolean).join(' '), a.country]
    .filter((part) => part !== undefined && part !== '')
    .join(', ')
}

/** The order's items and its sums (shipping, fee, discount, totals) as two tables. */
function orderTables(
  record: OrderRecord,
  locale: Locale,
  t: Translate,
): { items: TrustedMailBlock; totals: TrustedMailBlock } {
  const { order } = record
  const currency = orderCurrency(order.currency)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  const items = mailTable(
    record.items.map((item) => [
      `${item.name} (${item.code})`,
      String(item.quantity),
      `${money(item.unitPriceGross)} / ${money(item.unitPriceNet)} ${t('price.exclVat')}`,
      money(item.unitPriceGross * item.quantity),
    ]),
    [t('order.items'), t('order.quantity'), t('order.unitPrice'), t('order.priceWithVat')],
  )
  const rows: string[][] = []
  if (order.discountGross > 0) {
    const label = order.couponCode
      ? `${t('checkoutFlow.mail.discount')} (${t('order.coupon')} ${order.couponCode})`
      : t('checkoutFlow.mail.discount')
    rows.push([label, `−${money(order.discountGross)}`])
  }
  rows.push([`${t('order.deliveryPrice')}: ${order.shippingName}`, money(order.shippingGross)])
  rows.push([`${t('order.paymentFee')}: ${order.paymentName}`, money(order.paymentFeeGross)])
  rows.push([t('order.priceWithoutVat'), money(order.totalNet)])
  rows.push([t('order.finalPrice'), money(order.totalGross)])
  return { items, totals: mailTable(rows) }
}

function orderLinkOf(deps: OrderMailDeps, order: OrderRecord['order'], locale: Locale): string {
  // Only a customer's order has a page in the account.
  if (order.customerId === null) return ''
  return new URL(generateUrl('accountOrder', { locale, id: order.id }), deps.env.PUBLIC_URL).href
}

/** The placeholders of the order confirmation (`order-confirmation`) for one order. */
export async function orderConfirmationValues(
  deps: OrderMailDeps,
  record: OrderRecord,
  locale: Locale,
): Promise<MailValues> {
  const { order } = record
  const t: Translate = (key, params) => deps.translator.t(locale, key, params)
  const currency = orderCurrency(order.currency)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  let bankDetails: TrustedMailBlock | null = null
  let qrCode: TrustedMailBlock | null = null
  let invoiceDueDate = ''
  let cashOnDeliveryAmount = ''
  if (order.paymentKind === 'bankTransfer') {
    // The mail draws the code as PNG only (the SVG of the finished page is not needed here).
    const { details: bank, qr } = bankTransferPayload({
      number: order.number,
      currency,
      totalGross: order.totalGross,
    })
    bankDetails = mailTable([
      [t('checkoutFlow.bank.accountName'), bank.accountName],
      [t('checkoutFlow.bank.iban'), formatIban(bank.iban)],
      [t('checkoutFlow.bank.bic'), bank.bic],
      [t('checkoutFlow.bank.variableSymbol'), bank.variableSymbol],
      [t('checkoutFlow.bank.amount'), money(bank.amount)],
    ])
    if (qr) qrCode = mailImage(await qrPngDataUrl(qr.payload), t('checkoutFlow.bank.qrAlt'))
  } else if (order.paymentKind === 'invoice') {
    const due = dueDateOf(order)
    if (due) invoiceDueDate = formatDate(due, locale)
  } else if (order.paymentKind === 'cashOnDelivery') {
    cashOnDeliveryAmount = money(order.totalGross)
  }
  return {
    name: order.name || order.email,
    orderNumber: order.number,
    total: money(order.totalGross),
    ...orderTables(record, locale, t),
    bankDetails,
    qrCode,
    invoiceDueDate,
    cashOnDeliveryAmount,
    deliveryAddress: addressLines(order.deliveryAddress),
    deliveryDaysMin: record.deliveryDays?.min ?? '',
    deliveryDaysMax: record.deliveryDays?.max ?? '',
    comment: order.comment ?? '',
    orderLink: orderLinkOf(deps, order, locale),
  }
}

/** The placeholders of the new-order mail to the shop (`order-to-shop`), in the shop's language. */
export function orderToShopValues(
  deps: OrderMailDeps,
  record: OrderRecord,
  locale: Locale,
): MailValues {
  const { order } = record
  const t: Translate = (key, params) => deps.translator.t(locale, key, params)
  return {
    orderNumber: order.number,
    name: order.name,
    email: order.email,
    phone: order.phone,
    total: formatMoney(
      { amount: order.totalGross, currency: orderCurrency(order.currency) },
      locale,
    ),
    ...orderTables(record, locale, t),
    billingAddress: addressLines(order.billingAddress),
    deliveryAddress: addressLines(order.deliveryAddress),
    comment: order.comment ?? '',
  }
}

/** The placeholders of the status mail (`order-status`). */
export function orderStatusValues(
  deps: OrderMailDeps,
  record: OrderRecord,
  locale: Locale,
): MailValues {
  const { order } = record
  return {
    name: order.name || order.email,
    orderNumber: order.number,
    status: deps.translator.t(locale, orderStatusKey(order.status)),
    orderLink: orderLinkOf(deps, order, locale),
  }
}

/** The order confirmation to the buyer (in the order's language) and the new-order mail to the shop. */
export async function sendOrderConfirmation(deps: OrderMailDeps, orderId: number): Promise<void> {
  const mail = await loadMailOrder(deps, orderId)
  if (!mail) return
  const { record, order, locale } = mail
  // Queued through `deps.db`: placing an order passes its transaction, so order and mails commit together.
  await sendDocumentMail(deps, 'order-confirmation', {
    locale,
    to: order.email,
    values: await orderConfirmationValues(deps, record, locale),
  })
  // The shop reads its mail in the shop's default language.
  await sendDocumentMail(deps, 'order-to-shop', {
    locale: DEFAULT_LOCALE,
    to: shopMailAddress(deps.env),
    values: orderToShopValues(deps, record, DEFAULT_LOCALE),
  })
}

/** The queue that renders an order's confirmation mails after the order is answered. */
export const ORDER_CONFIRMATION_JOB = 'commerce.order-confirmation'

/**
 * Queues the confirmation mails of a new order in the order's transaction (`tx`): the job exists
 * only if the order commits, and the rendering (templates, the payment QR code) leaves the buyer's
 * request (issue 22).
 */
export function queueOrderConfirmation(jobs: JobQueue, tx: Db, orderId: number): Promise<string> {
  return jobs.send(ORDER_CONFIRMATION_JOB, { orderId }, { db: tx })
}

/**
 * The job behind `queueOrderConfirmation`: in one transaction it marks the order as mailed and
 * queues both mails, so a retried or repeated job never mails twice and a failed one mails nothing.
 */
export function defineOrderConfirmationJob(jobs: JobQueue, deps: OrderMailDeps): void {
  jobs.define<{ orderId: number }>({
    name: ORDER_CONFIRMATION_JOB,
    retries: 5,
    concurrency: 2,
    async run(job) {
      // The kept documents are read before the transaction (see `DocumentMailDeps`).
      const documents = await deps.emailDocuments?.()
      const emailDocuments = documents && (() => Promise.resolve(documents))
      await deps.db.transaction(async (tx) => {
        const [unmailed] = await tx
          .update(orders)
          .set({ confirmationMailedAt: new Date() })
          .where(and(eq(orders.id, job.data.orderId), isNull(orders.confirmationMailedAt)))
          .returning({ id: orders.id })
        if (unmailed) await sendOrderConfirmation({ ...deps, db: tx, emailDocuments }, unmailed.id)
      })
    },
  })
}

/** 'The status was updated' to the buyer, in the order's language, after a status change. */
export async function sendOrderStatusMail(deps: OrderMailDeps, orderId: number): Promise<void> {
  const mail = await loadMailOrder(deps, orderId)
  if (!mail) return
  const { record, order, locale } = mail
  await sendDocumentMail(deps, 'order-status', {
    locale,
    to: order.email,
    values: orderStatusValues(deps, record, locale),
  })
}

/** Previews of the order mails use the newest order (cms may not read orders itself). */
export function registerOrderMailSamples(registry: MailSampleRegistry, deps: OrderMailDeps): void {
  registry.register(
    ['order-confirmation', 'order-to-shop', 'order-status'],
    async ({ db, locale }) => {
      const [newest] = await db
        .select({ id: orders.id })
        .from(orders)
        .orderBy(desc(orders.id))
        .limit(1)
      const record = newest ? await loadOrderRecord(db, { id: newest.id }) : null
      if (!record) return null
      return loadSampleValues({ ...deps, db }, record, locale)
    },
  )
}

// One set of values serves the three kinds (each uses its own), in the previewed document's language.
async function loadSampleValues(
  deps: OrderMailDeps,
  record: OrderRecord,
  locale: Locale,
): Promise<MailValues> {
  return {
    ...orderToShopValues(deps, record, locale),
    ...orderStatusValues(deps, record, locale),
    ...(await orderConfirmationValues(deps, record, locale)),
  }
}
