import { expect, test, type Page } from '@playwright/test'
import { readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { catalogue } from '@optika/i18n/catalogue'
import { scaled } from './machine-pace.ts'
import { png } from './asset-kit.ts'
import { overflowsOf } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/**
 * Pages built from bricks on the storefront (issue 17): the demo landing page (hero, text,
 * product teaser row, category tiles) reads well from a 320 px phone to a desktop with axe
 * finding nothing, and a visitor writes to the shop with the contact page's form brick.
 */

/** The English text of a catalogue key, as the pages show it. */
function en(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** Reads the code from the captcha picture the page shows and types it, as its format allows. */
async function solveCaptcha(page: Page): Promise<void> {
  const picture = page.getByRole('img', { name: en('account.captchaImage') })
  await expect(picture.locator('svg')).toBeVisible({ timeout: scaled(10_000) })
  const code = readCaptchaSvg(await picture.innerHTML())
  await page.getByRole('textbox', { name: en('validation.captchaLabel') }).fill(code)
}

test.describe('document bricks on the storefront', () => {
  test('the demo landing page shows its bricks and fits every screen, with axe finding nothing', async ({
    page,
  }) => {
    await page.goto('/en/summer-collection')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toContainText(
      en('cmsPages.demoLanding.title'),
    )
    const teaser = main.getByRole('region', { name: en('shop.home.featuredTitle') })
    await expect(teaser.getByRole('link').first()).toHaveAttribute('href', /^\/en\/p\//)
    await expect(teaser.getByText(en('auth.priceAfterLogin')).first()).toBeVisible()
    const tiles = main.getByRole('region', { name: en('shop.home.categoriesTitle') })
    await expect(tiles.getByRole('link').first()).toHaveAttribute('href', /^\/en\/c\//)

    expect(await overflowsOf(page, '/en/summer-collection', 320)).toEqual([])
    expect(await overflowsOf(page, '/cs/letni-kolekce', 1440)).toEqual([])
  })

  test('a visitor writes to the shop with the contact form, captcha and consent', async ({
    page,
    browser,
  }) => {
    const question = `Do you have the Zofie frames in blue? (${Date.now()})`
    await page.setViewportSize({ width: 320, height: 800 })
    await page.goto('/en/contact')
    const form = page.getByRole('form', { name: en('cmsPages.contactFormTitle') })
    const send = form.getByRole('button', { name: en('cmsBricks.contact.submit') })
    await expect(send).toBeEnabled({ timeout: scaled(10_000) })

    // Nothing filled in: the summary names what is missing and takes the focus.
    await send.click()
    const summary = page.getByRole('alert').filter({ hasText: en('validation.formError') })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText(en('cmsBricks.contact.consentRequired'))

    await form
      .getByRole('combobox', { name: en('contact.topic') })
      .selectOption({ label: en('contact.topics.productQuestion') })
    await form.getByRole('textbox', { name: en('cmsBricks.contact.name') }).fill('Jana Nováková')
    await form.getByRole('textbox', { name: en('customer.email') }).fill('jana@example.com')
    await form.getByRole('textbox', { name: en('cmsBricks.contact.message') }).fill(question)
    await form.getByRole('checkbox', { name: en('cmsBricks.contact.consent') }).check()
    await solveCaptcha(page)
    await send.click()
    const thanks = page
      .getByRole('status')
      .filter({ hasText: en('cmsBricks.contact.sent', { email: 'jana@example.com' }) })
    await expect(thanks).toBeFocused({ timeout: scaled(10_000) })
    await expect(form).toBeHidden()

    // The shop gets the message as the contact-form mail (the back office's e-mail log shows it).
    const admin = await browser.newPage()
    await signInAsAdmin(admin)
    await expect
      .poll(async () => {
        const list = await admin.request.get('/admin/email/email-logs?limit=20')
        const { items } = (await list.json()) as { items: { id: number }[] }
        for (const item of items) {
          const shown = await admin.request.get(`/admin/email/show-email-log/${item.id}`)
          const { text } = (await shown.json()) as { text: string }
          if (text.includes(question) && text.includes('jana@example.com')) return true
        }
        return false
      })
      .toBe(true)
    await admin.close()
  })

  test('a gallery opens its pictures in a lightbox the keyboard drives', async ({
    page,
    browser,
  }) => {
    // An editor builds and publishes a page with a gallery of two pictures.
    const admin = await browser.newPage()
    await signInAsAdmin(admin)
    const stamp = Date.now()
    const upload = async (name: string, rgb: readonly [number, number, number]) => {
      const answer = await admin.request.post('/admin/asset/add-asset?parentId=1', {
        multipart: { file: { name, mimeType: 'image/png', buffer: png(96, 64, rgb) } },
      })
      expect(answer.status()).toBe(200)
      return ((await answer.json()) as { id: number }).id
    }
    const red = await upload(`gallery-red-${stamp}.png`, [200, 40, 40])
    const blue = await upload(`gallery-blue-${stamp}.png`, [40, 60, 200])
    const root = await admin.request.get('/admin/document/get-id-for-path?path=%2Fen')
    const { id: parentId } = (await root.json()) as { id: number }
    const added = await admin.request.post('/admin/document/add', {
      data: { parentId, key: `gallery-${stamp}`, type: 'page', template: 'content' },
    })
    expect(added.status()).toBe(200)
    const { id } = (await added.json()) as { id: number }
    const images = [red, blue].map((asset) => ({ type: 'asset', id: asset }))
    const saved = await admin.request.put('/admin/page/save', {
      data: {
        id,
        task: 'publish',
        data: {
          settings: { title: 'Our shop in pictures' },
          editables: {
            headline: { type: 'input', data: 'Our shop in pictures' },
            content: {
              type: 'areablock',
              data: [
                {
                  id: 'pictures',
                  brick: 'gallery',
                  editables: {
                    title: { type: 'input', data: 'The showroom' },
                    images: { type: 'relations', data: images },
                  },
                },
              ],
            },
          },
        },
      },
    })
    expect(saved.status()).toBe(200)
    await admin.close()

    await page.goto(`/en/gallery-${stamp}`)
    const gallery = page.getByRole('region', { name: 'The showroom' })
    const first = gallery.getByRole('link', {
      name: en('cmsBricks.gallery.openNumber', { number: '1', count: '2' }),
    })
    await expect(first).toHaveAttribute('aria-haspopup', 'dialog', { timeout: scaled(10_000) })
    await first.focus()
    await page.keyboard.press('Enter')
    const lightbox = page.getByRole('dialog')
    await expect(lightbox).toBeVisible()
    await expect(lightbox).toHaveAccessibleName(
      en('cmsBricks.gallery.position', { number: '1', count: '2' }),
    )
    await page.keyboard.press('ArrowRight')
    await expect(lightbox).toHaveAccessibleName(
      en('cmsBricks.gallery.position', { number: '2', count: '2' }),
    )
    await expect(lightbox.getByRole('img')).toHaveAttribute('src', /\/media\/large\//)
    await page.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()
    await expect(first).toBeFocused()
  })
})
