import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SitemapFileWriter } from './sitemap-writer.ts'

describe('a sitemap file that cannot be written', () => {
  it('fails its generation with the error instead of the process', async () => {
    const root = mkdtempSync(join(tmpdir(), 'optika-sitemap-'))
    // The data directory went away under the job (a test's teardown, an operator's cleanup).
    rmSync(root, { recursive: true, force: true })
    const writer = new SitemapFileWriter(join(root, 'generation'), 'en-products')
    const run = async () => {
      await writer.add('http://shop.example/en/p/1', null, '')
      await writer.add('http://shop.example/en/p/2', null, '')
      await writer.close()
    }
    await expect(run()).rejects.toThrow(/ENOENT/)
  })
})
