import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CategoryOptionSchema,
  CountryParamsSchema,
  CountrySettingInputSchema,
  CountrySettingListSchema,
  CountrySettingSchema,
  GenerateCodesInputSchema,
  ObjectIdParamsSchema,
  PaymentMethodInputSchema,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  ShippingMethodInputSchema,
  ShippingMethodListSchema,
  ShippingMethodSchema,
  StockInputSchema,
  StockItemSchema,
  StockListSchema,
  StockQuerySchema,
  VoucherCodeInputSchema,
  VoucherCodeListSchema,
  VoucherCodeQuerySchema,
  VoucherCodeSchema,
  VoucherSeriesInputSchema,
  VoucherSeriesListSchema,
  VoucherSeriesSchema,
} from '@optika/domain/commerce/admin-shop-api'
import { IdParamsSchema } from '@optika/domain/ids'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { AccountRouteDeps } from '../../accounts/customer-profile/account-route-deps.ts'
import { refuseNulCharacters } from '../cart/nul-characters.ts'
import {
  deletePaymentMethod,
  deleteShippingMethod,
  listCountrySettings,
  listPaymentMethods,
  listShippingMethods,
  savePaymentMethod,
  saveShippingMethod,
  updateCountrySetting,
} from './shipping-payment-admin.ts'
import { listStock, setStock } from './stock-admin.ts'
import {
  addVoucherCode,
  deleteVoucherSeries,
  exportVoucherCodes,
  generateVoucherCodes,
  listCategoryOptions,
  listVoucherCodes,
  listVoucherSeries,
  saveVoucherSeries,
} from './vouchers-admin.ts'

/** Text the database cannot store (a NUL character) is a bad field, not a 500. */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  refuseNulCharacters(request.body, 'body')
  refuseNulCharacters(request.query, 'querystring')
}

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
function guard(key: PermissionKey) {
  return { preValidation: [requirePermission(key), refuseUnstorableText] }
}

const Deleted = z.object({ deleted: z.literal(true) })

/**
 * /admin/shop/* — countries (VAT, free shipping), shipping and payment methods with their
 * prices per country, voucher series and codes, stock (`packages/domain/src/commerce/admin-shop-api.ts`).
 */
export async function registerAdminShopRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const tags = ['admin shop']

  // ── Countries ──
  r.get(
    '/admin/shop/countries',
    { ...guard('shippingPayment'), schema: { tags, response: { 200: CountrySettingListSchema } } },
    async (request) => ({ items: await listCountrySettings(request.ctx.db) }),
  )
  r.put(
    '/admin/shop/countries/:country',
    {
      ...guard('shippingPayment'),
      schema: {
        tags,
        params: CountryParamsSchema,
        body: CountrySettingInputSchema,
        response: { 200: CountrySettingSchema },
      },
    },
    async (request) => updateCountrySetting(ctxOf(request), request.params.country, request.body),
  )

  // ── Shipping methods ──
  r.get(
    '/admin/shop/shipping-methods',
    { ...guard('shippingPayment'), schema: { tags, response: { 200: ShippingMethodListSchema } } },
    async (request) => ({ items: await listShippingMethods(request.ctx.db) }),
  )
  r.post(
    '/admin/shop/shipping-methods',
    {
      ...guard('shippingPayment'),
      schema: { tags, body: ShippingMethodInputSchema, response: { 201: ShippingMethodSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await saveShippingMethod(ctxOf(request), null, request.body)),
  )
  r.put(
    '/admin/shop/shipping-methods/:id',
    {
      ...guard('shippingPayment'),
      schema: {
        tags,
        params: IdParamsSchema,
        body: ShippingMethodInputSchema,
        response: { 200: ShippingMethodSchema },
      },
    },
    async (request) => saveShippingMethod(ctxOf(request), request.params.id, request.body),
  )
  r.delete(
    '/admin/shop/shipping-methods/:id',
    {
      ...guard('shippingPayment'),
      schema: { tags, params: IdParamsSchema, response: { 200: Deleted } },
    },
    async (request) => {
      await deleteShippingMethod(ctxOf(request), request.params.id)
      return { deleted: true as const }
    },
  )

  // ── Payment methods ──
  r.get(
    '/admin/shop/payment-methods',
    { ...guard('shippingPayment'), schema: { tags, response: { 200: PaymentMethodListSchema } } },
    async (request) => ({ items: await listPaymentMethods(request.ctx.db) }),
  )
  r.post(
    '/admin/shop/payment-methods',
    {
      ...guard('shippingPayment'),
      schema: { tags, body: PaymentMethodInputSchema, response: { 201: PaymentMethodSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await savePaymentMethod(ctxOf(request), null, request.body)),
  )
  r.put(
    '/admin/shop/payment-methods/:id',
    {
      ...guard('shippingPayment'),
      schema: {
        tags,
        params: IdParamsSchema,
        body: PaymentMethodInputSchema,
        response: { 200: PaymentMethodSchema },
      },
    },
    async (request) => savePaymentMethod(ctxOf(request), request.params.id, request.body),
  )
  r.delete(
    '/admin/shop/payment-methods/:id',
    {
      ...guard('shippingPayment'),
      schema: { tags, params: IdParamsSchema, response: { 200: Deleted } },
    },
    async (request) => {
      await deletePaymentMethod(ctxOf(request), request.params.id)
      return { deleted: true as const }
    },
  )

  // ── Vouchers ──
  r.get(
    '/admin/shop/voucher-categories',
    {
      ...guard('coupons'),
      schema: { tags, response: { 200: z.object({ items: z.array(CategoryOptionSchema) }) } },
    },
    async (request) => ({
      items: await listCategoryOptions(request.ctx.db, request.ctx.locale),
    }),
  )
  r.get(
    '/admin/shop/voucher-series',
    { ...guard('coupons'), schema: { tags, response: { 200: VoucherSeriesListSchema } } },
    async (request) => ({ items: await listVoucherSeries(request.ctx.db) }),
  )
  r.post(
    '/admin/shop/voucher-series',
    {
      ...guard('coupons'),
      schema: { tags, body: VoucherSeriesInputSchema, response: { 201: VoucherSeriesSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await saveVoucherSeries(ctxOf(request), null, request.body)),
  )
  r.put(
    '/admin/shop/voucher-series/:id',
    {
      ...guard('coupons'),
      schema: {
        tags,
        params: IdParamsSchema,
        body: VoucherSeriesInputSchema,
        response: { 200: VoucherSeriesSchema },
      },
    },
    async (request) => saveVoucherSeries(ctxOf(request), request.params.id, request.body),
  )
  r.delete(
    '/admin/shop/voucher-series/:id',
    { ...guard('coupons'), schema: { tags, params: IdParamsSchema, response: { 200: Deleted } } },
    async (request) => {
      await deleteVoucherSeries(ctxOf(request), request.params.id)
      return { deleted: true as const }
    },
  )
  r.get(
    '/admin/shop/voucher-series/:id/codes',
    {
      ...guard('coupons'),
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: VoucherCodeQuerySchema,
        response: { 200: VoucherCodeListSchema },
      },
    },
    async (request) => listVoucherCodes(request.ctx.db, request.params.id, request.query),
  )
  r.post(
    '/admin/shop/voucher-series/:id/codes',
    {
      ...guard('coupons'),
      schema: {
        tags,
        params: IdParamsSchema,
        body: VoucherCodeInputSchema,
        response: { 201: VoucherCodeSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addVoucherCode(ctxOf(request), request.params.id, request.body.code)),
  )
  r.post(
    '/admin/shop/voucher-series/:id/generate',
    {
      ...guard('coupons'),
      schema: {
        tags,
        params: IdParamsSchema,
        body: GenerateCodesInputSchema,
        response: { 201: z.object({ created: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await generateVoucherCodes(ctxOf(request), request.params.id, request.body)),
  )
  r.get(
    '/admin/shop/voucher-series/:id/codes.csv',
    { ...guard('coupons'), schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      const { fileName, csv } = await exportVoucherCodes(ctxOf(request), request.params.id)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  // ── Stock ──
  r.get(
    '/admin/shop/stock',
    {
      ...guard('orders'),
      schema: { tags, querystring: StockQuerySchema, response: { 200: StockListSchema } },
    },
    async (request) => listStock(request.ctx.db, request.ctx.locale, request.query),
  )
  r.put(
    '/admin/shop/stock/:objectId',
    {
      ...guard('orders'),
      schema: {
        tags,
        params: ObjectIdParamsSchema,
        body: StockInputSchema,
        response: { 200: StockItemSchema },
      },
    },
    async (request) => setStock(ctxOf(request), request.params.objectId, request.body.quantity),
  )
}
