import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'

function en(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

const PASSWORD = 'Obruby-2026-heslo'

/**
 * Registers a customer through the API, solving the captcha the way its picture format allows,
 * in a request context of its own (the browser page stays anonymous).
 */
async function registerCustomer(request: APIRequestContext, email: string): Promise<void> {
  const challenge = (await (await request.get('/api/account/captcha')).json()) as CaptchaChallenge
  const response = await request.post('/api/account/register', {
    data: {
      kind: 'customer',
      email,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      phone: '+420 601 234 567',
      firstName: 'Petr',
      lastName: 'Dvořák',
      billingAddress: { street: 'Nádražní 5', city: 'Brno', postcode: '602 00', country: 'CZ' },
      terms: true,
      privacy: true,
      captchaId: challenge.id,
      captchaCode: readCaptchaSvg(challenge.svg),
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  // The button is enabled once the page runs its scripts (the form is sent by them).
  await expect(page.getByRole('button', { name: en('auth.logIn') })).toBeEnabled()
  await page.getByRole('textbox', { name: en('accountPage.login.login') }).fill(login)
  await page.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(password)
  await page.getByRole('button', { name: en('auth.logIn') }).click()
}

test.describe('signing in to the account pages', () => {
  test('a restricted page sends an anonymous visitor to log in and back', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `petr.${test.info().workerIndex}.${Date.now()}@example.com`
    const api = await playwright.request.newContext({ baseURL })
    await registerCustomer(api, email)
    await api.dispose()

    await page.goto('/en/account/orders')
    await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Fen%2Faccount%2Forders$/)
    await expect(page.getByText(en('auth.loginRequired'))).toBeVisible()

    await logIn(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/en\/account\/orders$/)
    await expect(
      page.getByRole('heading', { level: 1, name: en('page.orderHistory') }),
    ).toBeVisible()
    await expect(page.getByText(en('order.noOrders'))).toBeVisible()
  })

  test('wrong credentials are refused with the server’s message', async ({ page }) => {
    await page.goto('/en/login')
    await logIn(page, 'nobody@example.com', 'Wrong-password-1')
    const summary = page.getByRole('alert')
    await expect(summary).toBeFocused()
    await expect(summary).not.toBeEmpty()
    await expect(page).toHaveURL(/\/en\/login$/)
  })

  test('the login page never sends anybody to another site afterwards', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `eva.${test.info().workerIndex}.${Date.now()}@example.com`
    const api = await playwright.request.newContext({ baseURL })
    await registerCustomer(api, email)
    await api.dispose()

    await page.goto(`/en/login?returnTo=${encodeURIComponent('https://example.org/en/account')}`)
    await logIn(page, email, PASSWORD)
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/account$/)
  })
})
