import { expect, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'

function en(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

/** Waits until React has taken over a server-rendered element (it attached its props). */
export async function untilHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() =>
      element.evaluate((node: object) =>
        Object.keys(node).some((key) => key.startsWith('__reactProps')),
      ),
    )
    .toBe(true)
}

/** Opens the demo's "Frames" category from the home page, at any screen width. */
export async function openFramesList(page: Page): Promise<void> {
  await page.goto('/en')
  const categories = page.getByRole('region', { name: en('shop.home.categoriesTitle') })
  await categories.getByRole('link', { name: 'Frames', exact: true }).first().click()
  await expect(page).toHaveURL(/\/en\/c\/\d+\//)
}

/**
 * Opens the demo's "Frames" category on a wide screen (phones get the filters in a drawer);
 * returns the filter side panel once React has taken it over (so a click reaches its handlers).
 */
export async function openFrames(page: Page): Promise<Locator> {
  await openFramesList(page)
  const panel = page.getByRole('region', { name: en('filter.title') })
  await expect(panel.getByRole('heading', { name: en('filter.title') })).toBeVisible()
  await untilHydrated(panel.getByRole('heading', { level: 3 }).getByRole('button').first())
  return panel
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The total of 'Display N of M items (page P)'. */
export async function totalCount(page: Page): Promise<number> {
  const pattern = new RegExp(
    escapeRegExp(en('list.displayCount').replace(/\{\{\w+\}\}/g, '§')).replace(/§/g, '(\\d+)'),
  )
  const counter = page.getByText(pattern)
  await expect(counter).toBeVisible()
  return Number(pattern.exec(await counter.innerText())?.[2])
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
