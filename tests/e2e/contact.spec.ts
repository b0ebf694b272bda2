import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import { png } from './asset-kit.ts'
import { scaled } from './machine-pace.ts'
import { overflowsOf } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/**
 * The contact form with topic (issue 18): a visitor writes with a topic, phone and a picture,
 * the message appears in the back office (/admin/contact-messages), the staff reply by mail and
 * the e-mail log has the reply; the same form works without JavaScript.
 */

function text(key: string, params: Record<string, string> = {}, locale: Locale = 'en'): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}
const en = (key: string, params: Record<string, string> = {}) => text(key, params, 'en')
const cs = (key: string, params: Record<string, string> = {}) => text(key, params, 'cs')

/** Reads the code from the captcha picture the page shows and types it. */
async function solveCaptcha(page: Page): Promise<void> {
  const picture = page.getByRole('img', { name: en('account.captchaImage') })
  await expect(picture.locator('svg')).toBeVisible({ timeout: scaled(10_000) })
  const code = readCaptchaSvg(await picture.innerHTML())
  await page.getByRole('textbox', { name: en('validation.captchaLabel') }).fill(code)
}

/** Whether the back office's e-mail log has a mail whose text holds all of `parts`. */
async function mailLogHas(admin: Page, parts: readonly string[]): Promise<boolean> {
  const list = await admin.request.get('/admin/email/email-logs?limit=30')
  const { items } = (await list.json()) as { items: { id: number }[] }
  for (const item of items) {
    const shown = await admin.request.get(`/admin/email/show-email-log/${item.id}`)
    const { text: body } = (await shown.json()) as { text: string }
    if (parts.every((part) => body.includes(part))) return true
  }
  return false
}

test.describe('the contact form with topic', () => {
  test('a visitor writes with a topic and a picture, the staff answer it from the back office', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now()
    const question = `Do you repair the hinge of my Zofie frames? (${stamp})`
    await page.setViewportSize({ width: 320, height: 800 })
    await page.goto('/en/contact')
    const form = page.getByRole('form', { name: en('cmsPages.contactFormTitle') })
    const send = form.getByRole('button', { name: en('cmsBricks.contact.submit') })
    await expect(send).toBeEnabled({ timeout: scaled(10_000) })

    // A wrong phone format is named with the country's example before anything is sent.
    const topic = form.getByRole('combobox', { name: en('contact.topic') })
    await topic.selectOption({ label: en('contact.topics.complaint') })
    await form.getByRole('textbox', { name: en('cmsBricks.contact.name') }).fill('Jana Nováková')
    await form.getByRole('textbox', { name: en('customer.email') }).fill('jana.contact@example.com')
    const phone = form.getByRole('textbox', { name: en('contact.form.phone') })
    await phone.fill('601 234')
    await form.getByRole('textbox', { name: en('cmsBricks.contact.message') }).fill(question)
    await form.getByRole('checkbox', { name: en('cmsBricks.contact.consent') }).check()
    await send.click()
    const summary = page.getByRole('alert').filter({ hasText: en('validation.formError') })
    await expect(summary).toBeFocused()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')

    await phone.fill('+420 601 234 567')
    await form.getByLabel(en('contact.form.attachments')).setInputFiles({
      name: 'hinge.png',
      mimeType: 'image/png',
      buffer: png(64, 48, [120, 90, 40]),
    })
    await solveCaptcha(page)
    await send.click()
    const thanks = page
      .getByRole('status')
      .filter({ hasText: en('cmsBricks.contact.sent', { email: 'jana.contact@example.com' }) })
    await expect(thanks).toBeFocused({ timeout: scaled(10_000) })

    // The back office lists it as new; the staff open it, see the picture and reply by mail.
    const admin = await browser.newPage()
    await signInAsAdmin(admin)
    await admin.goto('/admin/contact-messages')
    await expect(
      admin.getByRole('heading', { level: 1, name: cs('admin.nav.contactMessages') }),
    ).toBeVisible()
    await admin
      .getByRole('searchbox', { name: cs('contact.admin.search'), exact: true })
      .fill(String(stamp))
    await expect(admin).toHaveURL(new RegExp(`[?&]q=${stamp}`))
    const table = admin.getByRole('table', { name: cs('contact.admin.title') })
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table).toContainText(cs('contact.admin.status.new'))
    await table.getByRole('link').first().click()
    await expect(admin.getByRole('link', { name: 'hinge.png' })).toBeVisible()
    await expect(admin.getByText('+420 601 234 567')).toBeVisible()
    const answer = `Yes, bring them to any of our shops. (${stamp})`
    await admin
      .getByRole('textbox', { name: new RegExp(cs('contact.admin.replyLabel')) })
      .fill(answer)
    await admin.getByRole('button', { name: cs('contact.admin.send') }).click()
    await expect(
      admin.getByRole('status').filter({ hasText: cs('contact.admin.replySent') }),
    ).toBeVisible()
    await expect(admin.getByText(cs('contact.admin.status.answered'))).toBeVisible()

    // Both mails are in the e-mail log: the message to the topic's address and the reply.
    await expect.poll(() => mailLogHas(admin, [question, '+420 601 234 567'])).toBe(true)
    await expect.poll(() => mailLogHas(admin, [answer, question])).toBe(true)
    await admin.close()
  })

  test('the contact page fits 320 px and axe finds nothing serious', async ({ page }) => {
    await page.goto('/en/contact')
    await expect(page.getByRole('combobox', { name: en('contact.topic') })).toBeVisible()
    const { violations } = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
    expect(await overflowsOf(page, '/en/contact', 320)).toEqual([])
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('a visitor sends the form, answering the captcha picture', async ({ page }) => {
      const question = `A question sent without scripts (${Date.now()})`
      await page.goto('/en/contact')
      const form = page.getByRole('form', { name: en('cmsPages.contactFormTitle') })
      await form
        .getByRole('combobox', { name: en('contact.topic') })
        .selectOption({ label: en('contact.topics.productQuestion') })
      await form.getByRole('textbox', { name: en('cmsBricks.contact.name') }).fill('Petr Novák')
      await form.getByRole('textbox', { name: en('customer.email') }).fill('petr@example.com')
      await form.getByRole('textbox', { name: en('cmsBricks.contact.message') }).fill(question)
      await form.getByRole('checkbox', { name: en('cmsBricks.contact.consent') }).check()

      // Sent without the code: the page comes back naming the captcha.
      await form.getByRole('button', { name: en('cmsBricks.contact.submit') }).click()
      await expect(page).toHaveURL(/contact=error/)
      await expect(page.getByRole('alert')).toContainText(en('validation.captchaRequired'))

      const refill = page.getByRole('form', { name: en('cmsPages.contactFormTitle') })
      await refill
        .getByRole('combobox', { name: en('contact.topic') })
        .selectOption({ label: en('contact.topics.productQuestion') })
      await refill.getByRole('textbox', { name: en('cmsBricks.contact.name') }).fill('Petr Novák')
      await refill.getByRole('textbox', { name: en('customer.email') }).fill('petr@example.com')
      await refill.getByRole('textbox', { name: en('cmsBricks.contact.message') }).fill(question)
      await refill.getByRole('checkbox', { name: en('cmsBricks.contact.consent') }).check()
      // The picture's challenge rides in a cookie: asking for a picture here replaces it.
      const picture = await page.request.get('/api/contact/captcha')
      const code = readCaptchaSvg(await picture.text())
      await refill.getByRole('textbox', { name: en('validation.captchaLabel') }).fill(code)
      await refill.getByRole('button', { name: en('cmsBricks.contact.submit') }).click()
      await expect(page).toHaveURL(/contact=sent/)
      await expect(
        page.getByRole('status').filter({ hasText: en('contact.form.sentNoScript') }),
      ).toBeVisible()
    })
  })
})
