import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runPimBenchmarks } from '../apps/server/bench/pim-benchmarks.ts'

/**
 * `node bench/pim.ts` (also run by `npm run bench`): tree paging, index rebuild and a faceted
 * query at 100,000 products (BENCH_PIM_PRODUCTS to change); writes bench/results/pim.md.
 */
const count = Number(process.env.BENCH_PIM_PRODUCTS ?? 100_000)
const lines = await runPimBenchmarks(count)
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
// With TEST_DATABASE_URL the figures are PostgreSQL's and go to their own file.
const file = `${resultsDir}${process.env.TEST_DATABASE_URL ? 'pim-postgres' : 'pim'}.md`
writeFileSync(file, `${lines.join('\n')}\n`)
console.log(`Wrote ${file}`)
