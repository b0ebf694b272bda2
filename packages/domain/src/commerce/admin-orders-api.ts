import { z } from 'zod'
import { BigIdParamsSchema, BigIdSchema } from '../ids.ts'
import { PAYMENT_KINDS } from './checkout-vocabulary.ts'
import { COUNTRIES } from './countries.ts'
import { CURRENCIES } from './currencies.ts'
import { OrderItemCoreSchema } from './order-item.ts'
import { ORDER_STATUSES } from './order-status.ts'

/**
 * The back office's orders API (issue 8); every route needs the `orders` permission key.
 *
 * - GET    /admin/orders                          AdminOrderListQuery → AdminOrderList
 * - GET    /admin/orders/export.csv|export.xlsx   AdminOrderExportQuery → file
 * - GET    /admin/orders/{id}                     → AdminOrderDetail
 * - POST   /admin/orders/{id}/status              OrderStatusInput → AdminOrderDetail (409 when the
 *                                                 state machine does not allow the move)
 * - POST   /admin/orders/{id}/shipments           ShipmentInput → AdminOrderDetail
 * - PUT    /admin/orders/{id}/note                OrderNoteInput → AdminOrderDetail
 * - POST   /admin/orders/{id}/attachments         multipart field `file` (PDF, JPEG, PNG, WebP) → detail
 * - GET    /admin/orders/{id}/attachments/{attachmentId}  → the file
 * - DELETE /admin/orders/{id}/attachments/{attachmentId}  → AdminOrderDetail
 */

export const BUYER_KINDS = ['guest', 'customer', 'partner'] as const
export type BuyerKind = (typeof BUYER_KINDS)[number]

export const ORDER_SORTS = ['createdAt', 'total'] as const
export const ORDER_PAGE_SIZES = [20, 50, 100] as const

/** Largest attachment (the complaint photo limit), and how many one order may carry. */
export const ORDER_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const MAX_ORDER_ATTACHMENTS = 20
export const ORDER_NOTE_MAX_LENGTH = 5000

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))

export const AdminOrderFiltersSchema = z.object({
  /** Order number, e-mail, buyer name or client number (spaces ignored). */
  search: z.string().trim().max(200).optional(),
  status: z.preprocess(emptyToUndefined, z.enum(ORDER_STATUSES).optional()),
  /** Placed on or after this day (UTC), YYYY-MM-DD. */
  from: z.preprocess(emptyToUndefined, isoDate.optional()),
  /** Placed on or before this day (UTC), YYYY-MM-DD. */
  to: z.preprocess(emptyToUndefined, isoDate.optional()),
  country: z.preprocess(emptyToUndefined, z.enum(COUNTRIES).optional()),
  currency: z.preprocess(emptyToUndefined, z.enum(CURRENCIES).optional()),
  paymentKind: z.preprocess(emptyToUndefined, z.enum(PAYMENT_KINDS).optional()),
  buyerKind: z.preprocess(emptyToUndefined, z.enum(BUYER_KINDS).optional()),
  sort: z.enum(ORDER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
})
export type AdminOrderFilters = z.infer<typeof AdminOrderFiltersSchema>

export const AdminOrderListQuerySchema = AdminOrderFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>

export const AdminOrderListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  createdAt: z.string(),
  customerId: z.number().int().nullable(),
  clientNumber: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  buyerKind: z.string(),
  country: z.string(),
  currency: z.string(),
  paymentKind: z.string(),
  totalNet: z.number().int(),
  totalGross: z.number().int(),
})
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>

export const AdminOrderListSchema = z.object({
  items: z.array(AdminOrderListItemSchema),
  total: z.number().int(),
})
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>

export const OrderAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  region: z.string(),
  country: z.string(),
  tin: z.string(),
  vatId: z.string(),
})
export type OrderAddress = z.infer<typeof OrderAddressSchema>

export const AdminOrderItemSchema = OrderItemCoreSchema.extend({
  lineNet: z.number().int(),
  lineGross: z.number().int(),
})
export type AdminOrderItem = z.infer<typeof AdminOrderItemSchema>

export const OrderAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  url: z.string(),
})
export type OrderAttachment = z.infer<typeof OrderAttachmentSchema>

export const OrderStatusHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** The back-office user, or null when the shop itself changed it (placing the order). */
  adminName: z.string().nullable(),
  note: z.string(),
  at: z.string(),
})

export const OrderAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})

export const AdminOrderDetailSchema = AdminOrderListItemSchema.extend({
  updatedAt: z.string(),
  phone: z.string(),
  locale: z.string(),
  vatPercent: z.number().int(),
  billingAddress: OrderAddressSchema,
  deliveryAddress: OrderAddressSchema,
  shippingName: z.string(),
  shippingNet: z.number().int(),
  shippingGross: z.number().int(),
  paymentName: z.string(),
  paymentFeeNet: z.number().int(),
  paymentFeeGross: z.number().int(),
  itemsNet: z.number().int(),
  itemsGross: z.number().int(),
  discountNet: z.number().int(),
  discountGross: z.number().int(),
  catalogSumNet: z.number().int(),
  couponCode: z.string().nullable(),
  comment: z.string(),
  note: z.string(),
  maturityDays: z.number().int().nullable(),
  sparePartsChoice: z.string().nullable(),
  items: z.array(AdminOrderItemSchema),
  attachments: z.array(OrderAttachmentSchema),
  statusHistory: z.array(OrderStatusHistoryEntrySchema),
  audit: z.array(OrderAuditEntrySchema),
  /**
   * The statuses the back office may set directly (the state machine's next statuses; a partial
   * shipment is recorded through /shipments, never set by hand).
   */
  allowedStatuses: z.array(z.enum(ORDER_STATUSES)),
  /** Whether pieces can be recorded as shipped now. */
  canShip: z.boolean(),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

export const OrderIdParamsSchema = BigIdParamsSchema
export const OrderAttachmentParamsSchema = OrderIdParamsSchema.extend({ attachmentId: BigIdSchema })

export const OrderStatusInputSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string().trim().max(1000).default(''),
})
export type OrderStatusInput = z.input<typeof OrderStatusInputSchema>

export const ShipmentInputSchema = z.object({
  items: z
    .array(
      z.object({
        itemId: BigIdSchema,
        quantity: z.number().int().min(1).max(1_000_000),
      }),
    )
    .min(1)
    .max(500),
})
export type ShipmentInput = z.infer<typeof ShipmentInputSchema>

export const OrderNoteInputSchema = z.object({
  note: z.string().max(ORDER_NOTE_MAX_LENGTH),
})
export type OrderNoteInput = z.infer<typeof OrderNoteInputSchema>

/** The translation key a buyer kind is shown with (the seed's role labels; a guest has none). */
export function buyerKindKey(
  kind: string,
): 'role.customer' | 'role.partner' | 'admin.orders.buyerKind.guest' {
  return kind === 'customer' || kind === 'partner' ? `role.${kind}` : 'admin.orders.buyerKind.guest'
}

/** The translation key a payment kind is shown with (the seed's labels where it has one). */
export function paymentKindKey(
  kind: string,
): 'payment.cashOnDelivery' | 'payment.invoice' | 'admin.orders.paymentKind.bankTransfer' {
  if (kind === 'cashOnDelivery') return 'payment.cashOnDelivery'
  if (kind === 'invoice') return 'payment.invoice'
  return 'admin.orders.paymentKind.bankTransfer'
}
