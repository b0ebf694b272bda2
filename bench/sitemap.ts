import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runSitemapBenchmarks } from '../apps/server/bench/sitemap-benchmarks.ts'

/**
 * `node bench/sitemap.ts`: the sitemap of 100,000 products (BENCH_SITEMAP_PRODUCTS to change)
 * generated within 60 s; writes bench/results/sitemap.md and exits 1 when the target is missed.
 */
const count = Number(process.env.BENCH_SITEMAP_PRODUCTS ?? 100_000)
const { lines, ok } = await runSitemapBenchmarks(count)
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
const file = `${resultsDir}${process.env.TEST_DATABASE_URL ? 'sitemap-postgres' : 'sitemap'}.md`
writeFileSync(file, `${lines.join('\n')}\n`)
console.log(`Wrote ${file}`)
if (!ok) process.exitCode = 1
