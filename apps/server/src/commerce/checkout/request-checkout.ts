import { asc, desc, eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
// `request.viewer` is declared there; this brings it wherever this file is type-checked.
import type {} from '../../accounts/customer-auth/viewer.ts'
import { hashToken } from '../../identity/admin-auth/admin-sessions.ts'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import {
  CheckoutCountrySchema,
  ShippingPaymentSchema,
  type CheckoutState,
  type PlacedOrder,
} from '@optika/domain/commerce/checkout-api'
import { REGIONS, regionName } from '@optika/domain/commerce/regions'
import { INTL_LOCALE } from '@optika/i18n/locales'
import { collator } from '@optika/domain/i18n/intl-formats'
import type { Db } from '../../platform/db/client.ts'
import { customerAddresses, orders } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { ShopSettingsSource } from '../../platform/settings/shop-settings.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import type { CartService } from '../cart/request-cart.ts'
import { cartOwnerOf, createCart, mergeCheckout, type CartOwner } from '../cart/cart-store.ts'
import { readStoredCheckout, type StoredCheckout } from '../cart/checkout-data.ts'
import {
  cartContextOf,
  cartCountryOf,
  grossOf,
  methodsOfferedIn,
  priceOwnersCart,
  sparePartsChoiceNeeded,
  type PricedCart,
} from '../cart/price-cart.ts'
import { queueOrderConfirmation } from '../orders/order-mails.ts'
import { reachableStepOf, shippingPaymentProblems } from './checkout-steps.ts'
import { placedOrderOf, placeOrder, type PlaceOrderOutcome } from './place-order.ts'

/** One visitor's checkout, bound to the request (the same cart as RequestCart). */
export interface RequestCheckout {
  state(): Promise<CheckoutState>
  setCountry(country: Country): Promise<CheckoutState>
  /** Validates with ShippingPaymentSchema (raw input: JSON or the form's fields). */
  saveShippingPayment(input: unknown): Promise<CheckoutState>
  /** Validates with PlaceOrderSchema; one transaction, idempotent by `idempotencyKey`. */
  placeOrder(input: unknown, idempotencyKey: string): Promise<PlacedOrder>
  /** placeOrder, telling a new order (201) from a repeated key (200). */
  placeOrderOutcome(input: unknown, idempotencyKey: string | undefined): Promise<PlaceOrderOutcome>
  /** The finished page: the viewer's own order, or a guest's with the link's token. */
  finishedOrder(number: string, token: string | null): Promise<PlacedOrder>
}

export interface CheckoutDeps {
  readonly db: Db
  readonly translator: Translator
  readonly jobs: JobQueue
  readonly cart: CartService
  readonly shopSettings: ShopSettingsSource
}

export interface CheckoutService {
  forRequest(request: FastifyRequest, reply: FastifyReply): RequestCheckout
}

type Prefill = Pick<StoredCheckout, 'contact' | 'billing' | 'delivery' | 'deliveryDiffers'>

/** A signed-in customer's contact and default addresses, for steps not filled in yet. */
async function profilePrefill(db: Db, customerId: number): Promise<Prefill> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) return {}
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id))
  const pick = (kind: 'billing' | 'delivery') => {
    const a = addresses.find((row) => row.kind === kind)
    if (!a) return undefined
    return {
      ...(a.name ? { name: a.name } : {}),
      ...(a.company ? { company: a.company } : {}),
      street: a.street,
      city: a.city,
      postcode: a.postcode,
      ...(a.region ? { region: a.region } : {}),
      country: a.country,
      ...(a.phone ? { phone: a.phone } : {}),
    }
  }
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.company || ''
  const delivery = customer.deliveryDiffers ? pick('delivery') : undefined
  return {
    contact: { email: customer.email, phone: customer.phone, ...(name ? { name } : {}) },
    billing: pick('billing'),
    deliveryDiffers: Boolean(delivery),
    delivery: delivery ?? null,
  }
}

const partialOf = (value: Record<string, unknown> | null | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const { translator, shopSettings } = deps

  function forRequest(request: FastifyRequest, reply: FastifyReply): RequestCheckout {
    const context = cartContextOf(request, translator, shopSettings)
    let owner: CartOwner = cartOwnerOf(request)

    const priced = () => priceOwnersCart(context, owner)

    /** A country's regions named in the request's language, in its alphabetical order. */
    function regionsOf(country: Country): CheckoutState['countries'][number]['regions'] {
      const { compare } = collator(INTL_LOCALE[context.locale])
      return REGIONS[country]
        .map((r) => ({
          code: r.code,
          name: regionName(r.code, (key) => translator.t(context.locale, key)),
        }))
        .sort((a, b) => compare(a.name, b.name))
    }

    async function stateOf(p: PricedCart): Promise<CheckoutState> {
      const vat = p.terms.vatPercent
      const filled = p.stored.contact !== undefined || p.stored.billing !== undefined
      const prefill: Prefill =
        !filled && context.viewer.customerId !== null
          ? await profilePrefill(context.db, context.viewer.customerId)
          : p.stored
      const billing = partialOf(prefill.billing)
      return {
        cart: p.cart,
        reachableStep: reachableStepOf(p),
        countries: COUNTRIES.map((code) => ({
          code,
          name: translator.t(context.locale, `country.${code}`),
          regions: regionsOf(code),
        })),
        shippingOptions: p.shippingOptions.map((o) => ({
          id: o.id,
          code: o.code,
          name: o.name,
          description: o.description,
          zipBased: o.zipBased,
          price: { net: o.priceNet, gross: grossOf(o.priceNet, vat) },
          deliveryDays: o.deliveryDays,
        })),
        paymentOptions: p.paymentOptions.map((o) => ({
          id: o.id,
          kind: o.kind,
          name: o.name,
          description: o.description,
          fee: { net: o.feeNet, gross: grossOf(o.feeNet, vat) },
        })),
        data: {
          country: p.cart.country,
          shippingMethodId: p.cart.shippingMethodId,
          paymentMethodId: p.cart.paymentMethodId,
          contact: partialOf(prefill.contact),
          billing: billing.country ? billing : { ...billing, country: p.cart.country },
          deliveryDiffers: prefill.deliveryDiffers ?? false,
          delivery: prefill.deliveryDiffers ? partialOf(prefill.delivery) : null,
        },
        sparePartsChoiceNeeded: sparePartsChoiceNeeded(p.sparePartsCoveragePercent),
      }
    }

    /**
     * Writes step fields over the request cart's stored ones (the cart created for a guest who
     * has none yet); a field left undefined keeps what is stored.
     */
    async function store(fields: Partial<StoredCheckout>): Promise<void> {
      const cart =
        (await context.knownCart.find(owner)) ?? (await createCart(context.db, owner, reply))
      // A guest's cart just created: this request's later reads find it by its new token.
      if (owner.kind === 'guest') owner = { kind: 'guest', tokenHash: cart.tokenHash }
      context.knownCart.remember(owner, await mergeCheckout(context.db, cart.id, fields))
    }

    const checkout: RequestCheckout = {
      async state() {
        return stateOf(await priced())
      },

      async setCountry(rawCountry) {
        const { country } = CheckoutCountrySchema.parse({ country: rawCountry })
        const stored = readStoredCheckout((await context.knownCart.find(owner))?.checkout)
        const pricedFor = cartCountryOf(context.viewer, context.locale, stored)
        if (pricedFor !== country || stored.country !== country) {
          // A chosen method the new country does not offer is dropped, and the buyer told so.
          const offered = methodsOfferedIn(
            await context.shopSettings(),
            context.viewer,
            context.locale,
            country,
          )
          const shippingGone =
            stored.shippingMethodId != null && !offered.shippingIds.has(stored.shippingMethodId)
          const paymentGone =
            stored.paymentMethodId != null && !offered.paymentIds.has(stored.paymentMethodId)
          await store({
            country,
            ...(shippingGone ? { shippingMethodId: null, shippingMethodChanged: true } : {}),
            ...(paymentGone ? { paymentMethodId: null, shippingMethodChanged: true } : {}),
          })
        }
        return stateOf(await priced())
      },

      async saveShippingPayment(input) {
        const data = ShippingPaymentSchema.parse(input)
        const step: Partial<StoredCheckout> = {
          country: data.country,
          shippingMethodId: data.shippingMethodId,
          paymentMethodId: data.paymentMethodId,
          contact: data.contact,
          billing: data.billing,
          deliveryDiffers: data.deliveryDiffers,
          delivery: data.deliveryDiffers ? (data.delivery ?? null) : null,
          shippingMethodChanged: false,
        }
        // Priced once, as the cart will be with the step saved: what the step's country offers
        // decides what is refused, and the answer shows it.
        const saved = await priceOwnersCart(context, owner, step)
        if (saved.lines.length === 0) throw new AppError(400, 'CART_EMPTY', 'cart.empty')
        const problems = shippingPaymentProblems(data, saved)
        const shippingProblem = problems.find((p) => p.path === 'shippingMethodId')
        if (shippingProblem) {
          throw new AppError(400, 'SHIPPING_METHOD_UNAVAILABLE', 'cart.shippingMethodChanged', {}, [
            { path: 'body/shippingMethodId', key: shippingProblem.key },
          ])
        }
        if (problems.length > 0) {
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            'validation.formError',
            {},
            problems.map((p) => ({ path: `body/${p.path.replaceAll('.', '/')}`, key: p.key })),
          )
        }
        await store(step)
        return stateOf(saved)
      },

      async placeOrder(input, idempotencyKey) {
        return (await checkout.placeOrderOutcome(input, idempotencyKey)).order
      },

      async placeOrderOutcome(input, idempotencyKey) {
        // The confirmation mails' job is queued in the order's transaction: both commit, or neither.
        return placeOrder(
          {
            context,
            owner,
            clientNumber: context.viewer.clientNumber,
            onPlaced: async (tx, orderId) => {
              await queueOrderConfirmation(deps.jobs, tx, orderId)
            },
          },
          input,
          idempotencyKey,
        )
      },

      async finishedOrder(number, token) {
        // No order number holds a NUL character, and PostgreSQL cannot even compare one.
        const [order] = number.includes('\u0000')
          ? []
          : await context.db.select().from(orders).where(eq(orders.number, number))
        const own =
          order !== undefined &&
          context.viewer.customerId !== null &&
          order.customerId === context.viewer.customerId
        const byToken =
          order !== undefined &&
          token !== null &&
          token.length <= 200 &&
          order.accessTokenHash !== null &&
          hashToken(token) === order.accessTokenHash
        if (!order || !(own || byToken)) {
          throw new AppError(404, 'ORDER_NOT_FOUND', 'cartApi.orderNotFound')
        }
        return placedOrderOf(order, byToken ? token : null)
      },
    }

    return checkout
  }

  return { forRequest }
}
