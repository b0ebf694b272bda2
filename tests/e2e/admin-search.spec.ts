import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

// The default e-mail documents (decision 038) are in every shop: /<locale>/emails/order-confirmation.
const TERM = 'order-confirmation'

test.describe('back office: search', () => {
  test('the header box finds documents as one types, opens one by keyboard, and lists all results', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    const box = page.getByRole('combobox', { name: cs('admin.search.label') })
    await box.fill(TERM)
    const listbox = page.getByRole('listbox')
    await expect(listbox.getByRole('option', { name: new RegExp(TERM) }).first()).toBeVisible()
    await expect(
      listbox.getByRole('group', { name: cs('adminSearch.type.document') }),
    ).toBeVisible()
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    )
    expect(serious.map((violation) => violation.id)).toEqual([])
    await box.press('ArrowDown')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/admin\/documents\/\d+/)

    await box.fill(TERM)
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await box.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).toHaveValue(TERM)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/admin/search-results\\?q=${TERM}`))
    const grid = page.getByRole('table', { name: cs('adminSearch.results.title') })
    await expect(grid.getByRole('link', { name: TERM }).first()).toBeVisible()
    await page.getByRole('textbox', { name: cs('adminSearch.filter.path') }).fill('/en/emails')
    await expect(grid.getByRole('link', { name: TERM })).toHaveCount(1)
    const after = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    )
    expect(after.map((violation) => violation.id)).toEqual([])
    await page.setViewportSize({ width: 320, height: 720 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
    await grid.getByRole('link', { name: TERM }).click()
    await expect(page).toHaveURL(/\/admin\/documents\/\d+/)
  })
})
