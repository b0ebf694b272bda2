import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { BoughtFramesSchema } from '@optika/domain/catalogue/frame-fit-api'
import { customerOnly, requireCustomer } from '../../accounts/customer-profile/require-customer.ts'
import { listBoughtFrameSizes } from './bought-frame-sizes.ts'

/**
 * GET /api/account/frame-sizes: the sizes of the frames the signed-in customer bought, for
 * "fits like my glasses" (decision 025). Anonymous: 401 before anything is read.
 */
export async function registerBoughtFrameSizeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', customerOnly)
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/account/frame-sizes',
      {
        schema: {
          tags: ['account'],
          summary: "Sizes of the frames in the customer's orders (fits like my glasses)",
          response: { 200: BoughtFramesSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store')
        return listBoughtFrameSizes(request.ctx.db, requireCustomer(request).customerId)
      },
    )
  })
}
