import { expect, test } from '@playwright/test'
import {
  DEMO_PARTNER,
  emptyCart,
  en,
  fillCart,
  fillCzechBuyer,
  logIn,
  placeOrder,
} from './checkout-kit.ts'

test.describe('an approved partner', () => {
  test('pays by invoice with the agreed maturity', async ({ page }) => {
    await logIn(page, DEMO_PARTNER)
    await emptyCart(page.request)
    await fillCart(page.request)

    await page.goto('/en/cart/shipping-payment')
    await page.getByRole('radio', { name: /Forwarding company/ }).check()
    await page.getByRole('radio', { name: /Invoice/ }).check()
    await fillCzechBuyer(page, null)
    await page.getByRole('button', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/confirm$/)
    await placeOrder(page)
    await expect(page.getByTestId('invoice-due')).toContainText(
      en('cartPage.invoiceDue', { date: '' }).replace(/\.$/, '').trim(),
    )
    const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''

    await page.goto('/en/account/orders')
    const row = page.getByRole('row').filter({ hasText: number })
    await expect(row).toContainText(en('orderStatus.new'))
    await expect(
      row.getByRole('link', { name: en('cartPage.invoiceOf', { number }) }),
    ).toBeVisible()
  })
})
