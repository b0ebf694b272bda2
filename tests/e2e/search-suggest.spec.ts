import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'

function cs(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs
}

async function isFocused(target: Locator): Promise<boolean> {
  try {
    await expect(target).toBeFocused({ timeout: 50 })
    return true
  } catch {
    return false
  }
}

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test.describe('header search suggestions', () => {
  test('a shopper finds a product by keyboard alone: types, ↓, Enter', async ({ page }) => {
    await page.goto('/cs')
    const search = page.getByRole('banner').getByRole('combobox', { name: cs('shop.search.label') })
    await expect(search).toHaveAttribute('aria-expanded', 'false')
    await tabTo(page, search)
    await page.keyboard.type('ocel')

    const list = page.getByRole('listbox', { name: cs('searchSuggest.listLabel') })
    await expect(list).toBeVisible()
    await expect(search).toHaveAttribute('aria-expanded', 'true')
    const products = list.getByRole('group', { name: cs('searchSuggest.group.products') })
    const first = products.getByRole('option').first()
    await expect(first).toBeVisible()
    await expect(list.getByRole('group', { name: cs('searchSuggest.group.brands') })).toContainText(
      'Ocello',
    )

    await page.keyboard.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(search).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
    await expect(search).toBeFocused()
    const name = (await first.innerText()).split('\n')[0]!.trim()

    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/cs\/p\/\d+\//)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  })

  test('Escape closes the list and Enter on the text opens the full search', async ({ page }) => {
    await page.goto('/cs')
    const search = page.getByRole('banner').getByRole('combobox', { name: cs('shop.search.label') })
    await tabTo(page, search)
    await page.keyboard.type('ocello')
    const list = page.getByRole('listbox', { name: cs('searchSuggest.listLabel') })
    await expect(list).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await expect(search).not.toHaveAttribute('aria-activedescendant')
    await page.keyboard.press('Escape')
    await expect(list).toBeHidden()
    await expect(search).toHaveAttribute('aria-expanded', 'false')
    await expect(search).toHaveValue('ocello')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/cs\/search\?q=ocello$/)
  })

  test('leaving the field cancels a suggestion still on its way', async ({ page }) => {
    await page.goto('/cs')
    // Held answers: the shopper moves on before any arrives.
    await page.route('**/api/search/suggest?*', () => {})
    const search = page.getByRole('banner').getByRole('combobox', { name: cs('shop.search.label') })
    await tabTo(page, search)
    const asked = page.waitForRequest((request) => request.url().includes('q=ocello'))
    await page.keyboard.type('ocello')
    const request = await asked
    const cancelled = page.waitForEvent('requestfailed', (failed) => failed === request)
    await page.keyboard.press('Tab')
    await cancelled
    await expect(search).toHaveAttribute('aria-expanded', 'false')
  })

  test('the open list fits a 320 px phone and has no serious accessibility violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/cs')
    const search = page.getByRole('banner').getByRole('combobox', { name: cs('shop.search.label') })
    await search.tap?.call(search).catch(() => search.click())
    await search.pressSequentially('obr')
    const list = page.getByRole('listbox', { name: cs('searchSuggest.listLabel') })
    await expect(list.getByRole('option').first()).toBeVisible()
    expect(await measureOverflow(page)).toBeNull()
    const results = await new AxeBuilder({ page }).analyze()
    const severe = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) }))
    expect(severe).toEqual([])
    // A pointer picks an option as well.
    await list.getByRole('option').first().click()
    await expect(page).not.toHaveURL(/\/cs$/)
  })
})
