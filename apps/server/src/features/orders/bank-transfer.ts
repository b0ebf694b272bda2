import type { PlacedOrder } from '@optika/domain/commerce/checkout-api'
import type { Currency } from '@optika/domain/commerce/currencies'

/**
 * Bank details for paying an order by transfer, with its payment QR code (SPAYD for CZK, EPC
 * for EUR; other currencies get the details without a code). The variable symbol is the order
 * number's digits.
 */
export async function bankTransferDetails(_order: {
  readonly number: string
  readonly currency: Currency
  readonly totalGross: number
}): Promise<PlacedOrder['bankTransfer']> {
  return null
}
