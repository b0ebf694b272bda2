import { expect, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { untilHydrated } from './catalogue-kit.ts'

/** The English text of a catalogue key, with its parameters filled in. */
export function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The page's own "Add to cart" (not the phones' bar, not a spare part's). */
export function mainAddToCart(page: Page) {
  // Spare parts' buttons carry their names; the bar comes last on the page.
  return page
    .locator('main')
    .getByRole('button', { name: en('cart.addToCart'), exact: true })
    .first()
}

/**
 * Opens, in English, the first product of the catalogue (by name) that can be put in the cart
 * now, and waits until its page is hydrated; answers its path.
 */
export async function openOrderableProduct(page: Page): Promise<string> {
  // The API answers in the remembered language: English from here on.
  await page.goto('/en')
  const response = await page.request.get('/api/products?p=1&sort=name')
  expect(response.ok()).toBe(true)
  const { products } = (await response.json()) as { products: { url: string }[] }
  for (const product of products.slice(0, 12)) {
    await page.goto(product.url)
    const add = mainAddToCart(page)
    await untilHydrated(add)
    if (await add.isEnabled()) return product.url
  }
  throw new Error('No orderable product among the first of the catalogue')
}

/** Whether the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')
}
