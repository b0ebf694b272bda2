import { expect, test } from '@playwright/test'
import { accessibilityProblems, en, fillCart } from './checkout-kit.ts'
import {
  fillCartInStock,
  placeOrderByApi,
  registerCustomer,
  saveShippingStep,
  text,
} from './checkout-mobile-kit.ts'

/** The e-mail field of the shipping-and-payment step. */
const EMAIL = { name: en('customer.email'), exact: true } as const

test.describe('a shipping step sent with errors', () => {
  test.use({ viewport: { width: 375, height: 700 } })

  test('takes the buyer to a focused error summary that links to each field', async ({ page }) => {
    await page.goto('/en')
    await fillCart(page.request)
    await page.goto('/en/cart/shipping-payment')
    await expect(page.getByRole('textbox', EMAIL)).toHaveValue('')

    // The zip-code warning belongs to the regional courier once chosen, not before.
    const courier = page.getByRole('radio', { name: /Regional courier/ })
    await expect(courier).toBeVisible()
    await expect(page.getByText(en('cart.shippingZipDependent'))).toBeHidden()

    await page.getByRole('button', { name: en('cartPage.continue') }).click()
    const summary = page.getByTestId('form-errors')
    await expect(summary).toContainText(en('validation.formError'))
    await expect(summary).toBeFocused()
    await expect(summary).toBeInViewport()
    // Not under the header, which stays at the top of the view.
    const header = await page.getByRole('banner').boundingBox()
    await expect
      .poll(async () => (await summary.boundingBox())!.y)
      .toBeGreaterThanOrEqual(header!.y + header!.height)
    // Listed in the form's order: the shipping method first, the e-mail said to be required.
    await expect(summary.getByRole('link').first()).toHaveText(
      `${en('cartPage.shippingMethod')}: ${en('validation.shippingRequired')}`,
    )
    await expect(
      summary.getByRole('link', { name: `${en('customer.email')}: ${en('validation.required')}` }),
    ).toBeVisible()
    await expect(summary).not.toContainText(en('validation.emailFormat'))

    const email = page.getByRole('textbox', EMAIL)
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(en('validation.required'))
    const name = page.getByRole('textbox', { name: en('customer.fullName'), exact: true })
    await expect(name).toHaveAttribute('aria-invalid', 'true')

    // A link in the summary takes the buyer to its field, which keeps its message.
    await summary
      .getByRole('link', { name: `${en('customer.email')}: ${en('validation.required')}` })
      .click()
    await expect(email).toBeFocused()
    await expect(email).toBeInViewport()
    await expect(summary).toBeVisible()
    await summary.getByRole('link').first().click()
    await expect(page.getByRole('radio').first()).toBeFocused()
    expect(await accessibilityProblems(page)).toEqual([])

    await courier.check()
    await expect(page.getByText(en('cart.shippingZipDependent'))).toBeVisible()
  })

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false })

    test('the page comes back with the summary focused and the fields marked', async ({ page }) => {
      await page.goto('/en')
      await fillCart(page.request)
      await page.goto('/en/cart/shipping-payment')
      await expect(page.getByText(en('cart.shippingZipDependent'))).toBeHidden()
      await page.getByRole('button', { name: en('cartPage.continue') }).click()
      const summary = page.getByTestId('form-errors')
      await expect(summary).toBeFocused()
      await expect(summary).toBeInViewport()
      const email = page.getByRole('textbox', EMAIL)
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription(en('validation.required'))
      await page.getByRole('radio', { name: /Regional courier/ }).check()
      await expect(page.getByText(en('cart.shippingZipDependent'))).toBeVisible()
    })
  })
})

test.describe('regions are named, not coded', () => {
  test('in Hungarian on the final check and the order detail', async ({ page }) => {
    await page.goto('/hu')
    await registerCustomer(page.request)
    await fillCartInStock(page.request, 1)

    await page.goto('/hu/cart/shipping-payment')
    const region = page
      .getByRole('combobox', { name: text('hu', 'customer.region'), exact: true })
      .first()
    await expect(region.getByRole('option', { name: 'Prága' })).toHaveCount(1)

    await saveShippingStep(page.request, { country: 'CZ', code: 'CZ-10', postcode: '110 00' })
    await page.goto('/hu/cart/confirm')
    const details = page.getByTestId('summary-details')
    await expect(details).toContainText('Prága')
    await expect(details).not.toContainText('CZ-10')

    const placed = await placeOrderByApi(page.request)
    await page.goto(`/hu/account/orders/${placed.id}`)
    const detail = page.getByTestId('order-detail')
    await expect(detail).toContainText(placed.number)
    await expect(detail).toContainText('Prága')
    await expect(detail).not.toContainText('CZ-10')
  })

  test('in Czech, a Hungarian county by its Czech name', async ({ page }) => {
    await page.goto('/cs')
    await fillCartInStock(page.request, 1)
    await saveShippingStep(page.request, { country: 'HU', code: 'HU-BU', postcode: '1051' })
    await page.goto('/cs/cart/confirm')
    const details = page.getByTestId('summary-details')
    await expect(details).toContainText('Budapešť')
    await expect(details).not.toContainText('HU-BU')
  })
})
