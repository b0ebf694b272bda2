import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AddressesSchema,
  AddressUpsertSchema,
  ChangePasswordSchema,
  CustomerAddressSchema,
  DeleteAccountSchema,
  NewsletterInputSchema,
  ProfileInputSchema,
  ProfileSchema,
} from '@optika/domain/accounts/profile-api'
import { IdParamsSchema } from '@optika/domain/ids'
import { clearCustomerSessionCookie } from '../customer-auth/customer-sessions.ts'
import type { AccountRouteDeps } from './account-route-deps.ts'
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts'
import { deleteAccount, exportAccount } from './gdpr.service.ts'
import { changePassword, getProfile, setNewsletter, updateProfile } from './profile.service.ts'
import { currentSessionHash, customerOnly, requireCustomer } from './require-customer.ts'

/**
 * Profile, addresses, password change, newsletter, GDPR export and delete: the
 * signed-in customer's own data. Every route answers 401 before reading its input when nobody
 * is signed in, and every id is looked up together with the viewer's customer id, so another
 * customer's id answers 404 exactly like an id that does not exist.
 */
export async function registerCustomerProfileRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps,
): Promise<void> {
  const { translator } = deps
  await app.register(async (scope) => {
    scope.addHook('onRequest', customerOnly)
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const tags = ['account']
    const noStore = { 'cache-control': 'no-store' }

    r.get(
      '/api/account/profile',
      { schema: { tags, response: { 200: ProfileSchema } } },
      async (request, reply) => {
        reply.headers(noStore)
        return getProfile(request.ctx, translator, requireCustomer(request).customerId)
      },
    )
    r.put(
      '/api/account/profile',
      { schema: { tags, body: ProfileInputSchema, response: { 200: ProfileSchema } } },
      async (request) =>
        updateProfile(request.ctx, translator, requireCustomer(request).customerId, request.body),
    )
    r.put(
      '/api/account/password',
      { schema: { tags, body: ChangePasswordSchema } },
      async (request, reply) => {
        await changePassword(request.ctx, requireCustomer(request).customerId, request.body, {
          ip: request.ip,
          currentSessionHash: currentSessionHash(request),
        })
        return reply.status(204).send()
      },
    )
    r.put(
      '/api/account/newsletter',
      { schema: { tags, body: NewsletterInputSchema, response: { 200: ProfileSchema } } },
      async (request) =>
        setNewsletter(request.ctx, translator, requireCustomer(request).customerId, request.body),
    )

    r.get(
      '/api/account/addresses',
      { schema: { tags, response: { 200: AddressesSchema } } },
      async (request, reply) => {
        reply.headers(noStore)
        return listAddresses(request.ctx.db, requireCustomer(request).customerId)
      },
    )
    r.post(
      '/api/account/addresses',
      { schema: { tags, body: AddressUpsertSchema, response: { 201: CustomerAddressSchema } } },
      async (request, reply) => {
        const address = await createAddress(
          request.ctx.db,
          requireCustomer(request).customerId,
          request.body,
        )
        return reply.status(201).send(address)
      },
    )
    r.put(
      '/api/account/addresses/:id',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: AddressUpsertSchema,
          response: { 200: CustomerAddressSchema },
        },
      },
      async (request) =>
        updateAddress(
          request.ctx.db,
          requireCustomer(request).customerId,
          request.params.id,
          request.body,
        ),
    )
    r.delete(
      '/api/account/addresses/:id',
      { schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await deleteAddress(request.ctx.db, requireCustomer(request).customerId, request.params.id)
        return reply.status(204).send()
      },
    )

    r.get(
      '/api/account/export',
      { schema: { tags, description: "The customer's data as a JSON download (GDPR)." } },
      async (request, reply) => {
        const viewer = requireCustomer(request)
        const { fileName, chunks } = await exportAccount(request.ctx, viewer.customerId)
        return reply
          .headers(noStore)
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Readable.from(chunks))
      },
    )
    r.post(
      '/api/account/delete',
      { schema: { tags, body: DeleteAccountSchema } },
      async (request, reply) => {
        await deleteAccount(
          request.ctx,
          requireCustomer(request).customerId,
          request.body,
          request.ip,
        )
        clearCustomerSessionCookie(reply)
        return reply.status(204).send()
      },
    )
  })
}
