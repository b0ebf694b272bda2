import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startShop } from './start-shop.ts'

/**
 * `node bench/lighthouse-product.ts` (also run by `npm run bench`): Lighthouse 13 in its default
 * (mobile, simulated throttling) configuration against a product page of the built shop with demo
 * data, in Debian's Chromium (CHROMIUM_PATH, else `chromium` on the PATH). Writes
 * bench/results/lighthouse-product.md with the four category scores, the key metrics and every
 * audit that did not pass; LIGHTHOUSE_FINDINGS=<file> writes the same report there too.
 * Targets: performance ≥ 0.9, accessibility ≥ 0.95, SEO 1.0 (a miss exits 1). Needs
 * `npm run build -w apps/storefront` first; scores are recorded here, never asserted in tests.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200 + Math.floor(Math.random() * 500))
const base = `http://127.0.0.1:${port}`
const locale = process.env.LIGHTHOUSE_LOCALE ?? 'cs'
const TARGETS = { performance: 0.9, accessibility: 0.95, seo: 1 } as const
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim()
}

const shop = startShop({
  root,
  script: 'apps/server/src/main.ts',
  port,
  dataDirPrefix: 'optika-lighthouse-',
})

/**
 * A product page: LIGHTHOUSE_PATH, else the first frame of the whole catalogue's list (frames
 * carry related products and spare parts: the fullest page), else its first product.
 */
async function productPath(): Promise<string> {
  if (process.env.LIGHTHOUSE_PATH) return process.env.LIGHTHOUSE_PATH
  const response = await fetch(`${base}/api/products?limit=48`, {
    headers: { 'accept-language': locale },
  })
  const body = (await response.json()) as { products?: { url: string; type: string }[] }
  const products = body.products ?? []
  const url = (products.find((product) => product.type === 'frame') ?? products[0])?.url
  if (!url) throw new Error(`No product in GET /api/products (${response.status}).`)
  return url
}

interface Audit {
  readonly id: string
  readonly title: string
  readonly score: number | null
  readonly scoreDisplayMode: string
  readonly displayValue?: string
}
interface Category {
  readonly title: string
  readonly score: number | null
  readonly auditRefs: readonly { readonly id: string; readonly weight: number }[]
}

const format = (score: number | null) => (score === null ? '–' : score.toFixed(2))

let exitCode = 0
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  await shop.ready()
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const path = await productPath()
  const url = `${base}${path}`
  // Warm the server's caches (SSR modules, resized pictures) as a visitor before would have.
  for (let n = 0; n < 2; n += 1) {
    const html = await (await fetch(url)).text()
    for (const [, src] of html.matchAll(/(?:src|href)="(\/(?:media|assets)\/[^"]+)"/g)) {
      await fetch(`${base}${src}`)
    }
  }
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
  if (!result) throw new Error('Lighthouse returned no result.')
  const { lhr } = result
  const categories = lhr.categories as unknown as Record<string, Category>
  const audits = lhr.audits as unknown as Record<string, Audit>
  const score = (id: string) => categories[id]?.score ?? null

  const lines = [
    '# Lighthouse: product page',
    '',
    `Lighthouse ${lhr.lighthouseVersion}, default config (mobile, simulated throttling), ` +
      `${lhr.environment.hostUserAgent.includes('HeadlessChrome') ? 'headless ' : ''}Chromium, ` +
      `built shop with demo data. ${new Date(lhr.fetchTime).toISOString()}`,
    '',
    `Page: \`${path}\``,
    '',
    '| category | score | target |',
    '| --- | --- | --- |',
    ...['performance', 'accessibility', 'best-practices', 'seo'].map((id) => {
      const target = TARGETS[id as keyof typeof TARGETS]
      const met = target === undefined || (score(id) ?? 0) >= target
      if (!met) exitCode = 1
      return `| ${categories[id]?.title ?? id} | ${format(score(id))} | ${
        target === undefined ? '' : `≥ ${target} ${met ? '✔' : '✘'}`
      } |`
    }),
    '',
    '| metric | value | score |',
    '| --- | --- | --- |',
    ...METRICS.map((id) => {
      const audit = audits[id]
      return `| ${audit?.title ?? id} | ${audit?.displayValue ?? '–'} | ${format(audit?.score ?? null)} |`
    }),
    '',
  ]
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    const category = categories[id]
    if (!category) continue
    const failing = category.auditRefs
      .map((ref) => audits[ref.id])
      .filter(
        (audit): audit is Audit =>
          audit !== undefined &&
          audit.score !== null &&
          audit.score < 0.9 &&
          (audit.scoreDisplayMode === 'binary' ||
            audit.scoreDisplayMode === 'numeric' ||
            audit.scoreDisplayMode === 'metricSavings'),
      )
    lines.push(`## ${category.title}: audits not passed`, '')
    if (failing.length === 0) lines.push('None.', '')
    else {
      for (const audit of failing) {
        lines.push(
          `- \`${audit.id}\` — ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, score ${format(audit.score)}`,
        )
      }
      lines.push('')
    }
  }
  const report = `${lines.join('\n')}\n`
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(`${resultsDir}lighthouse-product.md`, report)
  if (process.env.LIGHTHOUSE_FINDINGS) writeFileSync(process.env.LIGHTHOUSE_FINDINGS, report)
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr))
  console.log(report)
} finally {
  chrome?.kill()
  await shop.stop()
}
process.exit(exitCode)
