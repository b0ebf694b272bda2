import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { untilHydrated } from './catalogue-kit.ts'

function en(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en
}

/** The page's main heading, which a screen-reader user lands on after following a link. */
function heading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 })
}

/** The polite live region that reads out the title of the page just opened. */
function announcer(page: Page) {
  return page.getByTestId('page-announcer')
}

async function expectArrivedAt(page: Page, name: string | RegExp): Promise<void> {
  await expect(heading(page)).toHaveText(name)
  await expect(heading(page)).toBeFocused()
  await expect(announcer(page)).toHaveText(await page.title())
}

test.describe('focus after moving to another page', () => {
  test('lands on the new page heading and reads its title, but not on the first load', async ({
    page,
  }) => {
    await page.goto('/en')
    const categories = page.getByRole('region', { name: en('shop.home.categoriesTitle') })
    const frames = categories.getByRole('link', { name: 'Frames', exact: true }).first()
    await untilHydrated(frames)
    // The first load is the browser's own: focus stays at the start and nothing is announced.
    await expect(page.locator('body')).toBeFocused()
    await expect(announcer(page)).toHaveText('')

    await frames.click()
    await expect(page).toHaveURL(/\/en\/c\/\d+\//)
    await expectArrivedAt(page, 'Frames')

    const product = page.locator('article[id^="product-"]').first().getByRole('link').first()
    const productName = (await product.innerText()).split('\n')[0]!.trim()
    await product.click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    await expectArrivedAt(page, productName)

    // Back to the list: the list's heading again.
    await page.goBack()
    await expect(page).toHaveURL(/\/en\/c\/\d+\//)
    await expectArrivedAt(page, 'Frames')
  })

  test('a keyboard user following a footer link continues from the new page, not the header', async ({
    page,
  }) => {
    await page.goto('/en/contact')
    const footer = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: en('shop.footer.navLabel') })
    const terms = footer.getByRole('link', { name: en('page.terms') })
    await untilHydrated(terms)
    await terms.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/terms$/)
    // The editors' journeys may have added to the title (the terms page is a document).
    await expectArrivedAt(page, new RegExp(`^${en('page.terms')}`))

    // The next Tab goes on from the heading: past the header, to the footer's links.
    await page.keyboard.press('Tab')
    await expect(page.locator(':focus')).toHaveCount(1)
    await expect(page.getByRole('banner').locator(':focus')).toHaveCount(0)
  })

  test('a new search from the header lands on the results heading', async ({ page }) => {
    await page.goto('/en/search?q=ocello')
    const search = page.getByRole('combobox', { name: en('shop.search.label') })
    await untilHydrated(search)
    await search.fill('bryle')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\?q=bryle$/)
    await expectArrivedAt(page, en('shop.search.resultsFor').replace('{{query}}', 'bryle'))
  })
})
