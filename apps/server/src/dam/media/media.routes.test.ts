import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import Fastify from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetStore } from '../assets/asset-store.ts'
import { purgeMediaCache, registerMediaRoutes } from './media.routes.ts'

/** A store held in memory, standing in for S3: the media route must only use the interface. */
function memoryStore(): AssetStore & { reads: number; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>()
  const store = {
    files,
    reads: 0,
    description: 'memory',
    async put(key: string, body: Buffer) {
      files.set(key, body)
    },
    async putFile(key: string, file: string) {
      files.set(key, await readFile(file))
    },
    async get(key: string) {
      store.reads += 1
      const body = files.get(key)
      return body ? Readable.from([body]) : null
    },
    async delete(key: string) {
      files.delete(key)
    },
    async exists(key: string) {
      return files.has(key)
    },
  }
  return store
}

const app = Fastify()
const dataDir = mkdtempSync(join(tmpdir(), 'optika-media-'))
const store = memoryStore()

beforeAll(async () => {
  registerMediaRoutes(app, dataDir, store)
  await app.ready()
  const png = await sharp({
    create: { width: 800, height: 400, channels: 3, background: { r: 10, g: 20, b: 30 } },
  })
    .png()
    .toBuffer()
  await store.put('shop/frame.png', png, 'image/png')
})

afterAll(async () => {
  await app.close()
})

describe('GET /media/{preset}/{key}', () => {
  it('renders a preset from the store once, then serves it from the disk cache', async () => {
    const first = await app.inject({ method: 'GET', url: '/media/thumbnail/shop/frame.png' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/webp')
    expect((await sharp(first.rawPayload).metadata()).width).toBe(320)
    const second = await app.inject({ method: 'GET', url: '/media/thumbnail/shop/frame.png' })
    expect(second.statusCode).toBe(200)
    expect(store.reads).toBe(1)

    await purgeMediaCache(dataDir, 'shop/frame.png')
    store.files.delete('shop/frame.png')
    const gone = await app.inject({ method: 'GET', url: '/media/thumbnail/shop/frame.png' })
    expect(gone.statusCode).toBe(404)
  })

  it('answers 404 for unknown presets, other file types and paths leaving the store', async () => {
    for (const url of [
      '/media/huge/shop/frame.png',
      '/media/medium/shop/frame.svg',
      '/media/medium/../secret.png',
      '/media/medium/%2e%2e/secret.png',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })

  it('answers 404 for a damaged original', async () => {
    await store.put('shop/broken.jpg', Buffer.from('not a picture'), 'image/jpeg')
    const response = await app.inject({ method: 'GET', url: '/media/large/shop/broken.jpg' })
    expect(response.statusCode).toBe(404)
  })
})
