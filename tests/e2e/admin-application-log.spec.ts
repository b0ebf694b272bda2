import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { applicationLogCatalogue } from '@optika/i18n/catalogue/application-log'
import { seoRedirectsCatalogue } from '@optika/i18n/catalogue/seo-redirects'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'

/**
 * The application log (issue 20): a redirects CSV import with a rejected line is refused and
 * leaves an entry; the administrator finds it in the log by component, priority and text, opens
 * its detail (context, the rejected lines as the file object). The file's source carries a
 * per-run suffix, so other journeys' entries and reruns on one data directory do not matter.
 */

type Key<T> = keyof T
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
}
const log = (key: Key<typeof applicationLogCatalogue>, values: Record<string, string> = {}) =>
  fill(applicationLogCatalogue[key].cs, values)
const redirects = (key: Key<typeof seoRedirectsCatalogue>) => seoRedirectsCatalogue[key].cs
const admin = (key: Key<typeof adminCatalogue>) => adminCatalogue[key].cs

const RUN = Date.now().toString(36)

test.describe('back office: application log', () => {
  test('a refused import is found in the log by its filters and opened', async ({ page }) => {
    await signInAsAdmin(page)

    // Cause the entry: a redirects CSV whose second rule has a formula for a target.
    await page.goto('/admin/seo-tools/redirects')
    await page.getByRole('button', { name: redirects('seoRedirects.action.import') }).click()
    const dialog = page.getByRole('dialog', { name: redirects('seoRedirects.import.title') })
    const bad = `source,target\n/cs/e2e-applog-ok-${RUN},/cs/contact\n/cs/e2e-applog-${RUN},=cmd|' /C calc'!A0\n`
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    })
    await dialog.getByRole('button', { name: redirects('seoRedirects.import.run') }).click()
    const lineThree = fill(seoRedirectsCatalogue['seoRedirects.import.line'].cs, {
      line: '3',
      message: '',
    })
    await expect(dialog.getByText(lineThree, { exact: false }).first()).toBeVisible({
      timeout: scaled(10_000),
    })

    // Find it: component, priority "warning or worse", and the run's text.
    await page.goto('/admin/application-log')
    await expect(
      page.getByRole('heading', { level: 1, name: admin('admin.nav.applicationLog') }),
    ).toBeVisible()
    const table = page.getByRole('table', { name: log('applicationLog.table') })
    await expect(table).toBeVisible({ timeout: scaled(10_000) })

    await page.getByRole('combobox', { name: log('applicationLog.filter.component') }).click()
    await page.getByRole('option', { name: 'import.redirects', exact: true }).click()
    await page
      .getByRole('combobox', { name: log('applicationLog.filter.priority'), exact: true })
      .click()
    await page.getByRole('option', { name: log('applicationLog.priority.warning') }).click()
    await page
      .getByRole('searchbox', { name: log('applicationLog.filter.search') })
      .fill(`e2e-applog-${RUN}`)
    await expect(page).toHaveURL(new RegExp(`q=e2e-applog-${RUN}`))
    await expect(table.getByRole('row')).toHaveCount(2, { timeout: scaled(10_000) })
    await expect(table).toContainText('import.redirects')
    await expect(table).toContainText(log('applicationLog.priority.warning'))

    // At rest on the filled screen: nothing serious for axe.
    await page.mouse.move(0, 0)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    )
    expect(serious.map((v) => [v.id, v.nodes.map((n) => n.target)])).toEqual([])

    // Open its detail with the keyboard: the rejected line is in the file object.
    const link = table.getByRole('link').first()
    await link.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog')
    await expect(drawer).toContainText('Redirects CSV import refused')
    await expect(
      drawer.getByRole('heading', { name: log('applicationLog.detail.context') }),
    ).toBeVisible()
    await expect(drawer).toContainText('"rejected": 1')
    await drawer.getByRole('button', { name: log('applicationLog.detail.showFileObject') }).click()
    const fileObject = drawer.getByRole('region', { name: log('applicationLog.detail.fileObject') })
    await expect(fileObject).toContainText(`/cs/e2e-applog-${RUN}`)
    await expect(fileObject).toContainText('line 3')
    await page.mouse.move(0, 0)
    const drawerAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(
      drawerAxe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => [v.id, v.nodes.map((n) => [n.target, n.failureSummary])]),
    ).toEqual([])
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    // At 320 px the screen does not scroll sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect(table).toBeVisible()
    // Measured once the layout has settled at the new width (the drawer has just closed).
    await expect.poll(() => measureOverflow(page), { timeout: scaled(5_000) }).toBeNull()
  })
})
