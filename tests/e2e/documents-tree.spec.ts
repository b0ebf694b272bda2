import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { assetEditorCatalogue } from '@optika/i18n/catalogue/asset-editor'
import { cmsAdminTreeCatalogue } from '@optika/i18n/catalogue/cms-admin-tree'
import { scaled } from './machine-pace.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { violations } from './asset-kit.ts'

type TreeText = keyof typeof cmsAdminTreeCatalogue extends infer Key
  ? Key extends `cmsAdminTree.${infer Short}`
    ? Short
    : never
  : never

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** The Documents screen's Czech texts (the demo admin works in Czech, the default). */
function cs(key: TreeText, values: Record<string, string | number> = {}): string {
  return fill(cmsAdminTreeCatalogue[`cmsAdminTree.${key}`].cs, values)
}

function admin(key: keyof typeof adminCatalogue): string {
  return adminCatalogue[key].cs
}

function bin(key: keyof typeof assetEditorCatalogue, values: Record<string, number> = {}): string {
  return fill(assetEditorCatalogue[key].cs, values)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A tree item by its key (its name goes on with its state: "unpublished", the language). */
function treeItem(tree: Locator, key: string): Locator {
  return tree.getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(key)}(\\s|$)`) })
}

/**
 * Picks an action from a tree item's context menu. The open page editor's live preview keeps
 * the layout moving while it loads, so the item is chosen without waiting for it to stand still.
 */
async function menuAction(page: Page, item: Locator, action: string): Promise<void> {
  // A dispatched click may leave the last menu open: close it, so the new one is alone.
  const menus = page.getByRole('menu')
  if ((await menus.count()) > 0) {
    await page.keyboard.press('Escape')
    await expect(menus).toHaveCount(0)
  }
  await item.click({ button: 'right' })
  const entry = menus.getByRole('menuitem', { name: action, exact: true })
  await expect(entry).toBeVisible()
  await entry.dispatchEvent('click')
}

/** A language's own name, as the back office writes it (Intl, capitalised). */
function languageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

/** Adds a document from a row's context menu; returns once the new document is open. */
async function addDocument(
  page: Page,
  parent: Locator,
  parentName: string,
  type: 'page' | 'folder' | 'link',
  title: string,
  options: { language?: string } = {},
): Promise<void> {
  await menuAction(page, parent, cs(`action.add.${type}`))
  const dialog = page.getByRole('dialog', { name: cs(`add.title.${type}`, { name: parentName }) })
  await dialog.getByRole('textbox', { name: cs('add.titleField') }).fill(title)
  if (options.language !== undefined) {
    await dialog.getByRole('combobox', { name: cs('add.language') }).click()
    await page.getByRole('option', { name: languageName(options.language), exact: true }).click()
  }
  await dialog.getByRole('button', { name: admin('admin.common.add'), exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/documents\/\d+$/)
}

test.describe('document tree', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an editor adds, renames, translates, moves, copies with rewritten links, deletes and restores documents', async ({
    page,
  }) => {
    test.setTimeout(scaled(240_000))
    await page
      .getByRole('navigation', { name: admin('admin.nav.label') })
      .getByRole('link', { name: admin('admin.nav.documents') })
      .click()
    await expect(page).toHaveURL(/\/admin\/documents$/)
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    const root = tree.getByRole('treeitem', { name: cs('tree.root'), exact: true })
    await expect(root).toHaveAttribute('aria-expanded', 'true')

    // The old address still leads here.
    await page.goto('/admin/document-tree')
    await expect(page).toHaveURL(/\/admin\/documents$/)
    await expect(root).toBeVisible()

    // Two language roots: a Czech and an English one.
    const stamp = Date.now().toString(36)
    const csKey = `e2e-cs-${stamp}`
    const enKey = `e2e-en-${stamp}`
    await addDocument(page, root, '/', 'page', `E2E CS ${stamp}`, { language: 'cs' })
    const csRoot = treeItem(tree, csKey)
    await expect(csRoot).toBeVisible()
    await addDocument(page, root, '/', 'page', `E2E EN ${stamp}`, { language: 'en' })
    const enRoot = treeItem(tree, enKey)
    await expect(enRoot).toBeVisible()

    // The Czech root is linked to the English one as its translation.
    await menuAction(page, csRoot, cs('action.translations'))
    await expect(page.getByRole('tab', { name: cs('tab.translations') })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const english = languageName('en')
    await page
      .getByRole('button', { name: cs('translations.linkIn', { language: english }) })
      .click()
    const linkDialog = page.getByRole('dialog', {
      name: cs('translations.linkIn', { language: english }),
    })
    await linkDialog.getByRole('textbox', { name: cs('link.documentPath') }).fill(`/${enKey}`)
    await linkDialog.getByRole('button', { name: cs('translations.link'), exact: true }).click()
    await expect(linkDialog).toBeHidden()
    const enRow = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(english)}`) })
    await expect(enRow).toContainText(`/${enKey}`)

    // A page from a document type under the Czech root, renamed.
    await addDocument(page, csRoot, csKey, 'page', 'O nás')
    const aboutUrl = page.url()
    await expect(treeItem(tree, 'o-nas')).toBeVisible()
    await menuAction(page, treeItem(tree, 'o-nas'), admin('admin.common.rename'))
    const rename = page.getByRole('dialog', { name: cs('rename.title', { name: 'o-nas' }) })
    await rename.getByRole('textbox', { name: cs('field.key') }).fill('kdo-jsme')
    await rename.getByRole('button', { name: admin('admin.common.rename'), exact: true }).click()
    await expect(rename).toBeHidden()
    const about = treeItem(tree, 'kdo-jsme')
    await expect(about).toBeVisible()
    await expect(page.locator('#document-path')).toHaveText(`/${csKey}/kdo-jsme`)

    // Its English translation: made under the English root and linked both ways.
    await menuAction(page, about, cs('action.translations'))
    await page
      .getByRole('button', { name: cs('translations.newIn', { language: english }) })
      .click()
    const newTranslation = page.getByRole('dialog', {
      name: cs('translations.newIn', { language: english }),
    })
    await newTranslation.getByRole('textbox', { name: cs('field.key') }).fill('about-us')
    await newTranslation.getByRole('button', { name: cs('translations.create') }).click()
    await expect(newTranslation).toBeHidden()
    await expect(page.locator('#document-path')).toHaveText(`/${enKey}/about-us`)
    await page.goto(`${aboutUrl}?tab=translations`)
    await expect(enRow).toContainText(`/${enKey}/about-us`)

    // A folder, and the page dragged into it; the path follows.
    await addDocument(page, csRoot, csKey, 'folder', 'Archiv')
    const archive = treeItem(tree, 'archiv')
    await expect(archive).toBeVisible()
    await about.locator('[data-open]').dragTo(archive.locator('[data-open]'))
    await expect(archive).toHaveAttribute('aria-expanded', 'true')
    const moved = tree.locator(`[role="treeitem"][data-path="/${csKey}/archiv/kdo-jsme"]`)
    await expect(moved).toBeVisible()

    // A link in the folder to the page, published.
    await addDocument(page, archive, 'archiv', 'link', 'Odkaz')
    await page
      .getByRole('textbox', { name: cs('link.documentPath') })
      .fill(`/${csKey}/archiv/kdo-jsme`)
    await page.getByRole('button', { name: cs('settings.publish') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: admin('admin.common.saved') }),
    ).toBeVisible()

    // The folder copied into the root of its language with "rewrite links": the copied link
    // points at the copied page.
    await menuAction(page, archive, admin('admin.common.copy'))
    await menuAction(page, csRoot, cs('action.paste'))
    const paste = page.getByRole('dialog', { name: cs('paste.title', { name: 'archiv' }) })
    await expect(paste.getByRole('radio', { name: cs('paste.recursive') })).toBeChecked()
    await expect(paste.getByRole('checkbox', { name: cs('paste.rewrite') })).toBeChecked()
    await paste.getByRole('button', { name: cs('action.paste'), exact: true }).click()
    await expect(paste).toBeHidden()
    // The finished copy opens: a new folder beside the original.
    const path = page.locator('#document-path')
    await expect(path).toHaveText(new RegExp(`^/${escapeRegExp(csKey)}/archiv[^/]+$`), {
      timeout: scaled(30_000),
    })
    const copyPath = (await path.textContent()) ?? ''
    const copyRow = tree.locator(`[role="treeitem"][data-path="${copyPath}"]`)
    await expect(copyRow).toBeVisible()
    await copyRow.locator('[data-open]').click()
    const copiedLink = tree.locator(`[role="treeitem"][data-path="${copyPath}/odkaz"]`)
    await copiedLink.locator('[data-open]').click()
    await expect(page.getByRole('textbox', { name: cs('link.documentPath') })).toHaveValue(
      `${copyPath}/kdo-jsme`,
    )
    expect(await violations(page)).toEqual([])

    // The copy goes to the recycle bin and comes back from it.
    const copyName = copyPath.split('/').pop() ?? ''
    await menuAction(page, copyRow, admin('admin.common.delete'))
    const confirm = page.getByRole('dialog', { name: cs('delete.title', { name: copyName }) })
    await expect(confirm).toContainText(cs('delete.count', { name: copyName, count: 3 }))
    await confirm.getByRole('button', { name: cs('delete.confirm') }).click()
    await expect(confirm).toBeHidden()
    await expect(copyRow).toHaveCount(0)
    await page
      .getByRole('navigation', { name: admin('admin.nav.label') })
      .getByRole('link', { name: admin('admin.nav.recycleBin') })
      .click()
    await page.getByRole('textbox', { name: bin('assetEditor.recycleBin.search') }).fill(copyName)
    const restore = page.getByRole('button', {
      name: new RegExp(
        `^${escapeRegExp(bin('assetEditor.recycleBin.restoreShort'))} .*${escapeRegExp(copyName)}$`,
      ),
    })
    await restore.click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: bin('assetEditor.recycleBin.restored', { count: 3 }) }),
    ).toBeVisible()
    await page.getByRole('link', { name: bin('assetEditor.recycleBin.open') }).click()
    await expect(page).toHaveURL(/\/admin\/documents\/\d+$/)
    await expect(page.locator('#document-path')).toHaveText(copyPath)
  })
})
