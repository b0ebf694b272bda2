import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { DEMO_CATEGORIES } from '../../apps/server/src/demo/demo-categories.ts'
import { untilHydrated } from './catalogue-kit.ts'

/** An English page text from the catalogue the server seeds its dictionary from. */
export function text(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

export function isListRequest(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/products'
}

export function listParam(request: Request, name: string): string | null {
  return new URL(request.url()).searchParams.get(name)
}

/** The category list's region (its products, paging and 'Found in other categories'). */
export function productList(page: Page): Locator {
  return page.getByRole('region', { name: text('shop.category.products'), exact: true })
}

/** Waits until no list request is running (the loading overlay is gone). */
export async function settled(page: Page): Promise<void> {
  await expect(productList(page)).toHaveAttribute('aria-busy', 'false')
}

/** The names on the list's tiles, in order (with no search, so no other categories below). */
export function tileNames(page: Page): Promise<string[]> {
  return productList(page).getByRole('article').getByRole('heading').allTextContents()
}

/**
 * Opens a top-level demo category from the home page's links (English); answers its id once
 * React has taken the list over.
 */
export async function openCategory(page: Page, key: string): Promise<number> {
  const category = DEMO_CATEGORIES.find((c) => c.key === key)
  if (!category) throw new Error(`The demo data has no category ${key}`)
  await page.goto('/en')
  const link = page.getByRole('link', { name: category.name.en, exact: true }).first()
  const id = Number(/\/c\/(\d+)\//.exec((await link.getAttribute('href')) ?? '')?.[1])
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: category.name.en })).toBeVisible()
  await expect(productList(page).getByRole('article').first()).toBeVisible()
  await untilHydrated(
    page
      .getByRole('group', { name: text('list.sortBy') })
      .getByRole('button')
      .first(),
  )
  return id
}

/** A section's values that are not dead ends: checkbox, name and product count of each. */
export async function openValues(
  body: Locator,
): Promise<{ checkbox: Locator; name: string; count: number }[]> {
  const checkboxes = body.locator('input[type=checkbox]:not([disabled])')
  const values = []
  for (const checkbox of await checkboxes.all()) {
    const label = (await checkbox.locator('xpath=..').innerText()).trim()
    const match = /^(.*)\s+\((\d+)\)$/s.exec(label)
    if (!match?.[1] || !match[2]) throw new Error(`Unexpected value label ${label}`)
    values.push({ checkbox, name: match[1].trim(), count: Number(match[2]) })
  }
  return values
}

/** The 'Active filters:' entry 'title: value', a button that removes it. */
export function activeEntry(panel: Locator, title: string, valueName: string): Locator {
  return panel.getByRole('button', {
    name: `${text('filter.removeValue')}: ${text('filter.activeEntry', { title, value: valueName })}`,
  })
}
