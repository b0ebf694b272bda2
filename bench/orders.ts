import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { catalogue } from '@optika/i18n/catalogue'
import { buildApp } from '../apps/server/src/app.ts'
import { fromPool } from '../apps/server/src/platform/db/client.ts'
import { migrate } from '../apps/server/src/platform/db/migrate.ts'
import { loadEnv } from '../apps/server/src/platform/env.ts'
import { cartClient, insertShopFixture, SHOP } from '../apps/server/test/kits/cart-test-kit.ts'
import { createTranslator, syncCatalogue } from '../apps/server/src/platform/i18n/translator.ts'
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster.ts'
import { findPostgresBin } from '../scripts/system-dependencies.ts'
import { createBenchDatabase } from './bench-database.ts'

/**
 * `node bench/orders.ts`: orders placed per second on PostgreSQL — the whole POST
 * /api/checkout/place-order (re-pricing, stock rows locked with a conditional UPDATE, order,
 * items, history, idempotency, the confirmation mails logged) through Fastify's inject, 8 buyers
 * at a time on one hot product (every order locks the same stock row: the worst case). Next to
 * it pgbench's TPC-B-like rate on the same private cluster, as a yardstick of what the machine's
 * PostgreSQL does with 8 clients. Writes bench/results/orders-postgres.md.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONCURRENCY = 8
const PGBENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 20)

const binDir = findPostgresBin()
let cluster: PostgresCluster | undefined
const serverUrl =
  process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster(binDir)).url
const dataDir = mkdtempSync(join(tmpdir(), 'optika-bench-orders-'))

function pgbench(url: string, args: string[]): string {
  const u = new URL(url)
  const connection = ['-h', u.hostname, '-p', u.port, '-U', u.username || 'postgres']
  return execFileSync(join(binDir, 'pgbench'), [...connection, ...args, u.pathname.slice(1)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

const lines: string[] = []
try {
  // ── The shop ───────────────────────────────────────────────────────────────────────────────
  const pool = new pg.Pool({
    connectionString: await createBenchDatabase(serverUrl, 'optika_bench_orders'),
    max: 16,
  })
  const database = fromPool(pool)
  await migrate(database)
  await syncCatalogue(database.db, catalogue)
  await insertShopFixture(database.db)
  const translator = await createTranslator(database.db)
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  const app = await buildApp({ env, database, translator })
  await app.ready()
  await pool.query('update stock_levels set quantity = 1000000 where object_id = $1', [SHOP.marek])

  // Carts and the shipping-and-payment step are prepared first: only placing is measured.
  async function prepareBuyers(count: number, paymentKind: string) {
    const buyers: { client: ReturnType<typeof cartClient>; expectedTotal: number; key: string }[] =
      []
    for (let i = 0; i < count; i += 1) {
      const client = cartClient(app)
      await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
      const state = (await client.call<CheckoutState>('GET', '/api/checkout')).body
      const payment = state.paymentOptions.find((p) => p.kind === paymentKind)
      if (!payment) return null
      const saved = await client.call<CheckoutState>('PUT', '/api/checkout/shipping-payment', {
        country: 'CZ',
        shippingMethodId: state.shippingOptions[0]?.id,
        paymentMethodId: payment.id,
        contact: { email: `bench${i}@example.com`, phone: '+420601234567', name: `Bench ${i}` },
        billing: { street: 'Vodičkova 12', city: 'Praha', postcode: '110 00', country: 'CZ' },
        deliveryDiffers: false,
      })
      const total = saved.body.cart.totals.total
      if (saved.status !== 200 || !total) throw new Error(`set-up failed: ${saved.status}`)
      buyers.push({
        client,
        expectedTotal: total.gross,
        key: `bench-${paymentKind}-${i}-${Date.now()}`,
      })
    }
    return buyers
  }

  /** Places every prepared order, CONCURRENCY at a time; answers orders/s and the statuses. */
  async function placeAll(buyers: NonNullable<Awaited<ReturnType<typeof prepareBuyers>>>) {
    let next = 0
    const statuses = new Map<number, number>()
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < buyers.length) {
          const buyer = buyers[next++]!
          const reply = await buyer.client.call(
            'POST',
            '/api/checkout/place-order',
            { agreeTerms: true, agreeDataProcessing: true, expectedTotal: buyer.expectedTotal },
            { 'idempotency-key': buyer.key },
          )
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const placed = statuses.get(201) ?? 0
    if (placed !== buyers.length) failures.push(`${buyers.length - placed} orders were not placed`)
    return {
      rate: (placed / seconds).toFixed(1),
      detail: `${placed} orders in ${seconds.toFixed(1)} s; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`,
    }
  }

  const failures: string[] = []
  const scenarios = [
    { kind: 'bankTransfer', label: 'bank transfer (SPAYD QR drawn as SVG and PNG)' },
    { kind: 'cashOnDelivery', label: 'cash on delivery (no QR)' },
  ]
  const rows: string[] = []
  for (const scenario of scenarios) {
    const buyers = await prepareBuyers(Math.floor(ORDERS / scenarios.length), scenario.kind)
    if (!buyers) {
      rows.push(`| place-order, ${scenario.label} | ${CONCURRENCY} | not offered in CZ |`)
      continue
    }
    const result = await placeAll(buyers)
    rows.push(
      `| place-order, ${scenario.label} | ${CONCURRENCY} | **${result.rate} orders/s** (${result.detail}) |`,
    )
  }
  await app.close()
  await database.close()

  // ── pgbench on the same cluster ────────────────────────────────────────────────────────────
  const pgbenchUrl = await createBenchDatabase(serverUrl, 'optika_bench_pgbench')
  pgbench(pgbenchUrl, ['-i', '-s', '10', '-q'])
  const output = pgbench(pgbenchUrl, ['-c', '8', '-j', '2', '-T', String(PGBENCH_SECONDS)])
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? '?'

  const [cpu] = cpus()
  lines.push(
    '# Orders placed per second on PostgreSQL',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node bench/orders.ts\` on ${cpus().length} cores` +
      ` (${cpu?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, shared with other work;` +
      ' private PostgreSQL cluster (fsync off, synchronous_commit off — the same for both rows).',
    '',
    '| what | clients | result |',
    '| --- | --- | --- |',
    ...rows,
    `| pgbench TPC-B-like (\`-s 10\`, \`-c 8 -j 2 -T ${PGBENCH_SECONDS}\`) | 8 | **${tps} tps** |`,
    '',
    'Both place-order rows are whole requests through Fastify (`inject`, no sockets): zod',
    'validation, re-pricing the cart, one transaction (cart row lock, `UPDATE stock_levels …',
    'WHERE quantity >= n` on the one hot stock row every buyer needs, order, items, history,',
    'cart emptied), then the confirmation and shop mails rendered and logged. A TPC-B transaction',
    'is 5 statements with no application around it, so pgbench shows what PostgreSQL alone does',
    'on this machine; the gap to it is the Node process (one core of two, shared with the',
    'database). The two place-order rows differ by the payment QR code, drawn twice per bank',
    'transfer order (SVG for the answer, PNG for the mail): sending mails from a queue after the',
    'answer is the first thing to try if orders/s ever matters. No target is enforced: the',
    'figures are for comparing later changes.',
  )
  for (const failure of failures) lines.push('', `⚠ ${failure}.`)
} finally {
  cluster?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
const file = `${resultsDir}orders-postgres.md`
writeFileSync(file, `${lines.join('\n')}\n`)
console.log(lines.join('\n'))
console.log(`Wrote ${file}`)
process.exit(0)
