import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Country } from '@optika/domain/commerce/countries'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import type { Db } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import type { Translator } from '../i18n/translator.ts'
import type { Mailer } from '../mail/create-mailer.ts'
import type { CartService } from '../cart/request-cart.ts'
import { AppError } from '../../http/app-error.ts'

/** One visitor's checkout, bound to the request (the same cart as RequestCart). */
export interface RequestCheckout {
  state(): Promise<CheckoutState>
  setCountry(country: Country): Promise<CheckoutState>
  /** Validates with ShippingPaymentSchema (raw input: JSON or the form's fields). */
  saveShippingPayment(input: unknown): Promise<CheckoutState>
  /** Validates with PlaceOrderSchema; one transaction, idempotent by `idempotencyKey`. */
  placeOrder(input: unknown, idempotencyKey: string): Promise<PlacedOrder>
  /** The finished page: the viewer's own order, or a guest's with the link's token. */
  finishedOrder(number: string, token: string | null): Promise<PlacedOrder>
}

export interface CheckoutDeps {
  readonly db: Db
  readonly env: Env
  readonly translator: Translator
  readonly mailer: Mailer
  readonly cart: CartService
}

export interface CheckoutService {
  forRequest(request: FastifyRequest, reply: FastifyReply): RequestCheckout
}

export function createCheckoutService(_deps: CheckoutDeps): CheckoutService {
  const notYet = async (): Promise<never> => {
    throw new AppError(501, 'NOT_IMPLEMENTED', 'server.notFound')
  }
  const checkout: RequestCheckout = {
    state: notYet,
    setCountry: notYet,
    saveShippingPayment: notYet,
    placeOrder: notYet,
    finishedOrder: notYet,
  }
  return { forRequest: () => checkout }
}
