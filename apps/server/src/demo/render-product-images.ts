import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { loadSharp } from '../platform/images/load-sharp.ts'
import { drawProductImage, type ProductImageSpec } from './draw-product-image.ts'

export interface RenderedImage {
  fileName: string
  size: number
  width: number
  height: number
}

/** WebP quality; the pictures are flat vector art, so 80 is indistinguishable from higher. */
const WEBP_QUALITY = 80

/** Runs `task` over `items` with at most `concurrency` in flight; results keep the input order. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

/**
 * Draws each picture as SVG and writes it as WebP into `dir`. A small concurrency keeps a
 * 2-core machine responsive while the server starts; libvips adds its own threads per image.
 */
export async function renderProductImages(
  images: ReadonlyMap<string, ProductImageSpec>,
  dir: string,
  options: { concurrency?: number } = {},
): Promise<RenderedImage[]> {
  await mkdir(dir, { recursive: true })
  const sharp = await loadSharp()
  return mapWithConcurrency([...images], options.concurrency ?? 2, async ([fileName, spec]) => {
    const svg = Buffer.from(drawProductImage(spec))
    // Flattened onto white: product shots on white are the shop norm, and WebP without an
    // alpha channel encodes about three times faster and smaller.
    const { data, info } = await sharp(svg)
      .flatten({ background: '#ffffff' })
      .webp({ quality: WEBP_QUALITY, effort: 2 })
      .toBuffer({ resolveWithObject: true })
    await writeFile(join(dir, fileName), data)
    return { fileName, size: data.length, width: info.width, height: info.height }
  })
}
