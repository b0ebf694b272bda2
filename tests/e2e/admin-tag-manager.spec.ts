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

test.describe('back office: tag manager', () => {
  test('the admin adds a tag with a sub-tag, renames it and deletes it with its sub-tag', async ({
    page,
  }, testInfo) => {
    // Journeys share one database: the names are this run's own.
    const root = `E2E štítky ${testInfo.workerIndex}-${Date.now()}`
    const child = `${root} podřízený`
    const renamed = `${root} nový`
    await signInAsAdmin(page)
    await page
      .getByRole('navigation')
      .getByRole('link', { name: cs('admin.nav.tags') })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: cs('admin.nav.tags') })).toBeVisible()
    // The demo's tags are there.
    const tree = page.getByRole('region', { name: cs('tagManager.tree') })
    await expect(tree.getByText('Marketing', { exact: true })).toBeVisible()

    const newRoot = page.getByRole('region', { name: cs('tagManager.newRoot') })
    await newRoot.getByRole('textbox', { name: cs('tagManager.name') }).fill(root)
    await newRoot.getByRole('button', { name: cs('admin.common.add') }).click()
    await expect(tree.getByText(root, { exact: true })).toBeVisible()

    await tree
      .getByRole('button', { name: cs('tagManager.addChildOf', { name: `/${root}` }), exact: true })
      .click()
    const childName = tree.getByRole('textbox', { name: cs('tagManager.name') })
    await expect(childName).toBeFocused()
    await childName.fill(child)
    await childName.press('Enter')
    await expect(tree.getByText(child, { exact: true })).toBeVisible()

    // Rename with the keyboard: the field takes focus, Enter saves.
    await tree
      .getByRole('button', { name: cs('tagManager.renameTag', { name: `/${root}` }), exact: true })
      .click()
    const nameField = tree.getByRole('textbox', {
      name: cs('tagManager.renameTag', { name: `/${root}` }),
      exact: true,
    })
    await expect(nameField).toBeFocused()
    await nameField.fill(renamed)
    await nameField.press('Enter')
    await expect(tree.getByText(renamed, { exact: true })).toBeVisible()
    await expect(tree.getByText(child, { exact: true })).toBeVisible()

    // Usable on a phone: nothing sticks out sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
    await page.setViewportSize({ width: 1280, height: 800 })

    // Checked at rest: not with the pointer still hovering what was just clicked.
    await page.mouse.move(0, 0)
    const axe = await new AxeBuilder({ page }).analyze()
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])

    await tree
      .getByRole('button', {
        name: cs('tagManager.deleteTag', { name: `/${renamed}` }),
        exact: true,
      })
      .click()
    const confirm = page.getByRole('dialog', {
      name: cs('tagManager.deleteTitle', { name: `/${renamed}` }),
    })
    await confirm.getByRole('button', { name: cs('admin.common.delete') }).click()
    await expect(confirm).toBeHidden()
    await expect(tree.getByText(renamed, { exact: true })).toHaveCount(0)
    await expect(tree.getByText(child, { exact: true })).toHaveCount(0)
  })
})
