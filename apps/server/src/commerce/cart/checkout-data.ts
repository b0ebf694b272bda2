import { z } from 'zod'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { SPARE_PARTS_CHOICES } from '@optika/domain/commerce/checkout-vocabulary'

const loose = z.record(z.string(), z.unknown())

/**
 * What the checkout steps collected, as stored in `carts.checkout` (jsonb). Read leniently: a
 * shape from an older release or a half-filled step is kept as far as it parses.
 */
const StoredCheckoutSchema = z.object({
  country: z.enum(COUNTRIES).optional().catch(undefined),
  shippingMethodId: z.number().int().nullable().optional().catch(null),
  paymentMethodId: z.number().int().nullable().optional().catch(null),
  contact: loose.optional().catch(undefined),
  billing: loose.optional().catch(undefined),
  deliveryDiffers: z.boolean().optional().catch(undefined),
  delivery: loose.nullable().optional().catch(null),
  sparePartsChoice: z.enum(SPARE_PARTS_CHOICES).optional().catch(undefined),
  /** Set when a country change dropped the chosen method; shown until the step is saved again. */
  shippingMethodChanged: z.boolean().optional().catch(undefined),
  /** Unit prices (gross, cart currency) when each product was added: 'price changed' notices. */
  seenPrices: z.record(z.string(), z.number()).optional().catch(undefined),
})
export type StoredCheckout = z.infer<typeof StoredCheckoutSchema>

export function readStoredCheckout(value: unknown): StoredCheckout {
  const parsed = StoredCheckoutSchema.safeParse(value ?? {})
  return parsed.success ? parsed.data : {}
}
