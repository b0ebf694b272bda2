import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { IMAGE_PRESETS, type ImagePreset } from '@optika/domain/catalogue/media-url'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import { isDerivativeKey } from '../thumbnails/derivative-cache.ts'
import {
  createLocalAssetStore,
  isSafeStorageKey,
  readStream,
  type AssetStore,
} from '../assets/asset-store.ts'

// Originals are checked on upload, but a bad file must not exhaust memory: 50 megapixels at most.
const LIMIT_INPUT_PIXELS = 50_000_000
const ORIGINAL = /\.(webp|png|jpe?g|avif|gif)$/i

function cacheRoot(dataDir: string): string {
  return resolve(dataDir, 'cache', 'media')
}

function cachedFile(dataDir: string, preset: string, storageKey: string): string | null {
  const root = cacheRoot(dataDir)
  const file = resolve(root, preset, storageKey.replace(/\.\w+$/, '.webp'))
  return file.startsWith(root + sep) ? file : null
}

/** Forgets every cached size of a picture (after its original is deleted or replaced). */
export async function purgeMediaCache(dataDir: string, storageKey: string): Promise<void> {
  if (!isSafeStorageKey(storageKey)) return
  await Promise.all(
    Object.keys(IMAGE_PRESETS).map(async (preset) => {
      const file = cachedFile(dataDir, preset, storageKey)
      if (file) await rm(file, { force: true })
    }),
  )
}

/**
 * GET /media/{preset}/{storageKey}: an asset's picture scaled to the preset's width as WebP.
 * Rendered once from the original in the asset store (DATA_DIR/assets or S3) and cached on local
 * disk under DATA_DIR/cache, so a remote store is read once per size.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  dataDir: string,
  store: AssetStore = createLocalAssetStore(resolve(dataDir, 'assets')),
): void {
  app.get<{ Params: { preset: string; '*': string } }>(
    '/media/:preset/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { preset, '*': key } = request.params
      if (!Object.hasOwn(IMAGE_PRESETS, preset)) throw imageNotFound()
      if (!isSafeStorageKey(key) || !ORIGINAL.test(key) || isDerivativeKey(key))
        throw imageNotFound()
      const cached = cachedFile(dataDir, preset, key)
      if (!cached) throw imageNotFound()
      let body: Buffer
      try {
        body = await readFile(cached)
      } catch {
        const original = await store.get(key)
        if (!original) throw imageNotFound()
        body = await renderPreset(await readStream(original), preset as ImagePreset)
        await mkdir(dirname(cached), { recursive: true })
        // Write then rename, so a concurrent reader never sees half a file.
        const temporary = `${cached}.${process.pid}.${request.id}.tmp`
        await writeFile(temporary, body)
        await rename(temporary, cached)
      }
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
        .send(body)
    },
  )
}

async function renderPreset(original: Buffer, preset: ImagePreset): Promise<Buffer> {
  const sharp = await loadSharp()
  try {
    return await sharp(original, { limitInputPixels: LIMIT_INPUT_PIXELS })
      .resize({ width: IMAGE_PRESETS[preset].width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
  } catch {
    // A damaged original is a missing picture to the visitor, not a server failure.
    throw imageNotFound()
  }
}

function imageNotFound(): AppError {
  return new AppError(404, 'IMAGE_NOT_FOUND', 'server.imageNotFound')
}
