import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import { orderCurrency } from './order-format.ts'
import { formatMoney } from '@optika/domain/commerce/money'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import { formatIban } from '@optika/domain/commerce/shop-bank-accounts'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Db } from '../../platform/db/client.ts'
import type { Env } from '../../platform/env.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer, MailMessage } from '../../platform/mail/create-mailer.ts'
import { bankTransferPayload, qrPngDataUrl } from './bank-transfer.ts'
import { dueDateOf, loadOrderRecord, orderAddress, type OrderRecord } from './order-record.ts'

export interface OrderMailDeps {
  readonly db: Db
  readonly env: Env
  readonly translator: Translator
  readonly mailer: Mailer
}

/** Where new-order mails to the shop go: SHOP_EMAIL, else shop@ the shop's own domain. */
export function shopMailAddress(env: Env): string {
  return env.SHOP_EMAIL ?? `shop@${new URL(env.PUBLIC_URL).hostname}`
}

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** A mail body built once as lines of text and the same content as simple HTML. */
class MailBody {
  private readonly text: string[] = []
  private readonly html: string[] = []

  paragraph(line: string): this {
    this.text.push(line, '')
    this.html.push(`<p>${escapeHtml(line)}</p>`)
    return this
  }

  table(rows: readonly (readonly string[])[], heading?: readonly string[]): this {
    if (heading) this.text.push(heading.join(' | '))
    for (const row of rows) this.text.push(row.filter((cell) => cell !== '').join(' | '))
    this.text.push('')
    const head = heading
      ? `<thead><tr>${heading.map((c) => `<th align="left">${escapeHtml(c)}</th>`).join('')}</tr></thead>`
      : ''
    const body = rows
      .map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('')
    this.html.push(
      `<table cellpadding="4" cellspacing="0" border="1">${head}<tbody>${body}</tbody></table>`,
    )
    return this
  }

  image(src: string, alt: string): this {
    this.html.push(
      `<p><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="240" height="240"></p>`,
    )
    return this
  }

  build(to: string, subject: string): MailMessage {
    return {
      to,
      subject,
      text: this.text.join('\n').trimEnd() + '\n',
      html: `<!doctype html><html><body>${this.html.join('\n')}</body></html>`,
    }
  }
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
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`))
}

function addressLines(value: unknown): string {
  const a = orderAddress(value)
  return [a.company, a.name, a.street, [a.postcode, a.city].filter(Boolean).join(' '), a.country]
    .filter((part) => part !== undefined && part !== '')
    .join(', ')
}

/** The order's content for the buyer and the shop: items, shipping, fee, discount, total. */
function orderSummary(body: MailBody, record: OrderRecord, locale: Locale, t: Translate): void {
  const { order } = record
  const currency = orderCurrency(order.currency)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  body.table(
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
  body.table(rows)
}

/** The order confirmation to the buyer (in the order's language) and the new-order mail to the shop. */
export async function sendOrderConfirmation(deps: OrderMailDeps, orderId: number): Promise<void> {
  const mail = await loadMailOrder(deps, orderId)
  if (!mail) return
  const { record, order, locale, t } = mail
  const currency = orderCurrency(order.currency)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)

  const body = new MailBody()
    .paragraph(t('checkoutFlow.mail.greeting', { name: order.name || order.email }))
    .paragraph(t('checkoutFlow.mail.thanks', { number: order.number }))
  orderSummary(body, record, locale, t)

  if (order.paymentKind === 'bankTransfer') {
    // The mail draws the code as PNG only (the SVG of the finished page is not needed here).
    const { details: bank, qr } = bankTransferPayload({
      number: order.number,
      currency,
      totalGross: order.totalGross,
    })
    body.paragraph(t('checkoutFlow.mail.bankTransferIntro')).table([
      [t('checkoutFlow.bank.accountName'), bank.accountName],
      [t('checkoutFlow.bank.iban'), formatIban(bank.iban)],
      [t('checkoutFlow.bank.bic'), bank.bic],
      [t('checkoutFlow.bank.variableSymbol'), bank.variableSymbol],
      [t('checkoutFlow.bank.amount'), money(bank.amount)],
    ])
    if (qr) {
      body.paragraph(t('checkoutFlow.mail.qrHint'))
      body.image(await qrPngDataUrl(qr.payload), t('checkoutFlow.bank.qrAlt'))
    }
  } else if (order.paymentKind === 'invoice') {
    const due = dueDateOf(order)
    if (due) body.paragraph(t('checkoutFlow.mail.invoiceDue', { date: formatDate(due, locale) }))
  } else if (order.paymentKind === 'cashOnDelivery') {
    body.paragraph(t('checkoutFlow.mail.cashOnDelivery', { amount: money(order.totalGross) }))
  }

  body.paragraph(`${t('customer.deliveryAddress')}: ${addressLines(order.deliveryAddress)}`)
  body.paragraph(t('shipping.forwardingFromGermany'))
  if (record.deliveryDays) {
    body.paragraph(t('checkoutFlow.mail.deliveryDays', record.deliveryDays))
  }
  if (order.comment) body.paragraph(`${t('order.comment')}: ${order.comment}`)
  if (order.customerId !== null) {
    const url = new URL(generateUrl('accountOrder', { locale, id: order.id }), deps.env.PUBLIC_URL)
    body.paragraph(t('checkoutFlow.mail.orderLink', { url: url.href }))
  }
  body.paragraph(t('checkoutFlow.mail.signature'))
  // Queued through `deps.db`: placing an order passes its transaction, so order and mails commit together.
  await deps.mailer.send(
    { db: deps.db },
    body.build(order.email, t('checkoutFlow.mail.subject', { number: order.number })),
  )

  // The shop reads its mail in the shop's default language.
  const shopLocale = DEFAULT_LOCALE
  const ts = (key: string, params?: Record<string, string | number>) =>
    deps.translator.t(shopLocale, key, params)
  const shopBody = new MailBody().paragraph(
    ts('checkoutFlow.shopMail.intro', {
      number: order.number,
      name: order.name,
      email: order.email,
      phone: order.phone,
    }),
  )
  orderSummary(shopBody, record, shopLocale, ts)
  shopBody
    .paragraph(`${ts('customer.billingAddress')}: ${addressLines(order.billingAddress)}`)
    .paragraph(`${ts('customer.deliveryAddress')}: ${addressLines(order.deliveryAddress)}`)
  if (order.comment) shopBody.paragraph(`${ts('order.comment')}: ${order.comment}`)
  await deps.mailer.send(
    { db: deps.db },
    shopBody.build(
      shopMailAddress(deps.env),
      ts('checkoutFlow.shopMail.subject', {
        number: order.number,
        total: formatMoney({ amount: order.totalGross, currency }, shopLocale),
      }),
    ),
  )
}

/** 'The status was updated' to the buyer, in the order's language, after a status change. */
export async function sendOrderStatusMail(deps: OrderMailDeps, orderId: number): Promise<void> {
  const mail = await loadMailOrder(deps, orderId)
  if (!mail) return
  const { order, locale, t } = mail
  const status = t(orderStatusKey(order.status))
  const body = new MailBody()
    .paragraph(t('checkoutFlow.mail.greeting', { name: order.name || order.email }))
    .paragraph(t('order.statusUpdated'))
    .paragraph(`${t('order.number')}: ${order.number}`)
    .paragraph(t('checkoutFlow.statusMail.newStatus', { status }))
  if (order.customerId !== null) {
    const url = new URL(generateUrl('accountOrder', { locale, id: order.id }), deps.env.PUBLIC_URL)
    body.paragraph(t('checkoutFlow.mail.orderLink', { url: url.href }))
  }
  body.paragraph(t('checkoutFlow.mail.signature'))
  await deps.mailer.send(
    {},
    body.build(order.email, t('checkoutFlow.statusMail.subject', { number: order.number, status })),
  )
}
