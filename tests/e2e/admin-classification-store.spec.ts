import { expect, test } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminPimStoresCatalogue } from '@optika/i18n/catalogue/admin-pim-stores'
import { signInAsAdmin } from './sign-in-as-admin.ts'

type Suffix<T> = T extends `adminPimStores.${infer K}` ? K : never
type StoreText = Suffix<keyof typeof adminPimStoresCatalogue>

/** The screens' Czech texts (the back office's default language), from the seeded catalogue. */
function s(key: StoreText, params: Record<string, string> = {}): string {
  return adminPimStoresCatalogue[`adminPimStores.${key}`].cs.replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => params[name] ?? '',
  )
}
function admin(key: keyof typeof adminCatalogue): string {
  return adminCatalogue[key].cs
}

test('a catalogue manager builds a classification store and converts units', async ({ page }) => {
  await signInAsAdmin(page)
  // Journeys run in parallel on one database: a store name of this run's own.
  const storeName = `E2E ${Date.now().toString(36)}`

  // A new store becomes the chosen one.
  await page.goto('/admin/classification-stores')
  await expect(
    page.getByRole('heading', { level: 1, name: admin('admin.nav.classificationStore') }),
  ).toBeVisible()
  await page.getByRole('button', { name: s('store.create') }).click()
  const storeDialog = page.getByRole('dialog', { name: s('store.createTitle') })
  await storeDialog.getByRole('textbox', { name: s('field.name'), exact: true }).fill(storeName)
  await storeDialog.getByRole('button', { name: admin('admin.common.save') }).click()
  await expect(storeDialog).toBeHidden()
  await expect(
    page.getByLabel(s('store.label'), { exact: true }).locator('option:checked'),
  ).toHaveText(storeName)

  // A group.
  await page.getByRole('tab', { name: s('tab.groups') }).click()
  await page.getByRole('button', { name: s('groups.add') }).click()
  const groupDialog = page.getByRole('dialog', { name: s('groups.createTitle') })
  await groupDialog.getByRole('textbox', { name: s('field.name'), exact: true }).fill('Rozměry')
  await groupDialog
    .getByRole('textbox', { name: s('field.description'), exact: true })
    .fill('Velikosti obruby')
  await groupDialog.getByRole('button', { name: admin('admin.common.save') }).click()
  await expect(groupDialog).toBeHidden()
  const groups = page.getByRole('table', { name: s('tab.groups') })
  await expect(groups.getByRole('cell', { name: 'Rozměry', exact: true })).toBeVisible()

  // A key: a number between 30 and 70.
  await page.getByRole('tab', { name: s('tab.keys') }).click()
  await page.getByRole('button', { name: s('keys.add') }).click()
  const keyDialog = page.getByRole('dialog', { name: s('key.createTitle') })
  await keyDialog.getByRole('textbox', { name: s('field.name'), exact: true }).fill('lensWidth')
  await keyDialog.getByRole('textbox', { name: s('field.title'), exact: true }).fill('Šířka skla')
  await keyDialog.getByLabel(s('field.type'), { exact: true }).selectOption('number')
  await keyDialog.getByRole('textbox', { name: s('setting.min'), exact: true }).fill('30')
  await keyDialog.getByRole('textbox', { name: s('setting.max'), exact: true }).fill('70')
  await keyDialog.getByRole('button', { name: admin('admin.common.save') }).click()
  await expect(keyDialog).toBeHidden()
  const keys = page.getByRole('table', { name: s('tab.keys') })
  await expect(keys.getByRole('cell', { name: 'lensWidth', exact: true })).toBeVisible()
  await expect(keys.getByRole('cell', { name: s('type.number'), exact: true })).toBeVisible()

  // The key joins the group as mandatory.
  await page.getByRole('tab', { name: s('tab.groups') }).click()
  await page.getByRole('button', { name: s('groups.relations', { name: 'Rozměry' }) }).click()
  const editor = page.getByRole('region', { name: s('relations.groupTitle', { name: 'Rozměry' }) })
  await editor
    .getByLabel(s('relations.key'), { exact: true })
    .selectOption({ label: 'lensWidth – Šířka skla' })
  await editor.getByRole('checkbox', { name: s('field.mandatory'), exact: true }).check()
  await editor.getByRole('button', { name: s('relations.addKey') }).click()
  await expect(
    editor.getByRole('checkbox', { name: s('relations.mandatoryOf', { name: 'lensWidth' }) }),
  ).toBeChecked()
  await expect(editor.getByRole('cell', { name: 'lensWidth – Šířka skla' })).toBeVisible()

  // The units screen converts 10 cm to mm (Enter in the value field submits).
  await page.goto('/admin/quantity-units')
  const tool = page.getByRole('region', { name: s('convert.title') })
  await tool.getByLabel(s('convert.from'), { exact: true }).selectOption('cm')
  await tool.getByLabel(s('convert.to'), { exact: true }).selectOption('mm')
  const value = tool.getByRole('textbox', { name: s('convert.value'), exact: true })
  await value.fill('10')
  await value.press('Enter')
  await expect(tool.getByRole('status')).toHaveText('10 cm = 100 mm')
})
