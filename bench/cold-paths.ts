import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { latenciesOf } from './latencies.ts'
import pg from 'pg'
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster.ts'
import { findPostgresBin } from '../scripts/system-dependencies.ts'
import { createBenchDatabase } from './bench-database.ts'
import { growDemoCatalogue } from './catalogue-copies.ts'
import {
  confirmationMailsDrained,
  untilDatabaseSays,
  oversold,
  runOrderFlow,
  sellableIdsInStock,
} from './order-flow.ts'
import { IDLE_CHECK_MS } from '../apps/server/src/platform/memory/idle-release.ts'
import { topFrames } from './profile-frames.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

/**
 * `node bench/cold-paths.ts` (also run by `npm run bench`): the paths that miss the kept answers
 * (issue 22), on PostgreSQL with the demo shop grown to 100,000 products (BENCH_PRODUCTS), the
 * built server in its own process and the load from this one: computed listings, product pages
 * (data and SSR HTML, random products), category pages over random filter combinations, whole
 * order flows, the server's memory after each row and over a soak of mixed traffic
 * (BENCH_SOAK_MINUTES), the first listing after a restart, a CPU profile of the product page, and
 * the product page on the embedded database. Every target is printed with ✔/✘ beside the kept
 * listing (the ceiling: the same server answering from its kept answers). Writes
 * bench/results/cold-paths.md; exits 1 when a target is missed.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10)
const LOCALE = 'cs'

let cluster: PostgresCluster | undefined
const serverUrl =
  process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster(findPostgresBin())).url
const work = mkdtempSync(join(tmpdir(), 'optika-bench-cold-'))

/**
 * The shop's server in its own process (`startServerProcess`), from this repository. Every start
 * has the same address, as a shop's has: its public URL is part of the sitemap's fingerprint, and
 * a new one would regenerate the sitemap (600,000 URLs) during the measurements.
 */
const port = 4100 + Math.floor(Math.random() * 800)
const startServer = (
  options: { databaseUrl?: string; dataDir: string; nodeArgs?: string[] },
  readyPath?: string,
) => startServerProcess({ root, port, ...options, ...(readyPath ? { readyPath } : {}) })

/** The database's clock, as its job rows are stamped. */
async function databaseNow(databaseUrl: string): Promise<Date> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    return (await db.query<{ now: Date }>('select now()')).rows[0]!.now
  } finally {
    await db.end()
  }
}

/** Waits (3 minutes at most) for the sitemap job a start queues to be done. */
async function sitemapJobDone(databaseUrl: string, since: Date): Promise<void> {
  const tookMs = await untilDatabaseSays(
    databaseUrl,
    `select exists (select 1 from pgboss.job where name = 'seo.sitemap' and state = 'completed'
                       and started_on >= $1)
        and not exists (select 1 from pgboss.job where name = 'seo.sitemap'
                           and state in ('created', 'retry', 'active')
                           and start_after <= now()) as done`,
    [since],
    180_000,
  )
  if (tookMs === null) throw new Error('the sitemap job a start queues was not done in 3 minutes')
}

/** The server's resident memory (MiB), from /proc. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

interface Figures {
  readonly requestsPerSecond: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly non2xx: number
  readonly errors: number
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

/** `connections` clients for `duration` s, each request's path from `next()`; every latency kept. */
async function load(
  url: string,
  next: () => string,
  connections: number,
  duration = seconds,
): Promise<Figures> {
  const instance = autocannon({
    url,
    connections,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  })
  const latencies = latenciesOf(instance)
  const result = await instance
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / (result.duration || duration),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))

interface ListFilter {
  readonly name: string
  readonly type: 'multiselect' | 'color' | 'text' | 'range'
  readonly values?: readonly { key: string }[]
  readonly range?: { min: number; max: number }
}

/**
 * A random combination of the category's filters, as the storefront encodes it (decision 016):
 * one or two values of each of three multiselect/colour filters, both ranges with random bounds
 * inside the full range, a model text from `texts` every other time, a random sort and page.
 */
function randomListQuery(
  categoryId: number,
  filters: readonly ListFilter[],
  ranges: Record<string, { min: number; max: number }>,
  texts: readonly string[],
): string {
  const params = new URLSearchParams({ cid: String(categoryId), limit: pick(['12', '24', '48']) })
  const choices = filters.filter(
    (f) => (f.type === 'multiselect' || f.type === 'color') && f.values?.length,
  )
  for (const filter of [...choices].sort(() => Math.random() - 0.5).slice(0, 3)) {
    const keys = [...new Set([pick(filter.values!).key, pick(filter.values!).key])]
    params.set(filter.name, keys.join('_'))
  }
  for (const [name, range] of Object.entries(ranges)) {
    const low = between(range.min, Math.floor((range.min + range.max) / 2))
    params.set(name, `${low}_${between(low + 1, range.max)}`)
  }
  const text = filters.find((f) => f.type === 'text')
  if (text && Math.random() < 0.5) params.set(text.name, pick(texts))
  params.set('sort', pick(['new', 'name']))
  return params.toString()
}

const lines: string[] = []
const verdicts: { what: string; figure: string; met: boolean }[] = []
const log = (line = '') => {
  console.log(line)
  lines.push(line)
}
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`
const target = (what: string, figure: string, met: boolean) => verdicts.push({ what, figure, met })

const servers: ServerProcess[] = []
try {
  // ── Data: the demo shop, grown to `productCount` products, indexed ──────────────────────────
  let started = performance.now()
  const databaseUrl = await createBenchDatabase(serverUrl, 'optika_bench_cold')
  const dataDir = join(work, 'data')
  await (await startServer({ databaseUrl, dataDir })).stop()
  const products = await growDemoCatalogue(databaseUrl, productCount)
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [join(root, 'apps/server/src/scripts/index-rebuild.ts')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`index:rebuild ${code}`)),
    ),
  )
  const setUp = (performance.now() - started) / 1000

  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const [largest] = (
    await db.query<{ id: string; products: number }>(
      `select unnest(category_ids)::text as id, count(*)::int as products
         from product_index group by 1 order by 2 desc limit 1`,
    )
  ).rows
  if (!largest) throw new Error('no listed category')
  const categoryId = Number(largest.id)
  const productPaths = (
    await db.query<{ path: string }>(
      `select '/${LOCALE}/p/' || id || '/' || (data->'slug'->>'${LOCALE}') as path from objects
        where class_id = 'Product' and type = 'object' and published order by random() limit 20000`,
    )
  ).rows.map((row) => row.path)
  const models = (
    await db.query<{ model: string }>(
      `select distinct split_part(data->>'model', ' ', 1) || ' ' || left(split_part(data->>'model', ' ', 2), 2) as model
         from objects where class_id = 'Product' and type = 'object' and data ? 'model' limit 200`,
    )
  ).rows.map((row) => row.model)
  const categorySlug = (
    await db.query<{ slug: string }>(
      `select data->'slug'->>'${LOCALE}' as slug from objects where id = $1`,
      [categoryId],
    )
  ).rows[0]?.slug
  await db.end()

  // ── Cold start: the first listing answer after a restart ───────────────────────────────────
  // The first server reads the index from the database; a text search completes the text
  // filter's index, and on stopping it keeps its snapshot (decision 072), which the restarted
  // server restores.
  const listing = `/api/products?cid=${categoryId}&limit=24`
  started = performance.now()
  const firstStart = await startServer({ databaseUrl, dataDir }, listing)
  const firstLoadMs = performance.now() - started
  const textFilter = (
    (await (await fetch(`${firstStart.url}${listing}`)).json()) as { filters: ListFilter[] }
  ).filters.find((filter) => filter.type === 'text')
  if (textFilter) {
    const searched = `${listing}&${textFilter.name}=${encodeURIComponent(models[0] ?? 'a')}`
    await (await fetch(`${firstStart.url}${searched}`)).arrayBuffer()
  }
  await firstStart.stop()
  started = performance.now()
  const cold = await startServer({ databaseUrl, dataDir }, listing)
  const firstListingMs = performance.now() - started
  await cold.stop()

  const serverStartedAt = await databaseNow(databaseUrl)
  const server = await startServer({ databaseUrl, dataDir })
  servers.push(server)
  const base = server.url
  const memory: [string, number][] = [['after start', rssMiB(server.pid)]]
  // A catalogue grown by 100,000 products gets a new sitemap at a start (about 10 s of the main
  // thread, once): that is done before anything is measured.
  await sitemapJobDone(databaseUrl, serverStartedAt)
  const first = (await (await fetch(`${base}${listing}`)).json()) as {
    filters: ListFilter[]
    fit: { ranges: Record<string, { min: number; max: number }> } | null
  }
  memory.push(['after the first listing (index loaded)', rssMiB(server.pid)])
  // Range bounds inside the sizes frames really have (the fit's), else the filter's full range.
  const ranges: Record<string, { min: number; max: number }> = {}
  for (const filter of first.filters) {
    if (filter.type === 'range' && filter.range) {
      ranges[filter.name] = first.fit?.ranges[filter.name] ?? filter.range
    }
  }
  const computedListing = () =>
    `/api/products?${randomListQuery(categoryId, first.filters, ranges, models)}`
  const categoryPage = () =>
    `/${LOCALE}/c/${categoryId}/${categorySlug}?${randomListQuery(categoryId, first.filters, ranges, models)}`
  const randomProduct = () => pick(productPaths)
  const productData = () => `${pick(productPaths)}.data?_routes=routes%2Fproduct`
  // Warm: code paths, PostgreSQL's cache of the tables, the server's kept settings.
  for (const next of [computedListing, categoryPage, randomProduct, productData]) {
    await load(base, next, 4, 3)
  }

  const rows: [string, number, Figures][] = []
  const measure = async (what: string, next: () => string, connections: number) => {
    const figures = await load(base, next, connections)
    rows.push([what, connections, figures])
    memory.push([`after: ${what}, ${connections} conn.`, rssMiB(server.pid)])
    console.log(what, connections, figures)
    return figures
  }
  const ceiling = await measure(
    'listing, the same query (kept answer: the ceiling)',
    () => listing,
    10,
  )
  const listing1 = await measure(
    'listing, random filters incl. text and ranges (computed)',
    computedListing,
    1,
  )
  const listing10 = await measure(
    'listing, random filters incl. text and ranges (computed)',
    computedListing,
    10,
  )
  const data1 = await measure('product page data (.data), random product', productData, 1)
  await measure('product page data (.data), random product', productData, 10)
  const html1 = await measure('product page SSR HTML, random product', randomProduct, 1)
  const html10 = await measure('product page SSR HTML, random product', randomProduct, 10)
  const category10 = await measure('category page SSR HTML, random filters', categoryPage, 10)
  const ceilingAfter = await measure(
    'listing, the same query (kept answer: the ceiling)',
    () => listing,
    10,
  )

  // ── Orders: whole flows by 8 buyers, then the stock must not be below zero ──────────────────
  const sellable = await sellableIdsInStock(databaseUrl, 2000)
  const orders = await runOrderFlow({
    baseUrl: base,
    buyers: 8,
    seconds: seconds * 2,
    sellableIds: sellable,
  })
  memory.push(['as the last order was answered', rssMiB(server.pid)])
  const oversells = await oversold(databaseUrl)
  // The confirmation mails (templates, payment QR codes) are the queue's work after the answers.
  const mailsDrainMs = await confirmationMailsDrained(databaseUrl)
  // The server gives back what the load left behind once no request has come for a whole check
  // interval (decision 078): at most two intervals and the collection after the last request.
  const idleMs = 3 * IDLE_CHECK_MS
  await new Promise((resolve) => setTimeout(resolve, idleMs))
  memory.push([`after the benchmark, ${idleMs / 1000} s without requests`, rssMiB(server.pid)])
  const orderLatencies = [...orders.latencies].sort((a, b) => a - b)

  // ── Soak: mixed traffic, RSS every minute ───────────────────────────────────────────────────
  const mixed = () => {
    const roll = Math.random()
    return roll < 0.3
      ? computedListing()
      : roll < 0.55
        ? productData()
        : roll < 0.9
          ? randomProduct()
          : categoryPage()
  }
  const soak: number[] = [rssMiB(server.pid)]
  for (let minute = 1; minute <= soakMinutes; minute += 1) {
    await load(base, mixed, 4, 60)
    soak.push(rssMiB(server.pid))
    console.log(`soak minute ${minute}: RSS ${soak.at(-1)!.toFixed(0)} MiB`)
  }
  await server.stop()
  servers.pop()

  // ── Where a product page's time goes: a CPU profile of 10 connections ──────────────────────
  const profileDir = join(work, 'profile')
  const profileStarted = performance.now()
  const profiled = await startServer({
    databaseUrl,
    dataDir,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  })
  servers.push(profiled)
  await load(profiled.url, randomProduct, 4, 3)
  const warmedInMs = performance.now() - profileStarted
  await load(profiled.url, randomProduct, 10)
  await profiled.stop()
  servers.pop()
  const profile = JSON.parse(
    readFileSync(join(profileDir, readdirSync(profileDir)[0]!), 'utf8'),
  ) as Parameters<typeof topFrames>[0]
  const frames = topFrames(profile, 15, warmedInMs)

  // ── The embedded database (the default): demo catalogue, product pages ──────────────────────
  const embedded = await startServer({ dataDir: join(work, 'embedded') })
  servers.push(embedded)
  const demoPaths = await (async () => {
    const sitemap = await (
      await fetch(`${embedded.url}/api/products?cid=${categoryId}&limit=48`)
    ).json()
    return (sitemap as { products?: { url: string }[] }).products?.map((p) => p.url) ?? []
  })()
  const embeddedPaths = demoPaths.length > 0 ? demoPaths : productPaths.slice(0, 1)
  await load(embedded.url, () => pick(embeddedPaths), 4, 3)
  const pglite1 = await load(embedded.url, () => pick(embeddedPaths), 1)
  const pglite10 = await load(embedded.url, () => pick(embeddedPaths), 10)
  const pgliteSame = await load(embedded.url, () => embeddedPaths[0]!, 1)
  await embedded.stop()
  servers.pop()

  // ── Targets ─────────────────────────────────────────────────────────────────────────────────
  const share = (f: Figures, of: Figures) => f.requestsPerSecond / of.requestsPerSecond
  target('computed listing p95 at 1 connection < 5 ms', ms(listing1.p95), listing1.p95 < 5)
  target('computed listing p95 at 10 connections < 25 ms', ms(listing10.p95), listing10.p95 < 25)
  target(
    'computed listing ≥ 10 % of the ceiling’s throughput',
    `${(100 * share(listing10, ceiling)).toFixed(1)} % (${listing10.requestsPerSecond.toFixed(0)} of ${ceiling.requestsPerSecond.toFixed(0)} req/s)`,
    share(listing10, ceiling) >= 0.1,
  )
  target('product page data p95 at 1 connection < 5 ms', ms(data1.p95), data1.p95 < 5)
  target('product page SSR p95 at 1 connection < 10 ms (PostgreSQL)', ms(html1.p95), html1.p95 < 10)
  target(
    'product page SSR p95 at 1 connection < 20 ms (embedded)',
    ms(pglite1.p95),
    pglite1.p95 < 20,
  )
  target(
    'product page SSR ≥ 400 pages/s at 10 connections',
    `${html10.requestsPerSecond.toFixed(0)} pages/s`,
    html10.requestsPerSecond >= 400,
  )
  target('category page SSR p95 at 10 connections < 40 ms', ms(category10.p95), category10.p95 < 40)
  target(
    'whole orders ≥ 150/s at 8 buyers, none oversold',
    `${orders.ordersPerSecond.toFixed(1)} orders/s, ${oversells} oversold, ${orders.failures} failed`,
    orders.ordersPerSecond >= 150 && oversells === 0 && orders.failures === 0,
  )
  const afterBench = memory.at(-1)![1]
  const underLoad = memory.at(-2)![1]
  target(
    'RSS after the benchmark < 400 MiB',
    `${afterBench.toFixed(0)} MiB (${underLoad.toFixed(0)} MiB as the last order was answered)`,
    afterBench < 400,
  )
  const soakSpread = (Math.max(...soak.slice(1)) - Math.min(...soak.slice(1))) / soak[1]!
  target(
    `RSS flat (± 5 %) over ${soakMinutes} minutes of mixed traffic`,
    `${soak.map((m) => m.toFixed(0)).join(' → ')} MiB (spread ${(100 * soakSpread).toFixed(1)} %)`,
    soakMinutes > 0 && soakSpread <= 0.1,
  )
  target('first listing after a restart < 2 s', ms(firstListingMs), firstListingMs < 2000)
  target(
    'kept listing not slower (same row before and after)',
    `${ceiling.requestsPerSecond.toFixed(0)} → ${ceilingAfter.requestsPerSecond.toFixed(0)} req/s`,
    ceilingAfter.requestsPerSecond >= 0.9 * ceiling.requestsPerSecond,
  )

  // ── Report ──────────────────────────────────────────────────────────────────────────────────
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  log('# Cold paths: computed listings, product pages, orders, memory (issue 22)')
  log()
  log(
    `Measured ${new Date().toISOString()} by \`node bench/cold-paths.ts\` on ${cpus().length} cores (${cpu}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} at the end; private PostgreSQL 15 cluster (fsync off), the built server in ` +
      'its own process (`NODE_ENV=production`), the load (autocannon) from this process on the same machine.',
  )
  log()
  log(
    `Data: the demo shop grown to ${products} products (every demo product copied with its ` +
      `variants, pictures and stock) and indexed in ${setUp.toFixed(0)} s; the largest category has ` +
      `${largest.products} products. ${seconds} s per row; the kept listing is the ceiling (the same server ` +
      'answering a repeated query from its kept answer).',
  )
  log()
  log('## Targets')
  log()
  log('| target | figure | met |')
  log('| --- | --- | --- |')
  for (const v of verdicts) log(`| ${v.what} | ${v.figure} | ${v.met ? '✔' : '✘'} |`)
  log()
  log('## Rows (PostgreSQL)')
  log()
  log('| path | conns | req/s | p50 | p95 | p99 | non-2xx / errors |')
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const [what, connections, f] of rows) {
    log(
      `| ${what} | ${connections} | ${f.requestsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.non2xx} / ${f.errors} |`,
    )
  }
  log(
    `| whole order flow (add → checkout → shipping/payment → place) | 8 buyers | ${orders.ordersPerSecond.toFixed(1)} orders/s | ${ms(percentile(orderLatencies, 0.5))} | ${ms(percentile(orderLatencies, 0.95))} | ${ms(percentile(orderLatencies, 0.99))} | ${orders.failures} failed, ${orders.refusedOutOfStock} refused (out of stock) |`,
  )
  log()
  log(
    mailsDrainMs === null
      ? 'The orders’ confirmation mails were still queued two minutes after the last order.'
      : `The orders’ confirmation mails are rendered by the job queue after each answer; the last was done ${(mailsDrainMs / 1000).toFixed(1)} s after the last order’s answer.`,
  )
  log()
  log('## Embedded database (PGlite, the default), demo catalogue')
  log()
  log('| path | conns | req/s | p50 | p95 | p99 |')
  log('| --- | ---: | ---: | ---: | ---: | ---: |')
  for (const [what, connections, f] of [
    ['product page SSR HTML, random product', 1, pglite1],
    ['product page SSR HTML, random product', 10, pglite10],
    ['product page SSR HTML, the same product', 1, pgliteSame],
  ] as const) {
    log(
      `| ${what} | ${connections} | ${f.requestsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} |`,
    )
  }
  log()
  log('## Memory (server RSS)')
  log()
  log('| when | RSS |')
  log('| --- | ---: |')
  for (const [when, mib] of memory) log(`| ${when} | ${mib.toFixed(0)} MiB |`)
  log()
  log(
    `The search engine's share: ${(memory[1]![1] - memory[0]![1]).toFixed(0)} MiB of RSS for ` +
      `${products} products (the first listing loads the index). Soak, RSS each minute: ` +
      `${soak.map((m) => m.toFixed(0)).join(', ')} MiB. Cold start: ${ms(cold.startedInMs)} to the ` +
      `first listing answer after a restart, the index restored from its snapshot ` +
      `(${ms(firstListingMs)} measured from the spawn); ${ms(firstLoadMs)} on the first start, ` +
      `the index read from the database.`,
  )
  log()
  log('## Where a product page’s time goes (SSR, 10 connections, `--cpu-prof`)')
  log()
  log('| self time | function | where |')
  log('| ---: | --- | --- |')
  for (const frame of frames)
    log(`| ${frame.percent.toFixed(1)} % | ${frame.name} | ${frame.where} |`)
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(join(resultsDir, 'cold-paths.md'), `${lines.join('\n')}\n`)
  console.log(`Wrote ${join(resultsDir, 'cold-paths.md')}`)
} finally {
  for (const server of servers) await server.stop().catch(() => {})
  rmSync(work, { recursive: true, force: true })
  cluster?.stop()
}
process.exit(verdicts.length > 0 && verdicts.every((v) => v.met) ? 0 : 1)
