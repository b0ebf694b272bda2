import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { catalogue } from '@optika/i18n/catalogue'
import { DEMO_ACCOUNTS } from '../../apps/server/src/demo/demo-accounts.ts'
import { DEMO_CATEGORIES } from '../../apps/server/src/demo/demo-categories.ts'

/** The page's texts, from the catalogue the server seeds its dictionary from (English pages). */
function text(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

const SUNGLASSES = DEMO_CATEGORIES.find((category) => category.key === 'sunglasses')

/** Opens the sunglasses category from the home page's category links; answers its id. */
async function openSunglasses(page: Page): Promise<number> {
  if (!SUNGLASSES) throw new Error('The demo data has no sunglasses category')
  await page.goto('/en')
  const link = page.getByRole('link', { name: SUNGLASSES.name.en, exact: true }).first()
  const id = Number(/\/c\/(\d+)\//.exec((await link.getAttribute('href')) ?? '')?.[1])
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: SUNGLASSES.name.en })).toBeVisible()
  return id
}

function productList(page: Page): Locator {
  return page.getByRole('region', { name: text('shop.category.products'), exact: true })
}

function sortBar(page: Page): Locator {
  return page.getByRole('group', { name: text('list.sortBy') })
}

async function settled(page: Page): Promise<void> {
  await expect(productList(page)).toHaveAttribute('aria-busy', 'false')
}

async function tileNames(page: Page): Promise<string[]> {
  return productList(page).getByRole('article').getByRole('heading').allTextContents()
}

/** Signs the demo customer in through the customer sign-in API, as the login page does. */
async function signInAsCustomer(page: Page): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS.customer
  const status = await page.evaluate(
    async ([login, secret]) => {
      const response = await fetch('/api/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login, password: secret }),
      })
      return response.status
    },
    [email, password] as const,
  )
  expect(status).toBe(200)
}

test.describe('category list: sorting and prices', () => {
  test('an anonymous visitor sorts by newest or name only and sees no prices', async ({ page }) => {
    await openSunglasses(page)
    const buttons = sortBar(page).getByRole('button')
    await expect(buttons).toHaveText([text('sort.new'), text('sort.name')])
    await expect(sortBar(page).getByRole('button', { name: text('sort.new') })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(
      productList(page).getByRole('article').first().getByText(text('auth.priceAfterLogin')),
    ).toBeVisible()

    await sortBar(page)
      .getByRole('button', { name: text('sort.name') })
      .click()
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/)
    await settled(page)
    await expect(sortBar(page).getByRole('button', { name: text('sort.name') })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const names = await tileNames(page)
    const collator = new Intl.Collator('en')
    expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)))
  })

  test('choosing the default sort with none set does not reload the list', async ({ page }) => {
    await openSunglasses(page)
    const requested: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/products') requested.push(url.searchParams.get('sort') ?? '')
    })
    await sortBar(page)
      .getByRole('button', { name: text('sort.new') })
      .click()
    await expect(page).not.toHaveURL(/[?&]sort=/)
    // A later sort's request is the first one sent: choosing the default sent none.
    await sortBar(page)
      .getByRole('button', { name: text('sort.name') })
      .click()
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/)
    await settled(page)
    expect(requested).toEqual(['name'])
  })

  test('a signed-in customer also sorts by price and sees prices and status badges', async ({
    page,
  }) => {
    await page.goto('/en')
    await signInAsCustomer(page)
    const id = await openSunglasses(page)
    await expect(sortBar(page).getByRole('button')).toHaveText([
      text('sort.new'),
      text('sort.name'),
      text('sort.price.asc'),
      text('sort.price.desc'),
    ])

    await sortBar(page)
      .getByRole('button', { name: text('sort.price.asc') })
      .click()
    await expect(page).toHaveURL(/[?&]sort=price\.asc(&|$)/)
    await settled(page)

    // The same answer the page got, read with the customer's session, names a product with badges.
    const answer = await page.evaluate(async (cid) => {
      const response = await fetch(`/api/products?cid=${cid}&p=1&sort=price.asc`)
      return (await response.json()) as ProductsResponse
    }, id)
    const badged = answer.products.find((product) => product.statuses.length > 0)
    if (!badged) throw new Error('No product with a status badge on the first page')
    const tile = page.locator(`#product-${badged.id}`)
    for (const status of badged.statuses) {
      await expect(tile.getByText(text(`status.${status}`), { exact: true })).toBeVisible()
    }
    await expect(tile.getByText(text('price.inclVat'))).toBeVisible()
    await expect(tile.getByText(text('auth.priceAfterLogin'))).toHaveCount(0)
  })

  test('on a narrow screen the sort panel opens from "Show sorting" and closes with Close', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openSunglasses(page)
    await expect(sortBar(page)).toBeHidden()
    const opener = page.getByRole('button', { name: text('list.showSorting') })
    await opener.click()

    const panel = page.getByRole('dialog', { name: text('listPage.sortPanel') })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('button', { name: text('sort.name') })).toBeVisible()
    await panel.getByRole('button', { name: text('common.close') }).click()
    await expect(panel).toBeHidden()
    await expect(opener).toBeFocused()

    // Escape closes it too; choosing a sort closes it and sorts.
    await opener.click()
    await expect(panel).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await opener.click()
    await panel.getByRole('button', { name: text('sort.name') }).click()
    await expect(panel).toBeHidden()
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/)
  })

  test('the category page has no serious or critical accessibility violations', async ({
    page,
  }) => {
    await openSunglasses(page)
    await expect(productList(page).getByRole('article').first()).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    const severe = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((n) => n.target),
      }))
    expect(severe).toEqual([])
  })
})
