import { expect, test, type Page } from '@playwright/test'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'

function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

const PASSWORD = 'Sklicka-2026-heslo'

/**
 * A new customer, registered through the API with the page's own cookies (the page is then
 * signed in), on their profile page once it can be used.
 */
async function openProfileOfNewCustomer(page: Page): Promise<string> {
  const email = `profil.${test.info().workerIndex}.${Date.now()}@example.com`
  const challenge = (await (
    await page.request.get('/api/account/captcha')
  ).json()) as CaptchaChallenge
  const response = await page.request.post('/api/account/register', {
    data: {
      kind: 'customer',
      email,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      phone: '+420 601 234 567',
      firstName: 'Karel',
      lastName: 'Svoboda',
      billingAddress: {
        street: 'Masarykova 1',
        city: 'Olomouc',
        postcode: '779 00',
        country: 'CZ',
      },
      terms: true,
      privacy: true,
      captchaId: challenge.id,
      captchaCode: readCaptchaSvg(challenge.svg),
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  await page.goto('/en/account')
  await expect(page.getByRole('button', { name: en('accountPage.form.save') })).toBeEnabled()
  return email
}

test.describe('the customer profile', () => {
  test('personal data are saved and shown again after a reload', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    await page.getByRole('textbox', { name: en('customer.company') }).fill('Oční optika Svoboda')
    await page.getByRole('textbox', { name: en('customer.phone') }).fill('+420 777 123 456')
    await page.getByRole('button', { name: en('accountPage.form.save') }).click()
    await expect(page.getByText(en('accountPage.form.saved'))).toBeVisible()

    await page.reload()
    await expect(page.getByRole('textbox', { name: en('customer.company') })).toHaveValue(
      'Oční optika Svoboda',
    )
    await expect(page.getByRole('textbox', { name: en('customer.phone') })).toHaveValue(
      '+420 777 123 456',
    )
  })

  test('a phone in the wrong format is refused next to the field', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    const phone = page.getByRole('textbox', { name: en('customer.phone') })
    await phone.fill('777 123')
    await page.getByRole('button', { name: en('accountPage.form.save') }).click()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveAccessibleDescription(
      new RegExp(en('validation.phoneFormat', { phone: '\\+420 601 234 567' })),
    )
  })

  test('a delivery address is added and deleted again', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    const addresses = page.getByRole('region', { name: en('accountPage.addresses.title') })
    await addresses.getByRole('button', { name: en('accountPage.addresses.add') }).click()
    await addresses.getByRole('textbox', { name: en('customer.street') }).fill('Lidická 40')
    await addresses.getByRole('textbox', { name: en('customer.city') }).fill('Brno')
    await addresses.getByRole('textbox', { name: en('customer.postcode') }).fill('602 00')
    await addresses.getByRole('button', { name: en('accountPage.form.save') }).click()
    await expect(addresses.getByText(en('accountPage.addresses.added'))).toBeVisible()
    await expect(addresses.getByText('Lidická 40')).toBeVisible()
    await expect(addresses.getByText(en('accountPage.addresses.default'))).toBeVisible()

    await addresses.getByRole('button', { name: en('accountPage.addresses.delete') }).click()
    await addresses.getByRole('button', { name: en('accountPage.common.yes') }).click()
    await expect(addresses.getByText(en('accountPage.addresses.deleted'))).toBeVisible()
    await expect(addresses.getByText('Lidická 40')).toHaveCount(0)
  })

  test('the password changes only with the current password', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    const form = page.getByRole('form', { name: en('accountPage.password.title') })
    await form
      .getByRole('textbox', { name: en('accountPage.field.currentPassword') })
      .fill('Wrong-one-1')
    await form
      .getByRole('textbox', { name: en('accountPage.field.newPassword') })
      .fill('Nove-heslo-2026')
    await form.getByRole('textbox', { name: en('customer.passwordRepeat') }).fill('Nove-heslo-2026')
    await form.getByRole('button', { name: en('accountPage.password.submit') }).click()
    await expect(form.getByRole('alert')).toBeFocused()
    await expect(
      form.getByRole('textbox', { name: en('accountPage.field.currentPassword') }),
    ).toHaveAttribute('aria-invalid', 'true')

    await form
      .getByRole('textbox', { name: en('accountPage.field.currentPassword') })
      .fill(PASSWORD)
    await form.getByRole('button', { name: en('accountPage.password.submit') }).click()
    await expect(form.getByText(en('accountPage.password.changed'))).toBeVisible()
  })

  test('the customer deletes the account after confirming with the password', async ({ page }) => {
    const email = await openProfileOfNewCustomer(page)
    await page.getByRole('button', { name: en('accountPage.personalData.delete') }).click()
    const dialog = page.getByRole('dialog', { name: en('accountPage.personalData.delete') })
    await dialog.getByRole('textbox', { name: en('customer.password') }).fill(PASSWORD)
    await dialog.getByRole('button', { name: en('accountPage.personalData.deleteConfirm') }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(
      page.getByRole('banner').getByRole('link', { name: en('auth.logIn') }),
    ).toBeVisible()

    const login = await page.request.post('/api/account/login', {
      data: { login: email, password: PASSWORD },
    })
    expect(login.status()).toBe(401)
  })

  test('order history says there are no orders yet', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    await page
      .getByRole('navigation', { name: en('accountPage.nav.label') })
      .getByRole('link', { name: en('page.orderHistory') })
      .click()
    await expect(
      page.getByRole('heading', { level: 1, name: en('page.orderHistory') }),
    ).toBeVisible()
    await expect(page.getByText(en('order.noOrders'))).toBeVisible()
  })

  test('the newsletter is switched on in place and stays on', async ({ page }) => {
    await openProfileOfNewCustomer(page)
    const newsletter = page.getByRole('checkbox', { name: en('customer.newsletter') })
    await expect(newsletter).not.toBeChecked()
    await expect(newsletter).toHaveAccessibleDescription(en('newsletter.frequency'))
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/newsletter') && response.ok(),
    )
    await newsletter.check()
    await saved

    await page.reload()
    await expect(page.getByRole('checkbox', { name: en('customer.newsletter') })).toBeChecked()
  })
})
