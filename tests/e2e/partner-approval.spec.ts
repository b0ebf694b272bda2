import { expect, test, type Page } from '@playwright/test'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

function text(locale: 'cs' | 'en', key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}
/** The storefront journey runs in English; the back office in its default, Czech. */
const en = (key: string, params?: Record<string, string>) => text('en', key, params)
const cs = (key: string, params?: Record<string, string>) => text('cs', key, params)

const PASSWORD = 'Partner-2026-heslo'

async function registerPartner(page: Page, email: string, company: string): Promise<void> {
  await page.goto('/en/registration/partner')
  await expect(
    page.getByRole('heading', { level: 1, name: en('page.partnerRegistration') }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: en('auth.register') })).toBeEnabled()
  await page.getByRole('textbox', { name: en('customer.email') }).fill(email)
  await page.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(PASSWORD)
  await page
    .getByRole('textbox', { name: en('customer.passwordRepeat'), exact: true })
    .fill(PASSWORD)
  await page.getByRole('textbox', { name: en('accountPage.field.firstName') }).fill('Eva')
  await page.getByRole('textbox', { name: en('accountPage.field.lastName') }).fill('Malá')
  await page.getByRole('textbox', { name: en('customer.phone') }).fill('+420 602 345 678')
  await page.getByRole('textbox', { name: en('customer.company') }).fill(company)
  await page.getByRole('textbox', { name: en('customer.tin') }).fill('12345678')
  const billing = page.getByRole('group', { name: en('customer.billingAddress') })
  await billing.getByRole('textbox', { name: en('customer.street') }).fill('Náměstí 1')
  await billing.getByRole('textbox', { name: en('customer.city') }).fill('Olomouc')
  await billing.getByRole('textbox', { name: en('customer.postcode') }).fill('779 00')
  await page.getByRole('checkbox', { name: en('accountPage.consent.terms') }).check()
  await page.getByRole('checkbox', { name: en('accountPage.consent.privacy') }).check()
  // The captcha picture is read the way its format allows (captcha-glyphs.ts).
  const picture = page.getByRole('img', { name: en('account.captchaImage') })
  await expect(picture.locator('svg')).toBeVisible()
  await page
    .getByRole('textbox', { name: en('validation.captchaLabel') })
    .fill(readCaptchaSvg(await picture.innerHTML()))
  await page.getByRole('button', { name: en('auth.register') }).click()
  await expect(page.getByRole('heading', { name: en('registration.finished') })).toBeVisible()
  await expect(page.getByText(en('registration.partnerActivatedLater'))).toBeVisible()
}

test('a partner registers, the shop approves it with a price list, the partner sees its terms', async ({
  page,
  browser,
}) => {
  // Two browsers and three pages in one journey: more than the default budget on a busy machine.
  test.setTimeout(scaled(90_000))
  const stamp = `${test.info().workerIndex}${Date.now()}`
  const email = `eva.${stamp}@example.com`
  const company = `Oční studio ${stamp} s.r.o.`

  // 1. The partner registers on the storefront (a browser of its own).
  const partnerContext = await browser.newContext()
  const partner = await partnerContext.newPage()
  await registerPartner(partner, email, company)

  // 2. The admin approves it in the queue with the demo price list, 30 days and a credit limit.
  await signInAsAdmin(page)
  await page
    .getByRole('navigation')
    .getByRole('link', { name: cs('admin.nav.partners') })
    .click()
  await expect(
    page.getByRole('tab', { name: cs('adminCustomers.tab.queue'), selected: true }),
  ).toBeVisible()
  const queue = page.getByRole('table', { name: cs('adminCustomers.tab.queue') })
  const row = queue.getByRole('row').filter({ hasText: email })
  await expect(row).toBeVisible()
  await row
    .getByRole('button', { name: cs('adminCustomers.approve.title', { name: company }) })
    .click()

  const dialog = page.getByRole('dialog', {
    name: cs('adminCustomers.approve.title', { name: company }),
  })
  await dialog.getByRole('combobox', { name: cs('adminCustomers.field.priceList') }).click()
  await page.getByRole('option', { name: 'Partner CZK (CZK)' }).click()
  await dialog.getByRole('textbox', { name: cs('adminCustomers.field.invoiceMaturity') }).fill('30')
  await dialog.getByRole('textbox', { name: cs('adminCustomers.field.creditLimit') }).fill('50000')
  await dialog.getByRole('button', { name: cs('adminCustomers.approve.submit') }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: cs('adminCustomers.approve.done', { name: company }) }),
  ).toBeVisible()
  await expect(queue.getByRole('row').filter({ hasText: email })).toHaveCount(0)

  // 3. The partner logs in and sees its terms in the profile: invoice payment due in 30 days.
  await partner.goto('/en/login')
  await expect(partner.getByRole('button', { name: en('auth.logIn') })).toBeEnabled()
  await partner.getByRole('textbox', { name: en('accountPage.login.login') }).fill(email)
  await partner.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(PASSWORD)
  await partner.getByRole('button', { name: en('auth.logIn') }).click()
  await expect(partner).toHaveURL(/\/en\/account$/)
  await expect(partner.getByText(en('accountPage.partner.invoicePayment'))).toBeVisible()
  await expect(
    partner.getByText(en('accountPage.partner.maturityDays', { days: '30' })),
  ).toBeVisible()

  // 4. On a category page the partner's prices are without VAT.
  await partner.goto('/en')
  const category = partner.locator('a[href*="/en/c/"]').first()
  await expect(category).toBeVisible()
  await category.click()
  await expect(partner).toHaveURL(/\/en\/c\//)
  await expect(partner.getByRole('main').getByText(en('price.exclVat')).first()).toBeVisible()
  await expect(partner.getByRole('main').getByText(en('price.inclVat'))).toHaveCount(0)
  await partnerContext.close()
})
