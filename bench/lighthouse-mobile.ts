import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  CATEGORY_IDS,
  PAGE_NAMES,
  auditPage,
  describeFailing,
  launchChromium,
  pagePaths,
  warmUp,
  type CategoryId,
  type PageAudit,
} from '../tests/e2e/lighthouse-kit.ts'
import { startShop } from './start-shop.ts'

/**
 * `node bench/lighthouse-mobile.ts` (also run by `npm run bench`): Lighthouse in its default
 * configuration (a phone, simulated throttling) on the built shop's home, category and product
 * pages, three runs each; the median of each category's score is checked against the issue's
 * targets (performance ≥ 0.95; accessibility, best practices and SEO 1.0) and printed as ✔/✘
 * rows. Writes bench/results/lighthouse-mobile.md with the medians, the key metrics of the median
 * performance run and every audit that did not pass, with its elements. LIGHTHOUSE_RUNS changes
 * the number of runs, LIGHTHOUSE_LOCALE the language (cs). Needs `npm run build` first.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200 + Math.floor(Math.random() * 500))
const base = `http://127.0.0.1:${port}`
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const locale = process.env.LIGHTHOUSE_LOCALE ?? 'cs'
const TARGETS: Readonly<Record<CategoryId, number>> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
}

/** The middle value (the lower middle of an even count); null when nothing was scored. */
function median(values: readonly (number | null | undefined)[]): number | null {
  const sorted = values.filter((value): value is number => typeof value === 'number')
  sorted.sort((a, b) => a - b)
  if (sorted.length === 0) return null
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null
}

const format = (score: number | null) => (score === null ? '–' : score.toFixed(2))

const shop = startShop({
  root,
  script: 'apps/server/src/main.ts',
  port,
  dataDirPrefix: 'optika-lighthouse-',
})
const chrome = await launchChromium().catch(async (error: unknown) => {
  await shop.stop()
  throw error
})
let failed = 0
try {
  await shop.ready()
  const paths = await pagePaths(base, locale)
  const lines = [
    '# Lighthouse on a phone: home, category, product',
    '',
    `Lighthouse's default configuration (mobile, simulated throttling), headless Chromium, built ` +
      `shop with demo data, language ${locale}; median of ${runs} runs per page. ` +
      new Date().toISOString(),
    '',
    '| page | path | performance | accessibility | best practices | SEO |',
    '| --- | --- | --- | --- | --- | --- |',
  ]
  const details: string[] = []
  for (const name of PAGE_NAMES) {
    const url = `${base}${paths[name]}`
    await warmUp(url)
    await warmUp(url)
    const audits: PageAudit[] = []
    for (let run = 0; run < runs; run += 1) audits.push(await auditPage(url, chrome.port))
    const medians = Object.fromEntries(
      CATEGORY_IDS.map((id) => [id, median(audits.map((audit) => audit.scores[id]))]),
    ) as Record<CategoryId, number | null>
    const cells = CATEGORY_IDS.map((id) => {
      const met = (medians[id] ?? 0) >= TARGETS[id]
      if (!met) failed += 1
      console.log(
        `${met ? '✔' : '✘'} lighthouse ${name.padEnd(9)} ${id.padEnd(15)} ${format(medians[id])} ` +
          `(median of ${runs}: ${audits.map((audit) => format(audit.scores[id] ?? null)).join(', ')}; ` +
          `target ≥ ${TARGETS[id]})`,
      )
      return `${format(medians[id])} ${met ? '✔' : '✘'}`
    })
    lines.push(`| ${name} | \`${paths[name]}\` | ${cells.join(' | ')} |`)
    // The run whose performance score is the median stands for the page's metrics and findings.
    const performanceMedian = medians.performance
    const typical =
      audits.find((audit) => (audit.scores.performance ?? null) === performanceMedian) ?? audits[0]
    if (typical === undefined) continue
    details.push(`## ${name} (\`${paths[name]}\`)`, '')
    details.push('| metric | value |', '| --- | --- |')
    for (const [metric, value] of Object.entries(typical.metrics)) {
      details.push(`| ${metric} | ${value} |`)
    }
    details.push('')
    // Every audit that failed in any run (accessibility and the like fail in all or none).
    const seen = new Set<string>()
    const failing = audits
      .flatMap((audit) => audit.failing)
      .filter((audit) => {
        const key = `${audit.category}/${audit.id}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
    details.push('Audits not passed:', '')
    if (failing.length === 0) details.push('None.')
    else details.push('```', ...describeFailing(name, failing), '```')
    details.push('')
  }
  lines.push(
    '',
    `Targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ` +
      `${TARGETS.seo.toFixed(1)} (issue 21).`,
    '',
    ...details,
  )
  const report = `${lines.join('\n')}\n`
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(`${resultsDir}lighthouse-mobile.md`, report)
} finally {
  chrome.kill()
  await shop.stop()
}
process.exit(failed ? 1 : 0)
