import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { DEMO_CATEGORIES } from '../../apps/server/src/demo/demo-categories.ts'
import { openFrames, openSection, totalCount } from './catalogue-kit.ts'
import { activeEntry, isListRequest, listParam, productList, settled, text } from './listing-kit.ts'

/** English names of the demo categories outside "Frames" (where other matches may live). */
const OUTSIDE_FRAMES = new Set(
  DEMO_CATEGORIES.filter(
    (category) => category.key !== 'frames' && category.parent !== 'frames',
  ).map((category) => category.name.en),
)

// Issue 21: the model filter always sent searchin=all, and the list answers other categories
// only without it, so 'Found in other categories' never showed (decision 023).
test('a model searched in a category lists its matches elsewhere under "Found in other categories"', async ({
  page,
}) => {
  const panel = await openFrames(page)
  const before = await totalCount(page)
  const body = await openSection(panel, text('filter.modelSearch'))
  const search = body.getByRole('searchbox', { name: text('filter.modelSearch') })

  // Vistara makes frames and also sunglasses, temples and cases.
  const answer = page.waitForResponse(
    (response) =>
      isListRequest(response.request()) && listParam(response.request(), 'model') === 'Vistara',
  )
  await search.fill('Vistara')
  const response = await answer
  expect(listParam(response.request(), 'searchin')).toBeNull()
  await settled(page)
  await expect(activeEntry(panel, text('filter.modelSearch'), 'Vistara')).toBeVisible()
  await expect.poll(() => totalCount(page)).toBeLessThan(before)

  const other = productList(page).getByRole('region', { name: text('list.otherCategories') })
  await expect(other).toBeVisible()
  const groups = other.getByRole('heading', { level: 3 }).getByRole('link')
  await expect(groups.first()).toBeVisible()
  for (const group of await groups.allTextContents()) {
    expect(OUTSIDE_FRAMES, group).toContain(group)
  }
  const names = await other.getByRole('article').getByRole('heading').allTextContents()
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(name).toContain('Vistara')

  const scan = await new AxeBuilder({ page }).include('main').analyze()
  expect(scan.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

  // The whole shop is not searched, and clearing the search takes the section away.
  await activeEntry(panel, text('filter.modelSearch'), 'Vistara').click()
  await expect(other).toHaveCount(0)
  await expect.poll(() => totalCount(page)).toBe(before)
})
