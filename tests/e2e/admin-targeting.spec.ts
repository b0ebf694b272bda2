import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}
function sk(key: string): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.sk
}

/** The demo's Slovak hero on /sk (demo-targeting.ts). */
const SLOVAK_HERO = 'Vitajte, susedia zo Slovenska!'

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

test('a targeting rule for Slovak visitors shows the variant hero on /sk', async ({
  page,
  browser,
}) => {
  // Journeys share one data directory: this run's own rule and partner site.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const site = `partner-${run}.example`
  const name = `Slovak visitors from ${site}`

  await signInAsAdmin(page)
  await page.goto('/admin/personalization')
  await expect(page).toHaveURL(/\/admin\/personalization\/rules$/)
  await expect(
    page.getByRole('heading', { level: 1, name: cs('admin.nav.targeting') }),
  ).toBeVisible()

  // A new rule: a Czech browser coming from the partner site counts as a Slovak visitor.
  await page.getByRole('textbox', { name: cs('targeting.screen.rule.newName') }).fill(name)
  await page.getByRole('button', { name: cs('targeting.screen.rule.add') }).click()
  const editor = page.getByRole('form', { name: cs('targeting.screen.rule.editing', { name }) })
  await expect(editor).toBeVisible()
  await editor
    .getByRole('combobox', { name: cs('targeting.screen.newConditionType') })
    .selectOption('referrer')
  await editor.getByRole('button', { name: cs('targeting.screen.addCondition') }).click()
  await editor.getByRole('textbox', { name: cs('targeting.screen.condition.referrer') }).fill(site)
  await editor
    .getByRole('combobox', { name: cs('targeting.screen.action.group') })
    .selectOption({ label: 'Slovak visitors' })
  await editor.getByRole('button', { name: cs('targeting.screen.save') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: cs('targeting.screen.rule.saved') }),
  ).toBeVisible()

  // Moved to the top with the keyboard (the move buttons), each move announced.
  const rules = page.getByRole('list', { name: cs('targeting.screen.tab.rules') })
  const entry = rules.getByRole('listitem').filter({ hasText: name })
  const position = Number.parseInt((await entry.textContent()) ?? '1', 10)
  const up = page.getByRole('button', { name: cs('targeting.screen.rule.moveUp', { name }) })
  for (let to = position - 1; to >= 1; to--) {
    // Disabled while the previous move is saved; a press then would be lost.
    await expect(up).toBeEnabled()
    await up.focus()
    await page.keyboard.press('Enter')
    await expect(rules.getByRole('listitem').nth(to - 1)).toContainText(name)
    await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible()
  }
  await expect(up).toBeDisabled()

  await expectNoSeriousAxe(page)
  await page.setViewportSize({ width: 320, height: 800 })
  await expect.poll(() => measureOverflow(page)).toBeNull()
  await page.setViewportSize({ width: 1280, height: 800 })
  // The target groups tab lists the demo's groups.
  await page.getByRole('tab', { name: cs('targeting.screen.tab.groups') }).click()
  await expect(page.getByRole('cell', { name: 'Slovak visitors', exact: true })).toBeVisible()
  await expectNoSeriousAxe(page)

  // A Czech visitor from the partner site sees the Slovak hero on /sk; without it, the default.
  const visitor = await browser.newContext({ locale: 'cs-CZ' })
  const shop = await visitor.newPage()
  await shop.goto('/sk', { referer: `https://${site}/` })
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(SLOVAK_HERO)
  // Asked, not assumed: the consent banner, reachable and accessible.
  const banner = shop.getByRole('region', { name: sk('targeting.storefront.consent.title') })
  await expect(banner).toBeVisible()
  await expectNoSeriousAxe(shop)
  await shop.goto('/sk')
  await expect(shop.getByRole('heading', { level: 1 })).not.toHaveText(SLOVAK_HERO)
  // Refusing is as easy as agreeing, and remembered.
  await banner.getByRole('button', { name: sk('targeting.storefront.consent.decline') }).click()
  await expect(shop.getByText(sk('targeting.storefront.consent.current.denied'))).toBeVisible()
  const cookies = await visitor.cookies()
  expect(cookies.filter((c) => /optika-(visitor|visits)/.test(c.name))).toEqual([])
  await visitor.close()

  // Deleted, the partner site's visitors see the default hero again.
  await page.getByRole('tab', { name: cs('targeting.screen.tab.rules') }).click()
  await page.getByRole('button', { name: new RegExp(`^\\d+\\. ${name}`) }).click()
  await page
    .getByRole('form', { name: cs('targeting.screen.rule.editing', { name }) })
    .getByRole('button', { name: cs('targeting.screen.delete') })
    .click()
  await page
    .getByRole('dialog', { name: cs('targeting.screen.rule.deleteTitle') })
    .getByRole('button', { name: cs('targeting.screen.delete') })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: cs('targeting.screen.rule.deleted', { name }) }),
  ).toBeVisible()
  const later = await browser.newContext({ locale: 'cs-CZ' })
  const again = await later.newPage()
  await again.goto('/sk', { referer: `https://${site}/` })
  await expect(again.getByRole('heading', { level: 1 })).not.toHaveText(SLOVAK_HERO)
  await later.close()
})
