import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { announceCart } from './cart-events.ts'
import { SECONDARY_BUTTON } from './checkout-layout.tsx'

/** Puts a past order's items into the cart again, then opens the cart. */
export function ReorderButton({ orderId, number }: { orderId: number; number: string }) {
  const { t, locale } = useTranslation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const reorder = async () => {
    setBusy(true)
    try {
      const result = await callApi<Cart>('POST', `/api/kosik/reorder/${orderId}`)
      if (!result.ok) {
        setProblem(result.message || t('cartPage.failed'))
        return
      }
      announceCart(result.data)
      await navigate(generateUrl('cart', { locale }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className={SECONDARY_BUTTON}
        disabled={!hydrated || busy}
        aria-busy={busy}
        aria-label={t('cartPage.reorderOrder', { number })}
        onClick={() => void reorder()}
      >
        {t('cartPage.reorder')}
      </button>
      {problem ? (
        <span role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </span>
      ) : null}
    </span>
  )
}
