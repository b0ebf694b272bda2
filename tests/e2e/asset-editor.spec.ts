import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import { adminPimClassesCatalogue } from '@optika/i18n/catalogue/admin-pim-classes'
import { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import { assetEditorCatalogue } from '@optika/i18n/catalogue/asset-editor'
import { assetLibraryCatalogue } from '@optika/i18n/catalogue/asset-library'
import { scaled } from './machine-pace.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { dropFiles, menuAction, png, violations } from './asset-kit.ts'

type Catalogue = Record<string, { cs: string }>

/** A Czech text (the demo admin works in Czech, the default) with its placeholders filled. */
function czech(catalogue: Catalogue, key: string, values: Record<string, string | number> = {}) {
  const entry = catalogue[key]
  if (entry === undefined) throw new Error(`no text ${key}`)
  return entry.cs.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

type EditorKey = keyof typeof assetEditorCatalogue extends `assetEditor.${infer Short}`
  ? Short
  : never
type LibraryKey = keyof typeof assetLibraryCatalogue extends `assetLibrary.${infer Short}`
  ? Short
  : never
type ObjectsKey = keyof typeof adminPimObjectsCatalogue extends `adminPimObjects.${infer Short}`
  ? Short
  : never

const ed = (key: EditorKey, values?: Record<string, string | number>) =>
  czech(assetEditorCatalogue, `assetEditor.${key}`, values)
const lib = (key: LibraryKey, values?: Record<string, string | number>) =>
  czech(assetLibraryCatalogue, `assetLibrary.${key}`, values)
const obj = (key: ObjectsKey, values?: Record<string, string | number>) =>
  czech(adminPimObjectsCatalogue, `adminPimObjects.${key}`, values)
const admin = (key: keyof typeof adminCatalogue) => adminCatalogue[key].cs

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The asset editor of the open asset (named by its key). */
function assetEditor(page: Page): Locator {
  return page.locator('article[aria-labelledby="asset-editor-title"]')
}

/** The colour of the middle pixel of every picture on the page that has loaded. */
async function pictureColours(page: Page): Promise<[number, number, number][]> {
  return page.evaluate<[number, number, number][]>(
    `[...document.images]
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => {
        const canvas = document.createElement('canvas')
        canvas.width = image.naturalWidth
        canvas.height = image.naturalHeight
        const context = canvas.getContext('2d')
        context.drawImage(image, 0, 0)
        const pixel = context.getImageData(
          Math.floor(image.naturalWidth / 2),
          Math.floor(image.naturalHeight / 2),
          1,
          1,
        ).data
        return [pixel[0], pixel[1], pixel[2]]
      })`,
  )
}

const MAGENTA = [230, 20, 200] as const

test.describe('asset editor', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('staff upload three pictures, crop one, put it on a product, publish, and the shop shows it; a deleted folder comes back from the bin', async ({
    page,
  }) => {
    test.setTimeout(scaled(240_000))
    await page
      .getByRole('navigation', { name: admin('admin.nav.label') })
      .getByRole('link', { name: admin('admin.nav.assets') })
      .click()
    await expect(page).toHaveURL(/\/admin\/assets$/)
    const tree = page.getByRole('tree', { name: lib('tree.label') })
    await expect(tree.getByRole('treeitem', { name: lib('tree.root'), exact: true })).toBeVisible()

    // A folder of our own, then three pictures dropped onto it: a bar for each and the total.
    const stamp = Date.now().toString(36)
    const folderName = `Editor ${stamp}`
    await page.getByRole('button', { name: lib('action.addFolder') }).click()
    const addFolder = page.getByRole('dialog', {
      name: lib('dialog.addFolderTitle', { name: '/' }),
    })
    await addFolder.getByRole('textbox', { name: lib('dialog.name') }).fill(folderName)
    await addFolder.getByRole('button', { name: admin('admin.common.add'), exact: true }).click()
    await expect(page.locator('#asset-folder-title')).toHaveText(folderName)
    const folderUrl = page.url()
    const names = [`frame-${stamp}.png`, `lens-${stamp}.png`, `case-${stamp}.png`]
    await dropFiles(page, page.getByTestId('asset-dropzone'), [
      { name: names[0] ?? '', bytes: png(400, 300, MAGENTA) },
      { name: names[1] ?? '', bytes: png(320, 240, [20, 120, 220]) },
      { name: names[2] ?? '', bytes: png(360, 360, [30, 160, 60]) },
    ])
    const uploads = page.getByRole('region', { name: lib('upload.title') })
    for (const name of names) {
      await expect(
        uploads.getByRole('progressbar', { name: lib('upload.fileProgress', { name }) }),
      ).toHaveAttribute('aria-valuenow', '100', { timeout: scaled(30_000) })
    }
    await expect(uploads.getByRole('progressbar', { name: lib('upload.total') })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )

    // The first picture opens in the editor at its own address.
    const content = page.getByRole('list', { name: lib('folder.contentOf', { name: folderName }) })
    await content.getByRole('button', { name: names[0] }).click()
    await expect(page).toHaveURL(/\/admin\/assets\/\d+/)
    const assetId = Number(/\/admin\/assets\/(\d+)/.exec(page.url())?.[1])
    const editor = assetEditor(page)
    await expect(editor.locator('#asset-editor-title')).toHaveText(names[0] ?? '')
    await expect(
      editor.getByRole('region', { name: ed('preview.imageRegion', { name: names[0] ?? '' }) }),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])

    // Zoom in and out.
    await editor.getByRole('button', { name: ed('zoom.in') }).click()
    await expect(editor.getByTestId('zoom-level')).toHaveText(ed('zoom.level', { percent: 150 }))
    await editor.getByRole('button', { name: ed('zoom.fit') }).click()
    await expect(editor.getByTestId('zoom-level')).toHaveText(ed('zoom.level', { percent: 100 }))

    // The focal point: chosen by a click on the picture, saved in the asset's settings.
    await editor.getByRole('button', { name: ed('focalPoint.choose') }).click()
    const picture = editor.getByRole('img', { name: names[0] })
    const box = await picture.boundingBox()
    if (box === null) throw new Error('the picture is not on screen')
    await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } })
    await expect(editor.getByTestId('focal-point')).toBeVisible()
    await editor.getByRole('button', { name: ed('focalPoint.save') }).click()
    await expect(
      editor.getByRole('status').filter({ hasText: admin('admin.common.saved') }),
    ).toBeVisible()
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/admin/asset/get-data-by-id?id=${assetId}`)
        const data = (await answer.json()) as {
          customSettings: { focalPoint?: { x: number; y: number } }
        }
        const point = data.customSettings.focalPoint
        return point !== undefined && Math.abs(point.x - 25) <= 1 && Math.abs(point.y - 75) <= 1
      })
      .toBe(true)

    // Custom metadata in every language: a caption in Czech and English.
    await editor.getByRole('tab', { name: ed('tab.metadata') }).click()
    await editor.getByRole('textbox', { name: ed('metadata.newName') }).fill('caption')
    await editor.getByRole('button', { name: ed('metadata.addEveryLanguage') }).click()
    await editor
      .getByRole('textbox', { name: ed('metadata.valueOf', { name: 'caption', language: 'CS' }) })
      .fill('Růžová obruba')
    await editor
      .getByRole('textbox', { name: ed('metadata.valueOf', { name: 'caption', language: 'EN' }) })
      .fill('Pink frame')
    await editor.getByRole('button', { name: admin('admin.common.save'), exact: true }).click()
    await expect(
      editor.getByRole('status').filter({ hasText: admin('admin.common.saved') }),
    ).toBeVisible()
    await expect(editor.getByRole('heading', { name: ed('metadata.embedded') })).toBeVisible()
    expect(await violations(page)).toEqual([])

    // The image editor: a tall crop of the middle, turned right; the live preview follows.
    await editor.getByRole('tab', { name: ed('tab.imageEditor') }).click()
    const original = editor.getByRole('img', {
      name: ed('imageEditor.original', { name: names[0] ?? '' }),
    })
    await expect(original).toBeVisible()
    // Drawn on the loaded picture (the editor's copy: the original's 400 × 300 px, not enlarged).
    await expect(original).toHaveJSProperty('naturalWidth', 400)
    await original.scrollIntoViewIfNeeded()
    const area = await original.boundingBox()
    if (area === null) throw new Error('the picture to crop is not on screen')
    await page.mouse.move(area.x + area.width * 0.25, area.y + area.height * 0.1)
    await page.mouse.down()
    await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 5 })
    await page.mouse.move(area.x + area.width * 0.75, area.y + area.height * 0.9, { steps: 5 })
    await page.mouse.up()
    const preview = editor.getByTestId('image-editor-preview')
    await expect(preview).toHaveAttribute('data-operations', /"type":"crop"/)
    await editor.getByRole('button', { name: ed('imageEditor.rotateRight') }).click()
    await expect(preview).toHaveAttribute('data-operations', /"type":"rotate","angle":90/)
    expect(await violations(page)).toEqual([])
    await editor.getByRole('button', { name: ed('imageEditor.save') }).click()
    await expect(
      editor.getByRole('status').filter({ hasText: ed('imageEditor.saved') }),
    ).toBeVisible({
      timeout: scaled(20_000),
    })
    // Half the width by 80 % of the height (200 × 240), turned a quarter: 240 × 200.
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/admin/asset/get-data-by-id?id=${assetId}`)
        const data = (await answer.json()) as { width: number; height: number }
        return Math.abs(data.width - 240) <= 3 && Math.abs(data.height - 200) <= 3
      })
      .toBe(true)

    // Versions: the crop is a new one; compared with the first, the dimensions differ.
    await editor.getByRole('tab', { name: ed('tab.versions') }).click()
    const versions = editor.getByRole('table', { name: obj('tab.versions'), exact: true })
    const boxes = versions.getByRole('checkbox')
    await expect(boxes.nth(1)).toBeVisible()
    await boxes.nth(0).check()
    await boxes.last().check()
    const diffTitle = adminPimObjectsCatalogue['adminPimObjects.versions.diffTitle'].cs
    const diff = editor.getByRole('table', {
      name: new RegExp(`^${escapeRegExp(diffTitle.split('{{')[0] ?? '')}`),
    })
    await expect(
      diff.getByRole('row', {
        name: new RegExp(`^${escapeRegExp(ed('versions.field.dimensions'))}`),
      }),
    ).toHaveAttribute('data-changed', 'true')
    expect(await violations(page)).toEqual([])

    // The picture goes onto a product: its first variant's gallery, then published.
    await page.goto('/admin/data-objects')
    const objects = page.getByRole('tree', { name: obj('tree.label') })
    const products = objects.getByRole('treeitem', { name: 'Products', exact: true })
    await products.click()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    const brand = objects.getByRole('treeitem', { level: 3 }).first()
    await brand.click()
    await expect(brand).toHaveAttribute('aria-expanded', 'true')
    await objects.getByRole('treeitem', { level: 4 }).first().click()
    const objectEditor = page.locator('section[aria-labelledby="object-editor-title"]')
    await objectEditor
      .getByRole('tab', { name: new RegExp(`^${escapeRegExp(obj('tab.variants'))}`) })
      .click()
    await objectEditor
      .getByRole('button', {
        name: new RegExp(`^${escapeRegExp(obj('variants.open').split('{{')[0] ?? '')}`),
      })
      .first()
      .click()
    await objectEditor
      .getByRole('tab', {
        name: adminFixesCatalogue['adminFixes.layoutTitle.colourVariant'].cs,
        exact: true,
      })
      .click()
    const gallery = objectEditor.getByRole('group', {
      name: adminFixesCatalogue['adminFixes.layoutTitle.images'].cs,
      exact: true,
    })
    // Only our picture, so the shop shows it first.
    const removeLabel =
      adminPimClassesCatalogue['adminPimClasses.assetPicker.remove'].cs.split('{{')[0] ?? ''
    while (
      (await gallery
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(removeLabel)}`) })
        .count()) > 0
    ) {
      await gallery
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(removeLabel)}`) })
        .first()
        .click()
    }
    await objectEditor
      .getByRole('button', {
        name: adminPimClassesCatalogue['adminPimClasses.assetPicker.choose'].cs,
      })
      .click()
    const picker = page.getByRole('dialog', {
      name: adminPimClassesCatalogue['adminPimClasses.assetPicker.dialogTitle'].cs,
    })
    await picker.getByRole('button', { name: folderName }).click()
    await picker.getByRole('button', { name: names[0] }).click()
    await picker
      .getByRole('button', {
        name: adminPimClassesCatalogue['adminPimClasses.assetPicker.done'].cs,
      })
      .click()
    await expect(gallery.getByRole('img', { name: names[0] })).toBeVisible()
    // The picture field opens the picture in the library; back in the object, it is still there.
    await expect(
      gallery.getByRole('link', { name: ed('picker.open', { name: names[0] ?? '' }) }),
    ).toHaveAttribute('href', `/admin/assets/${assetId}`)
    await objectEditor.getByRole('button', { name: obj('toolbar.savePublish') }).click()
    await expect(
      objectEditor.getByRole('status').filter({ hasText: obj('save.published') }),
    ).toBeVisible()
    const variantId = Number(/\/admin\/data-objects(?:\/|\?id=)(\d+)/.exec(page.url())?.[1])

    // The shop's product page shows the cropped picture (our colour, the crop's shape).
    const shopLink = await objectEditor
      .getByRole('link', { name: obj('toolbar.openInShop') })
      .getAttribute('href')
    expect(shopLink).toBeTruthy()
    await expect(async () => {
      await page.goto(shopLink ?? '')
      await expect(page).toHaveURL(/\/cs\/p\//)
      const colours = await pictureColours(page)
      expect(
        colours.some(
          ([r, g, b]) =>
            Math.abs(r - MAGENTA[0]) < 24 &&
            Math.abs(g - MAGENTA[1]) < 24 &&
            Math.abs(b - MAGENTA[2]) < 24,
        ),
      ).toBe(true)
    }).toPass({ timeout: scaled(30_000) })

    // Back in the library, the picture's "used by" names the product variant.
    await page.goto(`/admin/assets/${assetId}`)
    await editor.getByRole('tab', { name: ed('tab.dependencies') }).click()
    const usedBy = editor.getByRole('region', {
      name: new RegExp(`^${escapeRegExp(obj('dependencies.requiredBy'))}`),
    })
    await expect(usedBy.getByRole('button').first()).toBeVisible()
    await usedBy.getByRole('button').first().click()
    await expect(page).toHaveURL(new RegExp(`/admin/data-objects(/|\\?id=)${variantId}`))

    // A picture in use cannot be deleted; a folder of unused ones goes to the recycle bin with
    // its pictures and comes back from it with the same address.
    await page.goto('/admin/assets')
    const oldName = `Old ${stamp}`
    await page.getByRole('button', { name: lib('action.addFolder') }).click()
    const addOld = page.getByRole('dialog', { name: lib('dialog.addFolderTitle', { name: '/' }) })
    await addOld.getByRole('textbox', { name: lib('dialog.name') }).fill(oldName)
    await addOld.getByRole('button', { name: admin('admin.common.add'), exact: true }).click()
    await expect(page.locator('#asset-folder-title')).toHaveText(oldName)
    const oldUrl = page.url()
    const oldNames = [`old-a-${stamp}.png`, `old-b-${stamp}.png`]
    await dropFiles(
      page,
      page.getByTestId('asset-dropzone'),
      oldNames.map((name) => ({ name, bytes: png(120, 90, [90, 90, 90]) })),
    )
    const oldContent = page.getByRole('list', { name: lib('folder.contentOf', { name: oldName }) })
    for (const name of oldNames) {
      await expect(oldContent.getByRole('button', { name })).toBeVisible({
        timeout: scaled(30_000),
      })
    }
    const folder = tree.getByRole('treeitem', { name: oldName, exact: true })
    await menuAction(page, folder, admin('admin.common.delete'))
    const confirm = page.getByRole('dialog', { name: lib('dialog.deleteTitle', { name: oldName }) })
    await confirm.getByRole('button', { name: lib('dialog.deleteConfirm') }).click()
    await expect(folder).toHaveCount(0)
    await page
      .getByRole('navigation', { name: admin('admin.nav.label') })
      .getByRole('link', { name: admin('admin.nav.recycleBin') })
      .click()
    await expect(page).toHaveURL(/\/admin\/recycle-bin/)
    await page.getByRole('textbox', { name: ed('recycleBin.search') }).fill(oldName)
    const restore = page.getByRole('button', {
      name: new RegExp(
        `^${escapeRegExp(ed('recycleBin.restoreShort'))} .*${escapeRegExp(oldName)}$`,
      ),
    })
    await expect(restore).toBeVisible()
    expect(await violations(page)).toEqual([])
    await restore.click()
    // One entry: the folder and its two pictures.
    await expect(
      page.getByRole('status').filter({ hasText: ed('recycleBin.restored', { count: 3 }) }),
    ).toBeVisible()
    await page.getByRole('link', { name: ed('recycleBin.open') }).click()
    await expect(page.locator('#asset-folder-title')).toHaveText(oldName)
    await expect(page).toHaveURL(oldUrl)
    for (const name of oldNames)
      await expect(oldContent.getByRole('button', { name })).toBeVisible()
    await expect(tree.getByRole('treeitem', { name: oldName, exact: true })).toBeVisible()
    // The pictures in use are where they were.
    await page.goto(folderUrl)
    for (const name of names) await expect(content.getByRole('button', { name })).toBeVisible()
  })

  test('the editor fits a 320 px phone and passes the accessibility check', async ({ page }) => {
    const roots = await page.request.get('/admin/asset/tree-get-children-by-id?node=1&limit=200')
    const listing = (await roots.json()) as {
      nodes: { id: number; type: string; hasChildren: boolean }[]
    }
    // The first picture of the demo's library, a folder deep at most.
    let picture = listing.nodes.find((node) => node.type === 'image')
    for (const folder of listing.nodes.filter(
      (node) => node.type === 'folder' && node.hasChildren,
    )) {
      if (picture !== undefined) break
      const inner = await page.request.get(
        `/admin/asset/tree-get-children-by-id?node=${folder.id}&limit=200`,
      )
      picture = ((await inner.json()) as typeof listing).nodes.find((node) => node.type === 'image')
    }
    expect(picture).toBeDefined()
    await page.setViewportSize({ width: 320, height: 720 })
    await page.goto(`/admin/assets/${picture?.id}`)
    const editor = assetEditor(page)
    await expect(editor.getByRole('tab', { name: ed('tab.preview') })).toBeVisible()
    for (const tab of [
      'preview',
      'metadata',
      'imageEditor',
      'versions',
      'notes',
      'properties',
      'dependencies',
      'tags',
    ] as const) {
      await editor.getByRole('tab', { name: ed(`tab.${tab}`) }).click()
      await expect(editor.getByRole('tabpanel')).toBeVisible()
      const width = await page.evaluate<number>('document.documentElement.scrollWidth')
      expect(width, tab).toBeLessThanOrEqual(320)
      expect(await violations(page), tab).toEqual([])
    }
  })

  test('a PDF shows its pages and a video plays in the editor', async ({ page }) => {
    const root = await page.request.get('/admin/asset/tree-get-children-by-id?node=1&limit=200')
    type Listing = { nodes: { id: number; key: string; type: string }[] }
    const folders = ((await root.json()) as Listing).nodes
    async function find(folder: string, key: string): Promise<number> {
      const parent = folders.find((node) => node.key === folder)
      expect(parent, folder).toBeDefined()
      const answer = await page.request.get(
        `/admin/asset/tree-get-children-by-id?node=${parent?.id}&limit=200`,
      )
      const node = ((await answer.json()) as Listing).nodes.find((item) => item.key === key)
      expect(node, key).toBeDefined()
      return node?.id ?? 0
    }
    const pdf = await find('documents', 'lens-care-guide.pdf')
    await page.goto(`/admin/assets/${pdf}`)
    const editor = assetEditor(page)
    const pages = editor.getByRole('toolbar', { name: ed('preview.pages') })
    await expect(pages).toBeVisible()
    const first = editor.getByRole('img', {
      name: ed('preview.page', { name: 'lens-care-guide.pdf', page: 1 }),
    })
    await expect(first).toBeVisible()
    await expect
      .poll(() => first.evaluate((image: { naturalWidth: number }) => image.naturalWidth))
      .toBeGreaterThan(0)
    expect(await violations(page)).toEqual([])

    const video = await find('videos', 'optika-demo.mp4')
    await page.goto(`/admin/assets/${video}`)
    // A player where ffmpeg made a preview; without ffmpeg, the server's 503 message and a download.
    const player = editor.locator('video')
    const download = editor.getByRole('link', { name: ed('download.original') })
    await expect(player.or(editor.getByRole('alert'))).toBeVisible({ timeout: scaled(30_000) })
    if ((await player.count()) > 0) {
      await expect(player).toHaveAttribute(
        'aria-label',
        ed('preview.video', { name: 'optika-demo.mp4' }),
      )
    } else {
      await expect(download.first()).toBeVisible()
    }
    expect(await violations(page)).toEqual([])
  })
})
