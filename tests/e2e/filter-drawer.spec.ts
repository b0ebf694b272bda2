import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page, type Request } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { openSection, totalCount, untilHydrated } from './catalogue-kit.ts'
import { allValues, en, firstOpenValue, openFramesPage, showProducts } from './filter-drawer-kit.ts'

function isListRequest(request: Request): boolean {
  return new URL(request.url()).pathname === '/api/products'
}

/** The sticky 'Filter' / 'Filter (N)' button, once React has taken it over. */
async function drawerOpener(page: Page, active = 0) {
  const name =
    active > 0 ? en('filterDrawer.openActive', { number: active }) : en('filterDrawer.open')
  const opener = page.getByRole('button', { name, exact: true })
  await expect(opener).toBeVisible()
  await untilHydrated(opener)
  return opener
}

/** The list's answers the page shows (not the drawer's counting requests). */
function listCounterRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (isListRequest(request)) requests.push(request)
  })
  return requests
}

async function axeViolations(page: Page): Promise<string[]> {
  const scan = await new AxeBuilder({ page }).analyze()
  return scan.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

test.describe('filters on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the shopper filters in the drawer: counts, dead ends, a live total, then the list', async ({
    page,
  }) => {
    await openFramesPage(page)
    // No side panel on a phone: the filters wait behind the sticky button.
    await expect(page.getByRole('region', { name: en('filter.title') })).toHaveCount(0)
    const opener = await drawerOpener(page)
    const before = await totalCount(page)
    const address = page.url()

    await opener.click()
    const drawer = page.getByRole('dialog', { name: en('filter.title') })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('button', { name: showProducts(before) })).toBeVisible()

    // Every brand shows how many products it gives.
    const brands = await openSection(drawer, en('filter.brand'))
    const brandValues = await allValues(brands)
    expect(brandValues.length).toBeGreaterThan(1)
    for (const value of brandValues) expect(value.count).toBeGreaterThan(0)
    const brand = await firstOpenValue(brands)

    // Ticking a brand changes nothing yet but the apply button's count.
    await brand.checkbox.check()
    const brandOnly = drawer.getByRole('button', { name: showProducts(brand.count) })
    await expect(brandOnly).toBeVisible()
    expect(page.url()).toBe(address)
    await expect(drawer.getByRole('status')).toHaveText(
      en('filterDrawer.found.other', { number: brand.count }),
    )

    // Under that brand some audiences give nothing: listed with 0, disabled, not hidden.
    const audiences = await openSection(drawer, en('filter.intendedFor'))
    const audienceValues = await allValues(audiences)
    const deadEnds = audienceValues.filter((value) => value.count === 0)
    expect(deadEnds.length).toBeGreaterThan(0)
    for (const value of deadEnds) await expect(value.checkbox).toBeDisabled()
    for (const value of audienceValues.filter((v) => v.count > 0)) {
      await expect(value.checkbox).toBeEnabled()
    }

    // A colour under the brand: the count follows the drawer's whole choice.
    const colours = await openSection(drawer, en('filter.color'))
    const colour = await firstOpenValue(colours)
    expect(colour.count).toBeLessThanOrEqual(brand.count)
    await colour.checkbox.check()
    const both = drawer.getByRole('button', { name: showProducts(colour.count) })
    await expect(both).toBeVisible()

    const applied = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) &&
        new URL(response.url()).searchParams.get('brand') !== null &&
        new URL(response.url()).searchParams.get('color') !== null &&
        response.request().url().includes('limit=') === false,
    )
    await both.click()
    await applied
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/[?&]brand=/)
    await expect(page).toHaveURL(/[?&]color=/)
    await expect.poll(() => totalCount(page)).toBe(colour.count)
    // Focus went back to the button, which now counts the two active filters.
    const counted = await drawerOpener(page, 2)
    await expect(counted).toBeFocused()
  })

  test('Escape closes the drawer, drops its draft and gives focus back', async ({ page }) => {
    await openFramesPage(page)
    const opener = await drawerOpener(page)
    const before = await totalCount(page)
    const address = page.url()

    await opener.click()
    const drawer = page.getByRole('dialog', { name: en('filter.title') })
    await expect(drawer).toBeVisible()
    // Focus is kept inside the modal drawer.
    await expect(drawer.getByRole('button', { name: en('common.close') })).toBeFocused()
    const brands = await openSection(drawer, en('filter.brand'))
    const brand = await firstOpenValue(brands)
    await brand.checkbox.check()
    await expect(drawer.getByRole('button', { name: showProducts(brand.count) })).toBeVisible()
    for (let step = 0; step < 40; step += 1) await page.keyboard.press('Tab')
    await expect(drawer.locator(':focus')).toHaveCount(1)

    const requests = listCounterRequests(page)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(opener).toBeFocused()
    expect(page.url()).toBe(address)
    expect(requests).toHaveLength(0)
    await expect.poll(() => totalCount(page)).toBe(before)

    // Opened again, it starts from the list's own choice; Close closes it too.
    await opener.click()
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('button', { name: showProducts(before) })).toBeVisible()
    await drawer.getByRole('button', { name: en('common.close') }).click()
    await expect(drawer).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('Clear all in the drawer empties the choice; applying it lists everything again', async ({
    page,
  }) => {
    await openFramesPage(page)
    const before = await totalCount(page)
    await page.goto(`${page.url().split('?')[0]}?intendedFor=men`)
    const opener = await drawerOpener(page, 1)
    const filtered = await totalCount(page)
    expect(filtered).toBeLessThan(before)

    await opener.click()
    const drawer = page.getByRole('dialog', { name: en('filter.title') })
    await expect(drawer.getByRole('button', { name: showProducts(filtered) })).toBeVisible()
    await drawer.getByRole('button', { name: en('filterDrawer.clearAll') }).click()
    const all = drawer.getByRole('button', { name: showProducts(before) })
    await expect(all).toBeVisible()
    await all.click()
    await expect(drawer).toBeHidden()
    await expect(page).not.toHaveURL(/intendedFor=/)
    await expect.poll(() => totalCount(page)).toBe(before)
    await expect(await drawerOpener(page)).toBeFocused()
  })

  test('the category page and the open drawer pass an accessibility scan', async ({ page }) => {
    await openFramesPage(page)
    const opener = await drawerOpener(page)
    expect(await axeViolations(page)).toEqual([])

    await opener.click()
    const drawer = page.getByRole('dialog', { name: en('filter.title') })
    await expect(drawer).toBeVisible()
    const headers = drawer
      .getByRole('heading', { level: 3 })
      .getByRole('button', { expanded: false })
    while ((await headers.count()) > 0) await headers.first().click()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe('the drawer in Czech and Hungarian', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  for (const locale of ['cs', 'hu'] as const) {
    test(`speaks ${locale}, with the count in the right plural form`, async ({ page }) => {
      const say = (key: string, number?: number): string => {
        const text = catalogue[key]?.[locale]
        if (!text) throw new Error(`No catalogue text ${key}`)
        return number === undefined ? text : text.replace('{{number}}', String(number))
      }
      // The category's canonical address in this language (an old slug redirects there).
      await page.goto(`/${locale}/c/5/frames`)
      const opener = page.getByRole('button', { name: say('filterDrawer.open'), exact: true })
      await untilHydrated(opener)
      await opener.click()
      const drawer = page.getByRole('dialog', { name: say('filter.title') })
      await expect(drawer).toBeVisible()
      // The apply button is the only one whose text holds a number.
      const apply = drawer.getByRole('button', { name: /\d/ })
      const label = await apply.innerText()
      const number = Number(/\d+/.exec(label)?.[0])
      const form = new Intl.PluralRules(locale).select(number)
      expect(label).toBe(say(`filterDrawer.show.${form}`, number))
      await drawer.getByRole('button', { name: say('common.close') }).click()
      await expect(opener).toBeFocused()
    })
  }
})

test.describe('the range sliders on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })

  test('each thumb is a 44 px target, apart from the other even at one value', async ({ page }) => {
    await openFramesPage(page)
    const opener = await drawerOpener(page)
    await opener.click()
    const drawer = page.getByRole('dialog', { name: en('filter.title') })
    const title = en('filter.lensWidth')
    const body = await openSection(drawer, title)
    const from = body.getByRole('slider', { name: en('panel.rangeFrom', { title }) })
    const to = body.getByRole('slider', { name: en('panel.rangeTo', { title }) })

    // Both thumbs on one value, by keyboard.
    await from.focus()
    await page.keyboard.press('End')
    await expect(from).toHaveAttribute('aria-valuetext', '62 mm')
    await expect(to).toHaveAttribute('aria-valuetext', '62 mm')

    const fromBox = await from.boundingBox()
    const toBox = await to.boundingBox()
    if (!fromBox || !toBox) throw new Error('A slider has no box')
    expect(fromBox.height).toBeGreaterThanOrEqual(44)
    // The lower thumb ends where the upper one's travel starts: the thumbs never overlap.
    const thumb = fromBox.height
    const fromThumb = { left: fromBox.x + fromBox.width - thumb, right: fromBox.x + fromBox.width }
    const toThumb = { left: toBox.x + toBox.width - thumb, right: toBox.x + toBox.width }
    expect(fromThumb.right).toBeLessThanOrEqual(toThumb.left + 0.5)

    // Each of them is what a press at its centre reaches.
    const y = fromBox.y + thumb / 2
    await page.mouse.click((toThumb.left + toThumb.right) / 2, y)
    await expect(to).toBeFocused()
    await page.mouse.click((fromThumb.left + fromThumb.right) / 2, y)
    await expect(from).toBeFocused()

    const scan = await new AxeBuilder({ page })
      .include('dialog')
      .withRules(['target-size'])
      .analyze()
    expect(scan.violations.map((violation) => violation.id)).toEqual([])
  })
})

test.describe('filters on a 1440 px desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the side panel stays, with counts, and there is no drawer', async ({ page }) => {
    await openFramesPage(page)
    const panel = page.getByRole('region', { name: en('filter.title') })
    await expect(panel).toBeVisible()
    await untilHydrated(panel.getByRole('heading', { level: 3 }).getByRole('button').first())
    await expect(
      page.getByRole('button', { name: en('filterDrawer.open'), exact: true }),
    ).toBeHidden()
    const brands = await openSection(panel, en('filter.brand'))
    const brand = await firstOpenValue(brands)
    await brand.checkbox.check()
    await expect(page).toHaveURL(/[?&]brand=/)
    await expect.poll(() => totalCount(page)).toBe(brand.count)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
  })
})
