import { expect, test } from '@playwright/test'
import { openFrames, openSection, totalCount } from './catalogue-kit.ts'
import { activeEntry, isListRequest, listParam, openValues, settled, text } from './listing-kit.ts'

test.describe('frame filters (issue 21)', () => {
  test('the clearance filter is one checkbox, for the outlet products', async ({ page }) => {
    const panel = await openFrames(page)
    const body = await openSection(panel, text('filter.clearance'))
    // It used to list every badge: new, special offer, outlet, bestseller, exclusive, original price.
    await expect(body.getByRole('checkbox')).toHaveCount(1)
    const [outlet] = await openValues(body)
    if (!outlet) throw new Error('The clearance filter offers nothing to tick')
    expect(outlet.name).toBe(text('status.outlet'))

    const answer = page.waitForResponse(
      (response) =>
        isListRequest(response.request()) &&
        listParam(response.request(), 'clearance') === 'outlet',
    )
    await outlet.checkbox.check()
    await answer
    await settled(page)
    await expect(page).toHaveURL(/[?&]clearance=outlet(&|$)/)
    await expect(activeEntry(panel, text('filter.clearance'), outlet.name)).toBeVisible()
    await expect.poll(() => totalCount(page)).toBe(outlet.count)
  })

  test('shape, frame type and frame material filter the frames', async ({ page }) => {
    const panel = await openFrames(page)
    const shapes = await openSection(panel, text('product.shape'))
    const shapeValues = await openValues(shapes)
    expect(shapeValues.map((value) => value.name)).toContain(text('option.shape.round'))
    const round = shapeValues.find((value) => value.name === text('option.shape.round'))!
    await round.checkbox.check()
    await expect(page).toHaveURL(/[?&]shape=round(&|$)/)
    await settled(page)
    await expect(activeEntry(panel, text('product.shape'), round.name)).toBeVisible()
    await expect.poll(() => totalCount(page)).toBe(round.count)

    // Counted under the shape chosen: ticking a material gives exactly its count.
    const types = await openSection(panel, text('product.frameType'))
    expect((await openValues(types)).map((value) => value.name)).toContain(
      text('option.frameType.fullRim'),
    )
    const materials = await openSection(panel, text('product.frameMaterial'))
    const [material] = await openValues(materials)
    if (!material) throw new Error('No frame material gives a round frame')
    await material.checkbox.check()
    await settled(page)
    await expect(page).toHaveURL(/[?&]frameMaterial=\w+/)
    await expect(activeEntry(panel, text('product.frameMaterial'), material.name)).toBeVisible()
    await expect.poll(() => totalCount(page)).toBe(material.count)
  })
})
