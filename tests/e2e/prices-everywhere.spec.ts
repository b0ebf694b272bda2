import { expect, test, type Page } from '@playwright/test'
import { DEMO_CUSTOMER, fillCart, logIn } from './checkout-kit.ts'
import { en, escapeRegExp } from './product-page-kit.ts'

function featured(page: Page) {
  return page.getByRole('region', { name: en('shop.home.featuredTitle') })
}

test.describe('prices everywhere', () => {
  test('a signed-in customer sees prices on the home page, as on the category page', async ({
    page,
  }) => {
    await logIn(page, DEMO_CUSTOMER)
    await page.goto('/en')
    const tiles = featured(page).getByRole('article')
    await expect(tiles).toHaveCount(12)
    await expect(featured(page).getByText(en('auth.priceAfterLogin'))).toHaveCount(0)
    // Every featured tile names its price in the customer's currency with VAT.
    await expect(tiles.filter({ hasText: /CZK/ })).toHaveCount(12)
    await expect(tiles.filter({ hasText: en('price.inclVat') })).toHaveCount(12)
  })

  test('an anonymous visitor’s tiles keep the seed’s message; the product page gives the retail price', async ({
    page,
  }) => {
    await page.goto('/en')
    const tiles = featured(page).getByRole('article')
    await expect(tiles.first()).toBeVisible()
    await expect(tiles.filter({ hasText: en('auth.priceAfterLogin') })).toHaveCount(
      await tiles.count(),
    )

    await tiles.first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    const price = page.getByRole('region', { name: en('productPage.price') })
    await expect(price.getByTestId('final-price')).toContainText('CZK')
    await expect(price).toContainText(en('price.inclVat'))
    await expect(price.getByTestId('guest-retail-note')).toContainText(
      new RegExp(escapeRegExp(en('productPageMobile.guestRetailNote'))),
    )
    await expect(price.getByRole('link', { name: en('auth.logIn'), exact: true })).toHaveAttribute(
      'href',
      /^\/en\/login\?returnTo=%2Fen%2Fp%2F/,
    )
  })

  test('after choosing Hungary in the checkout, the product page and the cart both show forints', async ({
    page,
  }) => {
    await page.goto('/en')
    const cart = await fillCart(page.request)
    const item = cart.items[0]!
    expect(cart.currency).toBe('CZK')

    await page.goto('/en/cart/shipping-payment')
    const country = page.getByRole('combobox', { name: en('cartPage.deliveryCountry') })
    await expect(country).toBeEnabled()
    await country.selectOption('HU')
    await expect(page.getByTestId('shipping-methods')).toContainText('HUF')

    await page.goto(item.url)
    const price = page.getByRole('region', { name: en('productPage.price') })
    await expect(price.getByTestId('final-price')).toContainText('HUF')
    await expect(
      page.getByRole('region', { name: en('productPageMobile.deliveryTitle') }),
    ).toContainText(en('productPageMobile.deliveryCountry', { country: en('country.HU') }))

    await page.goto('/en/cart')
    await expect(page.locator('main')).toContainText('HUF')
    await expect(page.locator('main')).not.toContainText('CZK')
  })
})
