import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddToCartSchema,
  ApplyCouponSchema,
  CartItemIdParamsSchema,
  CartSchema,
  ReorderParamsSchema,
  UpdateCartQuantitySchema,
} from '@optika/domain/commerce/cart-api'
import type { CartService } from './request-cart.ts'

/** The body of a failed call (http/error-handler.ts). */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

const tags = ['cart']

/** A cart (and a checkout) is personal and changes with every call: nothing may keep it. */
export async function noStore(_request: unknown, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'private, no-store')
}

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema }

/**
 * The seed's cart calls: POST /api/pridat-do-kosiku, PUT /api/update-quantity/{id},
 * DELETE /api/remove/{id}, GET /api/kosik; plus the coupon and reorder. Each answers the whole
 * cart; a refused call answers a translated error and changes nothing.
 */
export async function registerCartRoutes(app: FastifyInstance, cart: CartService): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(
    '/api/kosik',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'The cart: items, prices for the cart country, totals, messages',
        response: { 200: CartSchema },
      },
    },
    async (request, reply) => cart.forRequest(request, reply).get(),
  )

  typed.post(
    '/api/pridat-do-kosiku',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Adds pieces of a variant (or a product without variants) to the cart',
        description:
          'The same product again adds to its line. 404 unknown product or a product with ' +
          'colour variants; 400 quantity rules; 409 out of stock or not enough pieces (spare ' +
          'parts may exceed the stock).',
        body: AddToCartSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) => cart.forRequest(request, reply).add(request.body),
  )

  typed.put(
    '/api/update-quantity/:id',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "Sets a cart item's quantity",
        params: CartItemIdParamsSchema,
        body: UpdateCartQuantitySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      cart.forRequest(request, reply).updateQuantity(request.params.id, request.body),
  )

  typed.delete(
    '/api/remove/:id',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Removes an item from the cart',
        params: CartItemIdParamsSchema,
        response: { 200: CartSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => cart.forRequest(request, reply).remove(request.params.id),
  )

  typed.post(
    '/api/kosik/coupon',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Applies a discount coupon to the cart',
        body: ApplyCouponSchema,
        response: { 200: CartSchema, ...errors, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => cart.forRequest(request, reply).applyCoupon(request.body),
  )

  typed.delete(
    '/api/kosik/coupon',
    {
      onRequest: noStore,
      schema: { tags, summary: 'Removes the coupon from the cart', response: { 200: CartSchema } },
    },
    async (request, reply) => cart.forRequest(request, reply).removeCoupon(),
  )

  typed.post(
    '/api/kosik/reorder/:orderId',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "Puts a past order's items (still sold) into the cart; signed-in customers only",
        params: ReorderParamsSchema,
        response: { 200: CartSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => cart.forRequest(request, reply).reorder(request.params.orderId),
  )
}
