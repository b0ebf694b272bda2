import { mkdtempSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { buildTestApp } from '../../../test/build-test-app.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { waitFor } from '../../../test/kits/wait-for.ts'
import { ensureDefaultDocuments } from '../../cms/render/default-documents.ts'
import type { Database, Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { sitemapState } from '../../platform/db/schema/seo-site.ts'
import { generateSitemap, sitemapFingerprint, sitemapRoot } from './generate-sitemap.ts'

const XSD_DIR = join(import.meta.dirname, 'xsd')
const ORIGIN = 'https://shop.example'

async function xsd(name: string): Promise<string> {
  return readFile(join(XSD_DIR, name), 'utf8')
}

/** Validates a sitemap (with hreflang links) or a sitemap index against the sitemaps.org schema. */
async function validate(fileName: string, contents: string): Promise<string[]> {
  const isIndex = contents.includes('<sitemapindex')
  const result = await validateXML({
    xml: [{ fileName, contents }],
    schema: isIndex ? [await xsd('siteindex.xsd')] : [await xsd('sitemap-with-hreflang.xsd')],
    preload: isIndex
      ? []
      : [
          { fileName: 'sitemap.xsd', contents: await xsd('sitemap.xsd') },
          { fileName: 'xhtml-link.xsd', contents: await xsd('xhtml-link.xsd') },
        ],
  })
  return result.errors.map((error) => error.rawMessage)
}

/** The shop's object tree in miniature: a category, products (one unpublished), an article. */
async function insertCatalogue(db: Db): Promise<{ productIds: number[]; hiddenId: number }> {
  const insert = async (values: typeof objects.$inferInsert) =>
    (await db.insert(objects).values(values).returning({ id: objects.id }))[0]!.id
  const root = await insert({ parentId: null, type: 'folder', key: '', path: '/', published: true })
  const categories = await insert({ parentId: root, type: 'folder', key: 'Categories', path: '/' })
  await insert({
    parentId: categories,
    type: 'object',
    key: 'frames',
    path: '/Categories/',
    published: true,
    classId: 'Category',
    data: { name: { cs: 'Obruby', en: 'Frames' }, slug: { cs: 'obruby', en: 'frames' } },
  })
  const products = await insert({ parentId: root, type: 'folder', key: 'Products', path: '/' })
  const productIds: number[] = []
  for (const n of [1, 2, 3]) {
    productIds.push(
      await insert({
        parentId: products,
        type: 'object',
        key: `p${n}`,
        path: '/Products/',
        published: true,
        classId: 'Product',
        data: { slug: { cs: `bryle-${n}`, en: `glasses-${n}` } },
      }),
    )
  }
  const hiddenId = await insert({
    parentId: products,
    type: 'object',
    key: 'hidden',
    path: '/Products/',
    published: false,
    classId: 'Product',
    data: { slug: { cs: 'skryte' } },
  })
  const articles = await insert({ parentId: root, type: 'folder', key: 'Articles', path: '/' })
  await insert({
    parentId: articles,
    type: 'object',
    key: 'news',
    path: '/Articles/',
    published: true,
    classId: 'Article',
    data: { title: { cs: 'Novinky & tipy', en: 'News & tips' } },
  })
  return { productIds, hiddenId }
}

describe('the sitemap', () => {
  let database: Database
  let dataDir: string
  let productIds: number[]
  let hiddenId: number

  beforeAll(async () => {
    database = await createTestDatabase()
    await ensureDefaultDocuments(database.db)
    ;({ productIds, hiddenId } = await insertCatalogue(database.db))
    // The Czech privacy page asks not to be indexed.
    await database.db
      .update(documents)
      .set({ settings: sql`${documents.settings} || '{"noindex": true}'::jsonb` })
      .where(sql`${documents.path} = '/cs/' and ${documents.key} = 'privacy'`)
    dataDir = mkdtempSync(join(tmpdir(), 'optika-sitemap-'))
  })
  afterAll(async () => {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('writes valid files per language and kind, split at the URL limit, with an index', async () => {
    const result = await generateSitemap({
      db: database.db,
      dataDir,
      publicUrl: ORIGIN,
      maxUrlsPerFile: 2,
    })
    expect(result.urlCounts).toMatchObject({ products: 18, categories: 6, articles: 2 })
    expect(result.urlCounts.documents).toBeGreaterThan(6)
    const names = result.files.map((file) => file.name)
    expect(names).toContain('cs-products-1.xml')
    expect(names).toContain('cs-products-2.xml')
    expect(result.files.find((file) => file.name === 'cs-products-2.xml')?.urls).toBe(1)
    expect(names).not.toContain('hu-articles-1.xml')

    const dir = join(sitemapRoot(dataDir), result.generation)
    const written = await readdir(dir)
    expect(written.sort()).toEqual([...names, 'index.xml'].sort())
    for (const name of written) {
      const contents = await readFile(join(dir, name), 'utf8')
      expect(await validate(name, contents), name).toEqual([])
    }
    const index = await readFile(join(dir, 'index.xml'), 'utf8')
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/cs-products-1.xml</loc>`)
    // The check itself fails what the protocol forbids.
    const broken = index.replace(
      '</sitemapindex>',
      '<sitemap><lastmod>soon</lastmod></sitemap></sitemapindex>',
    )
    expect(await validate('broken.xml', broken)).not.toEqual([])
    const badLink = (await readFile(join(dir, 'cs-products-1.xml'), 'utf8')).replace(
      'rel="alternate"',
      'rel="next"',
    )
    expect(await validate('bad-link.xml', badLink)).not.toEqual([])
  })

  it('lists products with every language as hreflang alternates and their lastmod', async () => {
    const [state] = await database.db.select().from(sitemapState)
    const dir = join(sitemapRoot(dataDir), state!.generation)
    const cs = await readFile(join(dir, 'cs-products-1.xml'), 'utf8')
    const first = productIds[0]!
    expect(cs).toContain(`<loc>${ORIGIN}/cs/p/${first}/bryle-1</loc>`)
    expect(cs).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/en/p/${first}/glasses-1"/>`,
    )
    expect(cs).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00<\/lastmod>/)
    const all = (
      await Promise.all((await readdir(dir)).map((name) => readFile(join(dir, name), 'utf8')))
    ).join('\n')
    expect(all).not.toContain(`/p/${hiddenId}/`)
    // The article only in the languages it is written in.
    expect(all).toContain(`${ORIGIN}/en/articles/`)
    expect(all).not.toContain(`${ORIGIN}/hu/articles/`)
  })

  it('leaves out pages marked noindex and keeps their translations’ alternates consistent', async () => {
    const [state] = await database.db.select().from(sitemapState)
    const dir = join(sitemapRoot(dataDir), state!.generation)
    const read = async (prefix: string) =>
      (
        await Promise.all(
          state!.files
            .filter((f) => f.name.startsWith(prefix))
            .map((f) => readFile(join(dir, f.name), 'utf8')),
        )
      ).join('')
    const allCs = await read('cs-documents-')
    expect(allCs).toContain(`<loc>${ORIGIN}/cs/terms</loc>`)
    expect(allCs).not.toContain(`<loc>${ORIGIN}/cs/privacy</loc>`)
    const en = await read('en-documents-')
    // The English privacy page stays, without naming its noindex Czech translation.
    expect(en).toContain(`<loc>${ORIGIN}/en/privacy</loc>`)
    expect(en).not.toContain(`hreflang="cs" href="${ORIGIN}/cs/privacy"`)
  })

  it('a new generation replaces the files of the previous one', async () => {
    const [before] = await database.db.select().from(sitemapState)
    const next = await generateSitemap({ db: database.db, dataDir, publicUrl: ORIGIN })
    expect(next.generation).not.toBe(before!.generation)
    expect(await readdir(sitemapRoot(dataDir))).toEqual([next.generation])
  })

  it('the fingerprint moves when a product changes', async () => {
    const before = await sitemapFingerprint(database.db, ORIGIN)
    await database.db
      .update(objects)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(objects.id, productIds[0]!))
    expect(await sitemapFingerprint(database.db, ORIGIN)).not.toBe(before)
  })
})

describe('the storefront’s sitemap and robots.txt addresses', () => {
  it('the app generates the sitemap at start through the job queue and serves it streamed', async () => {
    const t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } })
    try {
      const index = await waitFor('the sitemap index', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
        return response.statusCode === 200 ? response.body : undefined
      })
      expect(index).toContain('<sitemapindex')
      expect(await validate('index.xml', index)).toEqual([])
      const first = /<loc>https:\/\/shop\.example(\/sitemaps\/[^<]+)<\/loc>/.exec(index)![1]!
      const file = await t.app.inject({ method: 'GET', url: first })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toMatch(/^application\/xml/)
      expect(await validate('file.xml', file.body)).toEqual([])
      for (const url of ['/sitemaps/../../etc/passwd', '/sitemaps/xx-products-99.xml']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(400)
      }
    } finally {
      await t.close()
    }
  })
})
