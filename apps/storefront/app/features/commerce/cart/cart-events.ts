import type { Cart } from '@optika/domain/commerce/cart-api'

const CART_CHANGED = 'optika:cart-changed'

/** Tells the page's other widgets (the header's cart badge) that the cart changed. */
export function announceCart(cart: Cart): void {
  window.dispatchEvent(new CustomEvent<Cart>(CART_CHANGED, { detail: cart }))
}

/** Subscribes to cart changes; returns the unsubscribe function (for useEffect). */
export function onCartChange(listener: (cart: Cart) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Cart>).detail)
  window.addEventListener(CART_CHANGED, handle)
  return () => window.removeEventListener(CART_CHANGED, handle)
}
