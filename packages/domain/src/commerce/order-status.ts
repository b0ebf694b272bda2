/**
 * Order states and the only moves between them (an explicit state machine; the back office
 * offers exactly `nextStatuses`, the server refuses anything else with 409).
 *
 * new → confirmed → processing → (partiallyShipped →) shipped → delivered; new, confirmed,
 * processing and partiallyShipped can be cancelled (stock not yet shipped goes back).
 */
export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'processing',
  'partiallyShipped',
  'shipped',
  'delivered',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['partiallyShipped', 'shipped', 'cancelled'],
  partiallyShipped: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/** The statuses an order in `status` may move to. */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return NEXT[status]
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to)
}

/**
 * The translation key a status is shown with: `orderStatus.{code}`, or the seed's 'Unknown
 * status' for a value this code does not know (an old export, a hand edit).
 */
export function orderStatusKey(status: string): string {
  return isOrderStatus(status) ? `orderStatus.${status}` : 'order.unknownStatus'
}
