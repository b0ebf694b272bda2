import AxeBuilder from '@axe-core/playwright'
import { devices, expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'

function cs(key: string, values: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
}

// A phone that honours the page's viewport tag, as real phones do.
test.use({
  viewport: devices['Pixel 7'].viewport,
  deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
})

test.describe('mobile-view toggle', () => {
  test('a phone switches to the full desktop layout and back, remembered across pages', async ({
    page,
    context,
  }) => {
    await page.goto('/cs')
    const phoneWidth = await page.evaluate<number>('window.innerWidth')
    expect(phoneWidth).toBeLessThan(600)
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText(
      cs('searchSuggest.view.current', { view: cs('searchSuggest.view.mobile') }),
    )
    await footer.getByRole('button', { name: cs('searchSuggest.view.switchToDesktop') }).click()

    // The server draws the desktop viewport on the first byte, and the reader is back at the toggle.
    await expect(page).toHaveURL(/\/cs#page-view$/)
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', 'width=1280')
    await expect.poll(() => page.evaluate<number>('window.innerWidth')).toBe(1280)
    await expect(footer).toContainText(
      cs('searchSuggest.view.current', { view: cs('searchSuggest.view.desktop') }),
    )
    const cookie = (await context.cookies()).find((c) => c.name === 'optika-view')
    expect(cookie?.value).toBe('desktop')
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000)

    // Another page, and its raw HTML, come in the desktop layout straight away.
    const html = await (await page.request.get('/cs/search?q=a')).text()
    expect(html).toContain('content="width=1280"')
    await page.goto('/cs/search?q=a')
    await expect.poll(() => page.evaluate<number>('window.innerWidth')).toBe(1280)
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([])

    await footer.getByRole('button', { name: cs('searchSuggest.view.switchToMobile') }).click()
    await expect(page).toHaveURL(/\/cs\/search\?q=a#page-view$/)
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      'width=device-width, initial-scale=1',
    )
    await expect.poll(() => page.evaluate<number>('window.innerWidth')).toBe(phoneWidth)
    expect((await context.cookies()).some((c) => c.name === 'optika-view')).toBe(false)
  })

  test('the toggle works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: devices['Pixel 7'].viewport,
      isMobile: true,
    })
    const page = await context.newPage()
    await page.goto('/cs')
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: cs('searchSuggest.view.switchToDesktop') })
      .click()
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', 'width=1280')
    await context.close()
  })
})
