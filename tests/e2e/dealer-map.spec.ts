import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { scaled } from './machine-pace.ts'
import { overflowsOf } from './overflow-kit.ts'

/**
 * The dealer map (issue 18): a visitor finds the nearest dealer to a postcode with the keyboard
 * alone and opens its page, while no request leaves the shop (the map draws the shop's own
 * outlines); the page works as a plain list with a GET form without JavaScript; axe finds nothing
 * serious; unknown addresses and dealers say so. Other journeys may add dealers: the checks hold
 * for any number of them (the nearest to Brno's postcode is in Brno).
 */

/** The English text of a catalogue key, as the pages show it. */
function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** Every request the page makes to another origin than the shop's. */
function watchForeignRequests(page: Page, shop: string): string[] {
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (/^(data|blob):/.test(url)) return
    if (new URL(url).origin !== shop) foreign.push(url)
  })
  return foreign
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}

test.describe('the dealer map', () => {
  test('a visitor finds the nearest dealer to a postcode by keyboard and opens its page, all from the shop', async ({
    page,
    baseURL,
  }) => {
    const foreign = watchForeignRequests(page, new URL(baseURL!).origin)
    await page.goto('/en/dealers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('dealerMap.title'))
    // Hydrated: the location button is drawn by the browser only.
    await expect(page.getByRole('button', { name: en('dealerMap.location.use') })).toBeVisible({
      timeout: scaled(10_000),
    })
    const map = page.getByTestId('dealer-map')
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: scaled(15_000) })

    // The address field suggests places as one types; ↓ and Enter choose one and search.
    const address = page.getByRole('combobox', { name: en('dealerMap.search.address') })
    await address.focus()
    await address.pressSequentially('602 00', { delay: 30 })
    const suggestions = page.getByRole('listbox', { name: en('dealerMap.search.suggestionsLabel') })
    const first = suggestions.getByRole('option').first()
    await expect(first).toContainText('Brno', { timeout: scaled(10_000) })
    await expect(address).toHaveAttribute('aria-expanded', 'true')
    await address.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(address).toHaveAttribute('aria-activedescendant', /.+/)
    await address.press('Enter')
    await expect(page).toHaveURL(/\/en\/dealers\?address=602/, { timeout: scaled(10_000) })

    const results = page.getByRole('heading', { level: 2, name: /Dealers nearest to 602 00/ })
    await expect(results).toBeVisible({ timeout: scaled(10_000) })
    const list = page.getByTestId('dealer-list')
    const nearest = list.getByRole('listitem').first()
    await expect(nearest).toContainText('Brno')
    await expect(nearest).toContainText(/\d+(\.\d)? k?m/)

    // Choosing a dealer in the list highlights its marker on the map.
    const showOnMap = nearest.getByRole('button', {
      name: new RegExp(en('dealerMap.list.showOnMap')),
    })
    await showOnMap.focus()
    await page.keyboard.press('Enter')
    await expect(showOnMap).toHaveAttribute('aria-pressed', 'true')
    await expect(map.locator('[role="button"][aria-pressed="true"]')).toHaveCount(1, {
      timeout: scaled(10_000),
    })

    // …and choosing a marker on the map highlights the dealer in the list.
    const marker = map.locator('.leaflet-marker-icon[role="button"][aria-label]').first()
    await marker.focus()
    await page.keyboard.press('Enter')
    await expect(list.locator('[data-selected="true"]')).toHaveCount(1)

    expect(await seriousViolations(page)).toEqual([])

    // The dealer's own page: address, hours, services and the Optician markup.
    const link = nearest.getByRole('heading').getByRole('link')
    const name = (await link.textContent()) ?? ''
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/dealers\/[op]\d+\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(
      page.getByRole('heading', { name: en('dealerMap.detail.openingHours') }),
    ).toBeVisible()
    await expect(page.getByText('Brno').first()).toBeVisible()
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Optician', name })
    await expect(page.getByTestId('dealer-map')).toHaveAttribute('data-ready', 'true', {
      timeout: scaled(15_000),
    })
    expect(await seriousViolations(page)).toEqual([])

    expect(foreign, 'requests to other origins').toEqual([])
  })

  test('the dealer pages fit a 320 px phone and a desktop', async ({ page }) => {
    expect(await overflowsOf(page, '/en/dealers?address=Bratislava')).toEqual([])
    await page.getByTestId('dealer-list').getByRole('heading').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/en\/dealers\/[op]\d+\//)
    expect(await overflowsOf(page, new URL(page.url()).pathname)).toEqual([])
  })

  test('an unknown address, hostile input and an unknown dealer are refused in words', async ({
    page,
  }) => {
    const response = await page.goto('/en/dealers?address=Xqzwvy%20Nowhere')
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { level: 2, name: en('error.addressNotFound') }),
    ).toBeVisible()
    // Hostile addresses and filters are refused in words (4xx), never a failure of the page.
    for (const query of [
      `address=${'a'.repeat(10_000)}`,
      'address=%25_',
      "address=';%20drop%20table%20objects;--",
      'address=.*(',
      'address=%00',
      'address=%D7%A9%D7%9C%D7%95%D7%9D%F0%9F%98%80',
      'brands=1_x',
      'services=eyeTest_nope',
      'lat=91&lng=0',
    ]) {
      const answer = await page.request.get(`/en/dealers?${query}`)
      expect(answer.status(), query.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(answer.status(), query.slice(0, 40)).toBeLessThan(500)
    }
    const missing = await page.goto('/en/dealers/o999999999/nobody')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('dealer.notFound'))
  })
})

test.describe('the dealer map without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('is a list sorted by distance with a plain GET form and filters', async ({ page }) => {
    await page.goto('/en/dealers')
    await expect(page.getByTestId('dealer-map')).toHaveCount(0)
    await expect(page.getByRole('button', { name: en('dealerMap.location.use') })).toHaveCount(0)
    const form = page.getByRole('search', { name: en('dealerMap.search.label') })
    await form.getByRole('combobox', { name: en('dealerMap.search.address') }).fill('Bratislava')
    await form.getByRole('button', { name: en('dealerMap.search.submit') }).click()
    await expect(page).toHaveURL(/\/en\/dealers\?address=Bratislava/)
    await expect(page.getByRole('heading', { level: 2, name: /Bratislava/ })).toBeVisible()
    const items = page.getByTestId('dealer-list').getByRole('listitem')
    await expect(items.first()).toContainText('Bratislava')
    // Nearest first: the distances the list shows never go down.
    const distances = (
      await page.getByTestId('dealer-list').getByTestId('distance').allTextContents()
    ).map((text) => {
      const value = Number.parseFloat(text.replace(/[^0-9.]/g, ''))
      return text.includes('km') ? value * 1000 : value
    })
    expect(distances.length).toBeGreaterThan(0)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))

    // A service filter is a checkbox of the same form; the address stays.
    await form.getByRole('checkbox', { name: /Eye test/i }).check()
    await form.getByRole('button', { name: en('dealerMap.search.submit') }).click()
    await expect(page).toHaveURL(/service=eyeTest/)
    await expect(form.getByRole('combobox', { name: en('dealerMap.search.address') })).toHaveValue(
      'Bratislava',
    )
  })
})
