import { expect, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'

/** An English catalogue text with its `{{placeholders}}` filled. */
export function en(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/** The drawer's apply button text for `count` products ('Show 1 product', 'Show 42 products'). */
export function showProducts(count: number): string {
  return en(count === 1 ? 'filterDrawer.show.one' : 'filterDrawer.show.other', {
    number: count.toLocaleString('en'),
  })
}

/** Opens the demo's "Frames" category from the home page (at whatever width the test runs). */
export async function openFramesPage(page: Page): Promise<void> {
  await page.goto('/en')
  const categories = page.getByRole('region', { name: en('shop.home.categoriesTitle') })
  await categories.getByRole('link', { name: 'Frames', exact: true }).first().click()
  await expect(page).toHaveURL(/\/en\/c\/\d+\//)
}

/** A value's checkbox with the name and product count its label shows ('Aurelle (21)'). */
export interface CountedValue {
  readonly checkbox: Locator
  readonly name: string
  readonly count: number
}

async function countedValue(checkbox: Locator): Promise<CountedValue> {
  const label = (await checkbox.locator('xpath=..').innerText()).trim()
  const match = /^(.*)\s+\((\d+)\)$/s.exec(label)
  if (!match?.[1] || !match[2]) throw new Error(`Unexpected value label ${label}`)
  return { checkbox, name: match[1].trim(), count: Number(match[2]) }
}

/** The first value of a section that gives products. */
export async function firstOpenValue(body: Locator): Promise<CountedValue> {
  return countedValue(body.locator('input[type=checkbox]:not([disabled])').first())
}

/** Every value of a section, in order. */
export async function allValues(body: Locator): Promise<CountedValue[]> {
  const boxes = await body.locator('input[type=checkbox]').all()
  return Promise.all(boxes.map(countedValue))
}
