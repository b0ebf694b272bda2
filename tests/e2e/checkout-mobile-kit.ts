import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'

/** A catalogue text in `locale`, its placeholders filled. */
export function text(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/**
 * Registers a new customer through the account API (reading the captcha as its format allows):
 * the request's cookies are then signed in, and the customer's cart is nobody else's.
 */
export async function registerCustomer(request: APIRequestContext): Promise<string> {
  const email = `mobil.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  const challenge = await request.get('/api/account/captcha')
  expect(challenge.status()).toBe(200)
  const { id, svg } = (await challenge.json()) as { id: string; svg: string }
  const password = 'Brýle-2026-mobil'
  const response = await request.post('/api/account/register', {
    data: {
      kind: 'customer',
      email,
      password,
      passwordRepeat: password,
      phone: '+420 601 234 567',
      firstName: 'Jana',
      lastName: 'Nováková',
      billingAddress: {
        street: 'Vodičkova 12',
        city: 'Praha',
        postcode: '110 00',
        country: 'CZ',
      },
      deliveryDiffers: false,
      newsletter: false,
      terms: true,
      privacy: true,
      captchaId: id,
      captchaCode: readCaptchaSvg(svg),
    },
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
  return email
}

/** Saves the shipping-and-payment step through the API: the forwarder, bank transfer, a region. */
export async function saveShippingStep(
  request: APIRequestContext,
  region: { country: 'CZ' | 'HU'; code: string; postcode: string },
): Promise<CheckoutState> {
  await request.put('/api/checkout/country', { data: { country: region.country } })
  const state = (await (await request.get('/api/checkout')).json()) as CheckoutState
  const shipping = state.shippingOptions.find((option) => option.code === 'forwarder')
  const payment = state.paymentOptions.find((option) => option.kind === 'bankTransfer')
  expect(shipping && payment, 'the country offers a forwarder and bank transfer').toBeTruthy()
  const saved = await request.put('/api/checkout/shipping-payment', {
    data: {
      country: region.country,
      shippingMethodId: shipping!.id,
      paymentMethodId: payment!.id,
      contact: { email: 'jana.novakova@example.cz', phone: '+420 601 234 567', name: 'Jana' },
      billing: {
        street: 'Dlouhá 12',
        city: 'Město',
        postcode: region.postcode,
        region: region.code,
        country: region.country,
      },
      deliveryDiffers: false,
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return (await saved.json()) as CheckoutState
}

/** Places the checkout's order through the API (both consents, the total the cart shows). */
export async function placeOrderByApi(request: APIRequestContext): Promise<PlacedOrder> {
  const state = (await (await request.get('/api/checkout')).json()) as CheckoutState
  const response = await request.post('/api/checkout/place-order', {
    headers: { 'idempotency-key': `mobile-${Date.now()}-${Math.random()}` },
    data: {
      agreeTerms: true,
      agreeDataProcessing: true,
      expectedTotal: state.cart.totals.total?.gross ?? 0,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as PlacedOrder
}

/**
 * How far the page's main content reaches beyond the viewport sideways (0 when it fits). The
 * header is the shell's, measured by its own journeys.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // A string, as the journeys are type-checked without the DOM's types.
  return page.evaluate<number>(
    "(() => { const main = document.querySelector('main'); return main ? main.scrollWidth - main.clientWidth : Infinity })()",
  )
}

/** Whether an element lies wholly within the viewport's width (not cut off or scrolled away). */
export async function expectWithinWidth(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible()
  const box = await element.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, 'the element has a box').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5)
}

/** The browser's own function, typed here: the journeys are checked without the DOM's types. */
declare function getComputedStyle(element: unknown): { readonly display: string }

/** The CSS display of an element (a stacked table's row is a grid, a wide screen's a table row). */
export async function displayOf(element: Locator): Promise<string> {
  return element.evaluate((node: unknown) => getComputedStyle(node).display)
}

/** Puts nose pads in the cart: a spare part sold in steps of 2 (at least 2, at most 100). */
export async function addNosePads(request: APIRequestContext): Promise<Cart> {
  const list = await request.get('/api/products?p=1&sort=name&searchin=all&model=NP-')
  expect(list.status(), await list.text()).toBe(200)
  const { products } = (await list.json()) as { products: { variants: { id: number }[] }[] }
  for (const product of products) {
    for (const variant of product.variants) {
      const added = await request.post('/api/pridat-do-kosiku', {
        data: { productId: variant.id, quantity: 2 },
      })
      if (added.ok()) return (await added.json()) as Cart
    }
  }
  throw new Error('The demo catalogue has no nose pads to order')
}

/**
 * Puts `count` lines in the cart that are in stock, drawn at random from further down the
 * catalogue than the other journeys shop, so orders placed side by side (and journeys run again
 * on the same data) do not sell the same pieces out.
 */
export async function fillCartInStock(request: APIRequestContext, count: number): Promise<Cart> {
  let cart = (await (await request.get('/api/kosik')).json()) as Cart
  const pages = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].sort(() => Math.random() - 0.5)
  for (const page of pages) {
    const list = await request.get(`/api/products?p=${page}&sort=name`)
    expect(list.status(), await list.text()).toBe(200)
    const { products } = (await list.json()) as {
      products: { id: number; variants: { id: number }[] }[]
    }
    for (const product of products.sort(() => Math.random() - 0.5)) {
      if (cart.items.length >= count) return cart
      const id = product.variants[0]?.id ?? product.id
      const added = await request.post('/api/pridat-do-kosiku', {
        data: { productId: id, quantity: 1 },
      })
      if (!added.ok()) continue
      const before = new Set(cart.items.map((item) => item.id))
      cart = (await added.json()) as Cart
      const line = cart.items.find((item) => !before.has(item.id))
      if (line && (line.availability !== 'inStock' || line.rules.min > 1)) {
        cart = (await (await request.delete(`/api/remove/${line.id}`)).json()) as Cart
      }
    }
  }
  expect(cart.items.length, 'the demo catalogue has enough products in stock').toBe(count)
  return cart
}
