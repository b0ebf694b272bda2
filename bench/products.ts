import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import autocannon from 'autocannon'
import { latenciesOf } from './latencies.ts'
import type { LoadRequest, LoadResult } from '../apps/server/bench/product-benchmarks.ts'

/**
 * `node bench/products.ts` (also run by `npm run bench`): GET /api/products on a category of
 * 100,000 products (BENCH_PRODUCTS to change) with 6 active filters and facet counts: the search
 * engine alone, then the real app against a precomputed answer of the same server. autocannon
 * runs in a worker thread (this file again), so the server's thread only serves. Writes
 * bench/results/products.md (products-postgres.md with TEST_DATABASE_URL).
 */
if (isMainThread) {
  const { runProductBenchmarks } = await import('../apps/server/bench/product-benchmarks.ts')
  const { lines, targetsMet } = await runProductBenchmarks({
    count: Number(process.env.BENCH_PRODUCTS ?? 100_000),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    load: (request) =>
      new Promise<LoadResult>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: request })
        worker.once('message', (result: LoadResult) => resolve(result))
        worker.once('error', reject)
      }),
  })
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  const file = `${resultsDir}${process.env.TEST_DATABASE_URL ? 'products-postgres' : 'products'}.md`
  writeFileSync(file, `${lines.join('\n')}\n`)
  console.log(`Wrote ${file}`)
  // Like bench/run.ts: a missed target (p95 < 15 ms, ≥ 40 % of the precomputed req/s) fails.
  process.exit(targetsMet ? 0 : 1)
} else {
  const { url, connections, seconds, varyRanges, varyFit } = workerData as LoadRequest
  const { pathname, search } = new URL(url)
  const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))
  const varied = () =>
    `${pathname}${search
      .replace(/lensWidth=\d+_\d+/, `lensWidth=${between(30, 50)}_${between(51, 61)}`)
      .replace(/bridgeWidth=\d+_\d+/, `bridgeWidth=${between(10, 17)}_${between(18, 23)}`)
      .replace(
        /fit=\d+_\d+_\d+/,
        `fit=${between(44, 60)}_${between(14, 22)}_${between(120, 155)}`,
      )}`
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    ...(varyRanges || varyFit
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: varied() }) }] }
      : {}),
  })
  const latencies = latenciesOf(instance)
  const result = await instance
  parentPort?.postMessage({
    // Completed responses over the run's length (autocannon's per-second average can be NaN).
    requestsPerSecond: latencies.length / (result.duration || seconds),
    non2xx: result.non2xx,
    errors: result.errors,
    latencies,
  } satisfies LoadResult)
}
