import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { catalogue } from '@optika/i18n/catalogue'
import { measureOverflow } from './overflow-kit.ts'

/** The English text of a catalogue key, as the pages show it. */
function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

const CUSTOMER = { login: 'zakaznik@optika.example', password: 'Optika-zakaznik-2026' }
const PARTNER = { login: 'partner@optika.example', password: 'Optika-partner-2026' }

async function signedInPage(browser: Browser, who: typeof CUSTOMER): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/en/login')
  await expect(page.getByRole('button', { name: en('auth.logIn') })).toBeEnabled()
  await page.getByRole('textbox', { name: en('accountPage.login.login') }).fill(who.login)
  await page.getByRole('textbox', { name: en('customer.password'), exact: true }).fill(who.password)
  await page.getByRole('button', { name: en('auth.logIn') }).click()
  await expect(page).not.toHaveURL(/\/login/)
  return page
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

test('a customer starts a thread with a picture and another replies quoting it', async ({
  browser,
}) => {
  const title = `Frames for a narrow face ${Date.now()}`
  const customer = await signedInPage(browser, CUSTOMER)
  await customer.goto('/en/forum')
  await expect(customer.getByRole('heading', { level: 1, name: en('forum.title') })).toBeVisible()
  await expectNoSeriousAxe(customer)
  await customer.getByRole('link', { name: 'Frames and fit' }).click()
  await expect(customer.getByRole('heading', { level: 1, name: 'Frames and fit' })).toBeVisible()
  await expectNoSeriousAxe(customer)
  await customer.getByRole('link', { name: en('forum.board.newThread') }).click()
  await customer.getByRole('textbox', { name: en('forum.composer.title') }).fill(title)
  await customer
    .getByRole('textbox', { name: en('forum.composer.body') })
    .fill('Which frames suit a **narrow** face?\n\n<script>alert(1)</script>')
  const picture = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#2a6' },
  })
    .png()
    .toBuffer()
  await customer
    .getByLabel(en('forum.composer.images'))
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: picture })
  await customer.getByRole('checkbox', { name: en('forum.composer.notify') }).check()
  await expectNoSeriousAxe(customer)
  await customer.getByRole('button', { name: en('forum.composer.submitThread') }).click()

  await expect(customer.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const first = customer.locator('article[id^="post-"]').first()
  await expect(first.getByText('narrow', { exact: true })).toHaveJSProperty('tagName', 'STRONG')
  await expect(first.getByText('<script>alert(1)</script>')).toBeVisible()
  const image = first.getByRole('img', { name: /^Picture 1 by / })
  await expect(image).toBeVisible()
  // The picture is served (the thumbnail keeps the 40 px width: no enlargement).
  await expect(image).toHaveJSProperty('naturalWidth', 40)
  const threadUrl = customer.url().replace(/#.*$/, '')

  const partner = await signedInPage(browser, PARTNER)
  await partner.goto(threadUrl)
  const authorName = (await first.locator('[id$="-author"]').textContent()) ?? ''
  await partner
    .getByRole('link', { name: en('forum.post.quoteLabel', { name: authorName }) })
    .first()
    .click()
  await expect(partner.getByText(en('forum.composer.quoting', { name: authorName }))).toBeVisible()
  await partner
    .getByRole('textbox', { name: en('forum.composer.body') })
    .fill('Try rectangular frames that are a little wider than your face.')
  await partner.getByRole('button', { name: en('forum.composer.submitReply') }).click()

  const reply = partner
    .locator('article[id^="post-"]')
    .filter({ hasText: 'Try rectangular frames' })
  await expect(reply).toBeVisible()
  await expect(
    reply.getByRole('link', { name: en('forum.post.wrote', { name: authorName }) }),
  ).toBeVisible()
  await expectNoSeriousAxe(partner)

  // The thread fits a phone's 320 px.
  await partner.setViewportSize({ width: 320, height: 800 })
  await partner.reload()
  expect(await measureOverflow(partner)).toBeNull()
})

test('without scripts a signed-in customer replies through the page form', async ({ browser }) => {
  // Signing in needs the script; the reply does not.
  const signedIn = await signedInPage(browser, CUSTOMER)
  const storageState = await signedIn.context().storageState()
  const context = await browser.newContext({ javaScriptEnabled: false, storageState })
  const page = await context.newPage()
  await page.goto('/en/forum/lenses-and-optics')
  const thread = page.locator('main h2 a').first()
  await expect(thread).toBeVisible()
  await thread.click()
  const text = `No-script reply ${Date.now()}`
  await page.getByRole('textbox', { name: en('forum.composer.body') }).fill(text)
  await page.getByRole('button', { name: en('forum.composer.submitReply') }).click()
  await expect(page.locator('article[id^="post-"]').filter({ hasText: text })).toBeVisible()
})
