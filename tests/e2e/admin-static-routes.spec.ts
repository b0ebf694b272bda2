import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** A server message: translated into the browser's language, whichever that is. */
function inAnyLanguage(key: string): RegExp {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  const texts = Object.values(entry).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(texts.join('|'))
}

test('the admin defines a static route, tests an address and opens it on the storefront', async ({
  page,
}) => {
  // The demo catalogue's frames category, as a shopper finds it.
  await page.goto('/en')
  const framesHref = await page
    .locator('a[href*="/c/"][href$="/frames"]')
    .first()
    .getAttribute('href')
  const cid = /\/c\/(\d+)\//.exec(framesHref ?? '')?.[1]
  expect(cid).toBeTruthy()

  // A route of its own: journeys share one data directory, so its address is this run's.
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`
  const name = `e2e-brand-${stamp}`
  await signInAsAdmin(page)
  await page.goto('/admin/static-routes')
  await expect(
    page.getByRole('heading', { level: 1, name: cs('admin.nav.staticRoutes') }),
  ).toBeVisible()
  await page.getByRole('button', { name: cs('siteTools.routes.add') }).click()
  const form = page.getByRole('dialog', { name: cs('siteTools.routes.add') })
  await form.getByRole('textbox', { name: cs('siteTools.routes.field.name') }).fill(name)
  await form
    .getByRole('textbox', { name: cs('siteTools.routes.field.pattern') })
    .fill(`/{locale}/${stamp}/{brand}`)
  await form
    .getByRole('textbox', { name: cs('siteTools.routes.field.target'), exact: true })
    .fill(`cid=${cid}&brand={brand}`)
  await form.getByRole('button', { name: cs('siteTools.routes.save') }).click()
  await expect(form).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: cs('siteTools.routes.saved') }),
  ).toBeVisible()

  // A hostile pattern is refused with a translated message, and nothing is saved.
  await page.getByRole('button', { name: cs('siteTools.routes.add') }).click()
  const hostile = page.getByRole('dialog', { name: cs('siteTools.routes.add') })
  await hostile
    .getByRole('textbox', { name: cs('siteTools.routes.field.name') })
    .fill(`${name}-redos`)
  await hostile.getByRole('combobox', { name: cs('siteTools.routes.field.syntax') }).click()
  await page.getByRole('option', { name: cs('siteTools.routes.syntax.regex') }).click()
  await hostile.getByRole('textbox', { name: cs('siteTools.routes.field.pattern') }).fill('/(a+)+$')
  await hostile.getByRole('button', { name: cs('siteTools.routes.save') }).click()
  await expect(hostile.getByText(inAnyLanguage('siteTools.error.unsafeRegex'))).toBeVisible()
  await hostile.getByRole('button', { name: cs('siteTools.routes.cancel') }).click()
  await expect(hostile).toBeHidden()

  // The tester says which route answers an address and what it draws.
  await page
    .getByRole('textbox', { name: cs('siteTools.routes.test.path') })
    .fill(`/en/${stamp}/Vistara`)
  await page.getByRole('button', { name: cs('siteTools.routes.test.run') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: cs('siteTools.routes.test.matched', { name }) }),
  ).toBeVisible()
  await expect(page.getByText(`cid=${cid}&brand=Vistara`)).toBeVisible()

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
  await page.setViewportSize({ width: 320, height: 800 })
  await expect.poll(() => measureOverflow(page)).toBeNull()
  await page.setViewportSize({ width: 1280, height: 800 })

  // The storefront draws the route's address as the brand's frames.
  const response = await page.goto(`/en/${stamp}/Vistara`)
  expect(response?.status()).toBe(200)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Vistara')
  await expect(main.getByRole('article').first()).toBeVisible()

  // Deleted, the address is not found again.
  await page.goto('/admin/static-routes')
  await page.getByRole('searchbox', { name: cs('siteTools.routes.search') }).fill(name)
  await page.getByRole('button', { name: `${cs('siteTools.routes.delete')}: ${name}` }).click()
  await page
    .getByRole('dialog', { name: cs('siteTools.routes.delete') })
    .getByRole('button', { name: cs('siteTools.routes.delete') })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: cs('siteTools.routes.deleted') }),
  ).toBeVisible()
  expect((await page.goto(`/en/${stamp}/Vistara`))?.status()).toBe(404)
})
