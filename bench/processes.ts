import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster.ts'
import { findPostgresBin } from '../scripts/system-dependencies.ts'
import { createBenchDatabase } from './bench-database.ts'
import { startServerProcess } from './server-process.ts'

/**
 * `node bench/processes.ts`: the category listing (GET /api/products) served by one server
 * process and by two (`WORKERS=2`, node:cluster on one port), on one PostgreSQL database with the
 * demo catalogue. autocannon runs in this process on the same machine. Writes
 * bench/results/processes.md.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16

let cluster: PostgresCluster | undefined
const serverUrl =
  process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster(findPostgresBin())).url
const dataDir = mkdtempSync(join(tmpdir(), 'optika-bench-processes-'))

/** Starts `WORKERS=workers` servers on `port` and resolves when /readyz answers. */
const startServers = (databaseUrl: string, port: number, workers: number) =>
  startServerProcess({ root, databaseUrl, dataDir, port, env: { WORKERS: String(workers) } })

interface Figures {
  /** The machine's 1-minute load average when the row started (other work shares it). */
  load: number
  requestsPerSecond: number
  p50: number
  p97_5: number
  p99: number
  non2xx: number
  errors: number
}

async function load(url: string, paths: string[]): Promise<Figures> {
  let next = 0
  const load = loadavg()[0] ?? 0
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  })
  return {
    load,
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

const lines: string[] = []
try {
  const databaseUrl = await createBenchDatabase(serverUrl, 'optika_bench_processes')
  // The first start migrates and seeds the demo catalogue; it is then stopped.
  const seeding = await startServers(databaseUrl, 3900 + Math.floor(Math.random() * 50), 1)
  await seeding.stop()
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const { rows } = await db.query<{ id: string; products: number }>(
    `select unnest(category_ids)::text as id, count(*)::int as products
       from product_index group by 1 order by 2 desc limit 1`,
  )
  await db.end()
  const category = rows[0]
  if (!category) throw new Error('the demo catalogue has no listed category')
  const same = [`/api/products?cid=${category.id}&limit=24`]
  // Both anonymous sorts and three page sizes in turn (price sorts need a signed-in customer).
  const varied = ['new', 'name'].flatMap((sort) =>
    [12, 24, 48].map((limit) => `/api/products?cid=${category.id}&limit=${limit}&sort=${sort}`),
  )

  const measured: { workers: number; same: Figures; varied: Figures }[] = []
  // Two rounds, alternating, so a burst of other work on the machine shows as a disagreement.
  for (const workers of [1, 2, 1, 2]) {
    const port = 3950 + Math.floor(Math.random() * 40)
    const servers = await startServers(databaseUrl, port, workers)
    try {
      const url = `http://127.0.0.1:${port}`
      // Warm every process's search engine and answer cache (the cluster deals connections round-robin).
      for (let i = 0; i < 20 * workers; i += 1) {
        for (const path of [...same, ...varied]) await fetch(`${url}${path}`).then((r) => r.text())
      }
      measured.push({
        workers,
        same: await load(url, same),
        varied: await load(url, varied),
      })
    } finally {
      await servers.stop()
    }
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const row = (what: string, round: number, workers: number, f: Figures) =>
    `| ${what} | ${round} | ${workers} | **${f.requestsPerSecond.toFixed(0)} req/s** | ${f.p50} ms | ${f.p97_5} ms | ${f.p99} ms | ${f.non2xx} / ${f.errors} | ${f.load.toFixed(1)} |`
  const tableRows = (what: string, pick: (m: (typeof measured)[number]) => Figures) =>
    measured.map((m, i) => row(what, Math.floor(i / 2) + 1, m.workers, pick(m)))
  const mean = (workers: number, pick: (m: (typeof measured)[number]) => Figures) => {
    const picked = measured.filter((m) => m.workers === workers).map(pick)
    return picked.reduce((sum, f) => sum + f.requestsPerSecond, 0) / picked.length
  }
  const ratio = (pick: (m: (typeof measured)[number]) => Figures) =>
    (mean(2, pick) / mean(1, pick)).toFixed(2)
  lines.push(
    '# The category listing with one and two server processes (PostgreSQL)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node bench/processes.ts\` on ${cpus().length} cores (${cpu}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM, shared with other work (the load column is the ` +
      "machine's 1-minute load average as each row started); private PostgreSQL cluster (fsync off) " +
      'and autocannon on the same machine.',
    '',
    `GET /api/products for the demo catalogue's largest category (${category.products} products), ` +
      `${CONNECTIONS} connections, ${seconds} s per row, two rounds of 1 then 2 processes. ` +
      "`WORKERS=2` is `npm start`'s node:cluster mode: two processes accept on one port, one database.",
    '',
    '| query | round | processes | throughput | p50 | p97.5 | p99 | non-2xx / errors | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...tableRows('the same query', (m) => m.same),
    ...tableRows('6 queries in turn (2 sorts × 3 page sizes)', (m) => m.varied),
    '',
    `Mean of the rounds: two processes served ${ratio((m) => m.same)}× (same query) and ` +
      `${ratio((m) => m.varied)}× (queries in turn) the requests of one. Every answer here is a ` +
      "kept one (decision 015), so a request costs a process's thread little and the rows measure " +
      'how much HTTP work one Node thread gets through; PostgreSQL sees one short freshness ' +
      'statement per batch of requests. With two cores shared by both processes, PostgreSQL and the ' +
      'load generator, more than two processes cannot help on this machine.',
  )
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(join(resultsDir, 'processes.md'), `${lines.join('\n')}\n`)
  console.log(lines.join('\n'))
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cluster?.stop()
}
