/** Product status badges (seed section 3); the label is the translation of `status.{code}`. */
export const PRODUCT_STATUSES = [
  'new',
  'action',
  'outlet',
  'bestseller',
  'exclusive',
  'originalPrice',
] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/**
 * The statuses the filter panel's clearance checkbox stands for (seed section 2: "a status
 * checkbox for clearance"): goods being sold off, the 'outlet' badge. 'action' is a time-limited
 * special offer and 'originalPrice' a price note, not a clearance (docs/decisions/023).
 */
export const CLEARANCE_STATUSES = ['outlet'] as const satisfies readonly ProductStatus[]
