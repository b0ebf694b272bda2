import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** Serious and critical axe violations on the page, with the elements they name. */
async function seriousViolations(page: Page) {
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) }))
}

/**
 * How far the tab's panel reaches sideways past its width (0 at 320 px: tables scroll inside
 * their own container). The tab list above is the shared tabbed screen's and scrolls on its own.
 */
async function sidewaysOverflow(page: Page): Promise<number> {
  // A string, as the journeys are type-checked without the DOM's types.
  return page.evaluate<number>(
    `(() => { const panel = document.querySelector('[role="tabpanel"]'); return panel ? panel.scrollWidth - panel.clientWidth : Infinity })()`,
  )
}

test.describe('back office: robots.txt, the sitemap, the HTTP error log and the SEO panel', () => {
  test('the admin edits robots.txt and fetches it from the shop', async ({ page, request }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/seo-tools/robots')
    await expect(page.getByRole('tab', { name: cs('seoSite.tab.robots') })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const editor = page.getByRole('textbox', {
      name: cs('seoSite.robots.content', { site: cs('seoSite.robots.mainShop') }),
    })
    await expect(editor).toHaveValue(/User-agent: \*/)
    // Each run adds its own line: journeys share one data directory.
    const marker = `Disallow: /e2e-${Date.now()}`
    const current = await editor.inputValue()
    await editor.fill(`${current.trimEnd()}\n${marker}\n`)
    await expect(
      page.getByRole('status').filter({ hasText: cs('seoSite.robots.unsaved') }),
    ).toBeVisible()
    // Ctrl+S saves, as the field's hint says.
    await editor.press('Control+s')
    await expect(
      page.getByRole('status').filter({ hasText: cs('seoSite.robots.saved') }),
    ).toBeVisible()

    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/)
    expect(await robots.text()).toContain(marker)

    // The sitemap's card says where crawlers find it; the index answers once generated.
    await expect(page.getByRole('heading', { name: cs('seoSite.sitemap.title') })).toBeVisible()
    await expect(page.getByRole('link', { name: /\/sitemap\.xml$/ })).toBeVisible()
    await expect
      .poll(async () => (await request.get('/sitemap.xml')).status(), { timeout: 60_000 })
      .toBe(200)
    const index = await (await request.get('/sitemap.xml')).text()
    expect(index).toContain('<sitemapindex')
    const firstFile = /<loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/.exec(index)?.[1]
    expect(firstFile).toBeDefined()
    const file = await request.get(firstFile!)
    expect(file.status()).toBe(200)
    expect(await file.text()).toContain('<urlset')

    expect(await seriousViolations(page)).toEqual([])
  })

  test('a 404 on the shop shows up in the HTTP error log with its count', async ({
    page,
    request,
  }) => {
    const missing = `/cs/e2e-missing-${Date.now()}`
    for (let i = 0; i < 2; i++) {
      const answer = await request.get(missing, { headers: { referer: 'https://e2e.example/' } })
      expect(answer.status()).toBe(404)
    }
    await signInAsAdmin(page)
    await page.goto('/admin/seo-tools/http-errors')
    await page.getByRole('searchbox', { name: cs('seoSite.httpErrors.search') }).fill(missing)
    await page.getByRole('searchbox', { name: cs('seoSite.httpErrors.search') }).press('Enter')
    const table = page.getByRole('table', { name: cs('seoSite.tab.httpErrors') })
    const row = table.getByRole('row').filter({ hasText: missing })
    await expect(row).toBeVisible()
    await expect(row).toContainText('404')
    await expect(row).toContainText('https://e2e.example/')
    await expect(row.getByRole('cell').nth(2)).toHaveText('2')

    await row
      .getByRole('button', { name: cs('seoSite.httpErrors.openDetail', { uri: missing }) })
      .click()
    const detail = page.getByRole('dialog', { name: cs('seoSite.httpErrors.detailTitle') })
    await expect(detail).toContainText(missing)
    expect(await seriousViolations(page)).toEqual([])
    await detail.press('Escape')
    await expect(detail).toBeHidden()

    // Narrow screens keep the panel inside the window.
    await page.setViewportSize({ width: 320, height: 720 })
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the SEO panel flags a page without a description and saves one in place', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/seo-tools/seo-panel')
    const pages = page.getByRole('list', { name: cs('seoSite.seoPanel.documents') })
    await expect(pages).toBeVisible()
    // The Czech home page's subtree: terms is a page of the default documents.
    await page.getByRole('button', { name: cs('seoSite.seoPanel.expand', { name: 'cs' }) }).click()
    const edit = page.getByRole('button', {
      name: cs('seoSite.seoPanel.editNamed', { name: 'terms' }),
    })
    await edit.click()
    const description = page.getByRole('textbox', { name: cs('seoSite.seoPanel.descriptionLabel') })
    const text = `Obchodní podmínky Optiky – ${Date.now()}`
    await description.fill(text)
    await description.press('Enter')
    await expect(description).toBeHidden()
    await expect(page.getByText(text)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.setViewportSize({ width: 320, height: 720 })
    expect(await sidewaysOverflow(page)).toBe(0)
  })
})
