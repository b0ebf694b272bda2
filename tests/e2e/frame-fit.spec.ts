import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page, type Response } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import {
  escapeRegExp,
  openFrames,
  openFramesList,
  totalCount,
  untilHydrated,
} from './catalogue-kit.ts'
import { placeOrderByApi, registerCustomer, saveShippingStep } from './checkout-mobile-kit.ts'

/** Texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

interface Size {
  readonly lens: number
  readonly bridge: number
  readonly temple: number
}

const PAIR: Size = { lens: 52, bridge: 18, temple: 140 }
const distance = (s: Size) =>
  25 * (s.lens - PAIR.lens) ** 2 +
  25 * (s.bridge - PAIR.bridge) ** 2 +
  4 * (s.temple - PAIR.temple) ** 2

function listAnswer(page: Page, fit: string | null): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === '/api/products' && url.searchParams.get('fit') === fit
  })
}

function fitRegion(page: Page): Locator {
  return page.getByRole('region', { name: text('frameFit.form.title') })
}

function activeFit(page: Page): Locator {
  return fitRegion(page).getByRole('button', {
    name: `${text('filter.removeValue')}: ${text('filter.activeEntry', {
      title: text('frameFit.form.title'),
      value: '52□18 140',
    })}`,
  })
}

/** Every tile's fit badge, read as sizes, in the list's order. */
async function badgedSizes(page: Page): Promise<Size[]> {
  const products = page.getByRole('region', { name: text('shop.category.products') })
  const tiles = products.getByRole('article')
  const count = await tiles.count()
  const sizes: Size[] = []
  for (let i = 0; i < count; i += 1) {
    const badge = tiles.nth(i).getByText(text('frameFit.badge'), { exact: true })
    await expect(badge).toBeVisible()
    const match = /(\d+)□(\d+) (\d+)/.exec(await badge.locator('xpath=..').innerText())
    expect(match).not.toBeNull()
    sizes.push({ lens: Number(match![1]), bridge: Number(match![2]), temple: Number(match![3]) })
  }
  return sizes
}

test.describe('frames that fit', () => {
  test('a shopper enters 52□18 140 and sees only fitting frames, closest first, remembered on the device', async ({
    page,
  }) => {
    await openFrames(page)
    const everything = await totalCount(page)
    const region = fitRegion(page)
    // Closed at first, so a phone shows the products near the top; the heading's button opens it.
    const toggle = region.getByRole('button', { name: text('frameFit.form.title'), exact: true })
    await untilHydrated(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const apply = region.getByRole('button', { name: text('frameFit.form.apply') })

    // A missing size is named, and focus goes to it.
    await region.getByLabel(text('filter.lensWidth'), { exact: true }).fill('52')
    await region.getByLabel(text('filter.bridgeWidth'), { exact: true }).fill('18')
    await apply.click()
    const temple = region.getByLabel(text('product.templeLength'), { exact: true })
    await expect(temple).toBeFocused()
    await expect(temple).toHaveAttribute('aria-invalid', 'true')
    await expect(temple).toHaveAccessibleDescription(/The field is required/)

    await temple.fill('140')
    const answer = listAnswer(page, '52_18_140')
    await apply.click()
    expect((await answer).status()).toBe(200)
    await expect(page).toHaveURL(/[?&]fit=52_18_140(&|$)/)
    await expect(activeFit(page)).toBeVisible()
    await expect(region.getByText(text('frameFit.active.ranked'))).toBeVisible()

    const fitting = await totalCount(page)
    expect(fitting).toBeGreaterThan(0)
    expect(fitting).toBeLessThan(everything)
    const sizes = await badgedSizes(page)
    expect(sizes.length).toBeGreaterThan(0)
    for (const size of sizes) {
      expect(Math.abs(size.lens - PAIR.lens)).toBeLessThanOrEqual(2)
      expect(Math.abs(size.bridge - PAIR.bridge)).toBeLessThanOrEqual(2)
      expect(Math.abs(size.temple - PAIR.temple)).toBeLessThanOrEqual(5)
    }
    const distances = sizes.map(distance)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))

    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])

    // A reload keeps the list; the bare category address takes the pair remembered on the device.
    await page.reload()
    await expect(activeFit(page)).toBeVisible()
    expect(await totalCount(page)).toBe(fitting)
    const bare = new URL(page.url()).pathname
    const remembered = listAnswer(page, '52_18_140')
    await page.goto(bare)
    await remembered
    await expect(page).toHaveURL(/[?&]fit=52_18_140(&|$)/)
    await expect(activeFit(page)).toBeVisible()
    expect(await totalCount(page)).toBe(fitting)

    // Removing the entry lists everything again and forgets the pair.
    await untilHydrated(activeFit(page))
    const unfiltered = listAnswer(page, null)
    await activeFit(page).click()
    await unfiltered
    await expect(page).not.toHaveURL(/fit=/)
    await expect(activeFit(page)).toHaveCount(0)
    expect(await totalCount(page)).toBe(everything)
    await expect(page.getByText(text('frameFit.badge'), { exact: true })).toHaveCount(0)
    const stored = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem('optika.frameFit'),
    )
    expect(stored).toBeNull()
  })

  test('a customer picks a frame from an earlier order and sees frames that fit like it', async ({
    page,
  }) => {
    // A new customer (nobody else's cart) buys a frame of known size.
    await registerCustomer(page.request)
    await openFramesList(page)
    const categoryPath = new URL(page.url()).pathname
    const cid = /\/c\/(\d+)\//.exec(categoryPath)![1]
    const listed = await page.request.get(`/api/products?cid=${cid}&fit=52_18_140`)
    expect(listed.status()).toBe(200)
    const { products } = (await listed.json()) as {
      products: { id: number; name: string; variants: { id: number }[] }[]
    }
    let bought: { id: number; name: string } | undefined
    for (const product of products) {
      const added = await page.request.post('/api/pridat-do-kosiku', {
        data: { productId: product.variants[0]?.id ?? product.id, quantity: 1 },
      })
      if (added.ok()) {
        bought = product
        break
      }
    }
    expect(bought, 'a fitting frame can be ordered').toBeDefined()
    await saveShippingStep(page.request, { country: 'CZ', code: 'CZ-10', postcode: '110 00' })
    await placeOrderByApi(page.request)

    await page.goto(categoryPath)
    const region = fitRegion(page)
    const toggle = region.getByRole('button', { name: text('frameFit.form.title'), exact: true })
    await untilHydrated(toggle)
    await toggle.click()
    await region.getByRole('button', { name: text('frameFit.form.bought') }).click()
    const choice = region.getByRole('combobox', { name: text('frameFit.form.bought') })
    const option = choice.getByRole('option', {
      name: new RegExp(`^${escapeRegExp(bought!.name)}( \\(.+\\))? · `),
    })
    await expect(option).toHaveCount(1)
    await choice.selectOption({ label: (await option.textContent())! })

    // The three sizes come from the bought frame; applying ranks the frames by them.
    const lens = await region.getByLabel(text('filter.lensWidth'), { exact: true }).inputValue()
    const bridge = await region.getByLabel(text('filter.bridgeWidth'), { exact: true }).inputValue()
    const temple = await region
      .getByLabel(text('product.templeLength'), { exact: true })
      .inputValue()
    expect([lens, bridge, temple].every((value) => /^\d+$/.test(value))).toBe(true)
    expect(await option.textContent()).toContain(`${lens}□${bridge} ${temple}`)
    const fit = `${lens}_${bridge}_${temple}`
    const answer = listAnswer(page, fit)
    await region.getByRole('button', { name: text('frameFit.form.apply') }).click()
    expect((await answer).status()).toBe(200)
    await expect(page).toHaveURL(new RegExp(`[?&]fit=${fit}(&|$)`))
    const [closest] = await badgedSizes(page)
    expect(closest).toEqual({ lens: Number(lens), bridge: Number(bridge), temple: Number(temple) })
  })

  test('the fit form fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 })
    await openFramesList(page)
    const toggle = fitRegion(page).getByRole('button', {
      name: text('frameFit.form.title'),
      exact: true,
    })
    await untilHydrated(toggle)
    await toggle.click()
    const apply = fitRegion(page).getByRole('button', { name: text('frameFit.form.apply') })
    await expect(apply).toBeVisible()
    const applyBox = await apply.boundingBox()
    expect(applyBox!.x + applyBox!.width).toBeLessThanOrEqual(320)
    const box = await fitRegion(page).boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(320)
  })

  test("a frame's size guide opens from the keyboard and describes its drawing", async ({
    page,
  }) => {
    await openFrames(page)
    const products = page.getByRole('region', { name: text('shop.category.products') })
    await products.getByRole('article').first().getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/p\/\d+\//)

    const summary = page.locator('summary', { hasText: text('frameFit.guide.toggle') })
    await expect(summary).toHaveText(/\(\d+□\d+ \d+\)/)
    const drawing = page.getByRole('img', { name: /^Drawing of the frame from the front/ })
    await expect(drawing).toBeHidden()
    await summary.focus()
    await page.keyboard.press('Enter')
    await expect(drawing).toBeVisible()
    await expect(drawing).toHaveAccessibleName(
      /lens width of \d+ mm .* bridge width of \d+ mm .* temple length of \d+ mm/,
    )
    await expect(page.getByText(text('frameFit.guide.ownTitle'))).toBeVisible()

    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })
})
