import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import { openFrames, untilHydrated } from './catalogue-kit.ts'

/** The page's texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, locale: Locale = 'en', params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const CUSTOMER = { login: 'zakaznik@optika.example', password: 'Optika-zakaznik-2026' }

/** Ticks the first brand that lists products. */
async function filterByBrand(page: Page, panel: Locator): Promise<void> {
  const title = text('filter.brand')
  await panel.getByRole('button', { name: title, exact: true }).click()
  const body = panel.getByRole('group', { name: title, exact: true })
  const checkbox = body.locator('input[type=checkbox]:not([disabled])').first()
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/products' &&
      new URL(response.url()).searchParams.has('brand'),
  )
  await checkbox.check()
  await answer
  await expect(page).toHaveURL(/[?&]brand=\w+/)
}

/** The first tile of the list with more than one colour. */
async function tileWithColours(page: Page): Promise<Locator> {
  const tiles = page.locator('article[id^="product-"]')
  await expect(tiles.first()).toBeVisible()
  const count = await tiles.count()
  for (let i = 0; i < count; i++) {
    const tile = tiles.nth(i)
    if ((await tile.getByRole('button', { pressed: false }).count()) > 0) return tile
  }
  throw new Error('No product of the list has more than one colour')
}

function mainPicture(page: Page): Locator {
  return page
    .getByRole('region', { name: text('productPage.pictures') })
    .getByRole('button', { name: new RegExp(`^${text('productPage.enlargePicture')}`) })
    .locator('img')
}

function specTable(page: Page): Locator {
  return page.getByRole('table', { name: text('productPage.specification') })
}

test.describe('the product page', () => {
  test('opened from a filtered list, it switches colours and leads back to the same list', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const panel = await openFrames(page)
    await filterByBrand(page, panel)
    const brandParam = new URL(page.url()).searchParams.get('brand')
    const tile = await tileWithColours(page)
    const productId = (await tile.getAttribute('id'))?.replace('product-', '')
    await tile.getByRole('link').first().click()

    await expect(page).toHaveURL(new RegExp(`/en/p/${productId}/[\\w-]+\\?`))
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brandParam)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // Another colour: its pictures, its code, and the address names it, the list's query kept.
    const colours = page.getByRole('group', { name: text('product.variants') })
    const second = colours.getByRole('radio').nth(1)
    await untilHydrated(second)
    const firstPicture = await mainPicture(page).getAttribute('src')
    await second.check()
    await expect(second).toBeChecked()
    await expect(mainPicture(page)).not.toHaveAttribute('src', firstPicture ?? '')
    const variantId = await second.getAttribute('value')
    await expect(page).toHaveURL(new RegExp(`[?&]variant=${variantId}(&|$)`))
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brandParam)

    // The specification names its rows in English.
    await expect(
      specTable(page).getByRole('rowheader', { name: text('product.brand'), exact: true }),
    ).toBeVisible()

    // Back to the list: the same filter is active and this product's tile is in view.
    await page.getByRole('link', { name: text('productPage.backToList') }).click()
    await expect(page).toHaveURL(/\/en\/c\/\d+\//)
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brandParam)
    const brands = page
      .getByRole('region', { name: text('filter.title') })
      .getByRole('group', { name: text('filter.brand'), exact: true })
    await expect(brands.locator('input[type=checkbox]:checked')).toHaveCount(1)
    await expect(page.locator(`#product-${productId}`)).toBeInViewport()
    // Hydration found the server's markup as it expected it (React reports mismatches here).
    expect(errors).toEqual([])
  })

  test('the zoom opens the large picture and Escape closes it; arrows move the pictures', async ({
    page,
  }) => {
    await openFrames(page)
    await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    const zoom = page
      .getByRole('region', { name: text('productPage.pictures') })
      .getByRole('button', { name: new RegExp(`^${text('productPage.enlargePicture')}`) })
    await untilHydrated(zoom)
    await zoom.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/media\/large\//)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    const thumbnails = page.getByRole('button', {
      name: new RegExp(
        `^${text('productPage.showPicture', 'en', { number: '\\d+', total: '\\d+' })}$`,
      ),
    })
    expect(await thumbnails.count()).toBeGreaterThan(1)
    await thumbnails.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect(thumbnails.nth(1)).toBeFocused()
    await expect(thumbnails.nth(1)).toHaveAttribute('aria-pressed', 'true')

    // A swipe to the left on the main picture shows the next one and does not zoom.
    const box = await zoom.boundingBox()
    if (!box) throw new Error('The main picture has no box')
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + box.width * 0.8, y)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 })
    await page.mouse.up()
    await expect(thumbnails.nth(2 % (await thumbnails.count()))).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(dialog).toBeHidden()
  })

  test('the specification reads in Czech after switching the language', async ({ page }) => {
    await openFrames(page)
    await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/(\d+)\//)
    const id = /\/p\/(\d+)\//.exec(page.url())?.[1]
    await expect(
      specTable(page).getByRole('rowheader', { name: text('product.brand'), exact: true }),
    ).toBeVisible()

    const switcher = page.getByRole('navigation', { name: text('shop.language.label') })
    await untilHydrated(switcher.locator('summary'))
    await switcher.locator('summary').click()
    await switcher.getByRole('link', { name: 'Čeština' }).click()

    await expect(page).toHaveURL(new RegExp(`/cs/p/${id}/`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')
    const czech = page.getByRole('table', { name: text('productPage.specification', 'cs') })
    await expect(
      czech.getByRole('rowheader', { name: text('product.brand', 'cs'), exact: true }),
    ).toBeVisible()
  })

  test('an anonymous visitor sees the retail price of a purchase without registration', async ({
    page,
  }) => {
    await openFrames(page)
    await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    const price = page.getByRole('region', { name: text('productPage.price') })
    await expect(price.getByTestId('final-price')).toBeVisible()
    await expect(price.getByTestId('guest-retail-note')).toHaveText(
      new RegExp(`^${escapeRegExp(text('productPageMobile.guestRetailNote'))}`),
    )
    await expect(price.getByText(text('auth.priceAfterLogin'))).toHaveCount(0)
    // The login link brings the visitor back to this product.
    await expect(
      price.getByRole('link', { name: text('auth.logIn'), exact: true }),
    ).toHaveAttribute('href', /^\/en\/login\?returnTo=%2Fen%2Fp%2F/)

    // Search engines: canonical, every language plus x-default, and Product data without an
    // offer (a guest's retail price depends on the visitor's country; decision 024).
    const path = new URL(page.url()).pathname
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`${path}$`),
    )
    await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(7)
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute(
      'href',
      /\/cs\/p\/\d+\//,
    )
    const jsonLd = page.locator('script[type="application/ld+json"]')
    expect(await jsonLd.getAttribute('nonce')).not.toBeNull()
    const data = JSON.parse((await jsonLd.textContent()) ?? '{}') as {
      '@graph': { '@type': string; offers?: unknown }[]
    }
    const product = data['@graph'].find((item) => item['@type'] === 'Product')
    expect(product).toBeDefined()
    expect(product).not.toHaveProperty('offers')
    expect(data['@graph'].map((item) => item['@type'])).toContain('BreadcrumbList')

    // The page passes the automated accessibility rules.
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })

  test('a signed-in customer sees the price and puts the product in the cart', async ({ page }) => {
    await openFrames(page)
    await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    const productPath = new URL(page.url()).pathname

    await page.goto(`/en/login?returnTo=${encodeURIComponent(productPath)}`)
    await expect(page.getByRole('button', { name: text('auth.logIn') })).toBeEnabled()
    await page.getByRole('textbox', { name: text('accountPage.login.login') }).fill(CUSTOMER.login)
    await page
      .getByRole('textbox', { name: text('customer.password'), exact: true })
      .fill(CUSTOMER.password)
    await page.getByRole('button', { name: text('auth.logIn') }).click()
    await expect(page).toHaveURL(new RegExp(`${productPath}$`))

    const price = page.getByRole('region', { name: text('productPage.price') })
    await expect(price.getByTestId('final-price')).toBeVisible()
    await expect(price.getByText(text('auth.priceAfterLogin'))).toHaveCount(0)

    // Signed-in viewers see prices, so the structured data offers the product to them.
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
    expect(jsonLd).toContain('"@type":"Offer"')

    const add = page.getByRole('button', { name: text('cart.addToCart'), exact: true })
    await expect(add).toBeEnabled()
    await add.click()
    const confirmation = page
      .getByRole('status')
      .filter({ hasText: text('productPage.addedToCart') })
    await expect(confirmation).toBeVisible()
    await expect(
      confirmation.getByRole('link', { name: text('productPage.goToCart') }),
    ).toHaveAttribute('href', '/en/cart')

    // A frame lists its compatible spare parts, each with its own add-to-cart; the cart decides.
    const parts = page.getByRole('region', { name: text('productPage.spareParts') })
    const part = parts
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') })
      .first()
    const addPart = new RegExp(`^${escapeRegExp(text('productPage.addNamedToCart'))}`)
    await part.getByRole('button', { name: addPart }).click()
    await expect(
      part
        .getByRole('status')
        .filter({ hasText: text('productPage.addedToCart') })
        .or(part.getByRole('alert')),
    ).toBeVisible()
  })

  test('an old slug moves to the product’s address with the query; an unknown id is not found', async ({
    page,
    request,
  }) => {
    await openFrames(page)
    await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)
    const path = new URL(page.url()).pathname
    const id = /\/p\/(\d+)\//.exec(path)?.[1]

    const moved = await request.get(`/en/p/${id}/old-name?cid=1&brand=x`, { maxRedirects: 0 })
    expect(moved.status()).toBe(301)
    expect(moved.headers().location).toBe(`${path}?cid=1&brand=x`)

    const missing = await request.get('/en/p/999999999/nothing')
    expect(missing.status()).toBe(404)
  })
})
