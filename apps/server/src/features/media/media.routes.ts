import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { IMAGE_PRESETS, type ImagePreset } from '@optika/domain/catalogue/media-url'
import { AppError } from '../../http/app-error.ts'

// Originals are ours, but a bad upload must not exhaust memory: 40 megapixels is plenty for a photo.
sharp.cache(false)
const LIMIT_INPUT_PIXELS = 40_000_000

/**
 * GET /media/{preset}/{storageKey}: an asset's picture scaled to the preset's width as WebP.
 * Rendered once from the original under DATA_DIR/assets and cached under DATA_DIR/cache.
 */
export function registerMediaRoutes(app: FastifyInstance, dataDir: string): void {
  const assetsDir = resolve(dataDir, 'assets')
  const cacheDir = resolve(dataDir, 'cache', 'media')

  app.get<{ Params: { preset: string; '*': string } }>(
    '/media/:preset/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { preset, '*': key } = request.params
      if (!Object.hasOwn(IMAGE_PRESETS, preset)) throw imageNotFound()
      const original = resolve(assetsDir, key)
      if (!original.startsWith(assetsDir + sep) || !/\.(webp|png|jpe?g|avif)$/i.test(key)) {
        throw imageNotFound()
      }
      const cached = join(cacheDir, preset, key.replace(/\.\w+$/, '.webp'))
      let body: Buffer
      try {
        body = await readFile(cached)
      } catch {
        if (!(await stat(original).catch(() => null))?.isFile()) throw imageNotFound()
        body = await sharp(original, { limitInputPixels: LIMIT_INPUT_PIXELS })
          .resize({ width: IMAGE_PRESETS[preset as ImagePreset].width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer()
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

function imageNotFound(): AppError {
  return new AppError(404, 'IMAGE_NOT_FOUND', 'server.imageNotFound')
}
