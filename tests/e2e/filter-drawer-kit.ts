import { expect, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'

/** An English catalogue text with its `{{placeholders}}` filled. */
export function en(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
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

/** The total of 'Display N of M items (page P)'. */
export async function totalCount(page: Page): Promise<number> {
  const pattern = new RegExp(
    escape(en('list.displayCount', { count: '§', total: '§', page: '§' })).replace(/§/g, '(\\d+)'),
  )
  const counter = page.getByText(pattern)
  await expect(counter).toBeVisible()
  const match = pattern.exec(await counter.innerText())
  return Number(match?.[2])
}

/** Opens a collapsed filter section by its header and returns its body. */
export async function openSection(panel: Locator, title: string): Promise<Locator> {
  const header = panel.getByRole('button', { name: title, exact: true })
  await expect(header).toHaveAttribute('aria-expanded', 'false')
  await header.click()
  await expect(header).toHaveAttribute('aria-expanded', 'true')
  const body = panel.getByRole('group', { name: title, exact: true })
  await expect(body).toBeVisible()
  return body
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
