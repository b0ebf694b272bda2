import type { PDFPage } from 'pdf-lib'
import type { Locale } from '@optika/i18n/locales'
import { INTL_LOCALE } from '@optika/i18n/locales'
import { formatMoney } from '@optika/domain/commerce/money'
import { variableSymbolOf } from '@optika/domain/commerce/payment-qr'
import {
  formatIban,
  SHOP_BANK_ACCOUNTS,
  SHOP_SELLER,
} from '@optika/domain/commerce/shop-bank-accounts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { orderCurrency } from './order-format.ts'
import { dueDateOf, orderAddress, type OrderRecord } from './order-record.ts'
import { createPdf, fit } from '../../platform/pdf/pdf-text.ts'

const formatDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso),
  )

/**
 * The invoice of a partner's invoice order as a PDF (A4, one page per 40 lines): seller, buyer,
 * number and dates (issued and taxable on the order date, due after the partner's maturity),
 * items, shipping and payment fee, discount, the VAT breakdown, the total and how to pay.
 * The invoice number is the order number: the shop invoices each order once.
 */
export async function renderInvoicePdf(
  record: OrderRecord,
  translator: Translator,
  locale: Locale,
): Promise<Buffer> {
  const { order } = record
  const t = (key: string, params?: Record<string, string | number>) =>
    translator.t(locale, key, params)
  const currency = orderCurrency(order.currency)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  const title = t('checkoutFlow.invoice.title', { number: order.number })

  const { pdf, font, rgb } = await createPdf(title)
  const [pageWidth, pageHeight] = [595.28, 841.89]
  const margin = 40
  const size = 9
  const line = 13
  let page: PDFPage = pdf.addPage([pageWidth, pageHeight])
  let y = pageHeight - margin

  const text = (
    value: string,
    x: number,
    options: { size?: number; width?: number; right?: boolean } = {},
  ) => {
    const s = options.size ?? size
    // Left-aligned text may run to the right margin, right-aligned text back to the left one.
    const room = options.right ? x - margin : pageWidth - margin - x
    const shown = fit(value, font, s, options.width ?? room)
    const drawX = options.right ? x - font.widthOfTextAtSize(shown, s) : x
    page.drawText(shown, { x: drawX, y, size: s, font, color: rgb(0.1, 0.1, 0.1) })
  }
  const ensureRoom = (lines: number) => {
    if (y - lines * line < margin) {
      page = pdf.addPage([pageWidth, pageHeight])
      y = pageHeight - margin
    }
  }
  const rule = () => {
    page.drawLine({
      start: { x: margin, y: y + line - 3 },
      end: { x: pageWidth - margin, y: y + line - 3 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    })
  }

  text(title, margin, { size: 15 })
  y -= 28

  // Seller and buyer side by side.
  const billing = orderAddress(order.billingAddress)
  const seller = [
    SHOP_SELLER.name,
    SHOP_SELLER.street,
    `${SHOP_SELLER.postcode} ${SHOP_SELLER.city}`,
    t(`country.${SHOP_SELLER.country}`),
    `${t('customer.tin')}: ${SHOP_SELLER.tin}`,
    `${t('customer.vatId')}: ${SHOP_SELLER.vatId}`,
  ]
  const buyer = [
    billing.company,
    billing.name ?? order.name,
    billing.street,
    [billing.postcode, billing.city].filter(Boolean).join(' '),
    billing.country ? t(`country.${billing.country}`) : undefined,
    billing.tin ? `${t('customer.tin')}: ${billing.tin}` : undefined,
    billing.vatId ? `${t('customer.vatId')}: ${billing.vatId}` : undefined,
    order.clientNumber ? `${t('customer.clientNumber')}: ${order.clientNumber}` : undefined,
  ].filter((v): v is string => v !== undefined && v !== '')
  const half = (pageWidth - 2 * margin) / 2
  text(t('checkoutFlow.invoice.seller'), margin)
  text(t('checkoutFlow.invoice.buyer'), margin + half)
  y -= line + 2
  for (let i = 0; i < Math.max(seller.length, buyer.length); i += 1) {
    if (seller[i]) text(seller[i]!, margin, { width: half - 10 })
    if (buyer[i]) text(buyer[i]!, margin + half, { width: half - 10 })
    y -= line
  }
  y -= line

  // Numbers and dates, then how to pay.
  const account = SHOP_BANK_ACCOUNTS[currency]
  const due = dueDateOf(order)
  const facts: [string, string][] = [
    [t('order.number'), order.number],
    [t('checkoutFlow.invoice.issueDate'), formatDate(order.createdAt.toISOString(), locale)],
    [t('checkoutFlow.invoice.taxDate'), formatDate(order.createdAt.toISOString(), locale)],
    [t('checkoutFlow.invoice.dueDate'), due ? formatDate(due, locale) : ''],
    [t('checkoutFlow.mail.payment'), order.paymentName],
    [t('checkoutFlow.invoice.bankAccount'), `${formatIban(account.iban)}, BIC ${account.bic}`],
    [t('checkoutFlow.bank.variableSymbol'), variableSymbolOf(order.number)],
    [t('order.originalCurrency'), currency],
  ]
  for (const [label, value] of facts) {
    text(label, margin, { width: 200 })
    text(value, margin + 205)
    y -= line
  }
  y -= line

  // Items: code, name, quantity, unit price without VAT, total without and with VAT (one VAT
  // rate per order, stated in the breakdown below). Numbers are right-aligned at `right`.
  const small = 8
  const cols = {
    code: { x: margin, width: 60 },
    name: { x: margin + 64, width: 156 },
    qty: { right: margin + 260, width: 40 },
    unit: { right: margin + 345, width: 80 },
    net: { right: margin + 430, width: 80 },
    gross: { right: pageWidth - margin, width: 80 },
  }
  const row = (cells: {
    code: string
    name: string
    qty: string
    unit: string
    net: string
    gross: string
  }) => {
    ensureRoom(1)
    text(cells.code, cols.code.x, { size: small, width: cols.code.width })
    text(cells.name, cols.name.x, { size: small, width: cols.name.width })
    for (const key of ['qty', 'unit', 'net', 'gross'] as const) {
      text(cells[key], cols[key].right, { size: small, width: cols[key].width, right: true })
    }
    y -= line
  }
  row({
    code: t('product.code'),
    name: t('order.items'),
    qty: t('order.quantity'),
    unit: t('order.unitPrice'),
    net: t('order.priceWithoutVat'),
    gross: t('order.priceWithVat'),
  })
  rule()
  for (const item of record.items) {
    row({
      code: item.code,
      name: item.name,
      qty: String(item.quantity),
      unit: money(item.unitPriceNet),
      net: money(item.unitPriceNet * item.quantity),
      gross: money(item.unitPriceGross * item.quantity),
    })
  }
  if (order.discountNet > 0) {
    row({
      code: '',
      name: order.couponCode
        ? `${t('checkoutFlow.mail.discount')} (${order.couponCode})`
        : t('checkoutFlow.mail.discount'),
      qty: '',
      unit: '',
      net: money(-order.discountNet),
      gross: money(-order.discountGross),
    })
  }
  row({
    code: '',
    name: `${t('order.deliveryPrice')}: ${order.shippingName}`,
    qty: '1',
    unit: money(order.shippingNet),
    net: money(order.shippingNet),
    gross: money(order.shippingGross),
  })
  if (order.paymentFeeNet > 0) {
    row({
      code: '',
      name: `${t('order.paymentFee')}: ${order.paymentName}`,
      qty: '1',
      unit: money(order.paymentFeeNet),
      net: money(order.paymentFeeNet),
      gross: money(order.paymentFeeGross),
    })
  }
  y -= line

  // VAT breakdown (one rate per order: the country's standard rate, or none for partners).
  ensureRoom(5)
  const vat = `${order.vatPercent} %`
  text(t('checkoutFlow.invoice.vatRate'), cols.name.x)
  text(t('checkoutFlow.invoice.vatBase'), cols.net.right, { right: true })
  text(t('checkoutFlow.invoice.vatAmount'), cols.gross.right, { right: true })
  y -= line
  rule()
  text(vat, cols.name.x)
  text(money(order.totalNet), cols.net.right, { right: true })
  text(money(order.totalGross - order.totalNet), cols.gross.right, { right: true })
  y -= line * 2
  text(t('checkoutFlow.invoice.totalToPay'), cols.name.x, { size: 12 })
  text(money(order.totalGross), cols.gross.right, { size: 12, right: true })
  y -= line * 2
  if (order.vatPercent === 0) {
    text(t('checkoutFlow.invoice.reverseCharge'), margin)
    y -= line
  }
  text(t('shipping.forwardingFromGermany'), margin)
  return Buffer.from(await pdf.save())
}
