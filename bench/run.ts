import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startShop } from './start-shop.ts'

/**
 * `npm run bench`: starts the built shop with demo data on a fresh embedded database and measures
 * the hot paths with autocannon on loopback. Targets are checked here, not in timed tests.
 * Bounded: each scenario runs a fixed number of seconds, then the server is stopped.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const port = 3200 + Math.floor(Math.random() * 500)
const base = `http://127.0.0.1:${port}`
const seconds = Number(process.env.BENCH_SECONDS ?? 10)

interface Scenario {
  name: string
  path: string
  /** The 99th-percentile latency (ms) the scenario must stay under at 10 connections. */
  p99TargetMs: number
}
const scenarios: Scenario[] = [
  { name: 'liveness', path: '/healthz', p99TargetMs: 20 },
  {
    name: 'translation dictionary (304 path excluded)',
    path: '/api/translations/cs',
    p99TargetMs: 40,
  },
  { name: 'home page (SSR)', path: '/cs', p99TargetMs: 250 },
  { name: 'product thumbnail (cached)', path: '', p99TargetMs: 60 },
]

const shop = startShop({ root, script: 'scripts/start.ts', port, dataDirPrefix: 'optika-bench-' })

let failed = 0
try {
  await shop.ready()
  const home = await (await fetch(`${base}/cs`)).text()
  const thumbnail = /src="(\/media\/thumbnail\/[^"]+)"/.exec(home)?.[1]
  for (const scenario of scenarios) {
    const path = scenario.path || thumbnail
    if (!path) {
      console.log(`- ${scenario.name}: skipped (no thumbnail on the home page)`)
      continue
    }
    await fetch(`${base}${path}`) // warm caches
    const result = await autocannon({ url: `${base}${path}`, connections: 10, duration: seconds })
    const ok =
      result.latency.p99 <= scenario.p99TargetMs && result.non2xx === 0 && result.errors === 0
    if (!ok) failed++
    console.log(
      `${ok ? '✔' : '✘'} ${scenario.name.padEnd(44)} ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target ${scenario.p99TargetMs} ms), ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}`,
    )
  }
} finally {
  await shop.stop()
}
// PIM at scale (in-process, on its own database): writes bench/results/pim.md.
const pim = spawn('node', ['bench/pim.ts'], { cwd: root, env: process.env, stdio: 'inherit' })
const pimCode = await new Promise<number | null>((resolve) => pim.once('exit', resolve))
if (pimCode !== 0) failed++
// The product list at scale (issue 5, decision 015): writes bench/results/products.md.
const products = spawn('node', ['bench/products.ts'], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
})
const productsCode = await new Promise<number | null>((resolve) => products.once('exit', resolve))
if (productsCode !== 0) failed++
// The header search's suggestions as people type (issue 18): writes bench/results/suggest.md.
const suggestCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/suggest.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (suggestCode !== 0) failed++
// Orders per second on PostgreSQL next to pgbench (issue 8): writes bench/results/orders-postgres.md.
const ordersCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/orders.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (ordersCode !== 0) failed++
// The listing with one and two server processes on PostgreSQL (issue 15): writes
// bench/results/processes.md.
const processesCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/processes.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (processesCode !== 0) failed++
// The asset library at scale on PostgreSQL (issue 16): tree paging among 100,000 assets, upload
// throughput with thumbnails, memory while zipping 2 GiB; writes bench/results/assets.md.
const assetsCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/assets.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (assetsCode !== 0) failed++
// A document page with 20 bricks beside the category page, SSR on PostgreSQL (issue 17):
// writes bench/results/documents.md.
const documentsCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/documents.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (documentsCode !== 0) failed++
// The sitemap of 100,000 products generated within 60 s, streamed (issue 19):
// writes bench/results/sitemap.md.
const sitemapCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/sitemap.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (sitemapCode !== 0) failed++
// Personalization's per-visitor evaluation, < 1 ms per request (issue 20): writes
// bench/results/targeting.md.
const targetingCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/targeting.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (targetingCode !== 0) failed++
// The paths that miss the kept answers at 100,000 products: computed listings, product pages,
// category pages, whole orders, memory, cold start (issue 22): writes bench/results/cold-paths.md.
const coldPathsCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/cold-paths.ts'], { cwd: root, env: process.env, stdio: 'inherit' }).once(
    'exit',
    resolve,
  ),
)
if (coldPathsCode !== 0) failed++
// Home, category and product page in Lighthouse on a phone, median of three (issue 21):
// writes bench/results/lighthouse-mobile.md.
const lighthouseCode = await new Promise<number | null>((resolve) =>
  spawn('node', ['bench/lighthouse-mobile.ts'], {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
  }).once('exit', resolve),
)
if (lighthouseCode !== 0) failed++
process.exit(failed ? 1 : 0)
