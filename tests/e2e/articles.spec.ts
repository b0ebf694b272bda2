import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { scaled } from './machine-pace.ts'
import { overflowsOf } from './overflow-kit.ts'
import { en } from './product-page-kit.ts'

/**
 * Articles on the storefront (issue 18): a reader filters the list by category, reads a demo
 * article and puts one of its related products in the cart; a missing article says 'Article not
 * found'; the pages fit 320 px and axe finds nothing serious. Only the demo's articles are read
 * (no other journey edits them).
 */

/** axe's serious and critical findings on the page as it is now. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.describe('articles', () => {
  test('a reader filters the list by category and opens an article', async ({ page }) => {
    await page.goto('/en/articles')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(en('article.list.title'))
    expect(await seriousAxeFindings(page)).toEqual([])

    const filter = main.getByRole('navigation', { name: en('article.filter.label') })
    await expect(filter.getByRole('link', { name: en('article.filter.all') })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // Eight demo articles, six to a page: the second page is a link away.
    await expect(
      main
        .getByRole('navigation', { name: en('pagination.label') })
        .getByRole('link', { name: en('pagination.page', { page: '2' }) }),
    ).toBeVisible()

    await filter.getByRole('link', { name: en('article.category.advice') }).click()
    await expect(page).toHaveURL(/\/en\/articles\?category=advice$/)
    await expect(filter.getByRole('link', { name: en('article.category.advice') })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const titles = main.getByRole('article').getByRole('heading', { level: 2 })
    await expect(titles).toHaveText(['How to choose frames', 'How to care for your glasses'])

    await main.getByRole('link', { name: 'How to choose frames' }).click()
    await expect(page).toHaveURL(/\/en\/articles\/\d+\/how-to-choose-frames$/)
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('How to choose frames')
    await expect(main.getByText(en('article.byAuthor', { author: 'Jana Nováková' }))).toBeVisible()
    const breadcrumb = main.getByRole('navigation', { name: en('shop.breadcrumb.label') })
    await expect(breadcrumb.getByRole('link', { name: en('article.list.title') })).toBeVisible()
    // The body's picture comes from the shop's own media.
    await expect(main.locator('.article-body img').first()).toHaveAttribute('src', /^\/media\//)

    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
    const [article] = JSON.parse(jsonLd ?? '[]') as { '@type': string; headline: string }[]
    expect(article).toMatchObject({ '@type': 'Article', headline: 'How to choose frames' })
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/en\/articles\/\d+\/how-to-choose-frames$/,
    )
    await expect(page.locator('link[rel="alternate"][hreflang="cs"]')).toHaveAttribute(
      'href',
      /\/cs\/articles\/\d+\/jak-vybrat-obruby$/,
    )
    expect(await seriousAxeFindings(page)).toEqual([])
  })

  test('a reader adds a related product to the cart from the article', async ({ page }) => {
    await page.goto('/en/articles?category=advice')
    await page.getByRole('link', { name: 'How to choose frames' }).click()
    const related = page.getByRole('region', { name: en('article.related.title') })
    const tile = related.getByRole('listitem').filter({
      has: page.getByRole('button', { name: new RegExp(`^${en('cart.addToCart')}`) }),
    })
    const first = tile.first()
    const name = (await first.getByRole('heading', { level: 3 }).textContent())?.trim() ?? ''
    expect(name).not.toBe('')
    const add = first.getByRole('button', { name: en('productPage.addNamedToCart', { name }) })
    await expect(add).toBeEnabled({ timeout: scaled(10_000) })
    await add.click()
    await expect(first.getByRole('status')).toContainText(en('productPage.addedToCart'), {
      timeout: scaled(10_000),
    })

    await page.goto('/en/cart')
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible()
  })

  test('a missing article says "Article not found" with a 404', async ({ page }) => {
    const response = await page.goto('/en/articles/999999999/no-such-article')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('error.articleNotFound'))
    await expect(page).toHaveTitle(new RegExp(en('error.articleNotFound')))
    await page.getByRole('link', { name: en('article.backToList') }).click()
    await expect(page).toHaveURL(/\/en\/articles$/)
  })

  test('the list and an article fit a 320 px phone; a wrong category is not found', async ({
    page,
  }) => {
    expect(await overflowsOf(page, '/en/articles', 320)).toEqual([])
    await page.goto('/cs/articles?category=advice')
    const href = await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('link')
      .first()
      .getAttribute('href')
    expect(await overflowsOf(page, href ?? '/cs/articles', 320)).toEqual([])
    const wrong = await page.goto('/en/articles?category=nonsense')
    expect(wrong?.status()).toBe(404)
  })
})
