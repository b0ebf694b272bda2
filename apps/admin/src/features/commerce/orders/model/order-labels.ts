import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import { isOrderStatus, type OrderStatus } from '@optika/domain/commerce/order-status'

/**
 * The key a status is shown with: the mapping of the domain's `orderStatusKey`, typed so the
 * admin's `t` checks it (`orderStatusKey` answers a plain string for the server and storefront).
 */
export function orderStatusLabelKey(
  status: string,
): `orderStatus.${OrderStatus}` | 'order.unknownStatus' {
  return isOrderStatus(status) ? `orderStatus.${status}` : 'order.unknownStatus'
}

/** The key a delivery country is shown with; null for a code the shop does not know. */
export function countryLabelKey(code: string): `country.${Country}` | null {
  return (COUNTRIES as readonly string[]).includes(code) ? `country.${code as Country}` : null
}
