import { mkdtempSync } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { ensureDefaultDocuments } from '../src/cms/render/default-documents.ts'
import { objects } from '../src/platform/db/schema/elements.ts'
import { generateSitemap, sitemapRoot } from '../src/operations/seo-site/generate-sitemap.ts'
import { createTestDatabase } from '../test/test-database.ts'

/**
 * `node bench/sitemap.ts`: the sitemap of `count` published products (plus the default documents)
 * in six languages with hreflang alternates, generated to files on a fresh database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Issue 19's target: 100,000 products within 60 s, streamed
 * (the heap stays flat: sampled every 50 ms). Returns the report as Markdown lines.
 */
export async function runSitemapBenchmarks(
  count: number,
): Promise<{ lines: string[]; ok: boolean }> {
  const database = await createTestDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'optika-bench-sitemap-'))
  const lines: string[] = []
  const log = (line: string) => {
    console.log(line)
    lines.push(line)
  }
  try {
    const db = database.db
    await ensureDefaultDocuments(db)
    log('# Sitemap benchmark')
    log('')
    log(
      `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.version}, ` +
        `database ${database.engine}, load average at start ${loadavg()[0]?.toFixed(1)} ` +
        `(other work on the machine inflates the figures). Run ${new Date().toISOString()}.`,
    )
    log('')
    await db.insert(objects).values([
      { id: 1, parentId: null, type: 'folder', key: '', path: '/', published: true },
      { id: 2, parentId: 1, type: 'folder', key: 'Bench', path: '/', published: true },
    ])
    let started = performance.now()
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select 10 + g, 2, 'object', 'p-' || g, '/Bench/', g, true, 'Product',
        jsonb_build_object('slug', jsonb_build_object(
          'cs', 'bryle-' || g, 'en', 'glasses-' || g, 'hu', 'szemuveg-' || g,
          'pl', 'okulary-' || g, 'ro', 'ochelari-' || g, 'sk', 'okuliare-' || g))
      from generate_series(1, ${count}) g`)
    log(
      `Inserted ${count} published products in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    )
    log('')

    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }, 50)
    started = performance.now()
    const result = await generateSitemap({ db, dataDir, publicUrl: 'https://shop.example' })
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    const dir = join(sitemapRoot(dataDir), result.generation)
    let bytes = 0
    for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size
    const ok = seconds < 60
    log(
      `| products | URLs (all kinds, 6 languages) | files | on disk | time | heap growth at peak | target 60 s |`,
    )
    log(`| ---: | ---: | ---: | ---: | ---: | ---: | :---: |`)
    const urls = Object.values(result.urlCounts).reduce((a, b) => a + b, 0)
    log(
      `| ${count} | ${urls} | ${result.files.length + 1} | ${(bytes / 2 ** 20).toFixed(0)} MiB | ` +
        `${seconds.toFixed(1)} s | ${((heapPeak - heapBefore) / 2 ** 20).toFixed(0)} MiB | ${ok ? 'met' : 'MISSED'} |`,
    )
    log('')
    log(
      'Each product is listed in six files (one per language), each entry with its six hreflang ' +
        'alternates; files split at 50,000 URLs. Rows are read 5,000 at a time and written through ' +
        'file streams that wait for the disk, so memory is bounded by the batch, not the catalogue (the heap figure includes garbage not yet collected).',
    )
    return { lines, ok }
  } finally {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
