import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** The demo customer (apps/server/src/demo/demo-accounts.ts). */
const DEMO_CUSTOMER = {
  email: 'zakaznik@optika.example',
  name: 'Jana Nováková',
  clientNumber: '74 1024 001',
}

test.describe('back office: customers', () => {
  test('the admin finds a customer, opens the detail and sends a password-reset link', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page
      .getByRole('navigation')
      .getByRole('link', { name: cs('admin.nav.customers') })
      .click()
    await expect(
      page.getByRole('heading', { level: 1, name: cs('admin.nav.customers') }),
    ).toBeVisible()

    // The client number matches typed without its spaces; the filter lands in the address.
    await page
      .getByRole('searchbox', { name: cs('adminCustomers.search.label'), exact: true })
      .fill(DEMO_CUSTOMER.clientNumber.replaceAll(' ', ''))
    await expect(page).toHaveURL(/search=741024001/)
    const table = page.getByRole('table', { name: cs('adminCustomers.tab.accounts') })
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(
      page.getByRole('status').filter({ hasText: cs('adminCustomers.count', { count: '1' }) }),
    ).toBeVisible()
    await table.getByRole('link', { name: DEMO_CUSTOMER.name }).click()

    await expect(page.getByRole('heading', { level: 1, name: DEMO_CUSTOMER.name })).toBeVisible()
    await expect(page.getByText(DEMO_CUSTOMER.email)).toBeVisible()
    await page.getByRole('tab', { name: cs('adminCustomers.tab.addresses') }).click()
    await expect(page.getByText('Vinohradská 12')).toBeVisible()

    await page.getByRole('button', { name: cs('adminCustomers.action.sendReset') }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: cs('adminCustomers.action.resetSent', { email: DEMO_CUSTOMER.email }) }),
    ).toBeVisible()

    // The link went out as mail and the customer's history records who sent it.
    await page.reload()
    await page.getByRole('tab', { name: cs('adminCustomers.tab.history') }).click()
    const history = page.getByRole('table', { name: cs('adminCustomers.tab.history') })
    await expect(history.getByText('customer.passwordResetLink')).toBeVisible()
    await expect(history.getByText('Optika Admin')).toBeVisible()
  })

  test('the list filters by kind and offers the export of what it shows', async ({ page }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/shop-customers?kind=partner')
    const table = page.getByRole('table', { name: cs('adminCustomers.tab.accounts') })
    await expect(table.getByRole('link', { name: 'Petr Svoboda' })).toBeVisible()
    // Other journeys register partners with the same name: the demo customer is told by e-mail.
    await expect(table.getByRole('cell', { name: DEMO_CUSTOMER.email })).toHaveCount(0)
    const csv = page.getByRole('link', { name: cs('adminCustomers.export.csv') })
    await expect(csv).toHaveAttribute(
      'href',
      /\/admin\/customers\/export\?.*kind=partner.*format=csv/,
    )
    const download = await page.request.get((await csv.getAttribute('href')) ?? '')
    expect(download.status()).toBe(200)
    const text = await download.text()
    expect(text).toContain('74 2048 001')
    expect(text).not.toContain('74 1024 001')
  })
})
