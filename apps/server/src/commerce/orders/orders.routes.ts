import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OrderDetailSchema, OrderListSchema } from '@optika/domain/accounts/profile-api'
import { BigIdParamsSchema } from '@optika/domain/ids'
import { getOrder, listOrders, orderNotFound } from './customer-orders.ts'
import { customerOnly, requireCustomer } from '../../accounts/customer-profile/require-customer.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { loadOrderRecord } from './order-record.ts'

/**
 * The signed-in customer's order history: the list, one order, and the invoice of an order paid
 * by invoice. Another customer's order, a missing one and (for the invoice) an order paid
 * otherwise are all 404 alike (nothing tells an order id exists).
 */
export async function registerOrderRoutes(
  app: FastifyInstance,
  deps: { readonly translator: Translator },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', customerOnly)
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const noStore = { 'cache-control': 'no-store' }
    r.get(
      '/api/account/orders',
      { schema: { tags: ['account'], response: { 200: OrderListSchema } } },
      async (request, reply) => {
        reply.headers(noStore)
        return listOrders(request.ctx.db, requireCustomer(request).customerId)
      },
    )
    r.get(
      '/api/account/orders/:id',
      {
        schema: {
          tags: ['account'],
          params: BigIdParamsSchema,
          response: { 200: OrderDetailSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore)
        return getOrder(request.ctx.db, requireCustomer(request).customerId, request.params.id)
      },
    )
    r.get(
      '/api/account/orders/:id/invoice.pdf',
      {
        schema: {
          tags: ['account'],
          params: BigIdParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const viewer = requireCustomer(request)
        const record = await loadOrderRecord(request.ctx.db, {
          id: request.params.id,
          customerId: viewer.customerId,
        })
        if (!record || record.order.paymentKind !== 'invoice') throw orderNotFound()
        const pdf = await renderInvoicePdf(record, deps.translator, request.ctx.locale)
        const fileName = `invoice-${record.order.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf)
      },
    )
  })
}
