import { useEffect, useState } from 'react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import {
  ApplyCouponSchema,
  CartItemIdParamsSchema,
  UpdateCartQuantitySchema,
  type Cart,
} from '@optika/domain/commerce/cart-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/cart'
import { getStorefront } from '../../get-storefront.server.ts'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { requireLocale } from '../../route-params.ts'
import {
  actionFailure,
  unknownForm,
  formText,
} from '../../features/commerce/cart/action-result.server.ts'
import type { ActionFailure } from '../../features/commerce/cart/action-types.ts'
import { announceCart } from '../../features/commerce/cart/cart-events.ts'
import { CartLines } from '../../features/commerce/cart/cart-lines.tsx'
import { CartTotals } from '../../features/commerce/cart/cart-totals.tsx'
import { checkoutPageData } from '../../features/commerce/cart/checkout-page.server.ts'
import {
  CartMessages,
  CartNotice,
  FreeShipping,
  GuestPricesNote,
} from '../../features/commerce/cart/notices.tsx'
import {
  CheckoutLayout,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../features/commerce/cart/checkout-layout.tsx'

export function loader({ params, context }: Route.LoaderArgs) {
  return checkoutPageData(context, params.locale, 'cart', 'page.cart')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The page keeps the cart the server answered fresh after every action. */
export function shouldRevalidate() {
  return true
}

type Intent = 'update' | 'remove' | 'applyCoupon' | 'removeCoupon'

/**
 * The cart's forms without scripts (and the coupon form always): change a quantity, remove a
 * line, apply or remove a coupon. The page then shows the cart again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  const storefront = getStorefront(context)
  const form = await request.formData()
  const intent = formText(form, 'intent') as Intent
  // The same schemas as the JSON API: a hand-made value is refused, not guessed.
  const item = () => CartItemIdParamsSchema.parse({ id: formText(form, 'itemId') }).id
  try {
    switch (intent) {
      case 'update':
        await storefront.cart.updateQuantity(
          item(),
          UpdateCartQuantitySchema.parse({ quantity: Number(formText(form, 'quantity')) }),
        )
        break
      case 'remove':
        await storefront.cart.remove(item())
        break
      case 'applyCoupon':
        await storefront.cart.applyCoupon(ApplyCouponSchema.parse({ code: formText(form, 'code') }))
        break
      case 'removeCoupon':
        await storefront.cart.removeCoupon()
        break
      default:
        return unknownForm(storefront, locale)
    }
    return { ok: true as const, intent }
  } catch (error) {
    return actionFailure(error, storefront, locale, { intent })
  }
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const actionData = useActionData<typeof action>()
  const [cart, setCart] = useState<Cart>(loaderData.state.cart)
  const [loaded, setLoaded] = useState(loaderData.state.cart)
  if (loaded !== loaderData.state.cart) {
    setLoaded(loaderData.state.cart)
    setCart(loaderData.state.cart)
  }
  useEffect(() => announceCart(cart), [cart])

  const failure = actionData && !actionData.ok ? actionData : null

  return (
    <CheckoutLayout title={t('page.cart')} step="cart" reachable={loaderData.state.reachableStep}>
      <CartMessages cart={cart} />
      {failure && failure.intent !== 'applyCoupon' ? (
        <div className="mb-6">
          <CartNotice tone="problem">{failure.message}</CartNotice>
        </div>
      ) : null}
      {cart.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <p role="status" className="text-lg font-medium text-stone-800">
            {t('cart.empty')}
          </p>
          <Link to={generateUrl('home', { locale })} className={`${SECONDARY_BUTTON} mt-6`}>
            {t('cartPage.continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <CartLines cart={cart} onCart={setCart} />
          <aside aria-label={t('cartPage.summary')} className="space-y-6">
            {loaderData.buyer.signedIn ? null : <GuestPricesNote />}
            <FreeShipping cart={cart} />
            <CartTotals cart={cart} />
            <CouponForm cart={cart} failure={failure?.intent === 'applyCoupon' ? failure : null} />
            <Link
              to={generateUrl('cartShippingPayment', { locale })}
              className={`${PRIMARY_BUTTON} w-full`}
              data-testid="continue"
            >
              {t('cartPage.continue')}
            </Link>
          </aside>
        </div>
      )}
    </CheckoutLayout>
  )
}

function CouponForm({ cart, failure }: { cart: Cart; failure: ActionFailure | null }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  if (cart.coupon) {
    return (
      <Form
        method="post"
        className="rounded-lg border border-stone-200 p-3 text-sm"
        data-testid="coupon"
      >
        <input type="hidden" name="intent" value="removeCoupon" />
        <p>
          {t('order.coupon')}: <strong>{cart.coupon.code}</strong> ({cart.coupon.label})
        </p>
        <button
          type="submit"
          className="mt-2 text-sm font-medium text-red-700 underline"
          disabled={busy}
        >
          {t('cartPage.removeCoupon')}
        </button>
      </Form>
    )
  }
  // Closed until the buyer opens it; a refused code keeps it open with its message.
  return (
    <details
      className="group rounded-lg border border-stone-200 text-sm"
      open={failure ? true : undefined}
      data-testid="coupon"
    >
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 font-medium text-stone-800">
        {t('checkoutMobile.couponToggle')}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form method="post" className="px-3 pb-3">
        <input type="hidden" name="intent" value="applyCoupon" />
        <label htmlFor="coupon-code" className="block font-medium text-stone-800">
          {t('order.coupon')}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="coupon-code"
            name="code"
            autoComplete="off"
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'coupon-code-error' : undefined}
            className="h-10 min-w-0 flex-1 basis-32 rounded-lg border border-stone-300 px-3 uppercase aria-invalid:border-red-700"
          />
          <button type="submit" className={SECONDARY_BUTTON} disabled={busy}>
            {t('cartPage.applyCoupon')}
          </button>
        </div>
        {failure ? (
          <p id="coupon-code-error" role="alert" className="mt-1 font-medium text-red-700">
            {failure.errors[0]?.message ?? failure.message}
          </p>
        ) : null}
      </Form>
    </details>
  )
}
