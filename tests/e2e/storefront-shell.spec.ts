import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'

/** The shell's texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, locale: Locale): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale]
}

async function isFocused(target: Locator): Promise<boolean> {
  try {
    await expect(target).toBeFocused({ timeout: 50 })
    return true
  } catch {
    return false
  }
}

/** Presses Tab (or `key`) until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, key = 'Tab', maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/** Waits until an image has actually loaded (not just its box). */
async function expectLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded()
  await expect(image).toHaveJSProperty('complete', true)
  await expect(image).not.toHaveJSProperty('naturalWidth', 0)
}

test.describe('storefront shell', () => {
  test('the shop opens in Czech with its header, footer and featured products', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/cs$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')

    const header = page.getByRole('banner')
    await expect(
      header.getByRole('combobox', { name: text('shop.search.label', 'cs') }),
    ).toHaveAttribute('placeholder', text('shop.search.placeholder', 'cs'))
    await expect(header.getByRole('link', { name: text('auth.logIn', 'cs') })).toBeVisible()
    await expect(
      header.getByRole('link', { name: new RegExp(text('page.cart', 'cs')) }),
    ).toBeVisible()

    const footer = page.getByRole('contentinfo')
    const information = footer.getByRole('navigation', { name: text('shop.footer.navLabel', 'cs') })
    await expect(information.getByRole('link', { name: text('page.terms', 'cs') })).toBeVisible()
    await expect(information.getByRole('link', { name: text('page.privacy', 'cs') })).toBeVisible()
    await expect(
      information.getByRole('link', { name: text('shop.contact.title', 'cs') }),
    ).toBeVisible()

    await expect(
      page.getByRole('heading', { level: 2, name: text('shop.home.categoriesTitle', 'cs') }),
    ).toBeVisible()
    const featured = page.getByRole('region', { name: text('shop.home.featuredTitle', 'cs') })
    const tiles = featured.getByRole('article')
    expect(await tiles.count()).toBeGreaterThanOrEqual(4)
    const firstPicture = tiles.first().getByRole('img')
    await expect(firstPicture).toBeVisible()
    await expectLoaded(firstPicture)
    await expect(tiles.first().getByText(text('auth.priceAfterLogin', 'cs'))).toBeVisible()

    // A colour swatch shows that variant's picture.
    const swatches = tiles.first().getByRole('button')
    if ((await swatches.count()) > 1) {
      const before = await firstPicture.getAttribute('src')
      await swatches.nth(1).hover()
      await expect(swatches.nth(1)).toHaveAttribute('aria-pressed', 'true')
      await expect(firstPicture).not.toHaveAttribute('src', before ?? '')
    }
  })

  test('switching the language on a category page keeps the category', async ({ page }) => {
    await page.goto('/cs')
    const categories = page.getByRole('region', { name: text('shop.home.categoriesTitle', 'cs') })
    const firstCategory = categories.getByRole('heading', { level: 3 }).first().getByRole('link')
    const czechName = (await firstCategory.innerText()).trim()
    await firstCategory.click()
    await expect(page).toHaveURL(/\/cs\/c\/\d+\/[\w-]+$/)
    const id = /\/c\/(\d+)\//.exec(page.url())?.[1]
    await expect(page.getByRole('heading', { level: 1, name: czechName })).toBeVisible()

    const switcher = page.getByRole('navigation', { name: text('shop.language.label', 'cs') })
    await switcher.locator('summary').click()
    await switcher.getByRole('link', { name: 'English' }).click()

    await expect(page).toHaveURL(new RegExp(`/en/c/${id}/[\\w-]+$`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(
      page.getByRole('combobox', { name: text('shop.search.label', 'en') }),
    ).toBeVisible()
    await expect(
      page
        .getByRole('navigation', { name: text('shop.breadcrumb.label', 'en') })
        .getByRole('link', {
          name: text('shop.breadcrumb.home', 'en'),
        }),
    ).toBeVisible()
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).not.toHaveText(czechName)

    // The language is remembered: a reload stays English, and the API answers in English too.
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const apiAnswer = await page.evaluate(async () => (await fetch('/api/nope')).json())
    expect(apiAnswer).toMatchObject({ message: text('server.notFound', 'en') })
  })

  test('a shopper searches, opens a product and reads the footer pages', async ({ page }) => {
    await page.goto('/cs')
    const search = page.getByRole('combobox', { name: text('shop.search.label', 'cs') })
    await search.fill('ocello')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/cs\/search\?q=ocello$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('shop.search.resultsFor', 'cs').replace('{{query}}', 'ocello'),
    )
    const firstResult = page
      .getByRole('main')
      .getByRole('link', { name: /Ocello/ })
      .first()
    const productName = (await firstResult.innerText()).split('\n')[0]!.trim()
    await firstResult.click()

    await expect(page).toHaveURL(/\/cs\/p\/\d+\//)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName)
    await expect(
      page
        .getByRole('region', { name: text('productPage.price', 'cs') })
        .getByText(text('productPageMobile.guestRetailNote', 'cs')),
    ).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: text('shop.breadcrumb.label', 'cs') }),
    ).toBeVisible()

    await page.goto('/cs/search?q=zzzz-nothing')
    await expect(page.getByText(text('list.noItems', 'cs'))).toBeVisible()

    const footerNav = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: text('shop.footer.navLabel', 'cs') })
    for (const key of ['page.terms', 'page.privacy', 'shop.contact.title']) {
      await footerNav.getByRole('link', { name: text(key, 'cs') }).click()
      // The editors' journeys may have added to a page's heading (they are documents now).
      await expect(page.getByRole('heading', { level: 1 })).toContainText(text(key, 'cs'))
    }
  })

  test('an unknown address answers 404 with the translated not-found page', async ({ page }) => {
    const czech = await page.goto('/cs/neexistuje')
    expect(czech?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')
    await expect(
      page.getByRole('heading', { level: 1, name: text('shop.notFound.title', 'cs') }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: text('shop.common.backHome', 'cs') })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()

    const english = await page.goto('/en/does-not-exist')
    expect(english?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(
      page.getByRole('heading', { level: 1, name: text('shop.notFound.title', 'en') }),
    ).toBeVisible()
    // The language switcher points to the same address in the other languages.
    const switcher = page.getByRole('navigation', { name: text('shop.language.label', 'en') })
    await expect(
      switcher.getByRole('link', { name: 'Čeština', includeHidden: true }),
    ).toHaveAttribute('href', '/cs/does-not-exist')
  })

  test('the keyboard reaches the skip link, the search box and the language switcher', async ({
    page,
  }) => {
    await page.goto('/cs')
    await page.keyboard.press('Tab')
    const skipLink = page.getByRole('link', { name: text('shop.skipLink', 'cs') })
    await expect(skipLink).toBeFocused()
    await expect(skipLink).toBeVisible()

    const search = page.getByRole('combobox', { name: text('shop.search.label', 'cs') })
    await tabTo(page, search)
    await page.keyboard.type('bryle')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/cs\/search\?q=bryle$/)
    await expect(page.getByRole('article').first()).toBeVisible()
    // The new page takes the focus to its heading; the header is back behind it.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()

    const switcher = page.getByRole('navigation', { name: text('shop.language.label', 'cs') })
    const toggle = switcher.locator('summary')
    await tabTo(page, toggle, 'Shift+Tab')
    await page.keyboard.press('Enter')
    const english = switcher.getByRole('link', { name: 'English' })
    await tabTo(page, english)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\?q=bryle$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test('the home page has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/cs')
    await expect(
      page.getByRole('region', { name: text('shop.home.featuredTitle', 'cs') }),
    ).toBeVisible()
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
