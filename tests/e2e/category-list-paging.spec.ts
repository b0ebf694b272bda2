import { expect, test, type Locator, type Page } from '@playwright/test'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { catalogue } from '@optika/i18n/catalogue'
import { DEMO_CATEGORIES } from '../../apps/server/src/demo/demo-categories.ts'

/** The page's texts, from the catalogue the server seeds its dictionary from (English pages). */
function text(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

/** The demo's biggest list: sunglasses with their subcategories, several pages of products. */
const SUNGLASSES = DEMO_CATEGORIES.find((category) => category.key === 'sunglasses')

interface ListPage {
  readonly url: string
  readonly id: number
}

/** Opens the sunglasses category the way a visitor does, from the home page's category links. */
async function openSunglasses(page: Page): Promise<ListPage> {
  if (!SUNGLASSES) throw new Error('The demo data has no sunglasses category')
  await page.goto('/en')
  const link = page.getByRole('link', { name: SUNGLASSES.name.en, exact: true }).first()
  const url = await link.getAttribute('href')
  const id = Number(/\/c\/(\d+)\//.exec(url ?? '')?.[1])
  if (!url || !id) throw new Error(`No category link for ${SUNGLASSES.name.en}`)
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: SUNGLASSES.name.en })).toBeVisible()
  return { url, id }
}

function productList(page: Page): Locator {
  return page.getByRole('region', { name: text('shop.category.products'), exact: true })
}

function tiles(page: Page): Locator {
  return productList(page).getByRole('article')
}

async function tileIds(page: Page): Promise<string[]> {
  const articles = await tiles(page).all()
  return Promise.all(articles.map(async (article) => (await article.getAttribute('id')) ?? ''))
}

/** How far the page is scrolled (the specs compile without the DOM's types). */
function scrollY(page: Page): Promise<number> {
  return page.evaluate<number>('window.scrollY')
}

function pager(page: Page): Locator {
  return page.getByRole('navigation', { name: text('pagination.label') })
}

function pageLink(page: Page, number: number): Locator {
  return pager(page).getByRole('link', {
    name: text('pagination.page').replace('{{page}}', String(number)),
    exact: true,
  })
}

/** Waits until no list request is running (the overlay is gone). */
async function settled(page: Page): Promise<void> {
  await expect(productList(page)).toHaveAttribute('aria-busy', 'false')
}

function counter(count: number, total: number, page: string): string {
  return text('list.displayCount')
    .replace('{{count}}', String(count))
    .replace('{{total}}', String(total))
    .replace('{{page}}', page)
}

async function listAnswer(page: Page, query: string): Promise<ProductsResponse> {
  const response = await page.request.get(`/api/products?${query}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as ProductsResponse
}

test.describe('category list: paging, load more, history and links', () => {
  test('choosing a page number replaces the list and scrolls to the top', async ({ page }) => {
    const { id } = await openSunglasses(page)
    const { pagination, limit } = await listAnswer(page, `cid=${id}`)
    expect(pagination.pageCount).toBeGreaterThan(2)
    await expect(tiles(page)).toHaveCount(limit)
    const firstPage = await tileIds(page)

    await pageLink(page, 2).scrollIntoViewIfNeeded()
    expect(await scrollY(page)).toBeGreaterThan(0)
    await pageLink(page, 2).click()

    await expect(page).toHaveURL(/[?&]p=2(&|$)/)
    await settled(page)
    await expect(pageLink(page, 2)).toHaveAttribute('aria-current', 'page')
    await expect(tiles(page)).toHaveCount(limit)
    const secondPage = await tileIds(page)
    expect(secondPage.filter((tile) => firstPage.includes(tile))).toEqual([])
    await expect(page.getByText(counter(limit, pagination.totalCount, '2'))).toBeVisible()
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  test('more products appends the next page, the address carries p=from-to and a reload shows the same items', async ({
    page,
  }) => {
    const { id } = await openSunglasses(page)
    const { pagination, limit } = await listAnswer(page, `cid=${id}`)
    const firstPage = await tileIds(page)

    await page.getByRole('button', { name: text('list.moreProducts') }).click()
    await expect(page).toHaveURL(/[?&]p=1-2(&|$)/)
    await settled(page)
    await expect(tiles(page)).toHaveCount(limit * 2)
    const appended = await tileIds(page)
    expect(appended.slice(0, limit)).toEqual(firstPage)
    await expect(page.getByText(counter(limit * 2, pagination.totalCount, '1-2'))).toBeVisible()

    await page.reload()
    await expect(tiles(page)).toHaveCount(limit * 2)
    expect(await tileIds(page)).toEqual(appended)
  })

  test('the more-products button shows only while there is a next page', async ({ page }) => {
    const { url, id } = await openSunglasses(page)
    const { pagination } = await listAnswer(page, `cid=${id}`)
    await page.goto(`${url}?p=${pagination.pageCount}`)
    await expect(pageLink(page, pagination.pageCount)).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('button', { name: text('list.moreProducts') })).toHaveCount(0)
  })

  test('the back button restores the previous list state', async ({ page }) => {
    await openSunglasses(page)
    const firstPage = await tileIds(page)
    await pageLink(page, 2).click()
    await expect(page).toHaveURL(/[?&]p=2(&|$)/)
    await settled(page)
    const secondPage = await tileIds(page)
    await page.getByRole('button', { name: text('list.moreProducts') }).click()
    await expect(page).toHaveURL(/[?&]p=2-3(&|$)/)
    await settled(page)
    await expect(tiles(page)).toHaveCount(secondPage.length * 2)

    await page.goBack()
    await expect(page).toHaveURL(/[?&]p=2(&|$)/)
    await settled(page)
    await expect.poll(() => tileIds(page)).toEqual(secondPage)
    await expect(pageLink(page, 2)).toHaveAttribute('aria-current', 'page')

    await page.goBack()
    await expect(page).not.toHaveURL(/[?&]p=/)
    await settled(page)
    await expect.poll(() => tileIds(page)).toEqual(firstPage)

    await page.goForward()
    await expect(page).toHaveURL(/[?&]p=2(&|$)/)
    await expect.poll(() => tileIds(page)).toEqual(secondPage)
  })

  test('changing a filter in the panel goes back to page 1 and reloads the list', async ({
    page,
  }) => {
    const { id } = await openSunglasses(page)
    const { filters } = await listAnswer(page, `cid=${id}`)
    const brand = filters.find((filter) => filter.type === 'multiselect' && filter.values.length)
    const value = brand?.values.find((v) => v.count > 0)
    if (!brand || !value) throw new Error('The sunglasses list has no multiselect filter')

    await pageLink(page, 2).click()
    await expect(page).toHaveURL(/[?&]p=2(&|$)/)
    await settled(page)

    const panel = page.getByRole('region', { name: text('filter.title') })
    const checkbox = panel.getByRole('checkbox', { name: value.name }).first()
    if (!(await checkbox.isVisible()))
      await panel.getByRole('button', { name: brand.title }).click()
    await checkbox.check()

    await expect(page).toHaveURL(new RegExp(`[?&]${brand.name}=${value.key}(&|$)`))
    await expect(page).not.toHaveURL(/[?&]p=/)
    await settled(page)
    const shown = Math.min(value.count, (await tileIds(page)).length)
    await expect(page.getByText(counter(shown, value.count, '1'))).toBeVisible()
  })

  test('a product link carries the category id and the active filters', async ({ page }) => {
    const { url, id } = await openSunglasses(page)
    const { filters } = await listAnswer(page, `cid=${id}`)
    const brand = filters.find((filter) => filter.type === 'multiselect' && filter.values.length)
    const value = brand?.values.find((v) => v.count > 0)
    if (!brand || !value) throw new Error('The sunglasses list has no multiselect filter')

    await page.goto(`${url}?${brand.name}=${value.key}`)
    const link = tiles(page).first().getByRole('link').first()
    const href = new URL((await link.getAttribute('href')) ?? '', page.url())
    expect(href.searchParams.get('cid')).toBe(String(id))
    expect(href.searchParams.get(brand.name)).toBe(value.key)
    expect(href.pathname).toMatch(/^\/en\/p\/\d+\//)
  })

  test('an address with a product parameter scrolls to that product', async ({ page }) => {
    const { url } = await openSunglasses(page)
    const ids = await tileIds(page)
    const target = ids.at(-1)
    if (!target) throw new Error('The list is empty')
    const productId = target.replace('product-', '')

    await page.goto(`${url}?product=${productId}`)
    await expect(page.locator(`#${target}`)).toBeInViewport()
    expect(await scrollY(page)).toBeGreaterThan(0)
  })

  test('a filter that matches nothing shows "No items."', async ({ page }) => {
    const { url, id } = await openSunglasses(page)
    const { filters } = await listAnswer(page, `cid=${id}`)
    const search = filters.find((filter) => filter.type === 'text')
    if (!search) throw new Error('The sunglasses list has no text filter')

    await page.goto(`${url}?${search.name}=${encodeURIComponent('no such model qxzv')}`)
    await expect(productList(page).getByText(text('list.noItems'))).toBeVisible()
    await expect(tiles(page)).toHaveCount(0)
    await expect(pager(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: text('list.moreProducts') })).toHaveCount(0)
  })

  test('a malformed query shows the category with its default list', async ({ page }) => {
    const { url, id } = await openSunglasses(page)
    const { limit } = await listAnswer(page, `cid=${id}`)
    const response = await page.goto(`${url}?p=0-x&lensWidth=wide`)
    expect(response?.status()).toBe(200)
    await expect(tiles(page)).toHaveCount(limit)
  })

  test('a failed request clears the overlay and shows an error whose Retry recovers', async ({
    page,
  }) => {
    await openSunglasses(page)
    const listApi = (url: URL): boolean => url.pathname === '/api/products'
    await page.route(listApi, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    )
    await pageLink(page, 2).click()

    const alert = page.getByRole('alert').filter({ hasText: text('listPage.loadFailed') })
    await expect(alert).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: text('list.loading') })).toHaveCount(0)
    await settled(page)

    await page.unroute(listApi)
    await alert.getByRole('button', { name: text('listPage.retry') }).click()
    await expect(alert).toHaveCount(0)
    await settled(page)
    await expect(pageLink(page, 2)).toHaveAttribute('aria-current', 'page')
  })
})
