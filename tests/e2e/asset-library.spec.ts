import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { assetLibraryCatalogue } from '@optika/i18n/catalogue/asset-library'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { dropFiles, menuAction, png, violations } from './asset-kit.ts'

type LibraryText = keyof typeof assetLibraryCatalogue extends infer Key
  ? Key extends `assetLibrary.${infer Short}`
    ? Short
    : never
  : never

/** The library's Czech texts (the demo admin works in Czech, the default). */
function cs(key: LibraryText, values: Record<string, string | number> = {}): string {
  return assetLibraryCatalogue[`assetLibrary.${key}`].cs.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => String(values[name] ?? ''),
  )
}

function common(key: 'add' | 'rename' | 'copy' | 'delete'): string {
  return adminCatalogue[`admin.common.${key}`].cs
}

test.describe('asset library', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an editor builds a folder, uploads pictures by dropping them, sorts, copies, zips and deletes', async ({
    page,
  }) => {
    test.setTimeout(scaled(180_000))
    await page
      .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
      .getByRole('link', { name: adminCatalogue['admin.nav.assets'].cs })
      .click()
    await expect(page).toHaveURL(/\/admin\/assets$/)
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    const root = tree.getByRole('treeitem', { name: cs('tree.root'), exact: true })
    await expect(root).toHaveAttribute('aria-expanded', 'true')

    // The old address still leads here.
    await page.goto('/admin/asset-library')
    await expect(page).toHaveURL(/\/admin\/assets$/)
    await expect(root).toBeVisible()

    // A new folder from the root's context menu (opened from the keyboard).
    const stamp = Date.now().toString(36)
    const folderName = `E2E ${stamp}`
    await root.focus()
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menuitem', { name: cs('action.addFolder'), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: cs('dialog.addFolderTitle', { name: '/' }) })
    await dialog.getByRole('textbox', { name: cs('dialog.name') }).fill(folderName)
    await dialog.getByRole('button', { name: common('add'), exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.locator('#asset-folder-title')).toHaveText(folderName)
    await expect(page).toHaveURL(/\/admin\/assets\/\d+$/)
    const folderUrl = page.url()
    const folder = tree.getByRole('treeitem', { name: folderName, exact: true })
    await expect(folder).toBeVisible()

    // The keyboard walks the tree: Left closes the root, Right opens it, Down reaches its first
    // child, Enter opens that.
    await root.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(root).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('ArrowRight')
    await expect(root).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowDown')
    const first = tree.getByRole('treeitem', { level: 2 }).first()
    await expect(first).toBeFocused()
    const firstId = await first.getAttribute('data-id')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/admin/assets/${firstId}(\\?|$)`))
    // Opening the folder draws the tree again: go on from the item as it is drawn now.
    await first.focus()
    await page.keyboard.press('ArrowUp')
    await expect(root).toBeFocused()
    await page.goto(folderUrl)
    await expect(page.locator('#asset-folder-title')).toHaveText(folderName)

    // Three pictures dropped onto the folder: a bar for each and one for all.
    const names = ['alpha.png', 'beta.png', 'gamma.png']
    await dropFiles(
      page,
      page.getByTestId('asset-dropzone'),
      names.map((name, index) => ({
        name,
        bytes: png(400 + index * 40, 300, [40 * index, 120, 200]),
      })),
    )
    const uploads = page.getByRole('region', { name: cs('upload.title') })
    for (const name of names) {
      await expect(
        uploads.getByRole('progressbar', { name: cs('upload.fileProgress', { name }) }),
      ).toHaveAttribute('aria-valuenow', '100', { timeout: scaled(30_000) })
    }
    await expect(uploads.getByRole('progressbar', { name: cs('upload.total') })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )
    await expect(uploads.getByRole('status')).toHaveText(
      cs('upload.summary', { done: 3, files: 3, percent: 100 }),
    )
    const content = page.getByRole('list', { name: cs('folder.contentOf', { name: folderName }) })
    for (const name of names) await expect(content.getByRole('button', { name })).toBeVisible()
    expect(await violations(page)).toEqual([])

    // The column grid lists the same files, sortable.
    const views = page.getByRole('radiogroup', { name: cs('view.label') })
    await views.getByText(cs('view.list'), { exact: true }).click()
    await expect(page.getByRole('radio', { name: cs('view.list') })).toBeChecked()
    await expect(page).toHaveURL(/view=list/)
    const table = page.getByRole('table', { name: cs('grid.caption', { name: folderName }) })
    for (const name of names) await expect(table.getByRole('button', { name })).toBeVisible()
    // Sorted by name A→Z at first; one click turns it to Z→A.
    await table.getByRole('button', { name: cs('grid.name') }).click()
    await expect(table.getByRole('columnheader', { name: cs('grid.name') })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await expect(table.getByRole('row').nth(1)).toContainText('gamma.png')
    expect(await violations(page)).toEqual([])
    await views.getByText(cs('view.thumbnails'), { exact: true }).click()
    await expect(content).toBeVisible()

    // Rename from the context menu.
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click()
    const alpha = tree.getByRole('treeitem', { name: 'alpha.png', exact: true })
    await menuAction(page, alpha, common('rename'))
    const rename = page.getByRole('dialog', {
      name: cs('dialog.renameTitle', { name: 'alpha.png' }),
    })
    await rename.getByRole('textbox', { name: cs('dialog.name') }).fill('renamed.png')
    await rename.getByRole('button', { name: common('rename'), exact: true }).click()
    await expect(tree.getByRole('treeitem', { name: 'renamed.png', exact: true })).toBeVisible()

    // A subfolder, then a picture dragged onto it moves there.
    await page.goto(folderUrl)
    await page.getByRole('button', { name: cs('action.addFolder') }).click()
    const sub = page.getByRole('dialog', {
      name: cs('dialog.addFolderTitle', { name: folderName }),
    })
    await sub.getByRole('textbox', { name: cs('dialog.name') }).fill('Sub')
    await sub.getByRole('button', { name: common('add'), exact: true }).click()
    await expect(page.locator('#asset-folder-title')).toHaveText('Sub')
    const subItem = tree.getByRole('treeitem', { name: 'Sub', exact: true })
    const beta = tree.getByRole('treeitem', { name: 'beta.png', exact: true })
    await beta.dragTo(subItem)
    await expect(subItem).toHaveAttribute('aria-expanded', 'true')
    await expect(beta).toHaveAttribute('data-parent', /\d+/)
    await expect
      .poll(async () => (await beta.getAttribute('aria-level')) ?? '', { timeout: scaled(10_000) })
      .toBe('4')

    // Copy a picture and paste it into the subfolder: a job with progress, then it is there.
    const gamma = tree.getByRole('treeitem', { name: 'gamma.png', exact: true }).first()
    await menuAction(page, gamma, common('copy'))
    await menuAction(page, subItem, cs('action.paste'))
    await subItem.click()
    const subContent = page.getByRole('list', { name: cs('folder.contentOf', { name: 'Sub' }) })
    await expect(subContent.getByRole('button', { name: 'gamma.png' })).toBeVisible({
      timeout: scaled(30_000),
    })
    await expect(subContent.getByRole('button', { name: 'beta.png' })).toBeVisible()

    // The whole folder as a zip.
    const downloading = page.waitForEvent('download', { timeout: scaled(30_000) })
    await menuAction(page, folder, cs('action.downloadZip'))
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.zip$/)
    const zip = await readFile(await download.path())
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK')
    expect(zip.includes(Buffer.from('renamed.png'))).toBe(true)

    // Delete to the recycle bin: gone from the tree, listed in the bin.
    const renamed = tree.getByRole('treeitem', { name: 'renamed.png', exact: true })
    await menuAction(page, renamed, common('delete'))
    const confirm = page.getByRole('dialog', {
      name: cs('dialog.deleteTitle', { name: 'renamed.png' }),
    })
    await confirm.getByRole('button', { name: cs('dialog.deleteConfirm') }).click()
    await expect(renamed).toHaveCount(0)
    const bin = await page.request.get(
      `/admin/recyclebin/list?elementType=asset&text=${encodeURIComponent(folderName)}`,
    )
    expect(bin.ok()).toBe(true)
    expect(JSON.stringify(await bin.json())).toContain('renamed.png')
    expect(await violations(page)).toEqual([])
  })

  test('a big file picked with the upload button goes up resumably, in chunks', async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000))
    await page.goto('/admin/assets')
    await expect(page.locator('#asset-folder-title')).toHaveText(cs('tree.root'))
    // 2,400 × 2,400 pixels stored uncompressed: about 17 MB, above the resumable threshold.
    const name = `big-${Date.now().toString(36)}.png`
    const bytes = png(2400, 2400, [10, 90, 160])
    expect(bytes.length).toBeGreaterThan(16 * 1024 * 1024)
    const tus = page.waitForRequest((request) => request.url().includes('/admin/asset/tus/'))
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: cs('action.uploadFiles') }).click()
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: bytes })
    await tus
    const uploads = page.getByRole('region', { name: cs('upload.title') })
    await expect(
      uploads.getByRole('progressbar', { name: cs('upload.fileProgress', { name }) }),
    ).toHaveAttribute('aria-valuenow', '100', { timeout: scaled(60_000) })
    await expect(uploads.getByRole('status')).toHaveText(
      cs('upload.summary', { done: 1, files: 1, percent: 100 }),
    )
    const content = page.getByRole('list', { name: cs('folder.contentOf', { name: '/' }) })
    await expect(content.getByRole('button', { name })).toBeVisible()
  })

  test('the library fits a 320 px phone and passes the accessibility check', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 })
    await page.goto('/admin/assets')
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    await expect(tree.getByRole('treeitem', { name: cs('tree.root'), exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: cs('action.uploadFiles') })).toBeVisible()
    expect(await measureOverflow(page)).toBeNull()
    expect(await violations(page)).toEqual([])
  })
})
