import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { cmsAdminEditorCatalogue } from '@optika/i18n/catalogue/cms-admin-editor'
import { cmsEditablesCatalogue } from '@optika/i18n/catalogue/cms-editables'
import { cmsMailsCatalogue } from '@optika/i18n/catalogue/cms-mails'
import AxeBuilder from '@axe-core/playwright'
import { en, fillCart, fillCzechBuyer, placeOrder } from './checkout-kit.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

type Short<Catalogue, Prefix extends string> = keyof Catalogue extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** The e-mail panel's Czech texts (the demo admin works in Czech). */
function mails(
  key: Short<typeof cmsMailsCatalogue, 'cmsMails'>,
  values: Record<string, string | number> = {},
): string {
  return fill(cmsMailsCatalogue[`cmsMails.${key}`].cs, values)
}

function ed(
  key: Short<typeof cmsAdminEditorCatalogue, 'cmsAdminEditor'>,
  values: Record<string, string | number> = {},
): string {
  return fill(cmsAdminEditorCatalogue[`cmsAdminEditor.${key}`].cs, values)
}

async function idForPath(page: Page, path: string): Promise<number> {
  const response = await page.request.get(
    `/admin/document/get-id-for-path?path=${encodeURIComponent(path)}`,
  )
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { id: number }).id
}

interface LoggedMail {
  id: number
  subject: string
}

/** The newest mail to `to` in the back office's e-mail log, with its text. */
async function newestMailTo(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string; html: string | null } | null> {
  const list = await request.get(`/admin/email/email-logs?to=${encodeURIComponent(to)}`)
  const { items } = (await list.json()) as { items: LoggedMail[] }
  const newest = items[0]
  if (!newest) return null
  const entry = await request.get(`/admin/email/show-email-log/${newest.id}`)
  return (await entry.json()) as { subject: string; text: string; html: string | null }
}

test.describe('the shop’s mails are e-mail documents', () => {
  test('an editor changes the order confirmation, sends a test, and a real order’s mail says it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(180_000))
    const stamp = Date.now().toString(36)
    const line = `Děkujeme, že nosíte Optiku ${stamp}.`
    await signInAsAdmin(page)

    // The English order confirmation: the guest below orders in English.
    const id = await idForPath(page, '/en/emails/order-confirmation')
    await page.goto(`/admin/documents/${id}`)
    const editor = page
      .getByRole('article')
      .filter({ has: page.getByRole('toolbar', { name: ed('toolbar.label') }) })
    await expect(editor).toBeVisible({ timeout: scaled(20_000) })

    // The envelope: the mail kind is set, the subject gets the stamp; the body a new last line.
    await expect(editor.getByRole('combobox', { name: mails('panel.mailKind') })).toHaveValue(
      mails('kind.orderConfirmation'),
    )
    const subject = editor.getByRole('textbox', { name: mails('panel.subject'), exact: true })
    await expect(subject).toHaveValue(/\{\{orderNumber\}\}/)
    await subject.fill(`Order {{orderNumber}} is on its way to the workshop ${stamp}`)
    // The preview follows (filled with the newest order, or example values), as HTML and text.
    // Wait for it before typing in the body, so the editor is not redrawn under the caret.
    const preview = editor.getByRole('region', { name: mails('panel.preview') })
    await expect(preview.getByTestId('email-preview-subject')).toContainText(stamp)
    const body = editor.getByRole('textbox', {
      name: cmsEditablesCatalogue['cmsEditables.body'].cs,
    })
    await body.locator('p').last().click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type(line)
    await expect(body.locator('p').last()).toHaveText(line)

    await expect(preview.frameLocator('iframe').getByText(line, { exact: true })).toBeVisible()
    await preview.getByRole('tab', { name: mails('panel.text') }).click()
    await expect(preview.getByTestId('email-preview-text')).toContainText(line)

    // A test mail to any address, in the e-mail log.
    const tester = `tester.${stamp}@example.com`
    await preview.getByRole('textbox', { name: mails('panel.testTo') }).fill(tester)
    await preview.getByRole('button', { name: mails('panel.sendTest') }).click()
    await expect(
      preview.getByRole('status').filter({ hasText: mails('panel.testSent', { to: tester }) }),
    ).toBeVisible()
    await expect
      .poll(async () => (await newestMailTo(page.request, tester))?.text ?? '')
      .toContain(line)
    // The editor with its e-mail panel has no accessibility problems (the tree beside it is another screen's).
    const axe = await new AxeBuilder({ page }).include('main article').analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])

    // Published, the next real order's confirmation says it.
    await editor.getByRole('button', { name: ed('toolbar.publish') }).click()
    await expect(editor.getByRole('status').filter({ hasText: ed('saved.publish') })).toBeVisible()

    const buyer = `buyer.${stamp}@example.com`
    const shopper = await browser.newContext()
    const shop = await shopper.newPage()
    await shop.goto('/en')
    await fillCart(shop.request)
    await shop.goto('/en/cart/shipping-payment')
    await shop.getByRole('radio', { name: /Forwarding company/ }).check()
    await shop.getByRole('radio', { name: /Bank transfer/ }).check()
    await fillCzechBuyer(shop, buyer)
    await shop.getByRole('button', { name: en('cartPage.continue') }).click()
    await expect(shop).toHaveURL(/\/en\/cart\/confirm$/)
    await placeOrder(shop)
    const number = (await shop.getByTestId('order-number').textContent())?.trim() ?? ''
    expect(number).not.toBe('')
    await shopper.close()

    await expect
      .poll(async () => (await newestMailTo(page.request, buyer))?.subject ?? '', {
        timeout: scaled(20_000),
      })
      .toBe(`Order ${number} is on its way to the workshop ${stamp}`)
    const mail = await newestMailTo(page.request, buyer)
    expect(mail?.text).toContain(line)
    // The rest of the mail is still the order's: items, bank details, the QR code.
    expect(mail?.text).toContain(`Variable symbol (payment reference) | ${number}`)
    expect(mail?.html).toContain('src="data:image/png;base64,')

    // The editor with its e-mail panel fits a phone's 320 px.
    await page.setViewportSize({ width: 320, height: 900 })
    await page.goto(`/admin/documents/${id}`)
    await expect(page.getByRole('region', { name: mails('panel.preview') })).toBeVisible({
      timeout: scaled(20_000),
    })
    expect(await measureOverflow(page)).toBeNull()
  })
})
