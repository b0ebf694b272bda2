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
