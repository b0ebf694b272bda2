import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { catalogue } from '@optika/i18n/catalogue'
import { DEMO_CUSTOMER, fillCart, logIn } from './checkout-kit.ts'
import { overflowsOf, placeDemoOrder, saveShippingStep } from './overflow-kit.ts'
import { scaled } from './machine-pace.ts'

/**
 * No storefront page scrolls sideways, at 320, 375 and 1440 px, in Czech and in Hungarian (long
 * words), for an anonymous visitor and for the signed-in demo customer, and axe finds no
 * violation of any impact on any of them (on a phone in one language, on a desktop in the
 * other). A failure names every page and width and the elements to blame.
 */

/** A category and a product of the demo catalogue, as the home page links them. */
async function catalogueAddresses(page: Page, locale: Locale): Promise<string[]> {
  await page.goto(`/${locale}`)
  const category = await page.locator('main a[href*="/c/"]').first().getAttribute('href')
  const product = await page.locator('main a[href*="/p/"]').first().getAttribute('href')
  expect(category).toBeTruthy()
  expect(product).toBeTruthy()
  return [category ?? '', product ?? '']
}

/** The pages besides the catalogue; account pages too (an anonymous visitor is asked to sign in). */
function shopPages(locale: Locale): string[] {
  return [
    `/${locale}/search?q=ocello`,
    // A query longer than a phone's line, with nothing found.
    `/${locale}/search?q=${'nic'.repeat(20)}`,
    `/${locale}/cart`,
    `/${locale}/cart/shipping-payment`,
    `/${locale}/cart/confirm`,
    `/${locale}/account`,
    `/${locale}/account/orders`,
    `/${locale}/account/complaints`,
    `/${locale}/login`,
    `/${locale}/registration`,
    `/${locale}/registration/partner`,
    `/${locale}/lost-password`,
    `/${locale}/terms`,
    `/${locale}/privacy`,
    `/${locale}/contact`,
    `/${locale}/no-such-page`,
  ]
}

/**
 * Opens every page and gathers what overflows and what axe finds at `axeAt` px; the test fails
 * once, listing all of it.
 */
async function expectNoOverflow(
  page: Page,
  paths: readonly string[],
  axeAt: number,
): Promise<void> {
  const found: string[] = []
  for (const path of paths) found.push(...(await overflowsOf(page, path, axeAt)))
  expect(found, 'pages that scroll sideways or fail axe').toEqual([])
}

/** Where axe scans: anonymous, Czech on a phone and Hungarian on a desktop; signed in, the reverse. */
const AXE_WIDTH = { cs: 375, hu: 1440 } as const

/** The finished page of an order, in `locale`. */
function inLocale(url: string, locale: Locale): string {
  return url.replace(/^\/[a-z]{2}\//, `/${locale}/`)
}

// Every page at three widths: a long journey on a slow machine.
test.describe.configure({ timeout: scaled(300_000) })

test.describe('no page scrolls sideways for an anonymous visitor', () => {
  for (const locale of ['cs', 'hu'] as const) {
    test(`with an item in the cart, in ${locale}`, async ({ page }) => {
      const order = await placeDemoOrder(page.request)
      await fillCart(page.request)
      await saveShippingStep(page.request)
      await expectNoOverflow(
        page,
        [
          `/${locale}`,
          ...(await catalogueAddresses(page, locale)),
          ...shopPages(locale),
          inLocale(order.finishedUrl, locale),
        ],
        AXE_WIDTH[locale],
      )
    })
  }
})

test.describe('no page scrolls sideways for the signed-in demo customer', () => {
  // One account, one cart: its journeys take turns.
  test.describe.configure({ mode: 'default' })

  for (const locale of ['cs', 'hu'] as const) {
    test(`with an order and an item in the cart, in ${locale}`, async ({ page }) => {
      await logIn(page, DEMO_CUSTOMER)
      const order = await placeDemoOrder(page.request)
      await fillCart(page.request)
      await saveShippingStep(page.request)
      await expectNoOverflow(
        page,
        [
          `/${locale}`,
          ...(await catalogueAddresses(page, locale)),
          ...shopPages(locale),
          `/${locale}/account/orders/${order.id}`,
          inLocale(order.finishedUrl, locale),
        ],
        AXE_WIDTH[locale === 'cs' ? 'hu' : 'cs'],
      )
    })
  }
})

test('the header fits a 320 px phone in every language, signed in or not', async ({ page }) => {
  const paths = LOCALES.map((locale) => `/${locale}/contact`)
  const anonymous: string[] = []
  for (const path of paths) anonymous.push(...(await overflowsOf(page, path)))
  expect(anonymous, 'anonymous pages that scroll sideways').toEqual([])

  await logIn(page, DEMO_CUSTOMER)
  const signedIn: string[] = []
  for (const path of paths) signedIn.push(...(await overflowsOf(page, path)))
  expect(signedIn, 'signed-in pages that scroll sideways').toEqual([])
  // Every control of the header is inside the window, log-out and cart included.
  await page.setViewportSize({ width: 320, height: 800 })
  for (const locale of LOCALES) {
    await page.goto(`/${locale}/contact`)
    const header = page.getByRole('banner')
    await expect(
      header.getByRole('button', { name: catalogue['auth.logOut']![locale] }),
    ).toBeInViewport({ ratio: 1 })
    await expect(header.getByTestId('header-cart')).toBeInViewport({ ratio: 1 })
    const controls = header.locator('a:visible, button:visible, summary:visible, input:visible')
    for (const control of await controls.all()) await expect(control).toBeInViewport({ ratio: 1 })
  }

  // The language menu opens across the phone's width, every language whole and on screen.
  const switcher = page.getByRole('navigation', { name: catalogue['shop.language.label']!.sk })
  await switcher.locator('summary').click()
  for (const language of await switcher.getByRole('link').all())
    await expect(language).toBeInViewport({ ratio: 1 })
  const { violations } = await new AxeBuilder({ page }).include('header').analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
})
