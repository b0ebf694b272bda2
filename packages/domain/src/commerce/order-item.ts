import { z } from 'zod'

/** The fields of an ordered item both the customer's and the back office's order pages show. */
export const OrderItemCoreSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price after discounts, without and with VAT. */
  unitPriceNet: z.number().int(),
  unitPriceGross: z.number().int(),
  /** Catalogue price without VAT (the seed's catalog-price sum adds these up). */
  catalogPriceNet: z.number().int(),
  sparePart: z.boolean(),
  /** Pieces taken from stock when ordered and pieces shipped so far. */
  reservedQuantity: z.number().int(),
  shippedQuantity: z.number().int(),
})
export type OrderItemCore = z.infer<typeof OrderItemCoreSchema>
