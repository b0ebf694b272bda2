import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { seoRedirectsCatalogue } from '@optika/i18n/catalogue/seo-redirects'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

/**
 * SEO redirects (issue 19): a redirect made in the back office is followed by the browser at
 * once, and rules imported from a CSV file work the same; a file with a wrong line imports
 * nothing and names the line. Sources carry a per-run suffix, so reruns on one data directory
 * and other journeys' rules do not matter.
 */

/** The back office's Czech text of a key of this section, placeholders filled in. */
function cs(key: keyof typeof seoRedirectsCatalogue, values: Record<string, string> = {}): string {
  return seoRedirectsCatalogue[key].cs.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? '',
  )
}

const RUN = Date.now().toString(36)

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

async function openRedirects(page: Page) {
  await signInAsAdmin(page)
  await page.goto('/admin/seo-tools/redirects')
  await expect(page.getByRole('tab', { name: cs('seoRedirects.tab') })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByRole('button', { name: cs('seoRedirects.action.new') })).toBeVisible({
    timeout: scaled(10_000),
  })
}

test.describe('back office: SEO redirects', () => {
  test('the admin creates a redirect, tests it, and the browser follows it', async ({ page }) => {
    const source = `/cs/e2e-stara-${RUN}`
    await openRedirects(page)

    await page.getByRole('button', { name: cs('seoRedirects.action.new') }).click()
    const editor = page.getByRole('dialog', { name: cs('seoRedirects.editor.new') })
    await editor.getByRole('textbox', { name: cs('seoRedirects.field.source') }).fill(source)
    await editor.getByRole('textbox', { name: cs('seoRedirects.field.target') }).fill('/cs/contact')
    await editor.getByRole('button', { name: cs('seoRedirects.action.save') }).click()
    await expect(editor).toBeHidden()
    await expect(
      page.getByRole('status').filter({ hasText: cs('seoRedirects.notice.saved') }),
    ).toBeVisible()

    // A loop back to it is refused at the field, and nothing is saved.
    await page.getByRole('button', { name: cs('seoRedirects.action.new') }).click()
    const loop = page.getByRole('dialog', { name: cs('seoRedirects.editor.new') })
    await loop.getByRole('textbox', { name: cs('seoRedirects.field.source') }).fill('/cs/contact')
    await loop.getByRole('textbox', { name: cs('seoRedirects.field.target') }).fill(source)
    await loop.getByRole('button', { name: cs('seoRedirects.action.save') }).click()
    // The server answers in the session's language (Czech for the demo admin, else the browser's).
    const loopTexts = Object.values(seoRedirectsCatalogue['seoRedirects.error.loop'])
    await expect(loop.getByText(new RegExp(loopTexts.map(escapeRegExp).join('|')))).toBeVisible()
    await loop.getByRole('button', { name: cs('seoRedirects.action.cancel') }).click()
    await expect(loop).toBeHidden()

    // The search finds it; "Test a URL" names the final target.
    await page.getByRole('searchbox', { name: cs('seoRedirects.search') }).fill(`e2e-stara-${RUN}`)
    const table = page.getByRole('table', { name: cs('seoRedirects.list.caption') })
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table).toContainText(source)
    await page.getByRole('textbox', { name: cs('seoRedirects.test.url') }).fill(source)
    await page.getByRole('button', { name: cs('seoRedirects.action.test') }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: cs('seoRedirects.test.final', { target: '/cs/contact' }),
      }),
    ).toBeVisible()

    // Checked at rest, on the filled screen: nothing serious for axe.
    await page.mouse.move(0, 0)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    )
    expect(serious.map((v) => [v.id, v.nodes.map((n) => n.target)])).toEqual([])

    // The browser follows the new rule.
    await page.goto(source)
    await expect(page).toHaveURL(/\/cs\/contact$/)
  })

  test('the admin imports redirects from CSV; a wrong line imports nothing', async ({ page }) => {
    await openRedirects(page)
    await page.setViewportSize({ width: 320, height: 800 })

    // A file with a formula in place of a target: refused, line named, nothing imported.
    await page.getByRole('button', { name: cs('seoRedirects.action.import') }).click()
    const dialog = page.getByRole('dialog', { name: cs('seoRedirects.import.title') })
    const bad = `source,target\n/cs/e2e-ok-${RUN},/cs/contact\n/cs/e2e-bad-${RUN},=cmd|' /C calc'!A0\n`
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    })
    await dialog.getByRole('button', { name: cs('seoRedirects.import.run') }).click()
    await expect(
      dialog.getByText(
        new RegExp(`^${escapeRegExp(cs('seoRedirects.import.line', { line: '3', message: '' }))}`),
      ),
    ).toBeVisible()

    const good = `source;target;statusCode\n/cs/e2e-import-${RUN};/cs/articles;302\n`
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'redirects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    })
    await dialog.getByRole('button', { name: cs('seoRedirects.import.run') }).click()
    await expect(
      dialog
        .getByRole('status')
        .filter({ hasText: cs('seoRedirects.import.done', { created: '1', updated: '0' }) }),
    ).toBeVisible()

    // The 320 px screen does not scroll sideways (the table scrolls inside its frame).
    const overflow = await page.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    )
    expect(overflow).toBe(false)
    await dialog.getByRole('button', { name: cs('seoRedirects.action.cancel') }).click()

    const response = await page.request.get(`/cs/e2e-ok-${RUN}`, { maxRedirects: 0 })
    expect(response.status()).not.toBe(301)
    await page.goto(`/cs/e2e-import-${RUN}`)
    await expect(page).toHaveURL(/\/cs\/articles$/)
  })
})
