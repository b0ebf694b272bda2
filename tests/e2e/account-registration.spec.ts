import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'

/** The English text of a catalogue key, as the pages show it. */
function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

const PASSWORD = 'Brýle-2026-heslo'

/** Reads the code from the captcha picture the page shows and types it, as its format allows. */
async function solveCaptcha(page: Page): Promise<void> {
  const picture = page.getByRole('img', { name: en('account.captchaImage') })
  await expect(picture.locator('svg')).toBeVisible()
  const code = readCaptchaSvg(await picture.innerHTML())
  expect(code).toMatch(/^[A-Z0-9]{5,6}$/)
  await page.getByRole('textbox', { name: en('validation.captchaLabel') }).fill(code)
}

async function fillRegistration(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('button', { name: en('auth.register') })).toBeEnabled()
  await page.getByRole('textbox', { name: en('customer.email') }).fill(email)
  await page.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(PASSWORD)
  await page
    .getByRole('textbox', { name: en('customer.passwordRepeat'), exact: true })
    .fill(PASSWORD)
  await page.getByRole('textbox', { name: en('accountPage.field.firstName') }).fill('Jana')
  await page.getByRole('textbox', { name: en('accountPage.field.lastName') }).fill('Nováková')
  await page.getByRole('textbox', { name: en('customer.phone') }).fill('+420 601 234 567')
  const billing = page.getByRole('group', { name: en('customer.billingAddress') })
  await billing.getByRole('textbox', { name: en('customer.street') }).fill('Vodičkova 12')
  await billing.getByRole('textbox', { name: en('customer.city') }).fill('Praha')
  await billing.getByRole('textbox', { name: en('customer.postcode') }).fill('110 00')
  await page.getByRole('checkbox', { name: en('accountPage.consent.terms') }).check()
  await page.getByRole('checkbox', { name: en('accountPage.consent.privacy') }).check()
}

test.describe('customer registration', () => {
  test('a visitor registers with the captcha, logs out and logs in again', async ({ page }) => {
    const email = `jana.${test.info().workerIndex}.${Date.now()}@example.com`
    await page.goto('/en/registration')
    await expect(
      page.getByRole('heading', { level: 1, name: en('page.customerRegistration') }),
    ).toBeVisible()
    await fillRegistration(page, email)
    await page.getByRole('checkbox', { name: en('customer.newsletter') }).check()
    await expect(page.getByText(en('newsletter.frequency'))).toBeVisible()
    await solveCaptcha(page)
    await page.getByRole('button', { name: en('auth.register') }).click()

    await expect(page.getByRole('heading', { name: en('registration.finished') })).toBeVisible()
    await page.getByRole('link', { name: en('page.profile') }).click()
    await expect(page.getByRole('heading', { level: 1, name: en('page.profile') })).toBeVisible()
    await expect(page.getByTestId('client-number')).toHaveText(/^74 \d{4} \d{3}$/)

    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Jana Nováková' })).toBeVisible()

    // Signed in, the registration page asks to log out first instead of showing the form.
    await page.goto('/en/registration')
    await expect(page.getByText(en('auth.logoutBeforeRegister'))).toBeVisible()
    await expect(page.getByRole('button', { name: en('auth.register') })).toHaveCount(0)

    await header.getByRole('button', { name: en('auth.logOut') }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(header.getByRole('link', { name: en('auth.logIn') })).toBeVisible()

    await page.goto('/en/login')
    await expect(page.getByRole('button', { name: en('auth.logIn') })).toBeEnabled()
    await page.getByRole('textbox', { name: en('accountPage.login.login') }).fill(email)
    await page.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: en('auth.logIn') }).click()
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByRole('textbox', { name: en('customer.email') })).toHaveValue(email)
  })

  test('an incomplete form is not sent: the summary lists what is wrong and takes focus', async ({
    page,
  }) => {
    await page.goto('/en/registration')
    await expect(page.getByRole('button', { name: en('auth.register') })).toBeEnabled()
    await page.getByRole('textbox', { name: en('customer.email') }).fill('jana@example.com')
    await page.getByRole('button', { name: en('auth.register') }).click()

    const summary = page.getByRole('alert').filter({ hasText: en('validation.formError') })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText(en('validation.errorListIntro'))
    await expect(
      summary.getByRole('link', { name: new RegExp(`^${en('customer.password')}:`) }),
    ).toHaveText(`${en('customer.password')}: ${en('validation.passwordFill')}`)
    await expect(summary.getByRole('link', { name: en('customer.email') })).toHaveCount(0)
    const street = page
      .getByRole('group', { name: en('customer.billingAddress') })
      .getByRole('textbox', { name: en('customer.street') })
    await expect(street).toHaveAttribute('aria-invalid', 'true')
    await expect(street).toHaveAccessibleDescription(en('validation.required'))

    const { violations } = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })

  test('a wrong captcha code is refused by the server and a new picture is loaded', async ({
    page,
  }) => {
    await page.goto('/en/registration')
    await fillRegistration(page, `wrong.captcha.${Date.now()}@example.com`)
    const picture = page.getByRole('img', { name: en('account.captchaImage') })
    await expect(picture.locator('svg')).toBeVisible()
    const first = await picture.innerHTML()
    const code = readCaptchaSvg(first)
    // A code the picture does not show: the same characters in reverse (never a palindrome here).
    const wrong = code === [...code].reverse().join('') ? `${code}X` : [...code].reverse().join('')
    await page.getByRole('textbox', { name: en('validation.captchaLabel') }).fill(wrong)
    await page.getByRole('button', { name: en('auth.register') }).click()

    await expect(
      page.getByRole('alert').filter({ hasText: en('validation.formError') }),
    ).toBeFocused()
    await expect(
      page.getByRole('textbox', { name: en('validation.captchaLabel') }),
    ).toHaveAttribute('aria-invalid', 'true')
    await expect.poll(() => picture.innerHTML()).not.toBe(first)
  })

  test('a partner registers as a company and learns the profile is activated later', async ({
    page,
  }) => {
    await page.goto('/en/registration/partner')
    await expect(
      page.getByRole('heading', { level: 1, name: en('page.partnerRegistration') }),
    ).toBeVisible()
    await fillRegistration(page, `partner.${test.info().workerIndex}.${Date.now()}@example.com`)
    await solveCaptcha(page)
    await page.getByRole('button', { name: en('auth.register') }).click()
    // A reseller is a company: its name and TIN are required.
    const company = page.getByRole('textbox', { name: en('customer.company') })
    await expect(company).toHaveAttribute('aria-invalid', 'true')
    await company.fill('Optika Nová s.r.o.')
    await page.getByRole('textbox', { name: en('customer.tin') }).fill('27074358')
    await page.getByRole('textbox', { name: en('customer.owner') }).fill('Jana Nováková')
    await page
      .getByRole('textbox', { name: en('customer.website') })
      .fill('https://optika-nova.example.com')
    await page.getByRole('button', { name: en('auth.register') }).click()

    await expect(page.getByRole('heading', { name: en('registration.finished') })).toBeVisible()
    await expect(page.getByText(en('registration.partnerActivatedLater'))).toBeVisible()
  })
})
