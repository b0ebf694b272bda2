import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { cartMoney } from './cart-totals.tsx'

/** A note on the page: information (role status) or a problem (role alert). */
export function CartNotice({
  tone = 'info',
  children,
  testId,
}: {
  tone?: 'info' | 'problem' | 'success'
  children: ReactNode
  testId?: string
}) {
  const colours = {
    info: 'border-sky-200 bg-sky-50 text-sky-900',
    problem: 'border-red-300 bg-red-50 text-red-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  }[tone]
  return (
    <div
      role={tone === 'problem' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-lg border p-3 text-sm ${colours}`}
    >
      {children}
    </div>
  )
}

/** Keys the pages show in their own place rather than in the list of cart messages. */
const SHOWN_ELSEWHERE = new Set(['cart.empty', 'cart.freeShippingRemaining'])

/** The cart's messages that are not about a single line (a changed shipping method, prices…). */
export function CartMessages({ cart }: { cart: Cart }) {
  const messages = cart.messages.filter(
    (message) => message.itemId === null && !SHOWN_ELSEWHERE.has(message.key),
  )
  if (messages.length === 0) return null
  return (
    <ul className="mb-6 space-y-2" data-testid="cart-messages">
      {messages.map((message) => (
        <li key={`${message.key}:${message.text}`}>
          <CartNotice tone="info">{message.text}</CartNotice>
        </li>
      ))}
    </ul>
  )
}

/** 'buy for another X to get free shipping' with the country's threshold, or that it is reached. */
export function FreeShipping({ cart }: { cart: Cart }) {
  const { t, locale } = useTranslation()
  if (cart.items.length === 0 || cart.freeShippingRemaining === null) return null
  const threshold = t('cart.freeShippingThreshold', {
    amount: cartMoney(cart.freeShippingThreshold, cart, locale),
  })
  if (cart.freeShippingRemaining <= 0) {
    return (
      <CartNotice tone="success" testId="free-shipping">
        {t('cartPage.freeShippingReached')}
      </CartNotice>
    )
  }
  const done =
    cart.freeShippingThreshold > 0
      ? Math.min(
          100,
          Math.round(100 - (cart.freeShippingRemaining / cart.freeShippingThreshold) * 100),
        )
      : 0
  return (
    <div data-testid="free-shipping" className="rounded-lg border border-stone-200 p-3 text-sm">
      <p role="status">
        {t('cart.freeShippingRemaining', {
          amount: cartMoney(cart.freeShippingRemaining, cart, locale),
        })}
      </p>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-100">
        <div className="h-full bg-brand-600" style={{ width: `${done}%` }} />
      </div>
      <p className="mt-2 text-xs text-stone-500">{threshold}</p>
    </div>
  )
}

/**
 * A guest's prices are the retail prices (decision 024): said where a guest commits to buying,
 * with a log-in that comes back to the cart.
 */
export function GuestPricesNote() {
  const { t, locale } = useTranslation()
  const loginUrl = generateUrl('login', { locale, returnTo: generateUrl('cart', { locale }) })
  return (
    <p
      className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
      data-testid="guest-prices"
    >
      {t('checkoutMobile.guestPrices')}{' '}
      <Link to={loginUrl} className="font-medium underline">
        {t('checkoutMobile.guestPricesLogIn')}
      </Link>
    </p>
  )
}
