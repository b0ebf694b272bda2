import { expect, test } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminPimGridCatalogue } from '@optika/i18n/catalogue/admin-pim-grid'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

/** Texts come from the catalogues the server seeds its dictionary from; the back office opens in Czech. */
function cs(key: keyof typeof adminCatalogue): string {
  return adminCatalogue[key].cs
}
function grid(key: keyof typeof adminPimGridCatalogue): string {
  return adminPimGridCatalogue[key].cs
}

test.describe('object grid', () => {
  test('an editor exports a product folder as XLSX and downloads the file', async ({ page }) => {
    // Signing in, opening the tree and exporting every demo product.
    test.setTimeout(scaled(60_000))
    await signInAsAdmin(page, { checkRedirect: false })
    await page
      .getByRole('navigation', { name: cs('admin.nav.label') })
      .getByRole('link', { name: cs('admin.nav.dataObjects') })
      .click()

    // The demo tree's product folder, then its grid tab (names agreed in .helpers/grid-e2e-contract.md).
    await page.getByRole('treeitem', { name: 'Products', exact: true }).click()
    await page.getByRole('tab', { name: grid('adminPimGrid.tab') }).click()

    const table = page.getByRole('table', { name: grid('adminPimGrid.tableLabel') })
    await expect(table).toBeVisible()
    // Demo products are listed (a header row, the filter row, then data rows).
    await expect(table.getByRole('row').nth(2)).toBeVisible()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: grid('adminPimGrid.export.xlsx') }).click()

    const progress = page.getByRole('progressbar', { name: grid('adminPimGrid.export.progress') })
    await expect(progress).toBeVisible()
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: scaled(20_000) })

    const file = await download
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
    await expect(
      page.getByRole('link', { name: grid('adminPimGrid.export.download') }),
    ).toHaveAttribute('download', /\.xlsx$/)
  })
})
