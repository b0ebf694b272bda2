import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { scaled } from './machine-pace.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

test.describe('back office: content export for translators', () => {
  test('the admin exports a document as XLIFF, changes a target, imports it and gets a new unpublished version', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/dictionary/content-export')
    await expect(
      page.getByRole('heading', { level: 3, name: cs('contentExport.elements.title') }),
    ).toBeVisible()

    // Choose the English contact page by its path; the count comes from the server.
    await page.getByRole('textbox', { name: cs('contentExport.elements.path') }).fill('/en/contact')
    await page.getByRole('textbox', { name: cs('contentExport.elements.path') }).press('Enter')
    await expect(
      page.getByRole('list', { name: cs('contentExport.elements.chosen') }),
    ).toContainText('/en/contact')
    await expect(page.getByTestId('content-export-count')).toHaveText(
      cs('contentExport.elements.count', { count: 1 }),
    )

    // Source English (the default), target Romanian only, XLIFF 1.2.
    // Mantine's chips hide their checkbox behind the label: the label is what one clicks.
    await page.locator('label').filter({ hasText: '(cs)' }).click()
    await page.locator('label').filter({ hasText: '(ro)' }).click()
    await expect(page.getByRole('checkbox', { name: /\(cs\)/ })).not.toBeChecked()
    await expect(page.getByRole('checkbox', { name: /\(ro\)/ })).toBeChecked()
    await page.getByRole('radio', { name: cs('contentExport.export.formatXliff12') }).check()
    await page.getByRole('button', { name: cs('contentExport.export.run'), exact: true }).click()
    const link = page.getByRole('link', { name: /\(ro\)/ })
    await expect(link).toBeVisible({ timeout: scaled(30_000) })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const xml = await readFile(await download.path(), 'utf8')
    expect(xml).toContain('source-language="en" target-language="ro"')

    // The translator changes the headline's Romanian text.
    const headline = `Contactați-ne ${Date.now()}`
    const unit =
      /(<trans-unit id="document:\d+:editable:headline"[^>]*>\s*<source[^>]*>[^<]*<\/source>\s*<target xml:lang="ro">)[^<]*(<\/target>)/
    expect(xml).toMatch(unit)
    const translated = xml.replace(unit, `$1${headline}$2`)

    await page.locator('input[type="file"]').setInputFiles({
      name: 'contact-ro.xlf',
      mimeType: 'application/xliff+xml',
      buffer: Buffer.from(translated, 'utf8'),
    })
    await page.getByRole('button', { name: cs('contentExport.import.run'), exact: true }).click()
    await expect(page.getByTestId('content-export-import-summary')).toHaveText(
      cs('contentExport.import.summary', { done: 1, total: 1, changed: 1 }),
      { timeout: scaled(20_000) },
    )
    const results = page.getByRole('list', { name: cs('contentExport.import.results') })
    await expect(results).toContainText('/ro/')
    await expect(results).toContainText(cs('contentExport.import.saved'))

    // The Romanian page has a new version that is not published; its row keeps the old text.
    const origin = { origin: baseURL ?? '' }
    const found = await page.request.post('/admin/translation/content-export-jobs', {
      headers: origin,
      data: { elements: [{ type: 'document', path: '/ro/contact' }] },
    })
    expect(found.ok()).toBe(true)
    const [romanian] = ((await found.json()) as { elements: { id: number }[] }).elements
    const versions = await page.request.get(
      `/admin/element/get-versions?elementType=document&elementId=${romanian!.id}`,
    )
    const newest = ((await versions.json()) as { items: { note: string; isPublic: boolean }[] })
      .items[0]
    expect(newest?.isPublic).toBe(false)
    // The note is written in the language of the request that imported it.
    expect(Object.values(catalogue['contentExport.versionNote']!)).toContain(newest?.note)
    const storefront = await page.request.get('/ro/contact')
    expect(await storefront.text()).not.toContain(headline)

    const { violations } = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])

    // 320 px wide: nothing overflows sideways (the message names what sticks out).
    await page.setViewportSize({ width: 320, height: 800 })
    const sticking = () =>
      page.evaluate<string[]>(`(() => {
      const out = []
      for (const el of document.querySelectorAll('body *')) {
        const box = el.getBoundingClientRect()
        if (box.width > 0 && box.right > window.innerWidth + 1 && el.children.length === 0)
          out.push(el.tagName + '.' + String(el.className).slice(0, 60) + ' ' + Math.round(box.right))
      }
      return out.slice(0, 8)
    })()`)
    // Measured once the layout has settled at the new width.
    await expect.poll(sticking, { timeout: scaled(10_000) }).toEqual([])
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      320,
    )
  })
})
