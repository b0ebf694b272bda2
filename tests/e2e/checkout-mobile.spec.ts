import { expect, test } from '@playwright/test'
import type { Locale } from '@optika/i18n/locales'
import { accessibilityProblems, fillCart } from './checkout-kit.ts'
import {
  displayOf,
  expectWithinWidth,
  fillCartInStock,
  placeOrderByApi,
  registerCustomer,
  saveShippingStep,
  sidewaysOverflow,
  text,
} from './checkout-mobile-kit.ts'

/**
 * The cart, the checkout and the account's orders on phones: no page scrolls sideways, tables
 * are stacked as one card per line, and every total is in view (issue 21).
 */
for (const locale of ['cs', 'hu'] as const satisfies readonly Locale[]) {
  for (const width of [375, 320]) {
    test.describe(`at ${width} px in ${locale}`, () => {
      test.use({ viewport: { width, height: 800 } })

      test('a guest’s cart and checkout fit the phone and show the totals', async ({ page }) => {
        await page.goto(`/${locale}`)
        await fillCartInStock(page.request, 2)

        await page.goto(`/${locale}/cart`)
        const lines = page.getByTestId('cart-line')
        await expect(lines).toHaveCount(2)
        expect(await displayOf(lines.first())).toBe('grid')
        for (const total of await page.getByTestId('line-total').all()) {
          await expectWithinWidth(page, total)
        }
        await expectWithinWidth(page, page.getByTestId('cart-totals'))
        expect(await sidewaysOverflow(page)).toBe(0)

        await page.goto(`/${locale}/cart/shipping-payment`)
        await expect(page.getByTestId('shipping-payment-form')).toBeVisible()
        expect(await sidewaysOverflow(page)).toBe(0)

        await saveShippingStep(page.request, { country: 'CZ', code: 'CZ-64', postcode: '602 00' })
        await page.goto(`/${locale}/cart/confirm`)
        const items = page.getByTestId('item-row')
        await expect(items).toHaveCount(2)
        expect(await displayOf(items.first())).toBe('grid')
        await expectWithinWidth(page, page.getByTestId('cart-totals'))
        await expect(page.getByTestId('cart-totals')).toContainText(
          text(locale, 'order.finalPrice'),
        )
        expect(await sidewaysOverflow(page)).toBe(0)
        expect(await accessibilityProblems(page)).toEqual([])

        const placed = await placeOrderByApi(page.request)
        await page.goto(placed.finishedUrl)
        await expect(page.getByTestId('order-number')).toHaveText(placed.number)
        expect(await sidewaysOverflow(page)).toBe(0)
      })

      test('a customer’s orders and order detail fit the phone and show the totals', async ({
        page,
      }) => {
        await page.goto(`/${locale}`)
        await registerCustomer(page.request)
        await fillCartInStock(page.request, 2)
        await saveShippingStep(page.request, { country: 'CZ', code: 'CZ-80', postcode: '702 00' })
        const placed = await placeOrderByApi(page.request)

        await page.goto(`/${locale}/account/orders`)
        const rows = page.getByTestId('order-list').getByRole('row')
        await expect(rows.filter({ hasText: placed.number })).toHaveCount(1)
        expect(await displayOf(rows.filter({ hasText: placed.number }))).toBe('grid')
        expect(await sidewaysOverflow(page)).toBe(0)

        await page.goto(`/${locale}/account/orders/${placed.id}`)
        await expect(page.getByTestId('order-detail')).toContainText(placed.number)
        const items = page.getByTestId('item-row')
        await expect(items).toHaveCount(2)
        expect(await displayOf(items.first())).toBe('grid')
        // Each card shows the item's picture, as the cart did.
        await expect(items.first().locator('img')).toHaveAttribute('src', /\/media\//)
        const final = page
          .getByTestId('order-totals')
          .getByRole('row', { name: text(locale, 'order.finalPrice') })
        await expectWithinWidth(page, final)
        // The items' caption reads across the card, not a letter per line.
        const caption = page.getByTestId('order-items').locator('caption')
        expect((await caption.boundingBox())?.height).toBeLessThan(40)
        expect(await sidewaysOverflow(page)).toBe(0)
        expect(await accessibilityProblems(page)).toEqual([])
      })
    })
  }
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('the cart and the final check stay tables', async ({ page }) => {
    await page.goto('/cs')
    await fillCart(page.request)
    await page.goto('/cs/cart')
    expect(await displayOf(page.getByTestId('cart-line').first())).toBe('table-row')
    await expect(
      page.getByRole('columnheader', { name: text('cs', 'order.unitPrice') }),
    ).toBeVisible()
    await saveShippingStep(page.request, { country: 'CZ', code: 'CZ-10', postcode: '110 00' })
    await page.goto('/cs/cart/confirm')
    expect(await displayOf(page.getByTestId('item-row').first())).toBe('table-row')
  })
})
