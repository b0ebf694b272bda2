import { execFileSync } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

/**
 * Lighthouse against the built shop, shared by the journeys (tests/e2e/storefront-lighthouse.spec.ts:
 * accessibility, best practices, SEO) and the bench (bench/lighthouse-mobile.ts: all four, median
 * of three). Lighthouse's default configuration: a mobile phone, simulated throttling. It drives
 * its own Chromium (Debian's: CHROMIUM_PATH, else `chromium` on the PATH) over the DevTools port.
 */

export const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof CATEGORY_IDS)[number]

/** The storefront pages the issue measures. */
export const PAGE_NAMES = ['home', 'category', 'product'] as const
export type PageName = (typeof PAGE_NAMES)[number]

/** One element (or resource) an audit names. */
export interface AuditItem {
  readonly selector?: string
  readonly snippet?: string
  readonly label?: string
  readonly url?: string
}

/** An audit that counts towards a category and did not pass. */
export interface FailingAudit {
  readonly category: CategoryId
  readonly id: string
  readonly title: string
  readonly score: number | null
  readonly displayValue?: string
  readonly items: readonly AuditItem[]
}

/** What one Lighthouse run measured on one page. */
export interface PageAudit {
  readonly url: string
  readonly lighthouseVersion: string
  readonly scores: Readonly<Partial<Record<CategoryId, number | null>>>
  readonly failing: readonly FailingAudit[]
  /** Key metrics (displayed values) when performance was measured. */
  readonly metrics: Readonly<Record<string, string>>
}

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim()
}

/** A headless Chromium for Lighthouse; kill() it when done. */
export async function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
}

/**
 * The three pages' paths on a running shop (`base` = its origin), in one language: the home page,
 * the demo's "Frames" category (its first category link) and the first frame's product page.
 */
export async function pagePaths(
  base: string,
  locale = 'cs',
): Promise<Readonly<Record<PageName, string>>> {
  const home = `/${locale}`
  const html = await (await fetch(`${base}${home}`)).text()
  const category = new RegExp(`href="(/${locale}/c/\\d+/[^"?#]+)"`).exec(html)?.[1]
  if (!category) throw new Error(`No category link on ${home}.`)
  const response = await fetch(`${base}/api/products?limit=48`, {
    headers: { 'accept-language': locale },
  })
  const body = (await response.json()) as { products?: { url: string; type: string }[] }
  const products = body.products ?? []
  const product = (products.find((entry) => entry.type === 'frame') ?? products[0])?.url
  if (!product) throw new Error(`No product in GET /api/products (${response.status}).`)
  return { home, category, product }
}

/** Loads a page and the pictures and scripts it names, as a visitor before would have. */
export async function warmUp(url: string): Promise<void> {
  const origin = new URL(url).origin
  const html = await (await fetch(url)).text()
  for (const [, src = ''] of html.matchAll(/(?:src|href)="(\/(?:media|assets)\/[^"]+)"/g)) {
    await fetch(`${origin}${src.replaceAll('&amp;', '&')}`)
  }
}

interface LhrAudit {
  readonly id: string
  readonly title: string
  readonly score: number | null
  readonly scoreDisplayMode: string
  readonly displayValue?: string
  readonly details?: { readonly items?: readonly Record<string, unknown>[] }
}
interface LhrCategory {
  readonly score: number | null
  readonly auditRefs: readonly { readonly id: string; readonly weight: number }[]
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const

/** The elements or resources an audit's details name (its first ten). */
function itemsOf(audit: LhrAudit): AuditItem[] {
  return (audit.details?.items ?? []).slice(0, 10).map((item) => {
    const node = (item.node ?? item) as Record<string, unknown>
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
    const entry: Record<string, string> = {}
    const selector = text(node.selector)
    const snippet = text(node.snippet)
    const label = text(node.nodeLabel)
    const url = text(item.url) ?? text(item.source && (item.source as { url?: unknown }).url)
    if (selector) entry.selector = selector
    if (snippet) entry.snippet = snippet
    if (label && label !== selector) entry.label = label
    if (url) entry.url = url
    // Chrome's Issues panel (best-practices/inspector-issues) names the kind of issue only.
    const issueType = text(item.issueType)
    if (issueType) entry.issueType = issueType
    if (issueType && item.subItems) entry.details = JSON.stringify(item.subItems).slice(0, 500)
    return entry
  })
}

/**
 * Runs Lighthouse (mobile, simulated throttling) on `url` in the Chromium on `port`, for the given
 * categories; lists every audit of those categories that did not pass fully, with its elements.
 */
export async function auditPage(
  url: string,
  port: number,
  categories: readonly CategoryId[] = CATEGORY_IDS,
): Promise<PageAudit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}.`)
  const { lhr } = result
  const lhrCategories = lhr.categories as unknown as Record<string, LhrCategory | undefined>
  const audits = lhr.audits as unknown as Record<string, LhrAudit | undefined>
  const scores: Partial<Record<CategoryId, number | null>> = {}
  const failing: FailingAudit[] = []
  for (const category of categories) {
    const entry = lhrCategories[category]
    scores[category] = entry?.score ?? null
    for (const ref of entry?.auditRefs ?? []) {
      const audit = audits[ref.id]
      if (audit === undefined || audit.score === null || audit.score >= 1) continue
      // Performance lists every metric and insight: only those that cost points matter there.
      if (category === 'performance' && (ref.weight === 0 || audit.score >= 0.9)) continue
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: itemsOf(audit),
      })
    }
  }
  const metrics: Record<string, string> = {}
  if (categories.includes('performance')) {
    for (const id of METRICS) {
      const value = audits[id]?.displayValue
      if (value) metrics[audits[id]?.title ?? id] = value
    }
  }
  return { url, lighthouseVersion: lhr.lighthouseVersion, scores, failing, metrics }
}

/** One line per failing audit and element: `seo/link-text on product: a.more "More" …`. */
export function describeFailing(page: string, failing: readonly FailingAudit[]): string[] {
  return failing.flatMap((audit) => {
    const head = `${audit.category}/${audit.id} on ${page} (${audit.title}${
      audit.displayValue ? `, ${audit.displayValue}` : ''
    }, score ${audit.score ?? '–'})`
    if (audit.items.length === 0) return [head]
    return [
      head,
      ...audit.items.map(
        (item) =>
          `    ${[item.selector, item.label && `"${item.label}"`, item.snippet, item.url]
            .filter(Boolean)
            .join(' · ')}`,
      ),
    ]
  })
}
