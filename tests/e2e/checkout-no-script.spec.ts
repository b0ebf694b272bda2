import { expect, test } from '@playwright/test'
import { en, fillCart, fillCzechBuyer, lineName } from './checkout-kit.ts'

test.describe('the checkout without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('a guest changes the quantity, picks the methods and orders with plain forms', async ({
    page,
  }) => {
    await page.goto('/en')
    const cart = await fillCart(page.request)
    const line = cart.items[0]!

    await page.goto('/en/cart')
    // The quantity form posts to the page, which shows the cart again with the new quantity.
    const more = line.quantity + line.rules.step
    const quantity = page.getByRole('spinbutton', {
      name: en('cartPage.quantityOf', { name: lineName(line) }),
    })
    await quantity.fill(String(more))
    await page
      .getByRole('button', { name: en('cartPage.update') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/en\/cart$/)
    await expect(quantity).toHaveValue(String(more))
    await page.getByRole('link', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/shipping-payment$/)
    await page.getByRole('radio', { name: /Forwarding company/ }).check()
    await page.getByRole('radio', { name: /Bank transfer/ }).check()
    await fillCzechBuyer(page, `bez.skriptu.${Date.now()}@example.com`)
    // A postcode in the wrong format is refused on its field.
    await page
      .getByRole('textbox', { name: en('customer.postcode'), exact: true })
      .first()
      .fill('12')
    await page.getByRole('button', { name: en('cartPage.continue') }).click()
    const postcode = page
      .getByRole('textbox', { name: en('customer.postcode'), exact: true })
      .first()
    await expect(postcode).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('form-errors')).toContainText(en('validation.formError'))
    await postcode.fill('110 00')
    await page.getByRole('button', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/confirm$/)
    await page.getByRole('checkbox', { name: en('checkout.agreeTerms') }).check()
    await page.getByRole('checkbox', { name: en('checkout.agreeDataProcessing') }).check()
    await page.getByRole('button', { name: en('cartPage.placeOrder') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/finished\/[^/?]+\?token=/)
    await expect(page.getByTestId('payment-qr')).toBeVisible()
  })
})
