import AxeBuilder from '@axe-core/playwright'
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { untilHydrated } from './catalogue-kit.ts'
import { measureOverflow } from './overflow-kit.ts'

function en(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/** Serious and critical axe violations on the page (or inside `include`), by rule. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`)
}

/** From the home page's footer to the demo's "New collection" album; returns its picture links. */
async function openDemoAlbum(page: Page): Promise<Locator> {
  await page.goto('/en')
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: en('page.galleries'), exact: true })
    .click()
  await expect(page).toHaveURL(/\/en\/galleries$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('page.galleries'))
  expect(await seriousViolations(page)).toEqual([])
  expect(await measureOverflow(page)).toBeNull()
  await page.getByRole('link', { name: 'New collection', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/galleries\/\d+\/new-collection$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New collection')
  const pictures = page
    .getByRole('region', { name: en('galleries.album.pictures') })
    .getByRole('link')
  await untilHydrated(pictures.first())
  return pictures
}

function position(dialog: Locator, number: number, total: number): Locator {
  return dialog.getByText(en('storefrontShellMobile.zoom.position', { number, total }))
}

test.describe('galleries with a keyboard', () => {
  test('lists the albums, opens one and browses its pictures in the lightbox', async ({ page }) => {
    const pictures = await openDemoAlbum(page)
    const total = await pictures.count()
    expect(total).toBeGreaterThan(2)
    // Each picture is named by its caption (the asset's title in English).
    await expect(pictures.first()).toHaveAccessibleName(
      new RegExp(`^${en('galleries.album.openNumber', { number: 1, total })}: .+ – .+`),
    )
    expect(await seriousViolations(page)).toEqual([])

    await pictures.first().focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: en('common.close') })).toBeFocused()
    await expect(position(dialog, 1, total)).toBeVisible()
    const caption = dialog.getByTestId('zoom-caption')
    const firstCaption = await caption.textContent()
    expect(firstCaption).toMatch(/ – /)
    await expect(dialog).toHaveAccessibleName(firstCaption ?? '')
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/media\/large\//)

    // → ← Home End move between the pictures; ← from the first wraps to the last.
    await page.keyboard.press('ArrowRight')
    await expect(position(dialog, 2, total)).toBeVisible()
    await expect(caption).not.toHaveText(firstCaption ?? '')
    await page.keyboard.press('End')
    await expect(position(dialog, total, total)).toBeVisible()
    await page.keyboard.press('Home')
    await expect(position(dialog, 1, total)).toBeVisible()
    await expect(caption).toHaveText(firstCaption ?? '')
    await page.keyboard.press('ArrowLeft')
    await expect(position(dialog, total, total)).toBeVisible()

    // Tab stays inside the dialog.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab')
    await expect(dialog.locator(':focus')).toHaveCount(1)
    expect(await seriousViolations(page, 'dialog')).toEqual([])

    // Escape closes and gives focus back to the picture that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(pictures.first()).toBeFocused()
  })

  test('an unknown gallery says Galery not found with a 404', async ({ page }) => {
    const response = await page.goto('/en/galleries/987654321/nothing')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('error.galleryNotFound'))
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('galleries on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 320, height: 640 } })

  async function touch(
    cdp: CDPSession,
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    points: { x: number; y: number }[],
  ): Promise<void> {
    await cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((point, id) => ({ ...point, id })),
    })
  }

  test('fits 320 px and a swipe shows the next picture', async ({ page }) => {
    const pictures = await openDemoAlbum(page)
    expect(await measureOverflow(page)).toBeNull()
    const total = await pictures.count()
    await pictures.nth(1).tap()
    const dialog = page.getByRole('dialog')
    await expect(position(dialog, 2, total)).toBeVisible()
    await expect(dialog.locator('img')).toHaveJSProperty('complete', true)
    expect(await measureOverflow(page)).toBeNull()

    const area = await dialog.getByTestId('zoom-stage').boundingBox()
    if (!area) throw new Error('The lightbox has no stage')
    const cx = area.x + area.width / 2
    const cy = area.y + area.height / 2
    const cdp = await page.context().newCDPSession(page)
    // A swipe to the left: the next picture.
    await touch(cdp, 'touchStart', [{ x: cx + 80, y: cy }])
    for (const dx of [40, 0, -40, -80]) await touch(cdp, 'touchMove', [{ x: cx + dx, y: cy }])
    await touch(cdp, 'touchEnd', [])
    await expect(position(dialog, 3, total)).toBeVisible()

    // (The emulated flick leaves the browser flinging, and it would spend a tap on stopping that.)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})
