import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

type ObjectsText = keyof typeof adminPimObjectsCatalogue extends infer Key
  ? Key extends `adminPimObjects.${infer Short}`
    ? Short
    : never
  : never

function textOf(key: ObjectsText): string {
  return adminPimObjectsCatalogue[`adminPimObjects.${key}`].cs
}

/** The screen's Czech texts (the demo admin works in Czech, the default). */
function cs(key: ObjectsText, values: Record<string, string | number> = {}): string {
  return textOf(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The text before the first placeholder, for names that end in a variable part. */
function prefixOf(key: ObjectsText): string {
  return textOf(key).split('{{')[0] ?? ''
}

async function severeViolations(page: Page) {
  // Checked at rest: not with the pointer still hovering what was just clicked.
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((n) => [n.target, n.failureSummary]),
    }))
}

/** The editor of the open element (its section is named by the element's key). */
function editorOf(page: Page): Locator {
  return page.locator('section[aria-labelledby="object-editor-title"]')
}

/** Saves and publishes the open element and waits for the confirmation. */
async function saveAndPublish(page: Page): Promise<void> {
  const editor = editorOf(page)
  await editor.getByRole('button', { name: cs('toolbar.savePublish') }).click()
  await expect(editor.getByRole('status').filter({ hasText: cs('save.published') })).toBeVisible()
}

test.describe('data objects', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an editor renames a product, recolours its variant, publishes both and the shop shows it', async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000))
    await page
      .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
      .getByRole('link', { name: adminCatalogue['admin.nav.dataObjects'].cs })
      .click()
    await expect(page).toHaveURL(/\/admin\/data-objects/)
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    await expect(tree).toBeVisible()

    // Opening a folder shows its contents; the keyboard closes and opens it again.
    const products = tree.getByRole('treeitem', { name: 'Products', exact: true })
    await products.click()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#folder-view-title')).toHaveText('Products')
    await expect(products).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('ArrowRight')
    await expect(products).toHaveAttribute('aria-expanded', 'true')

    // A brand folder, then its first product.
    const brand = tree.getByRole('treeitem', { level: 3 }).first()
    await brand.click()
    await expect(brand).toHaveAttribute('aria-expanded', 'true')
    const product = tree.getByRole('treeitem', { level: 4 }).first()
    await product.click()
    const editor = editorOf(page)
    await expect(editor.getByRole('toolbar', { name: cs('toolbar.label') })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/data-objects(\/\d+|\?id=\d+)$/)

    // The editor passes the accessibility check before anything is changed.
    await expect(editor.getByRole('tab', { name: 'CS', exact: true })).toBeVisible()
    expect(await severeViolations(page)).toEqual([])

    // The name in English and Czech, each in its language tab.
    const stamp = Date.now().toString(36)
    const englishName = `E2E glasses ${stamp}`
    const czechName = `E2E brýle ${stamp}`
    const name = editor.getByRole('textbox', {
      name: adminFixesCatalogue['adminFixes.layoutTitle.name'].cs,
      exact: true,
    })
    // A mandatory field left empty is refused on publishing, and the error shows at the field.
    await name.fill('')
    await editor.getByRole('button', { name: cs('toolbar.savePublish') }).click()
    await expect(editor.getByRole('alert').first()).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await editor.getByRole('tab', { name: 'EN', exact: true }).click()
    await name.fill(englishName)
    await editor.getByRole('tab', { name: 'CS', exact: true }).click()
    await name.fill(czechName)
    await editor.getByRole('tab', { name: 'EN', exact: true }).click()
    await expect(name).toHaveValue(englishName)
    await editor.getByRole('tab', { name: 'CS', exact: true }).click()
    await expect(name).toHaveValue(czechName)

    // One more option of a multiselect.
    const intendedFor = editor.getByRole('group', {
      name: adminFixesCatalogue['adminFixes.layoutTitle.intendedFor'].cs,
      exact: true,
    })
    // (A rerun against the same database finds them all ticked: it frees the last one first.)
    const boxes = intendedFor.getByRole('checkbox')
    if ((await intendedFor.getByRole('checkbox', { checked: false }).count()) === 0) {
      await boxes.last().uncheck()
    }
    const unticked = intendedFor.getByRole('checkbox', { checked: false }).first()
    const option = await unticked.getAttribute('value')
    await unticked.check()
    await expect(intendedFor.locator(`input[value="${option}"]`)).toBeChecked()

    // First a draft, then published: two versions to compare.
    await editor.getByRole('button', { name: cs('toolbar.saveDraft') }).click()
    await expect(editor.getByRole('status').filter({ hasText: cs('save.saved') })).toBeVisible()
    await saveAndPublish(page)
    // The saved values are what the server now holds.
    await editor.getByRole('button', { name: cs('toolbar.reload') }).click()
    await expect(
      editor.getByRole('textbox', {
        name: adminFixesCatalogue['adminFixes.layoutTitle.name'].cs,
        exact: true,
      }),
    ).toHaveValue(czechName)
    await expect(
      editor
        .getByRole('group', {
          name: adminFixesCatalogue['adminFixes.layoutTitle.intendedFor'].cs,
          exact: true,
        })
        .locator(`input[value="${option}"]`),
    ).toBeChecked()

    // Two versions side by side: the diff lists the fields with the new name.
    await editor.getByRole('tab', { name: cs('tab.versions'), exact: true }).click()
    const versions = editor.getByRole('table', { name: cs('tab.versions'), exact: true })
    await versions.getByRole('checkbox').nth(0).check()
    await versions.getByRole('checkbox').nth(1).check()
    const diff = editor.getByRole('table', {
      name: new RegExp(`^${escapeRegExp(prefixOf('versions.diffTitle'))}`),
    })
    await expect(diff.getByRole('rowheader', { name: /^Name \(CS\)/ })).toBeVisible()
    await expect(diff.getByText(czechName).first()).toBeVisible()

    // A variant of the product: a new colour, published.
    await editor
      .getByRole('tab', { name: new RegExp(`^${escapeRegExp(cs('tab.variants'))}`) })
      .click()
    const openVariant = editor
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(prefixOf('variants.open'))}`) })
      .first()
    const variantKey = ((await openVariant.getAttribute('aria-label')) ?? '').slice(
      prefixOf('variants.open').length,
    )
    await openVariant.click()
    await expect(page.locator('#object-editor-title')).toHaveText(variantKey)
    await editor
      .getByRole('tab', {
        name: adminFixesCatalogue['adminFixes.layoutTitle.colourVariant'].cs,
        exact: true,
      })
      .click()
    const colour = editor.getByRole('textbox', {
      name: adminFixesCatalogue['adminFixes.layoutTitle.colour'].cs,
      exact: true,
    })
    await colour.fill('#1a7f5a')
    await colour.press('Enter')
    await expect(colour).toHaveValue('#1a7f5a')
    await saveAndPublish(page)
    await expect(
      editor.getByRole('textbox', {
        name: adminFixesCatalogue['adminFixes.layoutTitle.colour'].cs,
        exact: true,
      }),
    ).toHaveValue('#1a7f5a')

    // The side tabs answer from the server: a note is added, the others list what there is.
    await editor.getByRole('tab', { name: cs('tab.notes'), exact: true }).click()
    const noteForm = editor.getByRole('form', { name: cs('notes.add') })
    await noteForm.getByRole('textbox', { name: cs('notes.title') }).fill(`Colour ${stamp}`)
    await noteForm.getByRole('button', { name: cs('notes.add') }).click()
    await expect(editor.getByRole('heading', { name: `Colour ${stamp}` })).toBeVisible()
    await editor.getByRole('tab', { name: cs('tab.properties'), exact: true }).click()
    await expect(editor.getByRole('table', { name: cs('properties.own') })).toBeVisible()
    await editor.getByRole('tab', { name: cs('tab.dependencies'), exact: true }).click()
    await expect(
      editor.getByRole('heading', {
        name: new RegExp(`^${escapeRegExp(cs('dependencies.requires'))}`),
      }),
    ).toBeVisible()
    await editor.getByRole('tab', { name: cs('tab.tags'), exact: true }).click()
    await expect(editor.getByRole('heading', { name: cs('tags.assigned') })).toBeVisible()
    await editor.getByRole('tab', { name: cs('tab.schedule'), exact: true }).click()
    await expect(editor.getByRole('button', { name: cs('schedule.add') })).toBeVisible()

    // The shop's product page (the variant's "open in shop" shows its product) has the new name.
    const shopLink = await editor
      .getByRole('link', { name: cs('toolbar.openInShop') })
      .getAttribute('href')
    expect(shopLink).toBeTruthy()
    await expect(async () => {
      await page.goto(shopLink ?? '')
      await expect(page).toHaveURL(/\/cs\/p\//)
      await expect(page.getByRole('heading', { level: 1, name: czechName })).toBeVisible({
        timeout: 2_000,
      })
    }).toPass({ timeout: scaled(30_000) })
  })

  test('an editor adds, renames, moves and deletes folders from the tree', async ({ page }) => {
    test.setTimeout(scaled(90_000))
    await page.goto('/admin/data-objects')
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    const stamp = Date.now().toString(36)
    const common = (key: 'admin.common.add' | 'admin.common.rename' | 'admin.common.delete') =>
      adminCatalogue[key].cs

    async function addFolderUnderRoot(key: string): Promise<void> {
      await tree
        .getByRole('button', {
          name: cs('tree.actionsFor', { name: cs('tree.root'), type: cs('type.folder') }),
        })
        .click()
      await page.getByRole('menuitem', { name: cs('action.addFolder') }).click()
      const dialog = page.getByRole('dialog', { name: cs('action.addFolder') })
      await dialog.getByRole('textbox', { name: cs('dialog.key') }).fill(key)
      await dialog.getByRole('button', { name: common('admin.common.add') }).click()
      await expect(dialog).toBeHidden()
      await expect(tree.getByRole('treeitem', { name: key, exact: true })).toBeVisible()
    }

    // Add, then rename through the context menu (right click).
    await addFolderUnderRoot(`e2e-${stamp}`)
    await tree
      .getByRole('treeitem', { name: `e2e-${stamp}`, exact: true })
      .click({ button: 'right' })
    await page.getByRole('menuitem', { name: common('admin.common.rename') }).click()
    const rename = page.getByRole('dialog')
    await rename.getByRole('textbox', { name: cs('dialog.key') }).fill(`e2e-moved-${stamp}`)
    await rename.getByRole('button', { name: common('admin.common.rename') }).click()
    const moved = tree.getByRole('treeitem', { name: `e2e-moved-${stamp}`, exact: true })
    await expect(moved).toBeVisible()

    // Drag it onto another folder: it moves inside, one level deeper.
    await addFolderUnderRoot(`e2e-target-${stamp}`)
    const target = tree.getByRole('treeitem', { name: `e2e-target-${stamp}`, exact: true })
    await moved.dragTo(target)
    await expect(target).toHaveAttribute('aria-expanded', 'true')
    await expect(moved).toHaveAttribute('aria-level', '3')

    // Deleting the target says how many elements go, then removes both.
    await target.click({ button: 'right' })
    await page.getByRole('menuitem', { name: common('admin.common.delete') }).click()
    const confirm = page.getByRole('dialog')
    await expect(
      confirm.getByText(cs('delete.amount', { path: `/e2e-target-${stamp}`, count: 2 })),
    ).toBeVisible()
    await confirm.getByRole('button', { name: common('admin.common.delete') }).click()
    await expect(target).toBeHidden()
    await expect(moved).toBeHidden()
  })

  test('an address naming a folder opens it with its grid tab', async ({ page }) => {
    await page.goto('/admin/data-objects?id=1')
    const tree = page.getByRole('tree', { name: cs('tree.label') })
    await expect(tree.getByRole('treeitem', { name: cs('tree.root') })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByRole('tab', { name: cs('folder.children') })).toBeVisible()
    await expect(
      page.getByRole('table', { name: cs('folder.children') }).getByText('Products', {
        exact: true,
      }),
    ).toBeVisible()
  })
})
