import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Request } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import {
  escapeRegExp,
  openFrames,
  openSection,
  totalCount,
  untilHydrated,
} from './catalogue-kit.ts'

/** The panel's texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

function isListRequest(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/products'
}

function listParam(request: Request, name: string): string | null {
  return new URL(request.url()).searchParams.get(name)
}

/** The first value that is not a dead end: its checkbox, name and product count. */
async function firstOpenValue(
  body: Locator,
): Promise<{ checkbox: Locator; name: string; count: number }> {
  const checkbox = body.locator('input[type=checkbox]:not([disabled])').first()
  const label = (await checkbox.locator('xpath=..').innerText()).trim()
  const match = /^(.*)\s+\((\d+)\)$/s.exec(label)
  if (!match?.[1] || !match[2]) throw new Error(`Unexpected value label ${label}`)
  return { checkbox, name: match[1].trim(), count: Number(match[2]) }
}

function activeEntry(panel: Locator, title: string, valueName: string): Locator {
  return panel.getByRole('button', {
    name: `${text('filter.removeValue')}: ${text('filter.activeEntry', { title, value: valueName })}`,
  })
}

test.describe('filter panel', () => {
  test('ticking a brand lists only that brand and shows it among the active filters', async ({
    page,
  }) => {
    const panel = await openFrames(page)
    await expect(panel.getByText(text('filter.activeFilters'))).toHaveCount(0)
    const brands = await openSection(panel, text('filter.brand'))
    const brand = await firstOpenValue(brands)

    const answer = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'brand') !== null,
    )
    await brand.checkbox.check()
    await answer

    await expect(brand.checkbox).toBeChecked()
    await expect(page).toHaveURL(/[?&]brand=\w+/)
    await expect(panel.getByText(text('filter.activeFilters'))).toBeVisible()
    await expect(activeEntry(panel, text('filter.brand'), brand.name)).toBeVisible()
    // The value's count said how many products it gives: the list now holds exactly those.
    await expect.poll(() => totalCount(page)).toBe(brand.count)
  })

  test('a colour swatch is a checkbox chosen with the keyboard', async ({ page }) => {
    const panel = await openFrames(page)
    const colours = await openSection(panel, text('filter.color'))
    const colour = await firstOpenValue(colours)
    await expect(colours.getByRole('checkbox', { name: colour.name }).first()).toBeVisible()

    const answer = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'color') !== null,
    )
    await colour.checkbox.focus()
    await page.keyboard.press('Space')
    await answer

    await expect(colour.checkbox).toBeChecked()
    await expect(page).toHaveURL(/[?&]color=\w+/)
    await expect(activeEntry(panel, text('filter.color'), colour.name)).toBeVisible()
    await expect.poll(() => totalCount(page)).toBe(colour.count)
  })

  // Issue 21: the demo's model filter searches its category (searchType 'category'), so no
  // searchin=all and no "Search in all categories" note; matches elsewhere are listed below.
  test('typing a model makes one request once typing stops, searching the category', async ({
    page,
  }) => {
    const panel = await openFrames(page)
    const before = await totalCount(page)
    const body = await openSection(panel, text('filter.modelSearch'))
    const search = body.getByRole('searchbox', { name: text('filter.modelSearch') })
    await expect(search).toHaveAttribute('placeholder', text('filter.modelSearch'))
    await expect(body.getByText(text('filter.searchInAll'))).toHaveCount(0)

    const requests: Request[] = []
    page.on('request', (request) => {
      if (isListRequest(request)) requests.push(request)
    })
    const answer = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'model') === 'VS 2',
    )
    await search.pressSequentially('VS 2')
    await answer

    expect(requests).toHaveLength(1)
    expect(listParam(requests[0]!, 'searchin')).toBeNull()
    await expect(page).toHaveURL(/[?&]model=VS(\+|%20)2/)
    await expect(activeEntry(panel, text('filter.modelSearch'), 'VS 2')).toBeVisible()
    await expect.poll(() => totalCount(page)).toBeLessThan(before)
  })

  test('the lens-width slider narrows the list by keyboard and clears at the full range', async ({
    page,
  }) => {
    const panel = await openFrames(page)
    const before = await totalCount(page)
    const body = await openSection(panel, text('filter.lensWidth'))
    const upper = body.getByRole('slider', {
      name: text('panel.rangeTo', { title: text('filter.lensWidth') }),
    })
    await expect(upper).toHaveAttribute('aria-valuetext', '62 mm')
    await expect(body.getByText('62 mm', { exact: true })).toBeVisible()

    const narrowed = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'lensWidth') === '0_50',
    )
    await upper.focus()
    for (let step = 0; step < 12; step += 1) await page.keyboard.press('ArrowLeft')
    await expect(upper).toHaveAttribute('aria-valuetext', '50 mm')
    await expect(body.getByText('50 mm', { exact: true })).toBeVisible()
    await narrowed

    await expect(page).toHaveURL(/[?&]lensWidth=0_50/)
    await expect(panel.getByText(text('filter.activeFilters'))).toBeVisible()
    await expect.poll(() => totalCount(page)).toBeLessThan(before)

    // Back at the full range the filter is no longer sent.
    const cleared = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'lensWidth') === null,
    )
    await page.keyboard.press('End')
    await cleared
    await expect(page).not.toHaveURL(/lensWidth=/)
    await expect(panel.getByText(text('filter.activeFilters'))).toHaveCount(0)
    await expect.poll(() => totalCount(page)).toBe(before)
  })

  test('dragging a slider thumb applies once, when it is let go', async ({ page }) => {
    const panel = await openFrames(page)
    const body = await openSection(panel, text('filter.bridgeWidth'))
    const upper = body.getByRole('slider', {
      name: text('panel.rangeTo', { title: text('filter.bridgeWidth') }),
    })
    await upper.scrollIntoViewIfNeeded()
    const box = await upper.boundingBox()
    if (!box) throw new Error('The slider has no box')
    const requests: Request[] = []
    page.on('request', (request) => {
      if (isListRequest(request)) requests.push(request)
    })

    // The upper thumb sits at the track's right end; drag it to the middle in small moves.
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + box.width - 10, y)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, y, { steps: 12 })
    await expect(upper).not.toHaveAttribute('aria-valuetext', '24 mm')
    expect(requests).toHaveLength(0)
    const answer = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) && listParam(response.request(), 'bridgeWidth') !== null,
    )
    await page.mouse.up()
    await answer

    expect(requests).toHaveLength(1)
    const [low, high] = (listParam(requests[0]!, 'bridgeWidth') ?? '').split('_').map(Number)
    expect(low).toBe(0)
    expect(high).toBeGreaterThan(0)
    expect(high).toBeLessThan(24)
    await expect(upper).toHaveAttribute('aria-valuetext', `${high} mm`)
    const entryPrefix = `${text('filter.removeValue')}: ${text('filter.bridgeWidth')}: `
    await expect(
      panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(entryPrefix)}`) }),
    ).toBeVisible()
  })

  test('pressing an active filter removes that value', async ({ page }) => {
    const panel = await openFrames(page)
    const before = await totalCount(page)
    const brands = await openSection(panel, text('filter.brand'))
    const brand = await firstOpenValue(brands)
    await brand.checkbox.check()
    const entry = activeEntry(panel, text('filter.brand'), brand.name)
    await expect(entry).toBeVisible()
    await expect.poll(() => totalCount(page)).toBe(brand.count)

    await entry.click()

    await expect(entry).toHaveCount(0)
    await expect(brand.checkbox).not.toBeChecked()
    await expect(page).not.toHaveURL(/brand=/)
    await expect.poll(() => totalCount(page)).toBe(before)
  })

  test('a section opens by itself when its filter gets a selection', async ({ page }) => {
    const panel = await openFrames(page)
    const modelTitle = text('filter.modelSearch')

    // Loaded from an address that carries the filter: that section starts open.
    await page.goto(`${page.url().split('?')[0]}?model=VS`)
    await untilHydrated(panel.getByRole('heading', { level: 3 }).getByRole('button').first())
    await expect(panel.getByRole('button', { name: modelTitle, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(panel.getByRole('searchbox', { name: modelTitle })).toHaveValue('VS')
    const brandHeader = panel.getByRole('button', { name: text('filter.brand'), exact: true })
    await expect(brandHeader).toHaveAttribute('aria-expanded', 'false')

    // A brand ticked, its section closed by hand, the choice undone and redone with the
    // browser's history: the selection comes back and opens the section again.
    const brands = await openSection(panel, text('filter.brand'))
    const brand = await firstOpenValue(brands)
    await brand.checkbox.check()
    await expect(page).toHaveURL(/[?&]brand=/)
    await brandHeader.click()
    await expect(brandHeader).toHaveAttribute('aria-expanded', 'false')
    await page.goBack()
    await expect(page).not.toHaveURL(/brand=/)
    await expect(brandHeader).toHaveAttribute('aria-expanded', 'false')
    await page.goForward()
    await expect(page).toHaveURL(/[?&]brand=/)
    await expect(brandHeader).toHaveAttribute('aria-expanded', 'true')
    await expect(brand.checkbox).toBeChecked()
  })

  test('the panel with every section open passes an accessibility scan', async ({ page }) => {
    const panel = await openFrames(page)
    const brands = await openSection(panel, text('filter.brand'))
    await (await firstOpenValue(brands)).checkbox.check()
    await expect(panel.getByText(text('filter.activeFilters'))).toBeVisible()
    const headers = panel
      .getByRole('heading', { level: 3 })
      .getByRole('button', { expanded: false })
    while ((await headers.count()) > 0) await headers.first().click()

    const scan = await new AxeBuilder({ page }).include('aside').analyze()
    expect(scan.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
})
