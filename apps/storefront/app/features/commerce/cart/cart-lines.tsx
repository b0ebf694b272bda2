import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import { quantityProblem } from '@optika/domain/catalogue/quantity-rules'
import type { Cart, CartItem } from '@optika/domain/commerce/cart-api'
import { GlassesIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { cartMoney } from './cart-totals.tsx'
import { CELL_LABEL, STACKED } from './stacked-table.ts'
import { quantityRulesText } from './quantity-rules-text.ts'

/** The translation key of each stock state (seed section 4). */
const AVAILABILITY_KEYS: Record<AvailabilityState, string> = {
  inStock: 'availability.inStock',
  lowStock: 'availability.lowStock',
  outOfStock: 'availability.outOfStockLater',
  noFurtherDeliveries: 'availability.noFurtherDeliveries',
  endOfProduction: 'availability.endOfProduction',
}

/** How long typing rests before a new quantity is sent (the seed's debounce for text input). */
export const QUANTITY_DEBOUNCE_MS = 500

const SMALL_BUTTON =
  'inline-flex h-9 items-center justify-center rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60'

/**
 * The cart's lines: a table on wide screens, one card per line on phones. Each line's quantity
 * and remove are plain forms posting to the page's action (the quantity's button shows only
 * without scripts); once the page runs, a typed quantity is sent to the cart's JSON API when the
 * typing rests, and the page shows the answered cart without a reload.
 */
export function CartLines({ cart, onCart }: { cart: Cart; onCart: (cart: Cart) => void }) {
  const { t } = useTranslation()
  const [announcement, setAnnouncement] = useState('')
  return (
    <div>
      <table role="table" className={STACKED.table} data-testid="cart-lines">
        <caption className="sr-only">{t('order.items')}</caption>
        <thead role="rowgroup" className={STACKED.thead}>
          <tr role="row">
            <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
              {t('accountPage.order.product')}
            </th>
            <th scope="col" role="columnheader" className="py-2 pr-4 font-medium">
              {t('order.quantity')}
            </th>
            <th scope="col" role="columnheader" className="py-2 pr-4 text-right font-medium">
              {t('order.unitPrice')}
            </th>
            <th scope="col" role="columnheader" className="py-2 text-right font-medium">
              {t('checkoutMobile.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={STACKED.tbody}>
          {cart.items.map((item) => (
            <CartLine
              key={item.id}
              item={item}
              cart={cart}
              onCart={onCart}
              onAnnounce={setAnnouncement}
            />
          ))}
        </tbody>
      </table>
      <p role="status" className="sr-only" data-testid="cart-announcement">
        {announcement}
      </p>
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
  onAnnounce,
}: {
  item: CartItem
  cart: Cart
  onCart: (cart: Cart) => void
  onAnnounce: (text: string) => void
}) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const [quantity, setQuantity] = useState(String(item.quantity))
  const [shownQuantity, setShownQuantity] = useState(item.quantity)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // Answers may come back out of order: only the last request's answer is shown.
  const lastRequest = useRef(0)
  // A new cart from the server (another line changed, a reload) shows the server's quantity.
  if (shownQuantity !== item.quantity) {
    setShownQuantity(item.quantity)
    setQuantity(String(item.quantity))
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  // Two colours of one frame are two lines: their controls are named with the colour.
  const label = item.variantName ? `${item.name} – ${item.variantName}` : item.name
  const inputId = `cart-quantity-${item.id}`
  const errorId = `${inputId}-error`
  const rulesId = `${inputId}-rules`
  const lineMessages = cart.messages.filter((message) => message.itemId === item.id)

  const send = async (request: () => ReturnType<typeof callApi<Cart>>): Promise<Cart | null> => {
    const id = ++lastRequest.current
    setBusy(true)
    try {
      const result = await request()
      if (id !== lastRequest.current) return null
      if (result.ok) {
        setProblem(null)
        onCart(result.data)
        return result.data
      }
      setProblem(result.message || t('cartPage.failed'))
      return null
    } finally {
      if (id === lastRequest.current) setBusy(false)
    }
  }

  /** Checks a typed quantity by the line's rules and sends it when it is new and allowed. */
  const commit = (typed: string) => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const wanted = Number(typed)
    if (typed.trim() === '' || !Number.isInteger(wanted) || wanted < 1) {
      setProblem(t('validation.quantityWhole'))
      return
    }
    const rule = quantityProblem(item.rules, wanted)
    if (rule) {
      setProblem(t(rule.key, rule.params))
      return
    }
    setProblem(null)
    if (wanted === item.quantity) return
    void send(() =>
      callApi<Cart>('PUT', `/api/update-quantity/${item.id}`, { quantity: wanted }),
    ).then((answered) => {
      const total = answered?.totals.total?.gross
      if (answered) {
        onAnnounce(
          t('checkoutMobile.quantityChanged', {
            name: label,
            quantity: answered.items.find((line) => line.id === item.id)?.quantity ?? wanted,
            total: cartMoney(total, answered, locale),
          }),
        )
      }
    })
  }

  const type = (value: string) => {
    setQuantity(value)
    if (timer.current) clearTimeout(timer.current)
    // An emptied field is being retyped: it is judged when the buyer leaves it.
    timer.current =
      value.trim() === '' ? null : setTimeout(() => commit(value), QUANTITY_DEBOUNCE_MS)
  }

  const update = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    commit(quantity)
  }

  const remove = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    if (timer.current) clearTimeout(timer.current)
    void send(() => callApi<Cart>('DELETE', `/api/remove/${item.id}`))
  }

  const rules = quantityRulesText(item.rules, t)

  return (
    <tr role="row" className={STACKED.row} data-testid="cart-line" aria-busy={busy}>
      <th
        scope="row"
        role="rowheader"
        className={`${STACKED.wide} py-4 pr-4 font-normal max-sm:pb-2`}
      >
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
          <div className="min-w-0 break-words">
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
      <td role="cell" className={`${STACKED.wide} py-4 pr-4 max-sm:py-2`}>
        <form method="post" onSubmit={update} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="itemId" value={item.id} />
          <label htmlFor={inputId} className="text-stone-600 sm:sr-only">
            <span className="sr-only">{t('cartPage.quantityOf', { name: label })}</span>
            <span aria-hidden="true">{t('order.quantity')}</span>
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
            onChange={(event) => type(event.target.value)}
            onBlur={() => {
              if (timer.current || quantity !== String(item.quantity)) commit(quantity)
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={
              [rules ? rulesId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined
            }
            className="h-10 w-20 rounded-lg border border-stone-300 px-2 text-right tabular-nums aria-invalid:border-red-700"
          />
          {/* Without scripts the quantity is sent by this button; with them, by typing. */}
          <noscript>
            <button type="submit" className={SMALL_BUTTON}>
              {t('cartPage.update')}
            </button>
          </noscript>
          {busy ? (
            <span className="text-xs text-stone-500" data-testid="quantity-saving">
              {t('checkoutMobile.quantitySaving')}
            </span>
          ) : null}
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
            className="inline-flex min-h-6 items-center text-sm font-medium text-red-700 underline underline-offset-2 disabled:opacity-60"
            disabled={busy}
            aria-label={t('cartPage.removeItem', { name: label })}
          >
            {t('cart.remove')}
          </button>
        </form>
      </td>
      <td
        role="cell"
        className={`${STACKED.cell} py-4 pr-4 text-right tabular-nums max-sm:text-left xl:whitespace-nowrap`}
      >
        <span className={CELL_LABEL} aria-hidden="true">
          {t('order.unitPrice')}
        </span>
        <PriceCell cart={cart} price={item.unitPrice} catalog={item.catalogUnitPrice} />
      </td>
      <td
        role="cell"
        className={`${STACKED.cell} py-4 text-right tabular-nums xl:whitespace-nowrap`}
        data-testid="line-total"
      >
        <span className={CELL_LABEL} aria-hidden="true">
          {t('checkoutMobile.lineTotal')}
        </span>
        <PriceCell cart={cart} price={item.linePrice} />
      </td>
    </tr>
  )
}
