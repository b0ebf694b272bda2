import { z } from 'zod'
import { IdParamsSchema, IdSchema } from '../ids.ts'
import { COUNTRIES } from '../commerce/countries.ts'
import { CURRENCIES } from '../commerce/currencies.ts'

/**
 * The back office's customer and partner API (issue 7). Customers and complaints need the
 * `customers` key, partner lists and approval need `partners`.
 *
 * - GET  /admin/customers/list                 CustomerListQuery → CustomerList
 * - GET  /admin/customers/export               CustomerListQuery & { format: csv|xlsx } → file
 * - GET  /admin/customers/{id}                 → CustomerDetail
 * - POST /admin/customers/{id}/send-password-reset  → { sent: true }
 * - POST /admin/customers/{id}/impersonate     → { url } (sets the storefront session cookie)
 * - GET  /admin/partners/list                  CustomerListQuery (partners only) → CustomerList
 * - GET  /admin/partners/queue                 → pending partners, oldest first
 * - GET  /admin/partners/price-lists           → PriceListOption[] (published PriceList objects)
 * - POST /admin/partners/{id}/approve          ApprovePartnerInput → CustomerListItem
 * - POST /admin/partners/{id}/reject           RejectPartnerInput → CustomerListItem
 * - GET  /admin/complaints/list                ComplaintListQuery → ComplaintList
 * - GET  /admin/complaints/{id}                → ComplaintDetail
 * - GET  /admin/complaints/{id}/photos/{photoId} → the picture
 * - POST /admin/complaints/{id}/state          { state } → ComplaintDetail
 * - POST /admin/complaints/{id}/messages       { text } → ComplaintDetail
 */

export const CUSTOMER_KINDS = ['customer', 'partner'] as const
export const PARTNER_STATUSES = ['pending', 'approved', 'rejected'] as const
export const COMPLAINT_STATES = ['open', 'accepted', 'rejected', 'resolved'] as const
export type ComplaintState = (typeof COMPLAINT_STATES)[number]

export const CUSTOMER_SORTS = ['createdAt', 'name', 'email', 'clientNumber', 'company'] as const
export const CUSTOMER_PAGE_SIZES = [20, 50, 100] as const

/** Longest invoice maturity a partner may be given, in days. */
export const MAX_INVOICE_MATURITY_DAYS = 365

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const CustomerListQuerySchema = z.object({
  /** Name, e-mail, client number (spaces ignored), company or username. */
  search: z.string().trim().max(200).optional(),
  kind: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_KINDS).optional()),
  partnerStatus: z.preprocess(emptyToUndefined, z.enum(PARTNER_STATUSES).optional()),
  country: z.preprocess(emptyToUndefined, z.enum(COUNTRIES).optional()),
  sort: z.enum(CUSTOMER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>

export const CustomerExportQuerySchema = CustomerListQuerySchema.omit({
  page: true,
  limit: true,
}).extend({ format: z.enum(['csv', 'xlsx']).default('csv') })

export const CustomerListItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CUSTOMER_KINDS),
  clientNumber: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  country: z.string(),
  language: z.string(),
  partnerStatus: z.enum(PARTNER_STATUSES).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
})
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>

export const CustomerListSchema = z.object({
  items: z.array(CustomerListItemSchema),
  total: z.number().int(),
})
export type CustomerList = z.infer<typeof CustomerListSchema>

export const CustomerAddressSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['billing', 'delivery']),
  name: z.string(),
  company: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  region: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
})

export const CustomerOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  currency: z.string(),
  totalNet: z.number().int(),
  totalGross: z.number().int(),
  createdAt: z.string(),
})

export const ComplaintListItemSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  clientNumber: z.string(),
  orderNumber: z.string(),
  productCode: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  state: z.enum(COMPLAINT_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ComplaintListItem = z.infer<typeof ComplaintListItemSchema>

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})

export const CustomerDetailSchema = CustomerListItemSchema.extend({
  phone: z.string(),
  tin: z.string().nullable(),
  vatId: z.string().nullable(),
  owner: z.string().nullable(),
  contactPerson: z.string().nullable(),
  website: z.string().nullable(),
  gps: z.string().nullable(),
  deliveryDiffers: z.boolean(),
  newsletter: z.boolean(),
  isModerator: z.boolean(),
  priceListId: z.number().int().nullable(),
  priceListName: z.string().nullable(),
  invoiceMaturityDays: z.number().int().nullable(),
  creditLimit: z.number().int().nullable(),
  creditCurrency: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  partnerDecidedAt: z.string().nullable(),
  partnerDecidedBy: z.string().nullable(),
  addresses: z.array(CustomerAddressSchema),
  orders: z.array(CustomerOrderSchema),
  complaints: z.array(ComplaintListItemSchema),
  history: z.array(HistoryEntrySchema),
  /** Live storefront sessions (signed-in browsers). */
  sessionCount: z.number().int(),
})
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>

export const CustomerIdParamsSchema = IdParamsSchema

/** PUT /admin/customers/{id}/moderator — grants or withdraws the storefront moderator role. */
export const ModeratorInputSchema = z.object({ isModerator: z.boolean() })

export const PriceListOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
})
export type PriceListOption = z.infer<typeof PriceListOptionSchema>

export const ApprovePartnerSchema = z.object({
  priceListId: z.number('validation.required').int().min(1, 'validation.required'),
  invoiceMaturityDays: z
    .number('validation.required')
    .int('adminCustomers.validation.maturityRange')
    .min(0, 'adminCustomers.validation.maturityRange')
    .max(MAX_INVOICE_MATURITY_DAYS, 'adminCustomers.validation.maturityRange'),
  /** Minor units of `creditCurrency`. */
  creditLimit: z
    .number('validation.required')
    .int('adminCustomers.validation.creditLimit')
    .min(0, 'adminCustomers.validation.creditLimit')
    .max(Number.MAX_SAFE_INTEGER, 'adminCustomers.validation.creditLimit'),
  creditCurrency: z.enum(CURRENCIES, 'validation.required'),
})
export type ApprovePartnerInput = z.infer<typeof ApprovePartnerSchema>

export const RejectPartnerSchema = z.object({
  reason: z
    .string('adminCustomers.validation.reasonRequired')
    .trim()
    .min(1, 'adminCustomers.validation.reasonRequired')
    .max(2000, 'adminCustomers.validation.reasonRequired'),
})
export type RejectPartnerInput = z.infer<typeof RejectPartnerSchema>

export const ImpersonationSchema = z.object({ url: z.string() })

export const ComplaintListQuerySchema = z.object({
  state: z.preprocess(emptyToUndefined, z.enum(COMPLAINT_STATES).optional()),
  customerId: IdSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type ComplaintListQuery = z.infer<typeof ComplaintListQuerySchema>

export const ComplaintListSchema = z.object({
  items: z.array(ComplaintListItemSchema),
  total: z.number().int(),
})

export const ComplaintMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['customer', 'staff']),
  text: z.string(),
  createdAt: z.string(),
})

export const ComplaintDetailSchema = ComplaintListItemSchema.extend({
  customerEmail: z.string(),
  messages: z.array(ComplaintMessageSchema),
  photos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  /** The states the complaint may move to next. */
  nextStates: z.array(z.enum(COMPLAINT_STATES)),
})
export type ComplaintDetail = z.infer<typeof ComplaintDetailSchema>

export const ComplaintStateInputSchema = z.object({
  state: z.enum(COMPLAINT_STATES, 'validation.required'),
})

export const ComplaintReplySchema = z.object({
  text: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(5000, 'validation.required'),
})

export const ComplaintPhotoParamsSchema = IdParamsSchema.extend({ photoId: IdSchema })
