import { expect, test, type APIRequestContext } from '@playwright/test'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import type { DealerSearchAnswer } from '@optika/domain/community/dealer-api'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { accessibilityProblems, en } from './checkout-kit.ts'
import { overflowsOf } from './overflow-kit.ts'

const PASSWORD = 'Partner-2026-heslo'

/** Registers a partner company with `request`'s cookies (which are then signed in as it). */
async function registerPartner(request: APIRequestContext, company: string): Promise<number> {
  const challenge = (await (await request.get('/api/account/captcha')).json()) as CaptchaChallenge
  const response = await request.post('/api/account/register', {
    data: {
      kind: 'partner',
      email: `dealer.${test.info().workerIndex}.${Date.now()}@example.com`,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      phone: '+420 601 234 567',
      firstName: 'Éva',
      lastName: 'Kovács',
      company,
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

test('an approved partner puts its shop on the dealer map from the partner area', async ({
  page,
  browser,
}) => {
  const name = `Látszerész ${test.info().workerIndex}-${Date.now()}`
  const partnerId = await registerPartner(page.request, name)
  const admin = await browser.newPage()
  await signInAsAdmin(admin)
  const lists = (await (await admin.request.get('/admin/partners/price-lists')).json()) as {
    id: number
  }[]
  const approved = await admin.request.post(`/admin/partners/${partnerId}/approve`, {
    data: {
      priceListId: lists[0]?.id ?? null,
      invoiceMaturityDays: 30,
      creditLimit: 5_000_000,
      creditCurrency: 'CZK',
    },
  })
  expect(approved.status(), await approved.text()).toBe(200)
  await admin.close()

  await page.goto('/en/account')
  await page
    .getByRole('navigation', { name: en('accountPage.nav.label') })
    .getByRole('link', { name: en('dealer.listing.title') })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: en('dealer.listing.title') }),
  ).toBeVisible()

  // An unknown town without GPS: 'Address not found', nothing saved.
  await page.getByLabel(en('dealer.listing.listed')).check()
  await page.getByLabel(en('dealer.listing.name')).fill(name)
  await page.getByLabel(en('dealer.listing.city')).fill('Xyzzyville')
  await page.getByLabel(en('dealer.listing.country')).selectOption('HU')
  await page.getByRole('button', { name: en('dealer.listing.save') }).click()
  await expect(page.getByRole('alert')).toContainText(en('error.addressNotFound'))

  // Placed by its postcode and town (no GPS given), with a service and Friday's hours.
  await page.getByLabel(en('dealer.listing.city')).fill('Győr')
  await page.getByLabel(en('dealer.listing.postcode')).fill('9021')
  await page.getByLabel(en('dealer.service.eyeTest')).check()
  await page.getByLabel(`${en('dealer.day.fr')}: ${en('dealer.listing.opens')}`).fill('08:00')
  await page.getByLabel(`${en('dealer.day.fr')}: ${en('dealer.listing.closes')}`).fill('16:00')
  await page.getByRole('button', { name: en('dealer.listing.save') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: en('dealer.listing.saved') }),
  ).toBeVisible()
  expect(await accessibilityProblems(page)).toEqual([])

  const search = (await (
    await page.request.get(`/api/dealers?q=${encodeURIComponent('Győr')}&services=eyeTest`)
  ).json()) as DealerSearchAnswer
  const entry = search.dealers.find((dealer) => dealer.ref === `p${partnerId}`)
  expect(entry).toMatchObject({ name, city: 'Győr', isPartner: true })
  expect(entry?.distance).toBeLessThan(10_000)

  // Opting out takes it off the map; the form keeps the entry.
  await page.reload()
  await page.getByLabel(en('dealer.listing.listed')).uncheck()
  await page.getByRole('button', { name: en('dealer.listing.save') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: en('dealer.listing.saved') }),
  ).toBeVisible()
  expect((await page.request.get(`/api/dealers/p${partnerId}`)).status()).toBe(404)
  await expect(page.getByLabel(en('dealer.listing.city'))).toHaveValue('Győr')

  expect(await overflowsOf(page, '/en/account/dealer-listing', 320)).toEqual([])
})
