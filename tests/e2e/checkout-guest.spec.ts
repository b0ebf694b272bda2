import { expect, test } from '@playwright/test'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import {
  accessibilityProblems,
  en,
  fillCart,
  fillCzechBuyer,
  lineName,
  placeOrder,
} from './checkout-kit.ts'

test.describe('a guest buys without registration', () => {
  test('pays by bank transfer and sees the payment QR code; the shop mails the confirmation', async ({
    page,
    browser,
  }) => {
    const email = `host.${test.info().workerIndex}.${Date.now()}@example.com`
    await page.goto('/en')
    const cart = await fillCart(page.request)

    await page.goto('/en/cart')
    await expect(page.getByRole('heading', { level: 1, name: en('page.cart') })).toBeVisible()
    await expect(page.getByTestId('cart-line')).toHaveCount(cart.items.length)
    await expect(page.getByTestId('cart-badge')).toHaveText(String(cart.itemCount))
    await expect(page.getByRole('navigation', { name: en('cartPage.steps.label') })).toContainText(
      en('checkout.step.finalCheck'),
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await page.getByRole('link', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/shipping-payment$/)
    await expect(page.getByText(en('checkout.guestPurchase'))).toBeVisible()
    // Nothing chosen yet: the step refuses with the seed's messages, per field.
    await page.getByRole('button', { name: en('cartPage.continue') }).click()
    await expect(page.getByTestId('form-errors')).toContainText(en('validation.formError'))
    await expect(page.getByTestId('form-errors')).toContainText(en('validation.shippingRequired'))
    expect(await accessibilityProblems(page)).toEqual([])

    await page.getByRole('radio', { name: /Forwarding company/ }).check()
    await page.getByRole('radio', { name: /Bank transfer/ }).check()
    await fillCzechBuyer(page, email)
    await page.getByRole('button', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/confirm$/)
    await expect(page.getByTestId('summary-details')).toContainText('Dlouhá 12')
    await expect(page.getByTestId('summary-details')).toContainText('Bank transfer')
    // Both consents are required.
    await page.getByRole('button', { name: en('cartPage.placeOrder') }).click()
    await expect(page.getByText(en('validation.termsRequired')).first()).toBeVisible()
    await expect(page.getByText(en('validation.dataProcessingRequired')).first()).toBeVisible()
    expect(await accessibilityProblems(page)).toEqual([])
    await placeOrder(page)

    const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''
    expect(number).not.toBe('')
    await expect(page.getByTestId('bank-transfer')).toContainText(
      en('cartPage.bankTransfer.variableSymbol'),
    )
    const qr = page.getByRole('img', { name: en('cartPage.bankTransfer.qrAlt', { number }) })
    await expect(qr).toBeVisible()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
    expect(await accessibilityProblems(page)).toEqual([])

    // The confirmation is in the back office's mail log.
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await signInAsAdmin(admin)
    await expect
      .poll(async () => {
        const list = await admin.request.get(
          `/admin/email/email-logs?to=${encodeURIComponent(email)}`,
        )
        const { items } = (await list.json()) as { items: { subject: string }[] }
        return items.map((item) => item.subject).join('\n')
      })
      .toContain(number)
    await adminContext.close()
  })

  test('changing the country drops a shipping method the new country has not', async ({ page }) => {
    await page.goto('/en')
    await fillCart(page.request)
    // No skipping: the final check needs the shipping and payment step first.
    await page.goto('/en/cart/confirm')
    await expect(page).toHaveURL(/\/en\/cart\/shipping-payment$/)

    const courier = page.getByRole('radio', { name: /Regional courier/ })
    await courier.check()
    await expect(page.getByTestId('shipping-methods')).toContainText(
      en('cart.shippingZipDependent'),
    )
    await expect(page.getByRole('combobox', { name: en('cartPage.deliveryCountry') })).toBeEnabled()
    await page.getByRole('combobox', { name: en('cartPage.deliveryCountry') }).selectOption('HU')

    await expect(page.getByText(en('cart.shippingMethodChanged'))).toBeVisible()
    await expect(page.getByRole('radio', { name: /Regional courier/ })).toHaveCount(0)
    await expect(page.getByRole('radio', { name: /Forwarding company/ })).not.toBeChecked()
    await expect(page.getByTestId('shipping-methods')).toContainText('HUF')
  })

  test('the cart changes quantities and removes lines in place, and an empty cart stays the first step', async ({
    page,
  }) => {
    await page.goto('/en')
    const cart = await fillCart(page.request, (c) => c.items.length >= 2)
    const [first, second] = cart.items
    await page.goto('/en/cart')
    await expect(page.getByTestId('cart-badge')).toHaveText(String(cart.itemCount))

    // Scripts send a typed quantity to the cart API once typing rests (issue 21 removed the
    // "Update" button, which now shows only without scripts); the page and the badge follow.
    const more = first!.quantity + first!.rules.step
    await page
      .getByRole('spinbutton', { name: en('cartPage.quantityOf', { name: lineName(first!) }) })
      .fill(String(more))
    await expect(page.getByTestId('cart-badge')).toHaveText(
      String(cart.itemCount + first!.rules.step),
    )

    await page
      .getByRole('button', { name: en('cartPage.removeItem', { name: lineName(second!) }) })
      .click()
    await expect(page.getByTestId('cart-line')).toHaveCount(cart.items.length - 1)
    for (const item of cart.items.slice(0, 1).concat(cart.items.slice(2))) {
      await page
        .getByRole('button', { name: en('cartPage.removeItem', { name: lineName(item) }) })
        .click()
    }
    await expect(page.getByText(en('cart.empty'))).toBeVisible()
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)

    await page.goto('/en/cart/shipping-payment')
    await expect(page).toHaveURL(/\/en\/cart$/)
    await expect(page.getByText(en('cart.empty'))).toBeVisible()
    const steps = page.getByRole('navigation', { name: en('cartPage.steps.label') })
    await expect(steps.locator('[aria-current="step"]')).toContainText(en('checkout.step.cart'))
  })
})
