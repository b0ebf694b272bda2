import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminCustomersCatalogue } from '@optika/i18n/catalogue/admin-customers'
import { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'

/** A shop class's layout title in Czech, the demo admin's language. */
function titleCs(key: keyof typeof adminFixesCatalogue): string {
  return adminFixesCatalogue[key].cs
}

/** A back-office text in Czech with its placeholders filled in. */
function cs(
  key: keyof typeof adminPimObjectsCatalogue,
  values: Record<string, string> = {},
): string {
  return adminPimObjectsCatalogue[key].cs.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? '',
  )
}

/** The text before a key's first placeholder, as a pattern. */
function prefixOf(key: keyof typeof adminPimObjectsCatalogue): RegExp {
  const prefix = adminPimObjectsCatalogue[key].cs.split('{{')[0] ?? ''
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
}

/** Every axe violation on the page, of any impact, with the elements it names. */
async function violations(page: Page) {
  // Checked at rest: not with the pointer still hovering what was just clicked.
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => [node.target, node.failureSummary]),
  }))
}

/** Emoji and the pictographs that need a colour-emoji font. */
const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u

/** Opens the data objects, a brand folder under Products and its first product. */
async function openFirstProduct(page: Page) {
  await page
    .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
    .getByRole('link', { name: adminCatalogue['admin.nav.dataObjects'].cs })
    .click()
  const tree = page.getByRole('tree', {
    name: adminPimObjectsCatalogue['adminPimObjects.tree.label'].cs,
  })
  const products = tree.getByRole('treeitem', { name: 'Products', exact: true })
  await products.click()
  await expect(products).toHaveAttribute('aria-expanded', 'true')
  const brand = tree.getByRole('treeitem', { level: 3 }).first()
  await brand.click()
  await expect(brand).toHaveAttribute('aria-expanded', 'true')
  await tree.getByRole('treeitem', { level: 4 }).first().click()
  const editor = page.locator('section[aria-labelledby="object-editor-title"]')
  await expect(
    editor.getByRole('toolbar', {
      name: adminPimObjectsCatalogue['adminPimObjects.toolbar.label'].cs,
    }),
  ).toBeVisible()
  return { tree, products, editor }
}

/** The approved partner's status badge, by its exact text. */
function approvedBadge(page: Page): Locator {
  return page.getByText(adminCustomersCatalogue['adminCustomers.partnerStatus.approved'].cs, {
    exact: true,
  })
}

test.describe('back office: accessibility fixes', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('the data-object tree and the product editor pass axe without a single violation', async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000))
    const { tree, products, editor } = await openFirstProduct(page)
    await expect(editor.getByRole('tab', { name: 'CS', exact: true })).toBeVisible()
    expect(await violations(page)).toEqual([])

    // A big folder (the demo's Vistara holds 64 products) adds its key filter and "load more".
    const big = tree.getByRole('treeitem', { name: 'Vistara', exact: true })
    await big.click()
    await expect(big).toHaveAttribute('aria-expanded', 'true')
    const filter = page.getByRole('textbox', {
      name: cs('adminPimObjects.tree.filter', { name: 'Vistara' }),
    })
    await expect(filter).toBeVisible()
    const loadMore = tree.getByRole('treeitem', { name: prefixOf('adminPimObjects.tree.loadMore') })
    await expect(loadMore).toBeVisible()
    expect(await violations(page)).toEqual([])

    // "Load more" is an item of the tree: Enter on it brings the folder's remaining 14 products.
    // (Counted without the "load more" item itself, also an item at that level.)
    const shown = (await tree.getByRole('treeitem', { level: 4 }).count()) - 1
    await loadMore.focus()
    await page.keyboard.press('Enter')
    await expect(loadMore).toHaveCount(0)
    // Focus goes on to the first product the item brought, and the arrows go on from there.
    const firstBrought = tree.getByRole('treeitem', { level: 4 }).nth(shown)
    await expect(firstBrought).toBeFocused()
    await expect(tree.getByRole('treeitem', { level: 4 })).toHaveCount(shown + 14)
    // The filter above the tree narrows the folder's items.
    await filter.fill('no-such-key')
    await expect(tree.getByText(cs('adminPimObjects.tree.empty'))).toBeVisible()
    await filter.fill('')
    await expect(tree.getByRole('treeitem', { level: 4 })).toHaveCount(shown + 14)

    // The tree still answers the keyboard: Left closes, Right opens, Down moves into the folder.
    await products.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('ArrowRight')
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(tree.getByRole('treeitem', { level: 3 }).first()).toBeFocused()
    // Shift+F10 still opens the item's actions.
    await page.keyboard.press('Shift+F10')
    await expect(page.getByRole('menu')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
  })

  test('the tree draws its icons as SVG, never as emoji', async ({ page }) => {
    const { tree } = await openFirstProduct(page)
    const items = tree.getByRole('treeitem')
    // Folders and products each carry an SVG icon ...
    await expect(tree.locator('[data-icon="folder"] svg').first()).toBeVisible()
    await expect(tree.locator('[data-icon="object"] svg').first()).toBeVisible()
    expect(await tree.locator('[data-icon] svg').count()).toBe(await items.count())
    // ... and no item's text holds an emoji that would need a colour-emoji font.
    const texts = await items.allTextContents()
    expect(texts.filter((text) => EMOJI.test(text))).toEqual([])
  })

  test('the Czech product editor names its tabs and fields in Czech', async ({ page }) => {
    const { editor } = await openFirstProduct(page)
    for (const key of [
      'adminFixes.layoutTitle.basics',
      'adminFixes.layoutTitle.frame',
      'adminFixes.layoutTitle.sales',
      'adminFixes.layoutTitle.relations',
    ] as const) {
      await expect(editor.getByRole('tab', { name: titleCs(key), exact: true })).toBeVisible()
    }
    await expect(editor.getByRole('tab', { name: 'Basics', exact: true })).toHaveCount(0)
    await expect(
      editor.getByRole('textbox', { name: titleCs('adminFixes.layoutTitle.code'), exact: true }),
    ).toBeVisible()
    await expect(
      editor.getByRole('textbox', { name: titleCs('adminFixes.layoutTitle.name'), exact: true }),
    ).toBeVisible()
    await editor.getByRole('tab', { name: titleCs('adminFixes.layoutTitle.frame') }).click()
    await expect(
      editor.getByRole('textbox', {
        name: titleCs('adminFixes.layoutTitle.bridgeWidth'),
        exact: true,
      }),
    ).toBeVisible()
  })

  test('the partners screen with its approved badge passes axe without a single violation', async ({
    page,
  }) => {
    await page
      .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
      .getByRole('link', { name: adminCatalogue['admin.nav.partners'].cs })
      .click()
    await expect(
      page.getByRole('heading', { level: 1, name: adminCatalogue['admin.nav.partners'].cs }),
    ).toBeVisible()
    await page.getByRole('tab', { name: adminCatalogue['admin.nav.partners'].cs }).click()
    await expect(
      page
        .getByText(adminCustomersCatalogue['adminCustomers.partnerStatus.approved'].cs, {
          exact: true,
        })
        .first(),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test("the customers list and an approved partner's detail pass axe without a single violation", async ({
    page,
  }) => {
    await page
      .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
      .getByRole('link', { name: adminCatalogue['admin.nav.customers'].cs })
      .click()
    await expect(
      page.getByRole('heading', { level: 1, name: adminCatalogue['admin.nav.customers'].cs }),
    ).toBeVisible()
    const approved = page
      .getByRole('table')
      .getByText(adminCustomersCatalogue['adminCustomers.partnerStatus.approved'].cs, {
        exact: true,
      })
      .first()
    await expect(approved).toBeVisible()
    expect(await violations(page)).toEqual([])

    // The partner's own page shows the same badge.
    await page
      .getByRole('row')
      // The badge's exact text: "Schválen" is also inside the pending "Čeká na schválení".
      .filter({ has: approvedBadge(page) })
      .getByRole('link')
      .first()
      .click()
    await expect(
      page
        .getByText(adminCustomersCatalogue['adminCustomers.partnerStatus.approved'].cs, {
          exact: true,
        })
        .first(),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])
  })
})
