/**
 * Stock availability states of a sellable item (seed section 4). The first five describe
 * supply; `orderability` answers the add-to-cart question.
 */
export const AVAILABILITY_STATES = [
  'inStock',
  'lowStock',
  'outOfStock',
  'noFurtherDeliveries',
  'endOfProduction',
] as const
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number]

export const ORDERABILITY = ['available', 'outOfStock', 'cannotBeOrdered'] as const
export type Orderability = (typeof ORDERABILITY)[number]

/** Whether an item in a given state can be put in the cart. */
export function orderabilityOf(state: AvailabilityState, quantityOnHand: number): Orderability {
  switch (state) {
    case 'inStock':
    case 'lowStock':
      return quantityOnHand > 0 ? 'available' : 'outOfStock'
    case 'outOfStock':
      return 'outOfStock'
    case 'noFurtherDeliveries':
      return quantityOnHand > 0 ? 'available' : 'cannotBeOrdered'
    case 'endOfProduction':
      return 'cannotBeOrdered'
  }
}
