import { useId, useState, type FormEvent, type Ref } from 'react'
import { Link } from 'react-router'
import {
  nearestAllowedQuantity,
  quantityProblem,
  type QuantityRules,
} from '@optika/domain/catalogue/quantity-rules'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { callApi } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { announceCart } from '../../commerce/cart/cart-events.ts'
import { quantityRulesText } from '../../commerce/cart/quantity-rules-text.ts'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/** POST /api/pridat-do-kosiku (seed section 7). */
const ADD_TO_CART_PATH = '/api/pridat-do-kosiku'

type Outcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'added' }
  | { readonly kind: 'refused'; readonly message: string }

interface AddToCartProps {
  /** The object the cart takes: the selected colour variant, or a product without variants. */
  readonly sellableId: number
  readonly rules: QuantityRules
  readonly canOrder: boolean
  /** Names the controls when several forms share a page (spare parts); omit for the page's own. */
  readonly itemName?: string
  readonly compact?: boolean
  /** The form's id, for a submit button elsewhere on the page (the phones' sticky bar). */
  readonly formId?: string
  /** The "Add to cart" button (the sticky bar watches whether it is in view). */
  readonly submitRef?: Ref<HTMLButtonElement>
  /** Called when the cart took the item (the sticky bar confirms it too). */
  readonly onAdded?: () => void
}

/** The first quantity the rules allow: the minimum rounded up to a whole step. */
function firstQuantity(rules: QuantityRules): number {
  return nearestAllowedQuantity(rules, rules.min)
}

/**
 * Quantity input with − and + stepping by the rules' step, the rules shown ('Minimum order
 * quantity', 'maximum amount'), the same check the server applies before anything is sent, and
 * "Add to cart". The server's answer decides: its translated message is shown as it is.
 */
export function AddToCart({
  sellableId,
  rules,
  canOrder,
  itemName,
  compact = false,
  formId,
  submitRef,
  onAdded,
}: AddToCartProps) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const [text, setText] = useState(() => String(firstQuantity(rules)))
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const inputId = useId()
  const rulesId = useId()
  const problemId = useId()

  const quantity = Number(text)
  const whole = text.trim() !== '' && Number.isInteger(quantity)
  const problem = whole ? quantityProblem(rules, quantity) : null
  const message = !whole
    ? t('validation.quantityWhole')
    : problem
      ? t(problem.key, problem.params)
      : null

  function step(by: number) {
    const from = whole ? quantity : rules.min
    setText(String(nearestAllowedQuantity(rules, from + by * rules.step)))
    setOutcome({ kind: 'idle' })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (message || outcome.kind === 'sending') return
    setOutcome({ kind: 'sending' })
    const result = await callApi<Cart>('POST', ADD_TO_CART_PATH, {
      productId: sellableId,
      quantity,
    })
    if (result.ok) {
      announceCart(result.data)
      setOutcome({ kind: 'added' })
      onAdded?.()
    } else {
      setOutcome({ kind: 'refused', message: result.message || t('productPage.addFailed') })
    }
  }

  const describedBy = [rulesId, message ? problemId : null].filter(Boolean).join(' ')
  const stepButton =
    'grid size-11 place-items-center text-lg font-semibold text-stone-700 hover:bg-stone-100 disabled:text-stone-300'

  return (
    <form
      id={formId}
      onSubmit={(event) => void submit(event)}
      noValidate
      className={compact ? 'mt-3' : 'mt-6'}
    >
      <label
        htmlFor={inputId}
        className={compact ? 'sr-only' : 'text-sm font-medium text-stone-700'}
      >
        {itemName ? t('productPage.quantityOf', { name: itemName }) : t('order.quantity')}
      </label>
      <div className="mt-1.5 flex flex-wrap items-stretch gap-3">
        <div className="flex items-stretch overflow-hidden rounded-full border border-stone-300 focus-within:border-brand-700">
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={!hydrated || (whole && quantity <= rules.min)}
            aria-label={t('productPage.decreaseQuantity')}
            aria-controls={inputId}
            className={stepButton}
          >
            −
          </button>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={rules.min}
            step={rules.step}
            max={rules.max ?? undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setOutcome({ kind: 'idle' })
            }}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            className="w-16 border-x border-stone-300 text-center text-base [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            onClick={() => step(1)}
            disabled={!hydrated}
            aria-label={t('productPage.increaseQuantity')}
            aria-controls={inputId}
            className={stepButton}
          >
            +
          </button>
        </div>
        {/* Not disabled while sending: a disabled button drops focus to <body>; submit() waits. */}
        <button
          ref={submitRef}
          type="submit"
          disabled={!hydrated || !canOrder}
          aria-disabled={outcome.kind === 'sending' ? true : undefined}
          aria-label={itemName ? t('productPage.addNamedToCart', { name: itemName }) : undefined}
          className="rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          {t('cart.addToCart')}
        </button>
      </div>
      <p id={rulesId} className="mt-2 text-xs text-stone-600">
        {quantityRulesText(rules, t, true)}
      </p>
      {message ? (
        <p id={problemId} className="mt-1 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
      {/* Always present, so screen readers announce the confirmation when it appears. */}
      <div role="status">
        {outcome.kind === 'added' ? (
          <p className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {t('productPage.addedToCart')}{' '}
            <Link
              to={generateUrl('cart', { locale })}
              className="font-semibold underline hover:text-emerald-700"
            >
              {t('productPage.goToCart')}
            </Link>
          </p>
        ) : null}
      </div>
      {outcome.kind === 'refused' ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {outcome.message}
        </p>
      ) : null}
    </form>
  )
}
