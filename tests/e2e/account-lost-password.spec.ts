import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'

function en(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

const PASSWORD = 'Puvodni-2026-heslo'
const NEW_PASSWORD = 'Nove-heslo-2026-x'

async function registerCustomer(request: APIRequestContext, email: string): Promise<void> {
  const challenge = (await (await request.get('/api/account/captcha')).json()) as CaptchaChallenge
  const response = await request.post('/api/account/register', {
    data: {
      kind: 'customer',
      email,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      phone: '+420 601 234 567',
      firstName: 'Lucie',
      lastName: 'Malá',
      billingAddress: { street: 'Husova 8', city: 'Plzeň', postcode: '301 00', country: 'CZ' },
      terms: true,
      privacy: true,
      captchaId: challenge.id,
      captchaCode: readCaptchaSvg(challenge.svg),
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

async function askForResetLink(page: Page, email: string): Promise<void> {
  await page.goto('/en/lost-password')
  const submit = page.getByRole('button', { name: en('accountPage.lostPassword.submit') })
  await expect(submit).toBeEnabled()
  await page.getByRole('textbox', { name: en('customer.email') }).fill(email)
  await submit.click()
  await expect(
    page.getByRole('status').filter({ hasText: en('account.lostPasswordSent') }),
  ).toBeVisible()
}

/**
 * The password-reset link from the mails to `to`, as the back office's e-mail log shows them
 * (MAIL_TRANSPORT=log records mail there); the mail is sent while the request is answered.
 */
async function resetLinkMailedTo(admin: Page, to: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const list = await admin.request.get(`/admin/email/email-logs?to=${encodeURIComponent(to)}`)
      expect(list.status()).toBe(200)
      const { items } = (await list.json()) as { items: { id: number }[] }
      for (const item of items) {
        const shown = await admin.request.get(`/admin/email/show-email-log/${item.id}`)
        const { text } = (await shown.json()) as { text: string }
        link ??= /https?:\/\/\S+\/en\/new-password\?token=[\w-]+/.exec(text)?.[0]
      }
      return link !== undefined
    })
    .toBe(true)
  return link ?? ''
}

test.describe('a forgotten password', () => {
  test('an unknown address gets the same confirmation as a known one', async ({ page }) => {
    await askForResetLink(page, `nobody.${Date.now()}@example.com`)
  })

  test('a link that is not valid sets no password', async ({ page }) => {
    await page.goto('/en/new-password?token=not-a-real-token-at-all')
    const submit = page.getByRole('button', { name: en('accountPage.newPassword.submit') })
    await expect(submit).toBeEnabled()
    await page
      .getByRole('textbox', { name: en('accountPage.field.newPassword') })
      .fill(NEW_PASSWORD)
    await page.getByRole('textbox', { name: en('customer.passwordRepeat') }).fill(NEW_PASSWORD)
    await submit.click()
    const summary = page.getByRole('alert')
    await expect(summary).toBeFocused()
    await expect(summary).toContainText(en('account.linkInvalid'))
  })

  test('the link from the mail sets a new password and signs the customer in', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const email = `lucie.${test.info().workerIndex}.${Date.now()}@example.com`
    const api = await playwright.request.newContext({ baseURL })
    await registerCustomer(api, email)
    await api.dispose()

    await askForResetLink(page, email)
    const admin = await browser.newPage()
    await signInAsAdmin(admin)
    const link = await resetLinkMailedTo(admin, email)
    await admin.close()

    await page.goto(new URL(link).pathname + new URL(link).search)
    const submit = page.getByRole('button', { name: en('accountPage.newPassword.submit') })
    await expect(submit).toBeEnabled()
    await page
      .getByRole('textbox', { name: en('accountPage.field.newPassword') })
      .fill(NEW_PASSWORD)
    await page.getByRole('textbox', { name: en('customer.passwordRepeat') }).fill(NEW_PASSWORD)
    await submit.click()
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: en('page.profile') })).toBeVisible()

    const old = await page.request.post('/api/account/login', {
      data: { login: email, password: PASSWORD },
    })
    expect(old.status()).toBe(401)
  })
})
