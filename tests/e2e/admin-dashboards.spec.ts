import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(' | ')})`,
    ),
  ).toEqual([])
}

function column(page: Page, number: number) {
  return page.getByRole('group', {
    name: cs('dashboards.screen.column', { number: String(number) }),
  })
}

async function addWidget(page: Page, titleKey: string): Promise<void> {
  await page.getByRole('button', { name: cs('dashboards.screen.addWidget') }).click()
  await page.getByRole('menuitem', { name: cs(titleKey) }).click()
  // A new widget lands on top of the first column.
  await expect(column(page, 1).getByRole('region', { name: cs(titleKey) })).toBeVisible({
    timeout: scaled(10_000),
  })
}

test.describe('admin dashboards', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an administrator builds a dashboard with three widgets, moves one by keyboard and finds it again after a reload', async ({
    page,
  }) => {
    // The default dashboard is there from the start, with the system status among its widgets.
    const tabs = page.getByRole('tablist', { name: cs('dashboards.screen.tabsLabel') })
    await expect(tabs.getByRole('tab').first()).toBeVisible()
    await expect(page.getByRole('region', { name: cs('admin.status.title') })).toBeVisible()
    // Its charts, lists and feeds have loaded (each says so or shows its own error) — and pass axe.
    await expect(
      page.getByRole('status').filter({ hasText: cs('dashboards.widget.loading') }),
    ).toHaveCount(0, {
      timeout: scaled(15_000),
    })
    await expectNoSeriousAxeViolations(page)

    // A new dashboard of our own (named uniquely: journeys share the demo administrator).
    const name = `Cesta ${Date.now().toString(36)}`
    await page.getByRole('button', { name: cs('dashboards.screen.actions') }).click()
    await page.getByRole('menuitem', { name: cs('dashboards.screen.create') }).click()
    const dialog = page.getByRole('dialog', { name: cs('dashboards.screen.create') })
    await dialog.getByRole('textbox', { name: cs('dashboards.screen.nameLabel') }).fill(name)
    await dialog.getByRole('button', { name: cs('dashboards.screen.save') }).click()
    await expect(tabs.getByRole('tab', { name, selected: true })).toBeVisible()
    await expect(page).toHaveURL(/[?&]dashboard=/)
    await expect(page.getByText(cs('dashboards.screen.empty'))).toBeVisible()

    // Three widgets.
    await addWidget(page, 'dashboards.type.latestOrders')
    await addWidget(page, 'admin.status.title')
    await addWidget(page, 'dashboards.type.modificationStatistics')
    const latest = page.getByRole('region', { name: cs('dashboards.type.latestOrders') })
    await expect(
      latest.getByRole('table').or(latest.getByText(cs('dashboards.widget.empty'))),
    ).toBeVisible()
    const stats = page.getByRole('region', { name: cs('dashboards.type.modificationStatistics') })
    await expect(stats.getByRole('img')).toBeVisible()

    // The keyboard alone moves "latest orders" to the second column: Space, →, Space.
    const handle = page.getByRole('button', {
      name: cs('dashboards.widget.dragHandle', { title: cs('dashboards.type.latestOrders') }),
    })
    await handle.focus()
    await page.keyboard.press('Space')
    await expect(handle).toHaveAttribute('aria-pressed', 'true')
    const liveRegion = page.locator('[id^="DndLiveRegion"]')
    await expect(liveRegion).toContainText(cs('dashboards.type.latestOrders'))
    await page.keyboard.press('ArrowRight')
    await expect(liveRegion).toContainText(/sloupec 2/i)
    const saved = page.waitForResponse(
      (response) => response.url().includes('/admin/portal/reorder-widget') && response.ok(),
    )
    await page.keyboard.press('Space')
    await saved
    await expect(
      column(page, 2).getByRole('region', { name: cs('dashboards.type.latestOrders') }),
    ).toBeVisible()
    await expect(
      column(page, 1).getByRole('region', { name: cs('admin.status.title') }),
    ).toBeVisible()

    await expectNoSeriousAxeViolations(page)

    // After a reload the same dashboard opens with the widgets where they were left.
    await page.reload()
    await expect(tabs.getByRole('tab', { name, selected: true })).toBeVisible()
    await expect(
      column(page, 2).getByRole('region', { name: cs('dashboards.type.latestOrders') }),
    ).toBeVisible()
    await expect(
      column(page, 1).getByRole('region', { name: cs('dashboards.type.modificationStatistics') }),
    ).toBeVisible()
    await expect(
      column(page, 1).getByRole('region', { name: cs('admin.status.title') }),
    ).toBeVisible()

    // A phone 320 px wide: the columns stack without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 720 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
    await page.setViewportSize({ width: 1280, height: 720 })

    // The dashboard goes again (after a confirmation); the default one stays.
    await page.getByRole('button', { name: cs('dashboards.screen.actions') }).click()
    await page.getByRole('menuitem', { name: cs('dashboards.screen.delete') }).click()
    const confirm = page.getByRole('dialog', { name: cs('dashboards.screen.delete') })
    await expect(confirm).toContainText(name)
    await confirm.getByRole('button', { name: cs('dashboards.screen.delete') }).click()
    await expect(tabs.getByRole('tab', { name })).toHaveCount(0)
    await expect(
      page.getByRole('status').filter({ hasText: cs('dashboards.screen.deleted', { name }) }),
    ).toBeVisible()
  })
})
