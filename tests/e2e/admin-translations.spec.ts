import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/** A text the storefront shows on its not-found page; only its Romanian text is touched. */
const KEY = 'shop.notFound.text'
const ROMANIAN = catalogue[KEY]?.ro ?? ''

/** What the panel check reads of an element (the journeys are typed without the DOM library). */
interface MeasuredBox {
  readonly scrollWidth: number
  readonly clientWidth: number
  getBoundingClientRect(): { readonly right: number }
}

async function openTranslations(page: Page) {
  await page.goto('/admin/dictionary')
  await expect(page).toHaveURL(/\/admin\/dictionary\/shared$/)
  await expect(
    page.getByRole('searchbox', { name: cs('adminTranslations.search.label') }),
  ).toBeVisible()
}

/** Edits one cell in place: a click opens it, Enter saves. */
async function editCell(page: Page, key: string, locale: string, text: string) {
  const name = cs('adminTranslations.edit.label', { key, locale })
  // The keyboard path: the cell is a button, Enter opens its editor.
  await page.locator(`[data-cell="${key}:${locale.toLowerCase()}"]`).focus()
  await page.keyboard.press('Enter')
  const editor = page.getByRole('textbox', { name, exact: true })
  await editor.fill(text)
  await editor.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: cs('adminTranslations.edit.saved') }),
  ).toBeVisible()
  await expect(editor).toBeHidden()
}

test.describe('back office: translations', () => {
  test('a text missing in Romanian is found, translated and shown on the storefront at once', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await openTranslations(page)
    await page.getByRole('searchbox', { name: cs('adminTranslations.search.label') }).fill(KEY)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: KEY, exact: true }) })
    await expect(row).toBeVisible()

    // Esc cancels an edit: nothing is saved.
    const roCell = page.locator(`[data-cell="${KEY}:ro"]`)
    await roCell.click()
    const editor = page.getByRole('textbox', {
      name: cs('adminTranslations.edit.label', { key: KEY, locale: 'RO' }),
    })
    await editor.fill('not saved')
    await editor.press('Escape')
    await expect(editor).toBeHidden()
    await expect(roCell).not.toContainText('not saved')

    // The Romanian text goes missing (an empty text), and the filter finds the key.
    await editCell(page, KEY, 'RO', '')
    await page.getByRole('combobox', { name: cs('adminTranslations.filter.missing') }).click()
    await page.getByRole('option', { name: 'RO', exact: true }).click()
    await expect(row).toContainText(cs('adminTranslations.edit.missing'))

    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    )
    expect(serious.map((v) => [v.id, v.nodes.map((n) => n.target)])).toEqual([])

    // Translated in place; the storefront shows the new text without a restart.
    const text = `Pagina nu există (e2e ${Date.now()}).`
    await editCell(page, KEY, 'RO', text)
    await expect(row).toBeHidden() // no longer missing in Romanian
    const storefront = await page.context().newPage()
    const answer = await storefront.goto('/ro/e2e-translations-missing')
    expect(answer?.status()).toBe(404)
    await expect(storefront.getByText(text)).toBeVisible({ timeout: scaled(10_000) })
    await storefront.close()

    // Put the shop's own Romanian text back for the other journeys.
    await page.getByRole('combobox', { name: cs('adminTranslations.filter.missing') }).click()
    await page.getByRole('option', { name: cs('adminTranslations.filter.anyLanguage') }).click()
    await editCell(page, KEY, 'RO', ROMANIAN)
  })

  test('a CSV import shows a preview with the differences before it is applied', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await openTranslations(page)
    const key = `e2e.imported${Date.now()}`
    await page.getByRole('button', { name: cs('adminTranslations.import.button') }).click()
    const dialog = page.getByRole('dialog', { name: cs('adminTranslations.import.title') })
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'translations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`key;cs;en\n${key};Dovezený text;Imported text\n`, 'utf8'),
    })
    await dialog.getByRole('button', { name: cs('adminTranslations.import.preview') }).click()
    await expect(dialog.getByRole('status')).toContainText(
      cs('adminTranslations.import.summary', {
        rows: 1,
        format: 'CSV',
        encoding: 'utf-8',
        added: 2,
        changed: 0,
        unchanged: 0,
      }),
    )
    const diff = dialog.getByRole('table', { name: cs('adminTranslations.import.title') })
    await expect(diff.getByRole('row').filter({ hasText: 'Dovezený text' })).toContainText(key)

    await dialog.getByRole('button', { name: cs('adminTranslations.import.apply') }).click()
    await expect(dialog).toBeHidden()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: cs('adminTranslations.import.done', { count: 2 }) }),
    ).toBeVisible()
    await page.getByRole('searchbox', { name: cs('adminTranslations.search.label') }).fill(key)
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key }) })
    await expect(row).toContainText('Dovezený text')
    await expect(row).toContainText('Imported text')

    // A phone-wide window: the grid scrolls inside its own box; nothing in the panel sticks out.
    // (The shell's header and the tab list are the layout's, measured by its own journeys.)
    await page.setViewportSize({ width: 320, height: 800 })
    const panel = page.getByRole('tabpanel', { name: cs('adminTranslations.tab.translations') })
    await expect
      .poll(() =>
        panel.evaluate((element: MeasuredBox) => {
          const box = element.getBoundingClientRect()
          return element.scrollWidth <= element.clientWidth && box.right <= 320
        }),
      )
      .toBe(true)
  })
})
