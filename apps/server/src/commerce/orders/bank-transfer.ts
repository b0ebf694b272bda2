import type { PlacedOrder } from '@optika/domain/commerce/checkout-api'
import type { Currency } from '@optika/domain/commerce/currencies'
import { epcPayload, spaydPayload, variableSymbolOf } from '@optika/domain/commerce/payment-qr'
import { SHOP_BANK_ACCOUNTS } from '@optika/domain/commerce/shop-bank-accounts'

type BankTransfer = NonNullable<PlacedOrder['bankTransfer']>

export interface OrderToPay {
  readonly number: string
  readonly currency: Currency
  readonly totalGross: number
}

/** The QR code as a self-contained SVG document (medium error correction, the quiet zone the specs ask for). */
export async function qrSvg(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}

/** The same QR code as a PNG data URL, for mail clients that do not draw inline SVG. */
export async function qrPngDataUrl(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: 240 })
}

/**
 * The bank details and what the payment QR code says, without drawing it: SPAYD for CZK, EPC
 * for EUR, none for other currencies or a free order (the formats refuse a zero amount).
 */
export function bankTransferPayload(order: OrderToPay): {
  readonly details: Omit<BankTransfer, 'qr'>
  readonly qr: { readonly format: 'spayd' | 'epc'; readonly payload: string } | null
} {
  const account = SHOP_BANK_ACCOUNTS[order.currency]
  const variableSymbol = variableSymbolOf(order.number)
  const details = {
    accountName: account.accountName,
    iban: account.iban,
    bic: account.bic,
    variableSymbol,
    amount: order.totalGross,
  }
  if (order.totalGross <= 0) return { details, qr: null }
  const input = {
    ...account,
    amount: order.totalGross,
    variableSymbol,
    message: `Optika ${order.number}`,
  }
  if (order.currency === 'CZK')
    return { details, qr: { format: 'spayd', payload: spaydPayload(input) } }
  if (order.currency === 'EUR')
    return { details, qr: { format: 'epc', payload: epcPayload(input) } }
  return { details, qr: null }
}

/**
 * Bank details for paying an order by transfer, with its payment QR code (SPAYD for CZK, EPC
 * for EUR; other currencies get the details without a code). The variable symbol is the order
 * number's digits.
 */
export async function bankTransferDetails(order: OrderToPay): Promise<PlacedOrder['bankTransfer']> {
  const { details, qr } = bankTransferPayload(order)
  return { ...details, qr: qr ? { ...qr, svg: await qrSvg(qr.payload) } : null }
}
