import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

test.describe('back office: system settings', () => {
  test('the admin sees the caches’ sizes and clears them', async ({ page }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/system-settings/caches')
    const table = page.getByRole('table', { name: cs('systemSettings.tab.caches') })
    await expect(table).toBeVisible({ timeout: scaled(15_000) })
    for (const id of ['pages', 'productSearch', 'thumbnails', 'pictures', 'temporaryFiles']) {
      await expect(
        table.getByRole('rowheader', { name: cs(`systemSettings.cache.${id}`) }),
      ).toBeVisible()
    }
    // The storefront's pictures fill the picture cache: one product list draws a few sizes.
    const shop = await page.context().newPage()
    await shop.goto('/cs')
    await shop.close()
    await page.getByRole('button', { name: cs('systemSettings.caches.refresh') }).click()
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: cs('systemSettings.caches.clearAll') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('systemSettings.cache.pictures') }),
    ).toBeVisible({ timeout: scaled(30_000) })
  })

  test('a website setting shows on the storefront', async ({ page }) => {
    const phone = `+421 ${String(Date.now()).slice(-3)} 000 111`
    await signInAsAdmin(page)
    await page.goto('/admin/system-settings/website')
    await page.getByRole('button', { name: cs('systemSettings.website.add') }).click()
    const dialog = page.getByRole('dialog', { name: cs('systemSettings.website.dialogAdd') })
    await dialog
      .getByRole('textbox', { name: cs('systemSettings.website.name') })
      .fill('headerPhone')
    await dialog.getByRole('textbox', { name: cs('systemSettings.website.value') }).fill(phone)
    await dialog.getByRole('combobox', { name: cs('systemSettings.website.language') }).click()
    await page.getByRole('option', { name: 'SK', exact: true }).click()
    await dialog.getByRole('button', { name: cs('systemSettings.website.save') }).click()
    await expect(dialog).toBeHidden()
    await expect(
      page.getByRole('status').filter({
        hasText: cs('systemSettings.website.saved', { name: 'headerPhone' }),
      }),
    ).toBeVisible()
    // Mantine's dialog repeats the banner landmark; the screen itself is checked with the list.
    await expect(
      page.getByRole('table', { name: cs('systemSettings.tab.website') }).getByText(phone),
    ).toBeVisible()
    await expectNoAxeViolations(page)

    // The Slovak pages show the Slovak number; other languages keep the shop-wide one.
    const shop = await page.context().newPage()
    await shop.goto('/sk')
    await expect(shop.getByTestId('header-notice')).toContainText(phone)
    await shop.goto('/cs')
    await expect(shop.getByTestId('header-notice')).not.toContainText(phone)
    await shop.close()

    // Leave the shop as it was.
    await page.getByRole('searchbox', { name: cs('systemSettings.website.search') }).fill(phone)
    page.once('dialog', (confirm) => void confirm.accept())
    await page
      .getByRole('row')
      .filter({ hasText: phone })
      .getByRole('button', {
        name: cs('systemSettings.website.deleteOne', { name: 'headerPhone' }),
      })
      .click()
    await expect(
      page.getByRole('status').filter({
        hasText: cs('systemSettings.website.deleted', { name: 'headerPhone' }),
      }),
    ).toBeVisible()
  })

  test('the admin uploads a logo; an SVG with a script is refused', async ({ page }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/system-settings/system')
    const upload = page.getByRole('button', { name: cs('systemSettings.logo.upload') })
    await expect(upload).toBeVisible({ timeout: scaled(15_000) })
    await expectNoAxeViolations(page)

    const hostile = page.waitForEvent('filechooser')
    await upload.click()
    await (
      await hostile
    ).setFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    })
    // The server answers in the request's language (the browser's, without a language cookie).
    const unsafe = Object.values(catalogue['systemSettings.logo.svgUnsafe'] ?? {})
    await expect(
      page.getByRole('alert').filter({ hasText: new RegExp(unsafe.map(escapeRegExp).join('|')) }),
    ).toBeVisible()

    const logo = await sharp({
      create: { width: 120, height: 40, channels: 3, background: '#0a5' },
    })
      .png()
      .toBuffer()
    const chooser = page.waitForEvent('filechooser')
    await upload.click()
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
    await expect(
      page.getByRole('status').filter({ hasText: cs('systemSettings.logo.uploaded') }),
    ).toBeVisible()
    // The header shows it at once, and after a reload.
    await expect(page.getByTestId('custom-logo')).toBeVisible()
    await page.reload()
    await expect(page.getByTestId('custom-logo')).toBeVisible()

    await page.getByRole('button', { name: cs('systemSettings.logo.remove') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('systemSettings.logo.removed') }),
    ).toBeVisible()
    await expect(page.getByTestId('custom-logo')).toHaveCount(0)
  })
})
