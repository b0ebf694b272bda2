import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, count, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type { SitemapKind } from '@optika/domain/operations/seo-site'
import { SITEMAP_KINDS } from '@optika/domain/operations/seo-site'
import { LOCALES, isLocale, type Locale } from '@optika/i18n/locales'
import { articleUrl } from '../../community/articles/articles-service.ts'
import { categoryUrl, productUrl } from '../../catalogue/reads/catalogue-urls.ts'
import { loadPublishedCategories } from '../../catalogue/reads/published-categories.ts'
import { isPublishedProduct } from '../../catalogue/reads/published-product.ts'
import { loadSites } from '../../cms/sites/resolve-site.ts'
import type { Db } from '../../platform/db/client.ts'
import {
  documentGeneration,
  documents,
  documentTranslations,
} from '../../platform/db/schema/documents.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { sitemapState } from '../../platform/db/schema/seo-site.ts'
import { alternateLinks, SitemapFileWriter, sitemapIndexXml } from './sitemap-writer.ts'

/** Products are read in pages of this many rows (memory stays flat for any catalogue). */
const PRODUCT_BATCH = 5_000

export interface SitemapDeps {
  readonly db: Db
  readonly dataDir: string
  /** The shop's public origin (PUBLIC_URL): every `<loc>` is absolute. */
  readonly publicUrl: string
  /** URLs per file: the protocol's 50,000 unless a test splits smaller. */
  readonly maxUrlsPerFile?: number
}

export interface SitemapResult {
  readonly generation: string
  readonly files: { name: string; urls: number }[]
  readonly urlCounts: Record<SitemapKind, number>
  readonly durationMs: number
}

export function sitemapRoot(dataDir: string): string {
  return join(dataDir, 'sitemaps')
}

/**
 * What the sitemap depends on, in one cheap read: the catalogue objects' count and newest change,
 * the documents' generation (moves with every document, translation and site change) and the
 * origin. The scheduled check regenerates only when this moved.
 */
export async function sitemapFingerprint(db: Db, publicUrl: string): Promise<string> {
  const [[catalogue], [docs]] = await Promise.all([
    db
      .select({ count: count(), newest: max(objects.updatedAt) })
      .from(objects)
      .where(inArray(objects.classId, ['Product', 'Category', 'Article'])),
    db.select({ value: documentGeneration.value }).from(documentGeneration),
  ])
  const newest = catalogue?.newest ? new Date(catalogue.newest).toISOString() : '-'
  return [catalogue?.count ?? 0, newest, docs?.value ?? 0, new URL(publicUrl).origin].join('|')
}

/**
 * Generates the whole sitemap into a new folder (products, categories, documents and articles per
 * language, with hreflang alternates and lastmod), then makes it the served one and removes older
 * generations. A failure leaves the previous sitemap served.
 */
export async function generateSitemap(deps: SitemapDeps): Promise<SitemapResult> {
  const started = performance.now()
  const fingerprint = await sitemapFingerprint(deps.db, deps.publicUrl)
  const generation = `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`
  const root = sitemapRoot(deps.dataDir)
  const dir = join(root, generation)
  await mkdir(dir, { recursive: true })
  const origin = new URL(deps.publicUrl).origin
  const writers = new Map<string, SitemapFileWriter>()
  const writerFor = (locale: Locale, kind: SitemapKind): SitemapFileWriter => {
    const key = `${locale}-${kind}`
    let writer = writers.get(key)
    if (!writer) {
      writer = new SitemapFileWriter(dir, key, deps.maxUrlsPerFile)
      writers.set(key, writer)
    }
    return writer
  }
  try {
    await writeProducts(deps.db, origin, writerFor)
    await writeCategories(deps.db, origin, writerFor)
    await writeDocuments(deps.db, origin, writerFor)
    await writeArticles(deps.db, origin, writerFor)
    for (const writer of writers.values()) await writer.close()
  } catch (error) {
    for (const writer of writers.values()) writer.destroy()
    await rm(dir, { recursive: true, force: true })
    throw error
  }

  // Files in a stable order: language, then kind.
  const files = LOCALES.flatMap((locale) =>
    SITEMAP_KINDS.flatMap((kind) => writers.get(`${locale}-${kind}`)?.files ?? []),
  )
  const urlCounts = Object.fromEntries(
    SITEMAP_KINDS.map((kind) => [
      kind,
      LOCALES.reduce((sum, locale) => sum + (writers.get(`${locale}-${kind}`)?.totalUrls ?? 0), 0),
    ]),
  ) as Record<SitemapKind, number>
  const now = new Date()
  await writeFile(
    join(dir, 'index.xml'),
    sitemapIndexXml(
      origin,
      files.map((file) => file.name),
      now,
    ),
  )
  const durationMs = Math.round(performance.now() - started)
  const values = { generation, fingerprint, files, urlCounts, durationMs, generatedAt: now }
  await deps.db
    .insert(sitemapState)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sitemapState.id, set: values })
  await removeOlderGenerations(root, generation)
  return { generation, files, urlCounts, durationMs }
}

/** Drops the folders of earlier generations (a newer one being written by another run stays). */
async function removeOlderGenerations(root: string, current: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (name < current) await rm(join(root, name), { recursive: true, force: true })
  }
}

/** Whether the served generation's folder is on this disk (a fresh DATA_DIR has none). */
export async function sitemapFilesPresent(dataDir: string, generation: string): Promise<boolean> {
  try {
    return (await stat(join(sitemapRoot(dataDir), generation, 'index.xml'))).isFile()
  } catch {
    return false
  }
}

type WriterFor = (locale: Locale, kind: SitemapKind) => SitemapFileWriter

function everyLocale(urlIn: (locale: Locale) => string): [Locale, string][] {
  return LOCALES.map((locale) => [locale, urlIn(locale)])
}

async function writeGroup(
  writerFor: WriterFor,
  kind: SitemapKind,
  urls: readonly [Locale, string][],
  lastmod: Date | null,
): Promise<void> {
  // A page alone in its language has no alternates to name.
  const links = urls.length > 1 ? alternateLinks(urls) : ''
  for (const [locale, loc] of urls) await writerFor(locale, kind).add(loc, lastmod, links)
}

/** Published products, every language (the shop shows every product in all six). */
async function writeProducts(db: Db, origin: string, writerFor: WriterFor): Promise<void> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: objects.id,
        slug: sql<LocalizedText | null>`${objects.data} -> 'slug'`,
        updatedAt: objects.updatedAt,
      })
      .from(objects)
      .where(and(isPublishedProduct(), gt(objects.id, after)))
      .orderBy(asc(objects.id))
      .limit(PRODUCT_BATCH)
    for (const row of rows) {
      const slug = row.slug ?? undefined
      const urls = everyLocale((locale) => origin + productUrl(locale, row.id, slug))
      await writeGroup(writerFor, 'products', urls, row.updatedAt)
    }
    const last = rows.at(-1)
    if (!last || rows.length < PRODUCT_BATCH) return
    after = last.id
  }
}

/** Categories a visitor can reach (published, under published ones). */
async function writeCategories(db: Db, origin: string, writerFor: WriterFor): Promise<void> {
  const visible = await loadPublishedCategories(db, 'en')
  if (visible.byId.size === 0) return
  const changed = await db
    .select({ id: objects.id, updatedAt: objects.updatedAt })
    .from(objects)
    .where(and(eq(objects.classId, 'Category'), eq(objects.type, 'object')))
  const updatedAt = new Map(changed.map((row) => [row.id, row.updatedAt]))
  for (const category of [...visible.byId.values()].sort((a, b) => a.id - b.id)) {
    const urls = everyLocale(
      (locale) => origin + categoryUrl(locale, category.id, category.data.slug),
    )
    await writeGroup(writerFor, 'categories', urls, updatedAt.get(category.id) ?? null)
  }
}

/**
 * Published pages of the main shop that may be indexed: not `noindex`, no canonical elsewhere,
 * under a language root, outside every site's subtree; alternates are their published,
 * indexable translations.
 */
async function writeDocuments(db: Db, origin: string, writerFor: WriterFor): Promise<void> {
  const [rows, links, sites] = await Promise.all([
    db
      .select({
        id: documents.id,
        parentId: documents.parentId,
        type: documents.type,
        key: documents.key,
        path: documents.path,
        published: documents.published,
        language: documents.language,
        noindex: sql<boolean>`coalesce((${documents.settings} ->> 'noindex')::boolean, false)`,
        canonical: sql<string>`coalesce(${documents.settings} ->> 'canonical', '')`,
        updatedAt: documents.updatedAt,
      })
      .from(documents),
    db.select().from(documentTranslations),
    loadSites(db),
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  const languageOf = (id: number): Locale | null => {
    for (let row = byId.get(id); row; row = row.parentId ? byId.get(row.parentId) : undefined) {
      if (row.language) return isLocale(row.language) ? row.language : null
    }
    return null
  }
  const fullPath = (row: (typeof rows)[number]) =>
    row.parentId === null ? '/' : `${row.path}${row.key}`
  const siteRoots = sites.map((site) => site.rootPath)
  const indexable = new Map<number, { locale: Locale; path: string; updatedAt: Date }>()
  for (const row of rows) {
    if (row.type !== 'page' || !row.published || row.noindex || row.parentId === null) continue
    const path = fullPath(row)
    if (row.canonical !== '' && row.canonical !== path) continue
    if (siteRoots.some((rootPath) => path === rootPath || path.startsWith(`${rootPath}/`))) continue
    const locale = languageOf(row.id)
    if (!locale) continue
    indexable.set(row.id, { locale, path, updatedAt: row.updatedAt })
  }
  const groupOf = new Map<number, number>()
  const members = new Map<number, number[]>()
  for (const link of links) {
    if (!indexable.has(link.documentId)) continue
    groupOf.set(link.documentId, link.sourceId)
    members.set(link.sourceId, [...(members.get(link.sourceId) ?? []), link.documentId])
  }
  for (const [id, page] of [...indexable].sort((a, b) => a[0] - b[0])) {
    const group = groupOf.get(id)
    const ids = group === undefined ? [id] : (members.get(group) ?? [id])
    const alternates: [Locale, string][] = []
    const seen = new Set<Locale>()
    for (const memberId of ids) {
      const member = indexable.get(memberId)
      if (!member || seen.has(member.locale)) continue
      seen.add(member.locale)
      alternates.push([member.locale, origin + encodeURI(member.path)])
    }
    const links = alternates.length > 1 ? alternateLinks(alternates) : ''
    await writerFor(page.locale, 'documents').add(
      origin + encodeURI(page.path),
      page.updatedAt,
      links,
    )
  }
}

/** Published articles, in each language they have a title in. */
async function writeArticles(db: Db, origin: string, writerFor: WriterFor): Promise<void> {
  const rows = await db
    .select({
      id: objects.id,
      title: sql<LocalizedText | null>`${objects.data} -> 'title'`,
      updatedAt: objects.updatedAt,
    })
    .from(objects)
    .where(
      and(eq(objects.classId, 'Article'), eq(objects.type, 'object'), eq(objects.published, true)),
    )
    .orderBy(asc(objects.id))
  for (const row of rows) {
    const titles = (row.title ?? {}) as Record<string, unknown>
    const urls: [Locale, string][] = []
    for (const locale of LOCALES) {
      const title = titles[locale]
      if (typeof title === 'string' && title.trim() !== '') {
        urls.push([locale, origin + articleUrl(locale, row.id, title.trim())])
      }
    }
    await writeGroup(writerFor, 'articles', urls, row.updatedAt)
  }
}
