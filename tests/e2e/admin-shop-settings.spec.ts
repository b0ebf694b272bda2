import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

const CZECHIA = cs('country.CZ')
/** The forwarder's Czech name, from migration 0008's starting configuration. */
const FORWARDER = 'Přepravní společnost'

test.describe('back office: shop settings', () => {
  test('the admin sets free shipping and a shipping price, generates voucher codes and edits stock', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page
      .getByRole('navigation')
      .getByRole('link', { name: cs('admin.nav.shopSettings') })
      .click()
    await expect(
      page.getByRole('heading', { level: 1, name: cs('admin.nav.shopSettings') }),
    ).toBeVisible()

    // Countries: the CZ free-shipping threshold, typed in crowns, stays after a reload.
    const threshold = page.getByRole('textbox', {
      name: cs('admin.shop.country.freeShippingFor', { country: CZECHIA, currency: 'CZK' }),
    })
    await expect(threshold).toHaveValue('10 000')
    await threshold.fill('8000')
    await page
      .getByRole('button', { name: cs('admin.shop.country.saveFor', { country: CZECHIA }) })
      .click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('admin.common.saved') }),
    ).toBeVisible()
    await page.reload()
    await expect(
      page.getByRole('textbox', {
        name: cs('admin.shop.country.freeShippingFor', { country: CZECHIA, currency: 'CZK' }),
      }),
    ).toHaveValue('8 000')

    // Shipping: the forwarder's Czech price changes from 149 to 159 CZK.
    await page.getByRole('tab', { name: cs('admin.shop.tab.shipping') }).click()
    await expect(page).toHaveURL(/\/admin\/shop-settings\/shipping$/)
    const shipping = page.getByRole('table', { name: cs('admin.shop.tab.shipping') })
    const forwarderRow = shipping.getByRole('row').filter({ hasText: FORWARDER })
    await expect(forwarderRow).toContainText(/149,00\sKč/)
    await page
      .getByRole('button', { name: cs('admin.shop.editNamed', { name: FORWARDER }) })
      .click()
    const editor = page.getByRole('dialog', { name: cs('admin.shop.shipping.editTitle') })
    await editor
      .getByRole('textbox', {
        name: cs('admin.shop.shipping.priceFor', { country: CZECHIA, currency: 'CZK' }),
      })
      .fill('159')
    await editor.getByRole('button', { name: cs('admin.common.save') }).click()
    await expect(editor).toBeHidden()
    await expect(forwarderRow).toContainText(/159,00\sKč/)

    // Vouchers: a new series gets 5 generated codes, listed with their usage.
    await page.getByRole('tab', { name: cs('admin.shop.tab.vouchers') }).click()
    await page.getByRole('button', { name: cs('admin.shop.voucher.addSeries') }).click()
    const seriesEditor = page.getByRole('dialog', { name: cs('admin.shop.voucher.editTitle') })
    await seriesEditor
      .getByRole('textbox', { name: cs('admin.shop.voucher.name') })
      .fill('E2E jaro')
    await seriesEditor.getByRole('button', { name: cs('admin.common.save') }).click()
    await expect(seriesEditor).toBeHidden()
    await page.getByRole('link', { name: 'E2E jaro' }).click()
    await expect(page).toHaveURL(/\/admin\/shop-settings\/vouchers\/\d+$/)
    await page.getByRole('button', { name: cs('admin.shop.voucher.generate') }).click()
    const generate = page.getByRole('dialog', { name: cs('admin.shop.voucher.generate') })
    await generate.getByRole('textbox', { name: cs('admin.shop.voucher.generateCount') }).fill('5')
    await generate
      .getByRole('textbox', { name: cs('admin.shop.voucher.generatePrefix') })
      .fill('jaro')
    await generate.getByRole('button', { name: cs('admin.shop.voucher.generate') }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: cs('admin.shop.voucher.generated', { count: '5' }) }),
    ).toBeVisible()
    const codes = page.getByRole('table', { name: cs('admin.shop.voucher.codes') })
    await expect(codes.getByRole('row')).toHaveCount(6)
    for (const cell of await codes.locator('tbody tr td:first-child').allTextContents()) {
      expect(cell).toMatch(/^JARO[2-9A-HJKMNP-Z]{8}$/)
    }

    // Stock: the first variant's pieces on hand, edited in its row, stay after a search.
    await page.getByRole('tab', { name: cs('admin.shop.tab.stock') }).click()
    const stock = page.getByRole('table', { name: cs('admin.shop.tab.stock') })
    const code = (await stock.locator('tbody tr td:first-child').first().textContent()) ?? ''
    expect(code).not.toBe('')
    await stock
      .getByRole('textbox', { name: cs('admin.shop.stock.quantityFor', { code }) })
      .fill('42')
    await stock.getByRole('button', { name: cs('admin.shop.stock.saveFor', { code }) }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: cs('admin.shop.stock.saved', { code, quantity: '42' }),
      }),
    ).toBeVisible()
    await page.reload()
    await page.getByRole('searchbox', { name: cs('admin.shop.stock.search') }).fill(code)
    await expect(
      stock.getByRole('textbox', { name: cs('admin.shop.stock.quantityFor', { code }) }),
    ).toHaveValue('42')
  })
})
