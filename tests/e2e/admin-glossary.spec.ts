import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** A server message: translated into the browser's language, whichever that is. */
function inAnyLanguage(key: string): RegExp {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  const texts = Object.values(entry).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(texts.join('|'))
}

/** A word of the demo article "Sunglasses for your holiday" ("…or the classic aviator."). */
const TERM = 'aviator'
const LINK = '/en/search?q=aviator'

/** Deletes this journey's term in the glossary screen (also one a failed earlier run left). */
async function deleteTerm(page: Page): Promise<void> {
  await page.goto('/admin/glossary-terms')
  await page.getByRole('searchbox', { name: cs('siteTools.glossary.search') }).fill(TERM)
  await page
    .getByRole('row')
    .filter({ hasText: LINK })
    .getByRole('button', { name: `${cs('siteTools.glossary.delete')}: ${TERM}` })
    .click()
  await page
    .getByRole('dialog', { name: cs('siteTools.glossary.delete') })
    .getByRole('button', { name: cs('siteTools.glossary.delete') })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: cs('siteTools.glossary.deleted') }),
  ).toBeVisible()
}

test('a glossary term the admin adds becomes a link in an article, and goes with its deletion', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/admin/glossary-terms')
  await expect(
    page.getByRole('heading', { level: 1, name: cs('admin.nav.glossary') }),
  ).toBeVisible()
  // Journeys share one data directory: a term an interrupted run left goes first.
  await page.getByRole('searchbox', { name: cs('siteTools.glossary.search') }).fill(TERM)
  await expect(page.getByText(/^\S+: \d+$/)).toBeVisible()
  if ((await page.getByRole('row').filter({ hasText: LINK }).count()) > 0) await deleteTerm(page)
  await page.getByRole('searchbox', { name: cs('siteTools.glossary.search') }).fill('')

  // Added in place in the grid: typed, then Enter saves.
  await page.getByRole('button', { name: cs('siteTools.glossary.add') }).click()
  await page.getByRole('textbox', { name: cs('siteTools.glossary.column.text') }).fill(TERM)
  await page
    .getByRole('combobox', { name: cs('siteTools.glossary.field.language') })
    .selectOption('en')
  const link = page.getByRole('textbox', { name: cs('siteTools.glossary.column.link') })
  await link.fill(LINK)
  await link.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: cs('siteTools.glossary.saved') }),
  ).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: LINK })
  await expect(row).toContainText(TERM)

  // An unsafe link is refused, and Esc leaves the row as it was.
  await row.getByRole('button', { name: `${cs('siteTools.glossary.edit')}: ${TERM}` }).click()
  const editedLink = page.getByRole('textbox', { name: cs('siteTools.glossary.column.link') })
  await editedLink.fill('javascript:alert(1)')
  await editedLink.press('Enter')
  await expect(page.getByText(inAnyLanguage('siteTools.error.unsafeLink'))).toBeVisible()
  await editedLink.press('Escape')
  await expect(page.getByRole('row').filter({ hasText: LINK })).toContainText(TERM)

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
  await page.setViewportSize({ width: 320, height: 800 })
  await expect.poll(() => measureOverflow(page)).toBeNull()
  await page.setViewportSize({ width: 1280, height: 800 })

  // The article draws its first "aviator" as the glossary's link.
  await page.goto('/en/articles?category=fashion')
  await page.getByRole('main').getByRole('link', { name: 'Sunglasses for your holiday' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Sunglasses for your holiday')
  await expect(main.getByRole('link', { name: TERM, exact: true })).toHaveAttribute('href', LINK)
  const articleUrl = page.url()

  // Deleted, the article shows plain text again.
  await deleteTerm(page)
  await page.goto(articleUrl)
  await expect(page.getByRole('main').getByText(/classic aviator/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: TERM, exact: true })).toHaveCount(0)
})
