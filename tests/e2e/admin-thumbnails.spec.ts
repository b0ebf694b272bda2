import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { png, violations } from './asset-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

test.describe('back office: thumbnail configurations', () => {
  test('the admin defines a thumbnail configuration, sees a picture rendered at its size, changes it and deletes it', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    // A picture of our own (other journeys may rename or delete theirs).
    const suffix = Date.now().toString(36)
    const root = await page.request.get('/admin/asset/tree-get-root')
    expect(root.ok()).toBe(true)
    const rootId = ((await root.json()) as { id: number }).id
    const uploaded = await page.request.post('/admin/asset/add-asset', {
      multipart: {
        parentId: String(rootId),
        file: {
          name: `thumbnail-journey-${suffix}.png`,
          mimeType: 'image/png',
          buffer: png(400, 300, [200, 40, 40]),
        },
      },
    })
    expect(uploaded.ok()).toBe(true)
    const assetId = ((await uploaded.json()) as { id: number }).id
    const name = `journey-${suffix}`

    await page.goto('/admin/system-settings/thumbnails')
    await expect(
      page.getByRole('table', { name: cs('thumbnailSettings.image.list') }),
    ).toBeVisible()
    await expect(page.getByRole('rowheader', { name: /^grid/ })).toBeVisible()

    // Define: 240 × 90, filled around the focal point, as PNG.
    await page.getByRole('button', { name: cs('thumbnailSettings.image.add') }).click()
    const editor = page.getByRole('dialog', { name: cs('thumbnailSettings.image.addTitle') })
    await editor.getByRole('textbox', { name: cs('thumbnailSettings.field.name') }).fill(name)
    await editor.getByRole('textbox', { name: cs('thumbnailSettings.field.width') }).fill('240')
    await editor.getByRole('textbox', { name: cs('thumbnailSettings.field.height') }).fill('90')
    await editor.getByRole('combobox', { name: cs('thumbnailSettings.field.mode') }).click()
    await page.getByRole('option', { name: cs('thumbnailSettings.mode.cover') }).click()
    await editor.getByRole('combobox', { name: cs('thumbnailSettings.field.format') }).click()
    await page
      .getByRole('option', { name: cs('thumbnailSettings.format.png'), exact: true })
      .click()
    await editor.getByRole('button', { name: cs('admin.common.save') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('thumbnailSettings.image.saved', { name }) }),
    ).toBeVisible()
    await expect(page.getByRole('rowheader', { name: new RegExp(`^${name}`) })).toBeVisible()

    // Use it: the picture comes out at the configured size.
    const tryOut = page.getByRole('region', { name: cs('thumbnailSettings.try.title') })
    await tryOut
      .getByRole('textbox', { name: cs('thumbnailSettings.try.assetId') })
      .fill(String(assetId))
    // Chosen from the opened list, as the editor's selects above (typing filters it while it opens).
    await tryOut.getByRole('combobox', { name: cs('thumbnailSettings.try.config') }).click()
    await page.getByRole('option', { name, exact: true }).click()
    await expect(
      tryOut.getByRole('combobox', { name: cs('thumbnailSettings.try.config') }),
    ).toHaveValue(name)
    await tryOut.getByRole('button', { name: cs('thumbnailSettings.try.render') }).click()
    await expect(tryOut.getByRole('status')).toHaveText(
      cs('thumbnailSettings.try.renderedSize', { width: 240, height: 90 }),
    )
    await expect(
      tryOut.getByRole('img', { name: cs('thumbnailSettings.try.alt', { config: name }) }),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])

    // Change it: what was rendered before is forgotten, the next one has the new size.
    await page.getByRole('button', { name: cs('thumbnailSettings.editNamed', { name }) }).click()
    const change = page.getByRole('dialog', {
      name: cs('thumbnailSettings.image.editTitle', { name }),
    })
    await change.getByRole('textbox', { name: cs('thumbnailSettings.field.width') }).fill('120')
    await change.getByRole('textbox', { name: cs('thumbnailSettings.field.height') }).fill('45')
    await change.getByRole('button', { name: cs('admin.common.save') }).click()
    await expect(change).toBeHidden()
    await tryOut.getByRole('button', { name: cs('thumbnailSettings.try.render') }).click()
    await expect(tryOut.getByRole('status')).toHaveText(
      cs('thumbnailSettings.try.renderedSize', { width: 120, height: 45 }),
    )

    // Delete it: asking for it afterwards is refused.
    await page.getByRole('button', { name: cs('thumbnailSettings.deleteNamed', { name }) }).click()
    await page
      .getByRole('dialog', { name: cs('thumbnailSettings.deleteTitle') })
      .getByRole('button', { name: cs('admin.common.delete') })
      .click()
    await expect(page.getByRole('rowheader', { name: new RegExp(`^${name}`) })).toBeHidden()
    const gone = await page.request.get(
      `/admin/asset/get-image-thumbnail?id=${assetId}&config=${name}`,
    )
    expect(gone.status()).toBe(400)

    // The asset editor offers the metadata fields defined in the settings (the demo's licence).
    await page.goto(`/admin/assets/${assetId}`)
    const assetEditor = page.locator('article[aria-labelledby="asset-editor-title"]')
    await assetEditor.getByRole('tab', { name: cs('assetEditor.tab.metadata') }).click()
    await assetEditor.getByLabel(cs('thumbnailSettings.picker.metadata')).click()
    await page.getByRole('option', { name: 'licence', exact: true }).click()
    await page.keyboard.press('Escape')
    await assetEditor
      .getByRole('button', { name: cs('thumbnailSettings.picker.addChosen') })
      .click()
    await expect(
      assetEditor
        .getByRole('textbox', { name: cs('assetEditor.metadata.name'), exact: true })
        .last(),
    ).toHaveValue('licence')
    await assetEditor.getByRole('button', { name: cs('admin.common.save'), exact: true }).click()
    await expect(
      assetEditor.getByRole('status').filter({ hasText: cs('admin.common.saved') }),
    ).toBeVisible()
  })

  test('the video, property and metadata tabs show their seeded entries, pass axe and fit a 320 px screen', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    const tabs = [
      ['video-thumbnails', 'thumbnailSettings.video.list', /^preview/],
      ['properties', 'thumbnailSettings.properties.list', /^Campaign/],
      ['metadata', 'thumbnailSettings.metadata.list', /^licence/],
      ['thumbnails', 'thumbnailSettings.image.list', /^grid/],
    ] as const
    for (const [path, list, seeded] of tabs) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(`/admin/system-settings/${path}`)
      const table = page.getByRole('table', { name: cs(list) })
      await expect(table.getByRole('rowheader', { name: seeded })).toBeVisible()
      expect(await violations(page)).toEqual([])
      await page.setViewportSize({ width: 320, height: 800 })
      await expect(table).toBeVisible()
      // The panel itself fits (wide tables scroll inside their own region). The shell's header and
      // the screen's tab strip are the shared layout's, measured by its own journeys.
      await expect(page.getByRole('tabpanel')).toBeVisible()
      const fits = await page.evaluate<{ scroll: number; client: number; right: number }>(`(() => {
        const panel = document.querySelector('[role="tabpanel"]')
        return {
          scroll: panel.scrollWidth,
          client: panel.clientWidth,
          right: Math.round(panel.getBoundingClientRect().right),
        }
      })()`)
      expect(fits.scroll).toBeLessThanOrEqual(fits.client)
      expect(fits.right).toBeLessThanOrEqual(320)
    }

    // The search narrows the list as one types.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('searchbox', { name: cs('thumbnailSettings.image.search') }).fill('banner')
    const rows = page
      .getByRole('table', { name: cs('thumbnailSettings.image.list') })
      .getByRole('rowheader')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveText(/^banner/)
  })
})
