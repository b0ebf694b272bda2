import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { catalogue } from '@optika/i18n/catalogue'

/** The English text of a catalogue key (the journeys shop in English, from Czechia). */
export function en(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

export const DEMO_CUSTOMER = { login: 'zakaznik@optika.example', password: 'Optika-zakaznik-2026' }
export const DEMO_PARTNER = { login: 'partner@optika.example', password: 'Optika-partner-2026' }

/** How the cart names a line's controls: the product with its colour. */
export function lineName(item: Cart['items'][number]): string {
  return item.variantName ? `${item.name} – ${item.variantName}` : item.name
}

interface ListedProduct {
  id: number
  variants: { id: number }[]
}

/** Products of the catalogue that may be put in the cart, as ids to send (a variant, or the product). */
async function candidateIds(request: APIRequestContext): Promise<number[]> {
  const ids: number[] = []
  for (const page of [1, 2, 3]) {
    const response = await request.get(`/api/products?p=${page}&sort=name`)
    expect(response.status(), await response.text()).toBe(200)
    const { products } = (await response.json()) as { products: ListedProduct[] }
    for (const product of products) {
      if (product.variants.length === 0) ids.push(product.id)
      else ids.push(...product.variants.map((variant) => variant.id))
    }
  }
  return ids
}

/**
 * Puts orderable products in the visitor's cart through the cart API (the browser's cookies go
 * along), skipping those out of stock or bought by the pack, until `enough` says the cart is done.
 */
export async function fillCart(
  request: APIRequestContext,
  enough: (cart: Cart) => boolean = (cart) => cart.items.length > 0,
): Promise<Cart> {
  let cart = (await (await request.get('/api/kosik')).json()) as Cart
  for (const productId of await candidateIds(request)) {
    if (enough(cart)) return cart
    const response = await request.post('/api/pridat-do-kosiku', {
      data: { productId, quantity: 1 },
    })
    if (response.ok()) cart = (await response.json()) as Cart
  }
  expect(enough(cart), 'the demo catalogue has enough orderable products').toBe(true)
  return cart
}

/** Removes every line of the visitor's cart (a demo account's cart may hold another journey's items). */
export async function emptyCart(request: APIRequestContext): Promise<void> {
  const cart = (await (await request.get('/api/kosik')).json()) as Cart
  for (const item of cart.items) {
    const response = await request.delete(`/api/remove/${item.id}`)
    expect(response.ok()).toBe(true)
  }
}

/** Signs in on the storefront's login page (its form is sent by the page's script). */
export async function logIn(
  page: Page,
  account: { login: string; password: string },
): Promise<void> {
  await page.goto('/en/login')
  await expect(page.getByRole('button', { name: en('auth.logIn') })).toBeEnabled()
  await page.getByRole('textbox', { name: en('accountPage.login.login') }).fill(account.login)
  await page
    .getByRole('textbox', { name: en('customer.password'), exact: true })
    .fill(account.password)
  await page.getByRole('button', { name: en('auth.logIn') }).click()
  await expect(page).toHaveURL(/\/en\/account$/)
}

/** Fills a text field of the shipping-and-payment form unless the profile already filled it. */
export async function fillIfEmpty(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true }).first()
  if ((await field.inputValue()).trim() === '') await field.fill(value)
}

/** The contact and billing address of a Czech buyer, then on to the final check. */
export async function fillCzechBuyer(page: Page, email: string | null): Promise<void> {
  await fillIfEmpty(page, en('customer.fullName'), 'Jana Nováková')
  if (email)
    await page.getByRole('textbox', { name: en('customer.email'), exact: true }).fill(email)
  else await fillIfEmpty(page, en('customer.email'), 'jana.novakova@example.cz')
  await fillIfEmpty(page, en('customer.phone'), '+420 601 234 567')
  await fillIfEmpty(page, en('customer.street'), 'Dlouhá 12')
  await fillIfEmpty(page, en('customer.city'), 'Praha')
  await fillIfEmpty(page, en('customer.postcode'), '110 00')
}

/** Ticks both consents and places the order; the finished page opens. */
export async function placeOrder(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: en('checkout.agreeTerms') }).check()
  await page.getByRole('checkbox', { name: en('checkout.agreeDataProcessing') }).check()
  await page.getByRole('button', { name: en('cartPage.placeOrder') }).click()
  await expect(page).toHaveURL(/\/en\/cart\/finished\/[^/?]+/)
  await expect(
    page.getByRole('heading', { level: 1, name: en('page.orderFinished') }),
  ).toBeVisible()
}

/** The page's accessibility problems (axe, within the main landmark), as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
