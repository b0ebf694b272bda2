import AxeBuilder from '@axe-core/playwright'
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { openFramesList, untilHydrated } from './catalogue-kit.ts'
import { measureOverflow } from './overflow-kit.ts'

function en(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/** Opens the first frame of the demo catalogue (it has several pictures); returns its main picture. */
async function openFrame(page: Page): Promise<Locator> {
  await openFramesList(page)
  await page.locator('article[id^="product-"]').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/en\/p\/\d+\//)
  const picture = page
    .getByRole('region', { name: en('productPage.pictures') })
    .getByRole('button', { name: new RegExp(`^${en('productPage.enlargePicture')}`) })
  await untilHydrated(picture)
  return picture
}

function thumbnails(page: Page): Locator {
  return page.getByRole('button', {
    name: new RegExp(`^${en('productPage.showPicture', { number: '\\d+', total: '\\d+' })}$`),
  })
}

/** The zoom's stage: where fingers pinch and drag; it tells its scale. */
function stage(dialog: Locator): Locator {
  return dialog.getByTestId('zoom-stage')
}

async function scaleOf(dialog: Locator): Promise<number> {
  return Number(await stage(dialog).getAttribute('data-scale'))
}

/** The picture's offset on the stage, from its transform. */
async function offsetOf(dialog: Locator): Promise<{ x: number; y: number }> {
  const transform = (await dialog.locator('img').getAttribute('style')) ?? ''
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(transform)
  return { x: Number(match?.[1] ?? 0), y: Number(match?.[2] ?? 0) }
}

async function expectFocusInside(dialog: Locator): Promise<void> {
  await expect(dialog.locator(':focus')).toHaveCount(1)
}

/**
 * Two quick taps of one finger at a point of the zoom's stage, dispatched in one go so that the
 * machine's pace cannot stretch the time between them (source text: the journeys are typed
 * without the browser's DOM library).
 */
async function doubleTap(page: Page, at: { x: number; y: number }, pointerId: number) {
  await page.evaluate(`(() => {
    const stage = document.querySelector('[data-testid="zoom-stage"]')
    for (const type of ['pointerdown', 'pointerup', 'pointerdown', 'pointerup']) {
      stage.dispatchEvent(new PointerEvent(type, {
        bubbles: true, pointerId: ${pointerId}, pointerType: 'touch', isPrimary: true,
        clientX: ${at.x}, clientY: ${at.y},
      }))
    }
  })()`)
}

test.describe('the picture zoom with a keyboard', () => {
  test('opens centred over the whole window, zooms, moves between pictures and gives focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const picture = await openFrame(page)
    const count = await thumbnails(page).count()
    expect(count).toBeGreaterThan(1)

    await picture.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const close = dialog.getByRole('button', { name: en('common.close') })
    await expect(close).toBeFocused()

    // The dialog fills the window; its close button is whole and on screen.
    const box = await dialog.boundingBox()
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 740 })
    const closeBox = await close.boundingBox()
    expect(closeBox!.x).toBeGreaterThanOrEqual(0)
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(375)
    expect(closeBox!.y).toBeGreaterThanOrEqual(0)
    expect(await measureOverflow(page)).toBeNull()

    // + and − zoom, the level is read out.
    await page.keyboard.press('+')
    await expect.poll(() => scaleOf(dialog)).toBe(1.5)
    await expect(dialog.getByRole('status').filter({ hasText: '150' })).toHaveText(
      en('storefrontShellMobile.zoom.level', { percent: 150 }),
    )
    await page.keyboard.press('+')
    await expect.poll(() => scaleOf(dialog)).toBe(2.25)
    await page.keyboard.press('-')
    await expect.poll(() => scaleOf(dialog)).toBe(1.5)

    // A mouse wheel zooms too, at the pointer.
    const area = await stage(dialog).boundingBox()
    await page.mouse.move(area!.x + area!.width / 2, area!.y + area!.height / 2)
    await page.mouse.wheel(0, -200)
    await expect.poll(() => scaleOf(dialog)).toBeGreaterThan(1.5)

    // → and ← move between the pictures, and the zoom starts fitted again.
    const first = await dialog.locator('img').getAttribute('src')
    await page.keyboard.press('ArrowRight')
    await expect(
      dialog.getByText(en('storefrontShellMobile.zoom.position', { number: 2, total: count })),
    ).toBeVisible()
    await expect(dialog.locator('img')).not.toHaveAttribute('src', first ?? '')
    expect(await scaleOf(dialog)).toBe(1)
    await page.keyboard.press('ArrowLeft')
    await expect(dialog.locator('img')).toHaveAttribute('src', first ?? '')
    await page.keyboard.press('ArrowRight')

    // Tab and Shift+Tab stay inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      await expectFocusInside(dialog)
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab')
      await expectFocusInside(dialog)
    }
    expect(await new AxeBuilder({ page }).include('dialog').analyze()).toHaveProperty(
      'violations',
      [],
    )

    // Escape closes; focus is back on the picture, which is the one shown last.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(picture).toBeFocused()
    await expect(thumbnails(page).nth(1)).toHaveAttribute('aria-pressed', 'true')
  })
})

test.describe('the picture zoom on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } })

  /** Touches the screen through the browser's input, as fingers would (trusted touch events). */
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

  test('pinch zooms, a finger pans, a double tap zooms back out and a swipe shows the next picture', async ({
    page,
  }) => {
    const picture = await openFrame(page)
    const count = await thumbnails(page).count()
    await picture.tap()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('img')).toHaveJSProperty('complete', true)

    const area = await stage(dialog).boundingBox()
    if (!area) throw new Error('The zoom has no stage')
    const cx = area.x + area.width / 2
    const cy = area.y + area.height / 2
    const cdp = await page.context().newCDPSession(page)

    // Two fingers spread to three times their distance: about three times larger.
    await touch(cdp, 'touchStart', [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ])
    for (const spread of [45, 60, 75, 90]) {
      await touch(cdp, 'touchMove', [
        { x: cx - spread, y: cy },
        { x: cx + spread, y: cy },
      ])
    }
    await touch(cdp, 'touchEnd', [])
    await expect.poll(() => scaleOf(dialog)).toBeGreaterThan(2.5)

    // One finger drags the zoomed picture to the left.
    const before = await offsetOf(dialog)
    await touch(cdp, 'touchStart', [{ x: cx, y: cy }])
    for (const dx of [15, 30, 45, 60]) await touch(cdp, 'touchMove', [{ x: cx - dx, y: cy }])
    await touch(cdp, 'touchEnd', [])
    await expect.poll(async () => (await offsetOf(dialog)).x).toBeLessThan(before.x - 30)
    // The emulated drag leaves the browser flinging, and it spends the next tap on stopping that:
    // spend it on the picture's position line, where a tap does nothing.
    const line = await dialog
      .getByText(en('storefrontShellMobile.zoom.position', { number: 1, total: count }))
      .boundingBox()
    if (!line) throw new Error('No position line in the zoom')
    await touch(cdp, 'touchStart', [{ x: line.x + 4, y: line.y + line.height / 2 }])
    await touch(cdp, 'touchEnd', [])

    // A double tap goes back to the whole picture (two taps in one go, so time cannot split them).
    await doubleTap(page, { x: cx, y: cy }, 7)
    await expect.poll(() => scaleOf(dialog)).toBe(1)
    expect(await offsetOf(dialog)).toEqual({ x: 0, y: 0 })

    // ...and another one zooms in where it tapped.
    await doubleTap(page, { x: cx, y: cy }, 8)
    await expect.poll(() => scaleOf(dialog)).toBe(2.5)
    // The − button steps back out (2.5 → 1.67 → 1.11 → 1) and is off at the whole picture.
    const zoomOut = dialog.getByRole('button', { name: en('storefrontShellMobile.zoom.out') })
    for (const scale of [1.67, 1.11, 1]) {
      await zoomOut.tap()
      await expect.poll(() => scaleOf(dialog)).toBe(scale)
    }
    await expect(zoomOut).toBeDisabled()

    // The next and previous buttons work by touch.
    const position = (number: number) =>
      dialog.getByText(en('storefrontShellMobile.zoom.position', { number, total: count }))
    await dialog.getByRole('button', { name: en('storefrontShellMobile.zoom.next') }).tap()
    await expect(position(2)).toBeVisible()
    await dialog.getByRole('button', { name: en('storefrontShellMobile.zoom.previous') }).tap()
    await expect(position(1)).toBeVisible()

    // At full view a swipe to the left shows the next picture. (It is the last touch: the
    // emulated flick leaves the browser flinging, and it spends the next tap on stopping that.)
    await touch(cdp, 'touchStart', [{ x: cx + 80, y: cy }])
    for (const dx of [40, 0, -40, -80]) await touch(cdp, 'touchMove', [{ x: cx + dx, y: cy }])
    await touch(cdp, 'touchEnd', [])
    await expect(position(2)).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})
