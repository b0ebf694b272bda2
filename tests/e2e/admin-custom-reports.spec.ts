import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click({ force: true })
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('back office: custom reports', () => {
  test('the admin creates a report with a chart and exports it', async ({ page }) => {
    const name = `e2e-report-${Date.now()}`
    await signInAsAdmin(page)
    await page.goto('/admin/custom-reports/configure')
    await expect(
      page.getByRole('heading', { level: 1, name: cs('admin.nav.reports') }),
    ).toBeVisible()
    // The demo reports are there.
    await expect(page.getByRole('button', { name: /Revenue by country and month/ })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.getByRole('textbox', { name: cs('customReports.screen.newName') }).fill(name)
    await page.getByRole('button', { name: cs('customReports.screen.add') }).click()
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()

    const sqlBox = page.getByRole('textbox', { name: cs('customReports.screen.sql') })
    // A hostile SQL is refused with a translated message and nothing is saved.
    await sqlBox.fill('DELETE FROM orders')
    await page.getByRole('button', { name: cs('customReports.screen.testSql') }).click()
    // The server answers in the request's language (the browser's); either way it says SELECT.
    await expect(sqlBox).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/SELECT/).filter({ hasNotText: 'reports:' })).toBeVisible()

    await sqlBox.fill('select kind, count(*)::int as products from products group by kind')
    await page.getByRole('button', { name: cs('customReports.screen.testSql') }).click()
    const preview = page.getByRole('region', { name: cs('customReports.screen.preview') })
    await expect(preview.getByRole('columnheader', { name: 'products' })).toBeVisible({
      timeout: scaled(10_000),
    })
    await page
      .getByRole('textbox', { name: cs('customReports.screen.column.labelOf', { column: 'kind' }) })
      .fill('Druh')
    await pick(page, cs('customReports.screen.chartType'), cs('customReports.screen.chart.bar'))
    await pick(page, cs('customReports.screen.chartX'), 'Druh')
    await pick(page, cs('customReports.screen.chartY'), 'products')
    await page.keyboard.press('Escape')
    await page.getByRole('switch', { name: cs('customReports.screen.shareGlobally') }).check()
    await page.getByRole('button', { name: cs('customReports.screen.save') }).click()
    await expect(page.getByText(cs('customReports.screen.saved'))).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.goto(`/admin/custom-reports/view?report=${name}`)
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    // The chart's figures are there for screen readers, the grid shows the rows.
    await expect(
      page.locator('caption', { hasText: cs('customReports.screen.chartFigures', { name }) }),
    ).toBeAttached({ timeout: scaled(10_000) })
    await expect(page.locator('.recharts-surface').first()).toBeVisible()
    await expect(
      page.getByRole('button', { name: cs('customReports.screen.sortBy', { column: 'Druh' }) }),
    ).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.getByRole('button', { name: cs('customReports.screen.exportCsv') }).click()
    const link = page.getByRole('link', {
      name: cs('customReports.screen.download', { file: `${name}.csv` }),
    })
    await expect(link).toBeVisible({ timeout: scaled(20_000) })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe(`${name}.csv`)
    const csv = await readFile(await download.path(), 'utf8')
    expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Druh,products')

    await page.setViewportSize({ width: 320, height: 800 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
  })
})
