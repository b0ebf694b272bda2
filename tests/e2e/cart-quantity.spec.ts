import { expect, test } from '@playwright/test'
import { accessibilityProblems, en, lineName } from './checkout-kit.ts'
import { addNosePads } from './checkout-mobile-kit.ts'

test.describe('the cart on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('a typed quantity is saved without a button, and the seed’s rules are said on the line', async ({
    page,
  }) => {
    await page.goto('/en')
    const cart = await addNosePads(page.request)
    const line = cart.items[0]!
    expect(line.rules).toMatchObject({ min: 2, step: 2 })

    await page.goto('/en/cart')
    const quantity = page.getByRole('spinbutton', {
      name: en('cartPage.quantityOf', { name: lineName(line) }),
    })
    await expect(quantity).toHaveValue('2')
    await expect(page.getByRole('button', { name: en('cartPage.update') })).toHaveCount(0)
    const badge = page.getByTestId('cart-badge')
    await expect(badge).toHaveText('2')
    const totals = page.getByTestId('cart-totals')
    const before = await totals.textContent()

    // Not a multiple of the step: said on the line, nothing sent.
    await quantity.fill('3')
    const stepMessage = en('validation.quantityStep', { step: 2 })
    await expect(page.getByRole('alert').filter({ hasText: stepMessage })).toBeVisible()
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
    await expect(quantity).toHaveAccessibleDescription(new RegExp(stepMessage))
    await expect(badge).toHaveText('2')

    // Below the minimum, above the maximum.
    await quantity.fill('1')
    await expect(page.getByText(en('quantity.belowMinimum', { min: 2 }))).toBeVisible()
    await quantity.fill('102')
    await expect(page.getByText(en('quantity.aboveMaximum', { max: 100 }))).toBeVisible()
    await expect(badge).toHaveText('2')

    // An allowed quantity is saved once typing rests: the totals, the badge and the news follow.
    await quantity.fill('6')
    await expect(badge).toHaveText('6')
    await expect(totals).not.toHaveText(before ?? '')
    await expect(quantity).not.toHaveAttribute('aria-invalid')
    await expect(page.getByTestId('cart-announcement')).toContainText(lineName(line))
    await page.reload()
    await expect(quantity).toHaveValue('6')
    expect(await accessibilityProblems(page)).toEqual([])
  })

  test('the coupon waits after the totals, closed, and stays open with its error', async ({
    page,
  }) => {
    await page.goto('/en')
    await addNosePads(page.request)
    await page.goto('/en/cart')

    const coupon = page.getByTestId('coupon')
    const totals = page.getByTestId('cart-totals')
    const totalsBox = await totals.boundingBox()
    const couponBox = await coupon.boundingBox()
    expect(couponBox!.y, 'the coupon comes after the totals').toBeGreaterThan(
      totalsBox!.y + totalsBox!.height - 1,
    )
    const code = page.getByRole('textbox', { name: en('order.coupon') })
    await expect(code).toBeHidden()

    await page.getByText(en('checkoutMobile.couponToggle')).click()
    await code.fill('NO-SUCH-CODE')
    await page.getByRole('button', { name: en('cartPage.applyCoupon') }).click()
    await expect(page.getByText(en('cart.couponNotFound'))).toBeVisible()
    await expect(code).toBeVisible()
    await expect(code).toHaveAttribute('aria-invalid', 'true')

    // A guest is told whose prices these are, with a log-in that comes back to the cart.
    const note = page.getByTestId('guest-prices')
    await expect(note).toContainText(en('checkoutMobile.guestPrices'))
    await expect(
      note.getByRole('link', { name: en('checkoutMobile.guestPricesLogIn') }),
    ).toHaveAttribute('href', /returnTo=%2Fen%2Fcart(&|$)/)
    expect(await accessibilityProblems(page)).toEqual([])
  })
})
