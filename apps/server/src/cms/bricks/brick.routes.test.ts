import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

describe('the files bricks show', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

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
