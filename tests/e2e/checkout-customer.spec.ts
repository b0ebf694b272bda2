import { expect, test } from '@playwright/test'
import {
  DEMO_CUSTOMER,
  emptyCart,
  en,
  fillCart,
  fillCzechBuyer,
  logIn,
  placeOrder,
} from './checkout-kit.ts'

test.describe('a signed-in customer', () => {
  test('applies a coupon, reaches free shipping and pays cash on delivery', async ({ page }) => {
    await logIn(page, DEMO_CUSTOMER)
    await emptyCart(page.request)
    await fillCart(page.request)

    await page.goto('/en/cart')
    await expect(page.getByTestId('free-shipping')).toContainText(
      /buy for another .+ to get free shipping/,
    )

    // The coupon field waits closed after the totals (issue 21): the buyer opens it first.
    await page.getByText(en('checkoutMobile.couponToggle')).click()
    const coupon = page.getByRole('textbox', { name: en('order.coupon') })
    await coupon.fill('NO-SUCH-CODE')
    await page.getByRole('button', { name: en('cartPage.applyCoupon') }).click()
    await expect(page.getByText(en('cart.couponNotFound'))).toBeVisible()
    await page.getByRole('textbox', { name: en('order.coupon') }).fill('demo10')
    await page.getByRole('button', { name: en('cartPage.applyCoupon') }).click()
    await expect(page.getByTestId('coupon')).toContainText('DEMO10')
    await expect(page.getByTestId('cart-totals')).toContainText(`${en('order.coupon')} (DEMO10)`)

    // Enough in the cart for free shipping (the threshold counts after the discount).
    await fillCart(page.request, (cart) => cart.freeShippingRemaining === 0)
    await page.reload()
    await expect(page.getByTestId('free-shipping')).toContainText(
      en('cartPage.freeShippingReached'),
    )
    await page.getByRole('link', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/shipping-payment$/)
    await expect(page.getByText(en('checkout.guestPurchase'))).toHaveCount(0)
    const forwarder = page.getByRole('radio', { name: /Forwarding company/ })
    await forwarder.check()
    await expect(page.getByTestId('shipping-methods')).toContainText(en('cartPage.free'))
    await page.getByRole('radio', { name: /Cash on delivery/ }).check()
    await expect(page.getByTestId('payment-methods')).toContainText(
      en('payment.cashOnDeliveryNote'),
    )
    await fillCzechBuyer(page, null)
    await page.getByRole('button', { name: en('cartPage.continue') }).click()

    await expect(page).toHaveURL(/\/en\/cart\/confirm$/)
    await expect(page.getByTestId('cart-totals')).toContainText(en('order.paymentFee'))
    await placeOrder(page)
    await expect(page.getByTestId('cash-on-delivery')).toContainText(
      en('payment.cashOnDeliveryNote'),
    )
    const number = (await page.getByTestId('order-number').textContent())?.trim() ?? ''

    await page.getByRole('link', { name: en('cartPage.viewOrder') }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: en('page.orderDetail') }),
    ).toBeVisible()
    await expect(page.getByTestId('order-detail')).toContainText(number)
    await expect(page.getByTestId('order-status')).toHaveText(en('orderStatus.new'))
    await expect(page.getByTestId('order-detail')).toContainText('DEMO10')

    // Reorder puts the items back in the cart.
    await page.getByRole('button', { name: en('cartPage.reorderOrder', { number }) }).click()
    await expect(page).toHaveURL(/\/en\/cart$/)
    await expect(page.getByTestId('cart-line').first()).toBeVisible()
  })
})
