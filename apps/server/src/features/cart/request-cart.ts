import type { FastifyReply, FastifyRequest } from 'fastify'
import type {
  ApplyCoupon,
  AddToCart,
  Cart,
  UpdateCartQuantity,
} from '@optika/domain/commerce/cart-api'
import type { Db } from '../../db/client.ts'
import type { Translator } from '../i18n/translator.ts'
import { AppError } from '../../http/app-error.ts'

/**
 * One visitor's cart, bound to the request: a guest's by the `__Host-optika-cart` cookie, a
 * signed-in customer's by the customer (the same cart on every device). Every call answers the
 * whole cart; bad input throws a translated AppError and changes nothing.
 */
export interface RequestCart {
  get(): Promise<Cart>
  add(input: AddToCart): Promise<Cart>
  updateQuantity(itemId: number, input: UpdateCartQuantity): Promise<Cart>
  remove(itemId: number): Promise<Cart>
  applyCoupon(input: ApplyCoupon): Promise<Cart>
  removeCoupon(): Promise<Cart>
  /** Puts a past order's items (still sold) into the cart; the customer's own orders only. */
  reorder(orderId: number): Promise<Cart>
}

export interface CartDeps {
  readonly db: Db
  readonly translator: Translator
}

export interface CartService {
  forRequest(request: FastifyRequest, reply: FastifyReply): RequestCart
  /** Called right after a sign-in: moves the guest cart's items into the customer's cart. */
  mergeGuestCart(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void>
}

export function createCartService(_deps: CartDeps): CartService {
  const notYet = async (): Promise<never> => {
    throw new AppError(501, 'NOT_IMPLEMENTED', 'server.notFound')
  }
  const cart: RequestCart = {
    get: notYet,
    add: notYet,
    updateQuantity: notYet,
    remove: notYet,
    applyCoupon: notYet,
    removeCoupon: notYet,
    reorder: notYet,
  }
  return { forRequest: () => cart, mergeGuestCart: async () => {} }
}
