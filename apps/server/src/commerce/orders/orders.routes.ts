import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../accounts/customer-profile/customer-profile.routes.ts'
import { orderNotFound } from '../../accounts/customer-profile/orders.service.ts'
import { customerOnly, requireCustomer } from '../../accounts/customer-profile/require-customer.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { loadOrderRecord } from './order-record.ts'

/**
 * GET /api/account/orders/{id}/invoice.pdf: the invoice of the signed-in customer's own order
 * paid by invoice. Another customer's order, a missing one and an order paid otherwise are all
 * 404 alike (nothing tells an order id exists).
 */
export async function registerOrderRoutes(
  app: FastifyInstance,
  deps: { readonly translator: Translator },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', customerOnly)
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/account/orders/:id/invoice.pdf',
      {
        schema: {
          tags: ['account'],
          params: IdParamsSchema,
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
