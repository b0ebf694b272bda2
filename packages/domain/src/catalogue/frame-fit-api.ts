import { z } from 'zod'

const FrameSizeSchema = z.object({
  lensWidth: z.number(),
  bridgeWidth: z.number(),
  templeLength: z.number(),
})

/** A frame from the customer's orders whose three sizes the shop knows. */
export const BoughtFrameSchema = z.object({
  /** The product (a variant's product), once however often it was bought. */
  productId: z.number().int(),
  /** The name the order recorded, in the language the order was placed in. */
  name: z.string(),
  code: z.string(),
  /** When it was last ordered (ISO 8601). */
  orderedAt: z.string(),
  size: FrameSizeSchema,
})
export type BoughtFrame = z.infer<typeof BoughtFrameSchema>

/** GET /api/account/frame-sizes: the customer's bought frames, most recent first. */
export const BoughtFramesSchema = z.object({ frames: z.array(BoughtFrameSchema) })
export type BoughtFrames = z.infer<typeof BoughtFramesSchema>
