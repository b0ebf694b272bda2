import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { notificationsCatalogue } from '@optika/i18n/catalogue/notifications'
import { workflowCatalogue } from '@optika/i18n/catalogue/workflow'
import { scaled } from './machine-pace.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** A Czech text of the workflow screens (the back office's default language). */
function cs(key: keyof typeof workflowCatalogue, values: Record<string, string | number> = {}) {
  return workflowCatalogue[key].cs.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  )
}

function notificationsCs(
  key: keyof typeof notificationsCatalogue,
  values: Record<string, string | number> = {},
) {
  return notificationsCatalogue[key].cs.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  )
}

/** Serious or critical axe findings in the screen's content (the shell has its own journeys). */
async function severeViolations(page: Page) {
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).include('#main-content').analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) }))
}

interface TreeNode {
  id: number
  key: string
  type: string
  classId: string | null
  hasChildren: boolean
}

async function childrenOf(request: APIRequestContext, id: number): Promise<TreeNode[]> {
  const response = await request.get(
    `/admin/object/tree-get-children-by-id?node=${id}&limit=1000&variants=false`,
  )
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { nodes: TreeNode[] }).nodes
}

/**
 * A demo product still in the workflow's draft place. Other journeys edit the first products of
 * the first brands, so this looks from the last brand's last product backwards.
 */
async function findDraftProduct(request: APIRequestContext): Promise<TreeNode> {
  const root = await childrenOf(request, 1)
  const products = root.find((node) => node.key === 'Products')
  expect(products, 'the demo Products folder').toBeDefined()
  const brands = (await childrenOf(request, products!.id)).filter((node) => node.hasChildren)
  for (const brand of brands.reverse()) {
    const items = (await childrenOf(request, brand.id)).filter(
      (node) => node.type === 'object' && node.classId !== null,
    )
    for (const item of items.reverse()) {
      const details = await request.get(
        `/admin/workflow/get-workflow-details?ctype=object&cid=${item.id}`,
      )
      if (!details.ok()) continue
      const body = (await details.json()) as {
        data: { workflowName: string; places: { name: string }[] }[]
      }
      const workflow = body.data.find((entry) => entry.workflowName === 'product_publication')
      if (workflow?.places.some((place) => place.name === 'draft')) return item
    }
  }
  throw new Error('no demo product in the draft place')
}

/** Fires an action from the panel: its dialog, an optional note, the submit, the confirmation. */
async function fire(page: Page, panel: Locator, label: string, note?: string): Promise<void> {
  await panel.getByRole('button', { name: label, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: label })
  await expect(dialog).toBeVisible()
  if (note !== undefined) {
    await dialog.getByRole('textbox', { name: cs('workflow.panel.dialog.note') }).fill(note)
  }
  await dialog
    .getByRole('button', { name: cs('workflow.panel.dialog.submit', { action: label }) })
    .click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByRole('status')).toContainText(
    cs('workflow.panel.done', { action: label }),
  )
}

test.describe('workflow', () => {
  test('an editor moves a product from draft to published and the catalogue manager is notified', async ({
    page,
  }) => {
    test.setTimeout(scaled(180_000))
    const stamp = Date.now().toString(36)
    await signInAsAdmin(page)

    // The definitions screen lists the demo workflow; its editor shows the places and the graph.
    await page
      .getByRole('navigation', { name: adminCatalogue['admin.nav.label'].cs })
      .getByRole('link', { name: adminCatalogue['admin.nav.workflows'].cs })
      .click()
    await expect(page).toHaveURL(/\/admin\/workflows$/)
    await page.getByRole('searchbox', { name: cs('workflow.screen.list.search') }).fill('product')
    const link = page.getByRole('link', { name: cs('workflow.demo.label'), exact: true })
    await expect(link).toBeVisible()
    expect(await severeViolations(page)).toEqual([])
    await link.click()
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: cs('workflow.screen.editTitle', { name: cs('workflow.demo.label') }),
      }),
    ).toBeVisible()
    await expect(
      page.getByRole('img', { name: new RegExp(cs('workflow.demo.label')) }),
    ).toBeVisible({
      timeout: scaled(15_000),
    })
    // A label left empty is refused and the problem shows at the field; nothing is saved.
    const label = page.getByRole('textbox', { name: cs('workflow.screen.field.label') })
    await label.fill('')
    await page.getByRole('button', { name: cs('workflow.screen.save'), exact: true }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expect(label).toHaveAttribute('aria-invalid', 'true')
    await label.fill('workflow.demo.label')
    await page.getByRole('button', { name: cs('workflow.screen.save'), exact: true }).click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('workflow.screen.saved') }),
    ).toBeVisible()
    expect(await severeViolations(page)).toEqual([])

    // A product in draft: the panel in its editor shows the place and the way on.
    const product = await findDraftProduct(page.request)
    await page.goto(`/admin/data-objects/${product.id}`)
    const panel = page.getByRole('region', { name: cs('workflow.panel.title') })
    await expect(panel).toBeVisible({ timeout: scaled(15_000) })
    const places = panel.getByRole('group', { name: cs('workflow.panel.currentPlaces') })
    await expect(places).toContainText(cs('workflow.demo.place.draft'))
    // Only an approved product may be published: no publish step from draft.
    await expect(
      panel.getByRole('button', { name: cs('workflow.demo.action.publish'), exact: true }),
    ).toHaveCount(0)

    // Into review (with the dialog's help text and a note), then approved, then published.
    await panel
      .getByRole('button', { name: cs('workflow.demo.action.submitForReview'), exact: true })
      .click()
    const reviewDialog = page.getByRole('dialog', {
      name: cs('workflow.demo.action.submitForReview'),
    })
    await expect(reviewDialog).toContainText('texty, ceny a obrázky')
    await reviewDialog.getByRole('button', { name: cs('workflow.panel.dialog.cancel') }).click()
    await fire(
      page,
      panel,
      cs('workflow.demo.action.submitForReview'),
      `Prosím o kontrolu ${stamp}`,
    )
    await expect(places).toContainText(cs('workflow.demo.place.inReview'))
    await expect(
      panel.getByRole('button', { name: cs('workflow.demo.action.publish'), exact: true }),
    ).toHaveCount(0)
    expect(await severeViolations(page)).toEqual([])

    await fire(page, panel, cs('workflow.demo.action.approve'))
    await expect(places).toContainText(cs('workflow.demo.place.approved'))
    await fire(page, panel, cs('workflow.demo.action.publish'))
    await expect(places).toContainText(cs('workflow.demo.place.published'))

    // The history: who did what, with the note.
    await panel.getByRole('button', { name: /^Historie \(\d+\)$/ }).click()
    const history = panel.getByRole('table', {
      name: cs('workflow.panel.history.title', { workflow: cs('workflow.demo.label') }),
    })
    await expect(history).toContainText(`Prosím o kontrolu ${stamp}`)
    await expect(history).toContainText(cs('workflow.demo.action.publish'))
    await panel.getByRole('button', { name: cs('workflow.panel.graph.show') }).click()
    await expect(
      panel.getByRole('img', {
        name: cs('workflow.panel.graph.alt', { workflow: cs('workflow.demo.label') }),
      }),
    ).toBeVisible()
    expect(await severeViolations(page)).toEqual([])

    // The catalogue manager signs in and finds the notification about the review (the newest
    // first), with the note written at it.
    await page.context().clearCookies()
    await page.goto('/admin/login')
    await page
      .getByRole('textbox', { name: adminCatalogue['admin.auth.username'].cs })
      .fill('katalog')
    await page
      .getByRole('textbox', { name: adminCatalogue['admin.auth.password'].cs, exact: true })
      .fill('Optika-katalog-2026')
    await page.getByRole('button', { name: adminCatalogue['admin.auth.login.submit'].cs }).click()
    await expect(page).not.toHaveURL(/\/admin\/login/)
    await page.goto('/admin/notifications')
    const open = page.getByRole('link', {
      name: notificationsCs('notifications.action.open', {
        title: `${cs('workflow.demo.label')}: ${cs('workflow.demo.action.submitForReview')}`,
      }),
    })
    await expect(open.first()).toBeVisible({ timeout: scaled(15_000) })
    await open.first().click()
    await expect(page.getByText(`Prosím o kontrolu ${stamp}`).first()).toBeVisible()
  })
})
