import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CartSchema } from '@optika/domain/commerce/cart-api'
import {
  CheckoutCountrySchema,
  CheckoutStateSchema,
  FinishedOrderParamsSchema,
  FinishedOrderQuerySchema,
  PlacedOrderSchema,
  PlaceOrderSchema,
  ShippingPaymentSchema,
} from '@optika/domain/commerce/checkout-api'
import type { Translator } from '../../platform/i18n/translator.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { ApiErrorSchema, noStore } from '../cart/cart.routes.ts'
import type { CheckoutService } from './request-checkout.ts'

const tags = ['checkout']
/** 409 PRICE_CHANGED carries the re-priced cart for the page to show before confirming again. */
const PlaceOrderErrorSchema = ApiErrorSchema.extend({ cart: CartSchema.optional() })

/** /api/checkout/* (packages/domain/src/commerce/checkout-api.ts). */
export async function registerCheckoutRoutes(
  app: FastifyInstance,
  checkout: CheckoutService,
  translator: Translator,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(
    '/api/checkout',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'The checkout: cart, reachable step, countries, options, data so far',
        response: { 200: CheckoutStateSchema },
      },
    },
    async (request, reply) => checkout.forRequest(request, reply).state(),
  )

  typed.put(
    '/api/checkout/country',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Chooses the delivery country; re-prices and drops methods it does not offer',
        body: CheckoutCountrySchema,
        response: { 200: CheckoutStateSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => checkout.forRequest(request, reply).setCountry(request.body.country),
  )

  typed.put(
    '/api/checkout/shipping-payment',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Saves the shipping and payment step (contact, addresses, methods)',
        body: ShippingPaymentSchema,
        response: { 200: CheckoutStateSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => checkout.forRequest(request, reply).saveShippingPayment(request.body),
  )

  typed.post(
    '/api/checkout/place-order',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Places the order (header Idempotency-Key: a repeat answers the same order)',
        description:
          '201 a new order, 200 the order a repeated key placed. 400 empty cart, missing key or ' +
          'spare-parts choice; 403 while a back-office user views the shop as the customer; 409 ' +
          'PRICE_CHANGED (with the new cart), stock or QUANTITY_RULE (rules changed since the ' +
          'line was added); 422 CHECKOUT_INCOMPLETE (a method no longer offered says so), ' +
          'IDEMPOTENCY_KEY_REUSED or a coupon used up meanwhile.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: PlaceOrderSchema,
        response: {
          200: PlacedOrderSchema,
          201: PlacedOrderSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          409: PlaceOrderErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await checkout
          .forRequest(request, reply)
          .placeOrderOutcome(request.body, request.headers['idempotency-key'])
        return reply.status(outcome.replayed ? 200 : 201).send(outcome.order)
      } catch (error) {
        // The error handler answers only `{ code, message }`; this one also carries the new cart.
        if (error instanceof AppError && error.code === 'PRICE_CHANGED') {
          const { cart } = error.details as { cart: z.infer<typeof CartSchema> }
          return reply.status(409).send({
            code: error.code,
            message: translator.t(request.ctx.locale, error.key),
            cart,
          })
        }
        throw error
      }
    },
  )

  typed.get(
    '/api/checkout/orders/:number',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "A finished order: the viewer's own, or a guest's with the link's token",
        params: FinishedOrderParamsSchema,
        querystring: FinishedOrderQuerySchema,
        response: { 200: PlacedOrderSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      checkout
        .forRequest(request, reply)
        .finishedOrder(request.params.number, request.query.token ?? null),
  )
}
