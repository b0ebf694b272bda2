import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runSuggestBenchmarks } from '../apps/server/bench/suggest-benchmarks.ts'

/**
 * `node bench/suggest.ts` (also run by `npm run bench`): the header search's suggestions on
 * 20,000 products (BENCH_SUGGEST_PRODUCTS to change) as people type. Writes
 * bench/results/suggest.md (suggest-postgres.md with TEST_DATABASE_URL); a p95 of 10 ms or more
 * fails.
 */
const { lines, targetMet } = await runSuggestBenchmarks({
  count: Number(process.env.BENCH_SUGGEST_PRODUCTS ?? 20_000),
  passes: 3,
})
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
const file = `${resultsDir}${process.env.TEST_DATABASE_URL ? 'suggest-postgres' : 'suggest'}.md`
writeFileSync(file, `${lines.join('\n')}\n`)
console.log(`Wrote ${file}`)
process.exit(targetMet ? 0 : 1)
