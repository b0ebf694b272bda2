import { expect, test, type APIRequestContext } from '@playwright/test'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'

function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

const PASSWORD = 'Partner-2026-heslo'

/** Registers a partner company with `request`'s cookies (which are then signed in as it). */
async function registerPartner(request: APIRequestContext): Promise<number> {
  const challenge = (await (await request.get('/api/account/captcha')).json()) as CaptchaChallenge
  const response = await request.post('/api/account/register', {
    data: {
      kind: 'partner',
      email: `optik.${test.info().workerIndex}.${Date.now()}@example.com`,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      phone: '+420 601 234 567',
      firstName: 'Marie',
      lastName: 'Černá',
      company: 'Optika Černá s.r.o.',
      tin: '27074358',
      billingAddress: { street: 'Náměstí 3', city: 'Tábor', postcode: '390 01', country: 'CZ' },
      terms: true,
      privacy: true,
      captchaId: challenge.id,
      captchaCode: readCaptchaSvg(challenge.svg),
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { customer } = (await response.json()) as { customer: { id: number } }
  return customer.id
}

test.describe('the partner area', () => {
  test('a partner waiting for approval sees so and gets no partner pages', async ({ page }) => {
    await registerPartner(page.request)
    await page.goto('/en/account')
    await expect(page.getByText(en('partner.awaitingApproval'))).toBeVisible()
    const nav = page.getByRole('navigation', { name: en('accountPage.nav.label') })
    await expect(nav.getByRole('link', { name: en('page.orderHistory') })).toBeVisible()
    await expect(nav.getByRole('link', { name: en('page.priceLists') })).toHaveCount(0)

    await page.goto('/en/account/price-lists')
    await expect(page.getByText(en('partner.awaitingApproval'))).toBeVisible()
  })

  test('an approved partner sees the agreed terms and downloads the price list', async ({
    page,
    browser,
  }) => {
    const partnerId = await registerPartner(page.request)

    const admin = await browser.newPage()
    await signInAsAdmin(admin)
    const lists = (await (await admin.request.get('/admin/partners/price-lists')).json()) as {
      id: number
      name: string
    }[]
    const priceList = lists[0]
    if (!priceList) throw new Error('The demo data has no price list')
    const approved = await admin.request.post(`/admin/partners/${partnerId}/approve`, {
      data: {
        priceListId: priceList.id,
        invoiceMaturityDays: 30,
        creditLimit: 5_000_000,
        creditCurrency: 'CZK',
      },
    })
    expect(approved.status(), await approved.text()).toBe(200)
    await admin.close()

    await page.goto('/en/account')
    const overview = page.getByRole('region', { name: en('accountPage.profile.overview') })
    await expect(overview.getByText(priceList.name)).toBeVisible()
    await expect(
      overview.getByText(en('accountPage.partner.maturityDays', { days: '30' })),
    ).toBeVisible()

    await page
      .getByRole('navigation', { name: en('accountPage.nav.label') })
      .getByRole('link', { name: en('page.priceLists') })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: en('page.priceLists') })).toBeVisible()
    const csv = page.getByRole('link', {
      name: en('accountPage.download.named', { name: priceList.name, format: 'CSV' }),
    })
    const download = page.waitForEvent('download')
    await csv.click()
    expect((await download).suggestedFilename()).toMatch(/\.csv$/)
  })
})
