import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { callAs } from '../../../test/kits/account-test-kit.ts'
import {
  insertCustomer,
  signInCustomer,
  solveCaptcha,
} from '../../../test/kits/customer-auth-test-kit.ts'

const SHOP = 'obchod@optika.test'

describe('the bricks’ storefront calls', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { SHOP_EMAIL: SHOP } })
  })
  afterAll(() => t.close())

  const message = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jana Nováková',
    email: 'jana@example.com',
    message: 'Máte obruby Žofie i v modré barvě?',
    consent: true,
    locale: 'cs',
    ...overrides,
  })
  const mailsToShop = () =>
    t.database.db
      .select({ subject: emailLog.subject, text: emailLog.text, html: emailLog.html })
      .from(emailLog)
      .where(eq(emailLog.to, SHOP))
      .orderBy(desc(emailLog.id))

  describe('POST /api/contact', () => {
    it('refuses a visitor without the captcha and sends nothing', async () => {
      const before = (await mailsToShop()).length
      const response = await callAs(t.app, null, 'POST', '/api/contact', message())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'CAPTCHA_WRONG',
        errors: [{ path: 'body/captchaCode' }],
      })
      expect(await mailsToShop()).toHaveLength(before)
    })

    it('refuses a missing consent, a bad e-mail and an overlong message with field errors', async () => {
      const before = (await mailsToShop()).length
      const response = await callAs(
        t.app,
        null,
        'POST',
        '/api/contact',
        message({ consent: false, message: 'x'.repeat(5_001) }),
      )
      expect(response.statusCode).toBe(400)
      const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)
      expect(paths).toEqual(expect.arrayContaining(['body/consent', 'body/message']))
      const badEmail = await callAs(
        t.app,
        null,
        'POST',
        '/api/contact',
        message({ email: 'jana@' }),
      )
      expect(badEmail.statusCode).toBe(400)
      expect(badEmail.json()).toMatchObject({ errors: [{ path: 'body/email' }] })
      expect(await mailsToShop()).toHaveLength(before)
    })

    it('mails a visitor’s message to the shop once the captcha is solved, and only once per captcha', async () => {
      const captcha = await solveCaptcha(t.app)
      const sent = await callAs(t.app, null, 'POST', '/api/contact', message(captcha))
      expect(sent.statusCode).toBe(200)
      expect(sent.json()).toEqual({ sent: true })
      const [mail] = await mailsToShop()
      expect(mail?.text).toContain('Máte obruby Žofie i v modré barvě?')
      expect(mail?.text).toContain('jana@example.com')

      const again = await callAs(t.app, null, 'POST', '/api/contact', message(captcha))
      expect(again.statusCode).toBe(400)
    })

    it('escapes what the visitor wrote in the mail’s HTML', async () => {
      const captcha = await solveCaptcha(t.app)
      const sent = await callAs(
        t.app,
        null,
        'POST',
        '/api/contact',
        message({ ...captcha, message: '<img src=x onerror=alert(1)> ahoj' }),
      )
      expect(sent.statusCode).toBe(200)
      const [mail] = await mailsToShop()
      expect(mail?.html).not.toContain('<img src=x')
      expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; ahoj')
    })

    it('lets a signed-in customer send without a captcha', async () => {
      const customer = await insertCustomer(t.database.db)
      const cookie = await signInCustomer(t.app, customer.email)
      const sent = await callAs(
        t.app,
        cookie,
        'POST',
        '/api/contact',
        message({ message: 'Zákaznický dotaz', locale: 'en' }),
      )
      expect(sent.statusCode).toBe(200)
      const [mail] = await mailsToShop()
      expect(mail?.text).toContain('Zákaznický dotaz')
    })
  })

  describe('GET /api/document-file/{id}', () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))
    let videoId: number
    let pageId: number
    let assetRoot: number
    beforeAll(async () => {
      const db = t.database.db
      const storageKey = 'clips/intro.mp4'
      const file = join(t.dataDir, 'assets', storageKey)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, bytes)
      const [root] = await db
        .insert(assets)
        .values({ type: 'folder', key: '', path: '/' })
        .onConflictDoNothing()
        .returning({ id: assets.id })
      assetRoot = root?.id ?? 1
      const [video] = await db
        .insert(assets)
        .values({
          parentId: assetRoot,
          type: 'video',
          key: 'intro.mp4',
          path: '/',
          mimeType: 'video/mp4',
          size: bytes.length,
          storageKey,
          checksum: 'abc123',
        })
        .returning({ id: assets.id })
      videoId = video!.id
      const [page] = await db
        .insert(documents)
        .values({ parentId: 1, type: 'page', key: 'video-page', path: '/', template: 'landing' })
        .returning({ id: documents.id })
      pageId = page!.id
      await db.insert(elementDependencies).values({
        sourceType: 'document',
        sourceId: pageId,
        targetType: 'asset',
        targetId: videoId,
      })
    })

    it('keeps a video private while no published document shows it', async () => {
      const response = await t.app.inject({ url: `/api/document-file/${videoId}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'FILE_NOT_FOUND' })
    })

    it('serves the video of a published page, whole or a range of it', async () => {
      await t.database.db.update(documents).set({ published: true }).where(eq(documents.id, pageId))
      const whole = await t.app.inject({ url: `/api/document-file/${videoId}` })
      expect(whole.statusCode).toBe(200)
      expect(whole.headers['content-type']).toBe('video/mp4')
      expect(whole.headers['accept-ranges']).toBe('bytes')
      expect(whole.rawPayload.equals(bytes)).toBe(true)

      const part = await t.app.inject({
        url: `/api/document-file/${videoId}`,
        headers: { range: 'bytes=10-19' },
      })
      expect(part.statusCode).toBe(206)
      expect(part.headers['content-range']).toBe('bytes 10-19/1000')
      expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true)

      const beyond = await t.app.inject({
        url: `/api/document-file/${videoId}`,
        headers: { range: 'bytes=5000-' },
      })
      expect(beyond.statusCode).toBe(416)
    })

    it('hands out other files only as downloads, never as a page of the shop', async () => {
      const db = t.database.db
      const storageKey = 'docs/page.html'
      const file = join(t.dataDir, 'assets', storageKey)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, '<script>alert(1)</script>')
      const [html] = await db
        .insert(assets)
        .values({
          parentId: assetRoot,
          type: 'document',
          key: 'stránka.html',
          path: '/',
          mimeType: 'text/html',
          storageKey,
        })
        .returning({ id: assets.id })
      await db.insert(elementDependencies).values({
        sourceType: 'document',
        sourceId: pageId,
        targetType: 'asset',
        targetId: html!.id,
      })
      const response = await t.app.inject({ url: `/api/document-file/${html!.id}` })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/octet-stream')
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="str_nka.html"; filename*=UTF-8''str%C3%A1nka.html`,
      )
      expect(response.headers['content-security-policy']).toContain('sandbox')
    })

    it('answers 404 for ids that are not files and 400 for ids that are not ids', async () => {
      expect((await t.app.inject({ url: '/api/document-file/999999' })).statusCode).toBe(404)
      expect((await t.app.inject({ url: '/api/document-file/abc' })).statusCode).toBe(400)
    })
  })
})
