import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import type { Cart } from '@optika/domain/commerce/cart-api'
import { catalogue } from '@optika/i18n/catalogue'
import {
  en,
  escapeRegExp,
  mainAddToCart,
  openOrderableProduct,
  scrollsSideways,
} from './product-page-kit.ts'

test.describe('the product page on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true })
  // A shopper who has answered the personalization question (issue 20): the fold is the product's.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'optika-consent', value: 'denied', url: baseURL! }])
  })

  test('shows price and "Add to cart" above the fold, one table of attributes and the delivery', async ({
    page,
  }) => {
    const path = await openOrderableProduct(page)
    const fold = 667
    const price = page.getByRole('region', { name: en('productPage.price') })
    const priceBox = await price.getByTestId('final-price').boundingBox()
    const buttonBox = await mainAddToCart(page).boundingBox()
    expect(priceBox && priceBox.y + priceBox.height).toBeLessThanOrEqual(fold)
    expect(buttonBox && buttonBox.y + buttonBox.height).toBeLessThanOrEqual(fold)
    await expect(page.getByTestId('sticky-add-to-cart')).toBeHidden()

    // Brand, model and the like appear once: as rows of the specification table.
    await expect(page.getByRole('table')).toHaveCount(1)
    await expect(
      page.locator('main dt').getByText(en('product.brand'), { exact: true }),
    ).toHaveCount(0)
    await expect(
      page
        .getByRole('table', { name: en('productPage.specification') })
        .getByRole('rowheader', { name: en('product.brand'), exact: true }),
    ).toHaveCount(1)

    // Delivery: the country, the carrier with its dates, and what free shipping still needs.
    const delivery = page.getByRole('region', { name: en('productPageMobile.deliveryTitle') })
    await expect(delivery).toContainText(
      en('productPageMobile.deliveryCountry', { country: en('country.CZ') }),
    )
    await expect(delivery).toContainText('Forwarding company')
    await expect(delivery).toContainText(
      new RegExp(escapeRegExp(en('productPageMobile.deliveryExpected', { dates: '' })).trim()),
    )
    // A new visitor's cart is empty: the threshold itself.
    await expect(delivery.getByTestId('free-shipping')).toContainText(
      /Free shipping on orders over .+ excl\. VAT/,
    )
    expect(await scrollsSideways(page)).toBe(false)

    // The same in Czech and Hungarian, whose words run longer.
    for (const locale of ['cs', 'hu'] as const) {
      await page.goto(path.replace(/^\/en\//, `/${locale}/`))
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      const add = page
        .locator('main')
        .getByRole('button', { name: catalogue['cart.addToCart']![locale], exact: true })
        .first()
      const local = await page.getByTestId('final-price').boundingBox()
      const button = await add.boundingBox()
      expect(local && local.y + local.height, locale).toBeLessThanOrEqual(fold)
      expect(button && button.y + button.height, locale).toBeLessThanOrEqual(fold)
      expect(await scrollsSideways(page), locale).toBe(false)
    }
  })

  test('the sticky bar appears once the button scrolls away, adds to the cart and keeps focus', async ({
    page,
  }) => {
    await openOrderableProduct(page)
    const bar = page.getByRole('region', { name: en('productPageMobile.stickyBar') })
    await expect(bar).toBeHidden()

    await page.getByRole('heading', { name: en('productPage.ratings') }).scrollIntoViewIfNeeded()
    await expect(bar).toBeVisible()
    await expect(bar).toBeInViewport()
    await expect(bar.getByTestId('sticky-price')).toBeVisible()

    // At the end of the product, the bar sits below the last content instead of over it.
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
    const ratings = await page
      .getByRole('heading', { name: en('productPage.ratings') })
      .locator('..')
      .boundingBox()
    const barBox = await bar.boundingBox()
    expect(ratings && barBox && ratings.y + ratings.height).toBeLessThanOrEqual(barBox?.y ?? 0)

    const add = bar.getByRole('button', { name: en('cart.addToCart'), exact: true })
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/pridat-do-kosiku',
    )
    await add.click()
    expect((await answer).ok()).toBe(true)
    await expect(bar).toContainText(en('productPage.addedToCart'))
    // Announced by the form's live region, and focus stays where the shopper was.
    await expect(
      page.getByRole('status').filter({ hasText: en('productPage.addedToCart') }),
    ).toHaveCount(1)
    await expect(add).toBeFocused()
    expect(await page.evaluate<boolean>('document.activeElement === document.body')).toBe(false)

    const cart = (await (await page.request.get('/api/kosik')).json()) as Cart
    expect(cart.itemCount).toBeGreaterThan(0)
    // The delivery box now counts down to free shipping for this cart.
    await expect(page.getByTestId('free-shipping')).toContainText(
      /buy for another .+ to get free shipping/,
    )

    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })

  test('after "Add to cart" focus stays on the button', async ({ page }) => {
    await openOrderableProduct(page)
    const add = mainAddToCart(page)
    await add.focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('status').filter({ hasText: en('productPage.addedToCart') }),
    ).toBeVisible()
    await expect(add).toBeFocused()
  })
})

test.describe('the product page on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('never shows the sticky bar', async ({ page }) => {
    await openOrderableProduct(page)
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
    await expect(mainAddToCart(page)).not.toBeInViewport()
    await expect(page.getByTestId('sticky-add-to-cart')).toBeHidden()
  })
})
