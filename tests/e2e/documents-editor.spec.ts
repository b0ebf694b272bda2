import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import { cmsAdminEditorCatalogue } from '@optika/i18n/catalogue/cms-admin-editor'
import { cmsEditablesCatalogue } from '@optika/i18n/catalogue/cms-editables'
import { measureOverflow } from './overflow-kit.ts'
import { scaled } from './machine-pace.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

type Short<Catalogue, Prefix extends string> = keyof Catalogue extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** The editor's Czech texts (the demo admin works in Czech, the default). */
function ed(
  key: Short<typeof cmsAdminEditorCatalogue, 'cmsAdminEditor'>,
  values: Record<string, string | number> = {},
): string {
  return fill(cmsAdminEditorCatalogue[`cmsAdminEditor.${key}`].cs, values)
}

function label(key: Short<typeof cmsEditablesCatalogue, 'cmsEditables'>): string {
  return cmsEditablesCatalogue[`cmsEditables.${key}`].cs
}

function obj(key: Short<typeof adminPimObjectsCatalogue, 'adminPimObjects'>): string {
  return adminPimObjectsCatalogue[`adminPimObjects.${key}`].cs
}

/** The id of the document at a full path (the signed-in back office's own call). */
async function idForPath(page: Page, path: string): Promise<number> {
  const response = await page.request.get(
    `/admin/document/get-id-for-path?path=${encodeURIComponent(path)}`,
  )
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { id: number }).id
}

/** Opens a document in the back office; answers its editor. */
async function openEditor(page: Page, id: number, key: string) {
  await page.goto(`/admin/documents/${id}`)
  const editor = page.getByRole('article', { name: ed('editorLabel', { name: key }) })
  await expect(editor).toBeVisible({ timeout: scaled(20_000) })
  return editor
}

/**
 * What axe finds wrong in the document editor. The shop's own page in the preview frame is left
 * out: its landmarks would repeat the back office's, and the storefront's journeys check it.
 */
async function editorViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('article[aria-label^="Editor dokumentu"]')
    .exclude('iframe')
    .analyze()
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => [node.target, node.failureSummary]),
  }))
}

/** A `datetime-local` value in the browser's time zone, `minutes` from now (whole minutes). */
async function localDateTimeIn(page: Page, minutes: number): Promise<string> {
  return page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead * 60_000)
    const pad = (value: number) => String(value).padStart(2, '0')
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
  }, minutes)
}

test.describe('document editor', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an editor changes the terms page in Czech and English; the shop shows both with hreflang', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(180_000))
    const stamp = Date.now().toString(36)
    const texts = { cs: `Obchodní podmínky ${stamp}`, en: `Terms and conditions ${stamp}` }

    // Czech: a draft first, then the final text published; the live preview follows the typing.
    const csId = await idForPath(page, '/cs/terms')
    let editor = await openEditor(page, csId, 'terms')
    const preview = editor.frameLocator('iframe[data-testid="document-preview"]')
    const headline = editor.getByRole('textbox', { name: label('headline'), exact: true })
    await headline.fill(`Koncept ${stamp}`)
    await expect(preview.getByText(`Koncept ${stamp}`).first()).toBeVisible()
    await editor.getByRole('button', { name: ed('toolbar.saveDraft') }).click()
    await expect(editor.getByRole('status').filter({ hasText: ed('saved.version') })).toBeVisible()
    await expect(headline).toHaveValue(`Koncept ${stamp}`)
    await headline.fill(texts.cs)
    await editor.getByRole('button', { name: ed('toolbar.publish') }).click()
    await expect(editor.getByRole('status').filter({ hasText: ed('saved.publish') })).toBeVisible()
    expect(await editorViolations(page)).toEqual([])

    // The versions tab shows what the publish changed.
    await editor.getByRole('tab', { name: ed('tab.versions') }).click()
    const checks = editor.getByRole('checkbox', { name: /^Vybrat verzi \d+ k porovnání$/ })
    await expect(checks.nth(1)).toBeVisible()
    await checks.nth(0).check()
    await checks.nth(1).check()
    const diff = editor.getByRole('region', { name: /^Rozdíly mezi verzí/ })
    await expect(
      diff.getByRole('insertion').filter({ hasText: 'Obchodní podmínky' }).first(),
    ).toBeVisible()
    await expect(diff.getByRole('deletion').filter({ hasText: 'Koncept' }).first()).toBeVisible()

    // English: typed and published with Ctrl+S (a published document is published again).
    const enId = await idForPath(page, '/en/terms')
    editor = await openEditor(page, enId, 'terms')
    await editor.getByRole('textbox', { name: label('headline'), exact: true }).fill(texts.en)
    await page.keyboard.press('Control+s')
    await expect(editor.getByRole('status').filter({ hasText: ed('saved.publish') })).toBeVisible()

    // A visitor sees both, each pointing to the other with hreflang.
    const visitor = await browser.newContext()
    const shop = await visitor.newPage()
    for (const locale of ['cs', 'en'] as const) {
      const response = await shop.goto(`/${locale}/terms`)
      expect(response?.status()).toBe(200)
      await expect(shop.getByRole('heading', { level: 1, name: texts[locale] })).toBeVisible()
      const other = locale === 'cs' ? 'en' : 'cs'
      await expect(shop.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
        'href',
        new RegExp(`/${other}/terms$`),
      )
      await expect(shop.locator(`link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute(
        'href',
        new RegExp(`/${locale}/terms$`),
      )
    }
    await visitor.close()
  })

  test('an editor builds a landing page from area bricks with a product teaser row and publishes it on a schedule', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(300_000))
    const stamp = Date.now().toString(36)
    const key = `akce-${stamp}`
    const teaserTitle = `Tipy týdne ${stamp}`

    const products = await page.request.get(
      '/admin/search/find?types=object&classIds=Product&pageSize=1',
    )
    expect(products.status(), await products.text()).toBe(200)
    const product = ((await products.json()) as { items: { key: string; path: string }[] }).items[0]
    if (product === undefined) throw new Error('The demo data has no product')
    const added = await page.request.post('/admin/document/add', {
      data: { parentId: await idForPath(page, '/cs'), key, type: 'page', template: 'landing' },
    })
    expect(added.status(), await added.text()).toBe(200)
    const { id } = (await added.json()) as { id: number }

    const editor = await openEditor(page, id, key)
    await editor
      .getByRole('textbox', { name: label('heroTitle'), exact: true })
      .fill(`Akce ${stamp}`)

    // The brick library: a product teaser row with a product found by search, then a text.
    const addBrick = editor.getByRole('button', {
      name: ed('area.add', { name: label('content') }),
    })
    await addBrick.click()
    await page.getByRole('menuitem', { name: label('brick.productTeaser') }).click()
    const teaser = editor.getByRole('region', {
      name: ed('area.brick', { name: label('brick.productTeaser'), number: 1 }),
    })
    await teaser.getByRole('textbox', { name: label('title'), exact: true }).fill(teaserTitle)
    await teaser
      .getByRole('textbox', { name: ed('relations.search', { name: label('products') }) })
      .fill(product.key)
    await page.getByRole('option').filter({ hasText: product.path }).first().click()
    await expect(teaser.getByRole('link', { name: product.path })).toBeVisible()
    await addBrick.click()
    await page.getByRole('menuitem', { name: label('brick.text'), exact: true }).click()
    const text = editor.getByRole('region', {
      name: ed('area.brick', { name: label('brick.text'), number: 2 }),
    })
    await text.getByRole('textbox', { name: label('body') }).fill(`Jen tento týden ${stamp}.`)
    // Reorder: the text goes first.
    await text
      .getByRole('button', {
        name: obj('list.moveUp').replace(
          '{{name}}',
          ed('area.brick', { name: label('brick.text'), number: 2 }),
        ),
      })
      .click()
    await expect(
      editor.getByRole('region', {
        name: ed('area.brick', { name: label('brick.text'), number: 1 }),
      }),
    ).toBeVisible()

    // The preview draws the session draft, teaser included.
    const preview = editor.frameLocator('iframe[data-testid="document-preview"]')
    await expect(preview.getByText(teaserTitle).first()).toBeVisible({ timeout: scaled(20_000) })
    await editor.getByRole('button', { name: ed('toolbar.saveDraft') }).click()
    await expect(editor.getByRole('status').filter({ hasText: ed('saved.version') })).toBeVisible()
    expect(await editorViolations(page)).toEqual([])

    // Not published yet: a visitor gets the not-found page.
    const visitor = await browser.newContext()
    expect((await visitor.request.get(`/cs/${key}`)).status()).toBe(404)

    // Scheduled to publish in a minute or two; the shop's minute job runs it.
    await editor.getByRole('button', { name: ed('toolbar.schedule') }).click()
    await editor.getByLabel(obj('schedule.date')).fill(await localDateTimeIn(page, 2))
    await editor.getByRole('button', { name: obj('schedule.add'), exact: true }).click()
    await expect(editor.getByRole('cell', { name: obj('schedule.pending') })).toBeVisible()
    await expect
      .poll(async () => (await visitor.request.get(`/cs/${key}`)).status(), {
        timeout: scaled(180_000),
        intervals: [5_000],
      })
      .toBe(200)
    const shop = await visitor.newPage()
    await shop.goto(`/cs/${key}`)
    await expect(shop.getByText(teaserTitle).first()).toBeVisible()
    await expect(shop.getByText(`Jen tento týden ${stamp}.`)).toBeVisible()
    await visitor.close()

    // The editor at a phone's width: nothing sticks out.
    await page.setViewportSize({ width: 320, height: 720 })
    await page.reload()
    await expect(
      page.getByRole('article', { name: ed('editorLabel', { name: key }) }),
    ).toBeVisible()
    expect(await measureOverflow(page)).toBeNull()
  })
})
