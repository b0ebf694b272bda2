import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminPimClassesCatalogue } from '@optika/i18n/catalogue/admin-pim-classes'
import { signInAsAdmin } from './sign-in-as-admin.ts'

type Suffix<T> = T extends `adminPimClasses.${infer K}` ? K : never
type ClassText = Suffix<keyof typeof adminPimClassesCatalogue>

/** The editor's Czech texts (the back office's default language), from the seeded catalogue. */
function c(key: ClassText, params: Record<string, string> = {}): string {
  return adminPimClassesCatalogue[`adminPimClasses.${key}`].cs.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => params[name] ?? '',
  )
}
function admin(key: keyof typeof adminCatalogue): string {
  return adminCatalogue[key].cs
}

test('a catalogue manager defines a class with a localized input and a select', async ({
  page,
}) => {
  await signInAsAdmin(page)
  // Journeys run in parallel on one database: a class id of this run's own.
  const classId = `E2e${Date.now().toString(36)}`

  await page
    .getByRole('navigation', { name: admin('admin.nav.label') })
    .getByRole('link', { name: admin('admin.nav.classes') })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: admin('admin.nav.classes') }),
  ).toBeVisible()

  // A new class opens in the editor.
  await page.getByRole('button', { name: c('add.button') }).click()
  const dialog = page.getByRole('dialog', { name: c('add.button') })
  await dialog.getByRole('textbox', { name: c('add.id') }).fill(classId)
  await dialog.getByRole('textbox', { name: c('add.name'), exact: true }).fill('Čočky E2E')
  await dialog.getByRole('button', { name: c('add.submit') }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('heading', { level: 2, name: c('editor.heading', { name: 'Čočky E2E' }) }),
  ).toBeVisible()

  // A select with two options at the top level…
  await page.getByRole('button', { name: c('layout.addField') }).click()
  await page.getByRole('menuitem', { name: c('fieldType.select'), exact: true }).click()
  await page.getByRole('button', { name: c('node.addOption') }).click()
  await page.getByRole('button', { name: c('node.addOption') }).click()
  const first = page.getByRole('group', { name: c('node.optionRow', { number: '1' }) })
  await first.getByRole('textbox', { name: c('node.optionKey') }).fill('clear')
  await first.getByRole('textbox', { name: c('node.optionValue') }).fill('Čirá')
  const second = page.getByRole('group', { name: c('node.optionRow', { number: '2' }) })
  await second.getByRole('textbox', { name: c('node.optionKey') }).fill('tinted')
  await second.getByRole('textbox', { name: c('node.optionValue') }).fill('Tónovaná')

  // …then localized fields holding a text input.
  await page.getByRole('button', { name: c('layout.addContainer') }).click()
  await page.getByRole('menuitem', { name: c('layoutType.localizedfields') }).click()
  await page.getByRole('button', { name: c('layout.addField') }).click()
  await page.getByRole('menuitem', { name: c('fieldType.input'), exact: true }).click()
  // A name that is no identifier is refused with the field's error; nothing is saved.
  await page.getByRole('textbox', { name: c('node.name') }).fill('1 bad')
  await page.getByRole('button', { name: c('editor.save') }).click()
  await expect(page.getByRole('alert').filter({ hasText: c('editor.errors') })).toContainText(
    'layout',
  )
  await page.getByRole('textbox', { name: c('node.name') }).fill('lensName')
  await page.getByRole('textbox', { name: c('node.title') }).fill('Název čočky')
  const tree = page.getByRole('list', { name: c('layout.label') })
  await expect(tree.getByRole('button', { name: /Název čočky/ })).toBeVisible()

  // The editor with a field's settings open passes an accessibility check.
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => [v.id, v.nodes.map((n) => [n.target, n.failureSummary])]),
  ).toEqual([])

  // Ctrl+S saves, like the button.
  await page.keyboard.press('Control+s')
  await expect(page.getByRole('status').filter({ hasText: c('editor.saved') })).toBeVisible()

  // The export shows the saved definition as JSON.
  await page.getByRole('button', { name: c('editor.export') }).click()
  const exportDialog = page.getByRole('dialog', {
    name: c('editor.exportTitle', { name: 'Čočky E2E' }),
  })
  await expect(exportDialog).toBeVisible()
  const json = exportDialog.locator('pre')
  await expect(json).toContainText(`"id": "${classId}"`)
  await expect(json).toContainText('"type": "localizedfields"')
  await expect(json).toContainText('"name": "lensName"')
  await expect(json).toContainText('"key": "tinted"')
  await expect(exportDialog.getByRole('link', { name: c('editor.download') })).toHaveAttribute(
    'download',
    `class_${classId}_export.json`,
  )
})

test('option sets, field collections and custom layouts are edited on their own tabs', async ({
  page,
}) => {
  await signInAsAdmin(page)
  const suffix = Date.now().toString(36)
  await page.goto('/admin/class-definitions')

  // An option set with one row.
  await page.getByRole('tab', { name: c('tabs.selectOptions') }).click()
  await page.getByRole('textbox', { name: c('selectOptions.id') }).fill(`tints${suffix}`)
  await page.getByRole('button', { name: c('containers.add') }).click()
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: c('selectOptions.rows', { name: `tints${suffix}` }),
    }),
  ).toBeVisible()
  await page.getByRole('button', { name: c('node.addOption') }).click()
  const row = page.getByRole('group', { name: c('node.optionRow', { number: '1' }) })
  await row.getByRole('textbox', { name: c('node.optionKey') }).fill('grey')
  await row.getByRole('textbox', { name: c('node.optionValue') }).fill('Šedá')
  await page.getByRole('button', { name: c('editor.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: c('editor.saved') })).toBeVisible()

  // A field collection with a number field.
  await page.getByRole('tab', { name: c('tabs.fieldcollections') }).click()
  await page.getByRole('textbox', { name: c('containers.key') }).fill(`coating${suffix}`)
  await page.getByRole('button', { name: c('containers.add') }).click()
  await expect(page.getByRole('heading', { level: 2, name: `coating${suffix}` })).toBeVisible()
  await page.getByRole('button', { name: c('layout.addField') }).click()
  await page.getByRole('menuitem', { name: c('fieldType.number'), exact: true }).click()
  await page.getByRole('button', { name: c('editor.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: c('editor.saved') })).toBeVisible()

  // A custom layout of the demo Product class.
  await page.getByRole('tab', { name: c('tabs.classes') }).click()
  await page
    .getByRole('navigation', { name: c('tree.label') })
    .getByRole('button', { name: /^Product/ })
    .first()
    .click()
  await page.getByRole('tab', { name: c('editor.customLayoutsTab') }).click()
  await page.getByRole('textbox', { name: c('customLayouts.name') }).fill(`Sklad ${suffix}`)
  await page.getByRole('button', { name: c('customLayouts.add') }).click()
  await expect(
    page
      .getByRole('navigation', { name: c('customLayouts.list') })
      .getByRole('button', { name: `Sklad ${suffix}` }),
  ).toBeVisible()
  await page.getByRole('checkbox', { name: 'code', exact: true }).uncheck()
  await page
    .getByRole('button', { name: c('editor.save') })
    .last()
    .click()
  await expect(page.getByRole('status').filter({ hasText: c('editor.saved') })).toBeVisible()
})
