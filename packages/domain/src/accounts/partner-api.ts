import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'
import { CURRENCIES } from '../commerce/currencies.ts'

/**
 * The approved partner's area (issue 7): price list downloads, promotion material, complaints.
 * Every route answers 401 (`auth.notLoggedIn`) without a customer session and 403 with the reason
 * for everybody but approved partners: `partner.notPartner` (a retail customer),
 * `partner.awaitingApproval` (pending), `partner.rejected`. An id that is not the partner's → 404.
 *
 * Paths:
 * - GET  /api/partner/price-lists                          → { priceLists: PartnerPriceList[] }
 * - GET  /api/partner/price-lists/{id}.{xlsx|csv|pdf}      → the file (attachment)
 * - GET  /api/partner/promotion-material                   → { materials: PromoMaterial[] }
 * - GET  /api/partner/promotion-material/{id}/download     → the file (attachment); `?file={assetId}`
 *                                                            picks one of several, default the first
 * - GET  /api/partner/complaints                           → { complaints: ComplaintSummary[] }
 * - POST /api/partner/complaints                           ComplaintInput → ComplaintDetail (201)
 * - GET  /api/partner/complaints/{id}                      → ComplaintDetail
 * - POST /api/partner/complaints/{id}/messages             ComplaintMessageInput → ComplaintDetail (201)
 * - POST /api/partner/complaints/{id}/photos               multipart field `file` (JPEG/PNG/WebP,
 *                                                            ≤ 10 MB) → ComplaintDetail (201)
 * - GET  /api/partner/complaints/{id}/photos/{photoId}     → the image
 */

export const PRICE_LIST_FORMATS = ['xlsx', 'csv', 'pdf'] as const
export type PriceListFormat = (typeof PRICE_LIST_FORMATS)[number]

export const PartnerPriceListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.enum(CURRENCIES),
  /** Products with a price in this list. */
  itemCount: z.number().int(),
  /** Download URLs by format. */
  downloads: z.object({ xlsx: z.string(), csv: z.string(), pdf: z.string() }),
})
export type PartnerPriceList = z.infer<typeof PartnerPriceListSchema>

export const PartnerPriceListsSchema = z.object({ priceLists: z.array(PartnerPriceListSchema) })

export const PromoFileSchema = z.object({
  assetId: z.number().int(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int().nullable(),
  mimeType: z.string().nullable(),
  url: z.string(),
})
export type PromoFile = z.infer<typeof PromoFileSchema>

export const PromoMaterialSchema = z.object({
  id: z.number().int(),
  /** In the request's language (fallback English, then Czech). */
  title: z.string(),
  /** Sanitized HTML from the back office's rich text editor. */
  description: z.string(),
  /** The first file's name and size (what the list shows), null without files. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** GET …/{id}/download (the first file). */
  downloadUrl: z.string().nullable(),
  files: z.array(PromoFileSchema),
})
export type PromoMaterial = z.infer<typeof PromoMaterialSchema>

export const PromoMaterialListSchema = z.object({ materials: z.array(PromoMaterialSchema) })

// ── Complaints ──────────────────────────────────────────────────────────────────────────────

export const COMPLAINT_STATES = ['open', 'accepted', 'rejected', 'resolved'] as const
export type ComplaintState = (typeof COMPLAINT_STATES)[number]

export const COMPLAINT_REASON_MAX = 2000
export const COMPLAINT_MESSAGE_MAX = 5000
/** Photo uploads: accepted formats and size (bytes). */
export const COMPLAINT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const COMPLAINT_PHOTO_MAX_BYTES = 10 * 1024 * 1024

/** POST /api/partner/complaints. quantity: 1 … ordered minus already complained. */
export const ComplaintInputSchema = z.object({
  orderItemId: BigIdSchema,
  quantity: z.number().int('validation.required').min(1, 'validation.required'),
  reason: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(COMPLAINT_REASON_MAX, 'validation.required'),
})
export type ComplaintInput = z.infer<typeof ComplaintInputSchema>

export const ComplaintMessageInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(COMPLAINT_MESSAGE_MAX, 'validation.required'),
})
export type ComplaintMessageInput = z.infer<typeof ComplaintMessageInputSchema>

export const ComplaintSummarySchema = z.object({
  id: z.number().int(),
  state: z.enum(COMPLAINT_STATES),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderItemId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ComplaintSummary = z.infer<typeof ComplaintSummarySchema>

export const ComplaintListSchema = z.object({ complaints: z.array(ComplaintSummarySchema) })

export const ComplaintMessageSchema = z.object({
  id: z.number().int(),
  /** 'customer' = the partner, 'staff' = the shop. */
  author: z.enum(['customer', 'staff']),
  text: z.string(),
  createdAt: z.string(),
})
export type ComplaintMessage = z.infer<typeof ComplaintMessageSchema>

export const ComplaintPhotoSchema = z.object({
  id: z.number().int(),
  mimeType: z.string(),
  createdAt: z.string(),
  /** GET /api/partner/complaints/{id}/photos/{photoId}. */
  url: z.string(),
})
export type ComplaintPhoto = z.infer<typeof ComplaintPhotoSchema>

export const ComplaintDetailSchema = ComplaintSummarySchema.extend({
  messages: z.array(ComplaintMessageSchema),
  photos: z.array(ComplaintPhotoSchema),
})
export type ComplaintDetail = z.infer<typeof ComplaintDetailSchema>
