import { useEffect, useState } from 'react'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { onCartChange } from './cart-events.ts'

/**
 * The number of items in the visitor's cart for the header's badge: what the page was rendered
 * with, then each cart a widget announces. Pages that do not announce a cart ask the cart API
 * once after the page runs, without holding up the page.
 */
export function useCartCount(initial: number): number {
  const [count, setCount] = useState(initial)
  useEffect(() => {
    let announced = false
    const stop = onCartChange((cart: Cart) => {
      announced = true
      setCount(cart.itemCount)
    })
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      if (announced) return
      fetch('/api/kosik', {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        signal: controller.signal,
      })
        .then(async (response) => (response.ok ? ((await response.json()) as Cart) : null))
        .then((cart) => {
          if (cart && !announced && typeof cart.itemCount === 'number') setCount(cart.itemCount)
        })
        .catch(() => {
          // No count is better than a broken header: the badge keeps what it shows.
        })
    }, 0)
    return () => {
      stop()
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [])
  return count
}
