import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import { quantityProblem } from '@optika/domain/catalogue/quantity-rules'
import type { Cart, CartItem } from '@optika/domain/commerce/cart-api'
import { GlassesIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { cartMoney } from './cart-totals.tsx'
import { quantityRulesText } from './quantity-rules-text.ts'

/** The translation key of each stock state (seed section 4). */
const AVAILABILITY_KEYS: Record<AvailabilityState, string> = {
  inStock: 'availability.inStock',
  lowStock: 'availability.lowStock',
  outOfStock: 'availability.outOfStockLater',
  noFurtherDeliveries: 'availability.noFurtherDeliveries',
  endOfProduction: 'availability.endOfProduction',
}

const SMALL_BUTTON =
  'inline-flex h-9 items-center justify-center rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60'

/**
 * The cart's lines. Each line's quantity and remove buttons are plain forms posting to the page's
 * action; once the page runs, they call the cart's JSON API instead and the page shows the
 * answered cart without a reload.
 */
export function CartLines({ cart, onCart }: { cart: Cart; onCart: (cart: Cart) => void }) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="cart-lines">
        <caption className="sr-only">{t('order.items')}</caption>
        <thead className="border-b border-stone-300 text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('accountPage.order.product')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('order.quantity')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {t('order.unitPrice')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('order.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item) => (
            <CartLine key={item.id} item={item} cart={cart} onCart={onCart} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PriceCell({
  cart,
  price,
  catalog,
}: {
  cart: Cart
  price: CartItem['unitPrice']
  catalog?: CartItem['catalogUnitPrice']
}) {
  const { t, locale } = useTranslation()
  if (!price) return <>—</>
  const higherCatalog = catalog && catalog.gross > price.gross ? catalog : null
  return (
    <>
      {higherCatalog ? (
        <s className="block text-xs text-stone-500">
          <span className="sr-only">{t('cartPage.catalogPrice')} </span>
          {cartMoney(cart.pricesWithVat ? higherCatalog.gross : higherCatalog.net, cart, locale)}
        </s>
      ) : null}
      <span className="block font-medium">
        {cart.pricesWithVat
          ? t('cartPage.withVat', { amount: cartMoney(price.gross, cart, locale) })
          : t('cartPage.withoutVat', { amount: cartMoney(price.net, cart, locale) })}
      </span>
      <span className="block text-xs text-stone-500">
        {cart.pricesWithVat
          ? t('cartPage.withoutVat', { amount: cartMoney(price.net, cart, locale) })
          : t('cartPage.withVat', { amount: cartMoney(price.gross, cart, locale) })}
      </span>
    </>
  )
}

function CartLine({
  item,
  cart,
  onCart,
}: {
  item: CartItem
  cart: Cart
  onCart: (cart: Cart) => void
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [quantity, setQuantity] = useState(String(item.quantity))
  const [shownQuantity, setShownQuantity] = useState(item.quantity)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // A new cart from the server (another line changed, a reload) shows the server's quantity.
  if (shownQuantity !== item.quantity) {
    setShownQuantity(item.quantity)
    setQuantity(String(item.quantity))
  }
  // Two colours of one frame are two lines: their controls are named with the colour.
  const label = item.variantName ? `${item.name} – ${item.variantName}` : item.name
  const inputId = `cart-quantity-${item.id}`
  const errorId = `${inputId}-error`
  const rulesId = `${inputId}-rules`
  const lineMessages = cart.messages.filter((message) => message.itemId === item.id)

  const send = async (request: () => ReturnType<typeof callApi<Cart>>) => {
    setBusy(true)
    try {
      const result = await request()
      if (result.ok) {
        setProblem(null)
        onCart(result.data)
      } else {
        setProblem(result.message || t('cartPage.failed'))
      }
    } finally {
      setBusy(false)
    }
  }

  const update = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const wanted = Number(quantity)
    if (!Number.isInteger(wanted) || wanted < 1) {
      setProblem(t('validation.quantityWhole'))
      return
    }
    const rule = quantityProblem(item.rules, wanted)
    if (rule) {
      setProblem(t(rule.key, rule.params))
      return
    }
    void send(() => callApi<Cart>('PUT', `/api/update-quantity/${item.id}`, { quantity: wanted }))
  }

  const remove = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    void send(() => callApi<Cart>('DELETE', `/api/remove/${item.id}`))
  }

  const rules = quantityRulesText(item.rules, t)

  return (
    <tr className="border-b border-stone-200 align-top" data-testid="cart-line" aria-busy={busy}>
      <th scope="row" className="py-4 pr-4 font-normal">
        <div className="flex gap-3">
          <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-stone-50">
            {item.thumbnail ? (
              <img
                src={item.thumbnail}
                alt=""
                width={64}
                height={64}
                className="size-16 object-contain mix-blend-multiply"
              />
            ) : (
              <GlassesIcon className="size-8 text-stone-400" />
            )}
          </div>
          <div className="min-w-0">
            <Link
              to={item.url}
              className="font-medium text-stone-900 underline-offset-2 hover:underline"
            >
              {item.name}
            </Link>
            {item.variantName ? (
              <span className="block text-stone-600">
                {t('filter.color')}: {item.variantName}
              </span>
            ) : null}
            <span className="block text-stone-500">
              {t('product.code')}: {item.code}
            </span>
            <span className="block text-stone-600">{t(AVAILABILITY_KEYS[item.availability])}</span>
            {lineMessages.map((message) => (
              <span key={message.key} role="status" className="mt-1 block text-amber-800">
                {message.text}
              </span>
            ))}
          </div>
        </div>
      </th>
      <td className="py-4 pr-4">
        <form method="post" onSubmit={update} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="itemId" value={item.id} />
          <label htmlFor={inputId} className="sr-only">
            {t('cartPage.quantityOf', { name: label })}
          </label>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={item.rules.min}
            step={item.rules.step}
            max={item.rules.max ?? undefined}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={
              [rules ? rulesId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined
            }
            className="h-9 w-20 rounded-lg border border-stone-300 px-2 text-right tabular-nums aria-invalid:border-red-700"
          />
          <button type="submit" className={SMALL_BUTTON} disabled={busy}>
            {t('cartPage.update')}
          </button>
        </form>
        {rules ? (
          <p id={rulesId} className="mt-1 text-xs text-stone-500">
            {rules}
          </p>
        ) : null}
        {problem ? (
          <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <form method="post" onSubmit={remove} className="mt-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={item.id} />
          <button
            type="submit"
            className="text-sm font-medium text-red-700 underline underline-offset-2 disabled:opacity-60"
            disabled={busy}
            aria-label={t('cartPage.removeItem', { name: label })}
          >
            {t('cart.remove')}
          </button>
        </form>
      </td>
      <td className="py-4 pr-4 text-right whitespace-nowrap tabular-nums">
        <PriceCell cart={cart} price={item.unitPrice} catalog={item.catalogUnitPrice} />
      </td>
      <td className="py-4 text-right whitespace-nowrap tabular-nums">
        <PriceCell cart={cart} price={item.linePrice} />
      </td>
    </tr>
  )
}
