import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import { productPageMobileCatalogue } from '@optika/i18n/catalogue/product-page-mobile'
import { serverCatalogue } from '@optika/i18n/catalogue/server'
import { storefrontCatalogue } from '@optika/i18n/catalogue/storefront'
import { buildApp } from '../../app.ts'
import { ensureDefaultDocuments } from '../../cms/render/default-documents.ts'
import type { Database } from '../../platform/db/client.ts'
import { loadEnv } from '../../platform/env.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'
import { FIXTURE, insertCatalogueFixture } from '../../../test/fixtures/catalogue-fixture.ts'
import { createTranslator, syncCatalogue } from '../../platform/i18n/translator.ts'

const BUILD_DIR = STOREFRONT_BUILD_DIR
const PUBLIC_URL = 'https://shop.example'

async function startApp(database: Database, storefrontBuildDir: string): Promise<FastifyInstance> {
  await syncCatalogue(database.db, catalogue)
  await ensureDefaultDocuments(database.db)
  const dataDir = mkdtempSync(join(tmpdir(), 'optika-sf-'))
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL })
  const app = await buildApp({
    env,
    database,
    translator: await createTranslator(database.db),
    storefrontBuildDir,
  })
  app.addHook('onClose', () => rmSync(dataDir, { recursive: true, force: true }))
  return app
}

function cspNonce(header: unknown): string | undefined {
  return /'nonce-([^']+)'/.exec(String(header))?.[1]
}

describe('storefront pages', () => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    await ensureStorefrontBuild()
    database = await createTestDatabase()
    await insertCatalogueFixture(database.db)
    app = await startApp(database, BUILD_DIR)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('sends / to the remembered language, else to Czech', async () => {
    const plain = await app.inject('/')
    expect(plain.statusCode).toBe(302)
    expect(plain.headers.location).toBe('/cs')

    const english = await app.inject({ url: '/', cookies: { locale: 'en' } })
    expect(english.headers.location).toBe('/en')

    const unknown = await app.inject({ url: '/', cookies: { locale: 'xx' } })
    expect(unknown.headers.location).toBe('/cs')
  })

  it('renders the Czech home page with a nonce on every script and remembers the language', async () => {
    const response = await app.inject('/cs')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    const html = response.body
    expect(html).toMatch(/<html lang="cs"/)

    const nonce = cspNonce(response.headers['content-security-policy'])
    expect(nonce).toBeTruthy()
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)

    expect(html).toContain(storefrontCatalogue['shop.skipLink'].cs)
    expect(html).toContain(storefrontCatalogue['shop.home.featuredTitle'].cs)
    expect(html).toContain('Dámské brýle Žofie')
    expect(html).toContain('/media/thumbnail/demo/zofie-black.webp')
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/cs"/>`)
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${PUBLIC_URL}/en"/>`)
    // The texts come as a script the browser keeps (decision 070), not inside the page's data.
    expect(html).toMatch(
      /<script nonce="[^"]+" src="\/api\/translations\/cs\/storefront\.js\?v=[\w-]+"/,
    )
    expect(html).not.toContain('account.captchaImage')

    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toContain('locale=cs')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('Max-Age=31536000')
  })

  it('renders a category with its translated slug in every language', async () => {
    const response = await app.inject(`/en/c/${FIXTURE.categories.frames}/frames`)
    expect(response.statusCode).toBe(200)
    expect(response.body).toMatch(/<html lang="en"/)
    expect(response.body).toContain('Frames for everyone.')
    expect(response.body).toContain(`href="/cs/c/${FIXTURE.categories.frames}/bryle"`)
    expect(response.body).toContain('Marek men’s frame')
  })

  it('moves a category or product with a wrong slug to its canonical address', async () => {
    const response = await app.inject(`/cs/c/${FIXTURE.categories.frames}/frames`)
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe(`/cs/c/${FIXTURE.categories.frames}/bryle`)
  })

  it('renders a product and search results', async () => {
    const product = await app.inject(`/cs/p/${FIXTURE.products.zofie}/damske-bryle-zofie`)
    expect(product.statusCode).toBe(200)
    expect(product.body).toContain('LU-1001')
    // Guests see the retail price of a purchase without registration, with a note (decision 024).
    expect(product.body).toContain(
      productPageMobileCatalogue['productPageMobile.guestRetailNote'].cs,
    )

    const search = await app.inject(`/cs/search?q=${encodeURIComponent('ZOFIE')}`)
    expect(search.statusCode).toBe(200)
    expect(search.body).toContain('Dámské brýle Žofie')
  })

  it('answers an unknown page with the translated not-found page and status 404', async () => {
    const english = await app.inject('/en/does-not-exist')
    expect(english.statusCode).toBe(404)
    expect(english.headers['content-type']).toContain('text/html')
    expect(english.body).toMatch(/<html lang="en"/)
    expect(english.body).toContain(storefrontCatalogue['shop.notFound.title'].en)

    const czech = await app.inject('/cs/neexistuje')
    expect(czech.statusCode).toBe(404)
    expect(czech.body).toContain(storefrontCatalogue['shop.notFound.title'].cs)

    for (const url of [
      '/xx',
      '/xx/c/1/a',
      `/cs/c/999999/x`,
      `/cs/p/${FIXTURE.products.draft}/x`,
      '/cs/c/abc/x',
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).toContain('<html')
    }
  })

  it('leaves the API, back-office and picture paths to the server’s JSON 404', async () => {
    for (const url of ['/api/nope', '/admin/nope/deeper', '/media']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toContain('application/json')
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('serves built assets for a year, immutable, and the favicon', async () => {
    const assets = readdirSync(join(BUILD_DIR, 'client', 'assets'))
    const script = assets.find((name) => name.endsWith('.js'))
    const response = await app.inject(`/assets/${script}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const favicon = await app.inject('/favicon.svg')
    expect(favicon.statusCode).toBe(200)
    expect(favicon.headers['content-type']).toContain('image/svg+xml')
  })

  it('answers client-side navigations with the page data', async () => {
    const response = await app.inject(`/en/c/${FIXTURE.categories.womens}/womens-frames.data`)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Zofie women’s glasses')
  })
})

describe('storefront failures', () => {
  it('shows a translated message with status 500, never the error, when a page fails', async () => {
    const database = await createTestDatabase()
    const app = await startApp(database, BUILD_DIR)
    try {
      // The database answers, but the home page's catalogue reads now fail.
      await database.db.execute(sql`alter table product_index rename to product_index_gone`)
      const response = await app.inject('/en')
      expect(response.statusCode).toBe(500)
      expect(response.body).toMatch(/<html lang="en"/)
      expect(response.body).toContain(storefrontCatalogue['shop.error.title'].en)
      expect(response.body).toContain(serverCatalogue['server.internalError'].en)
      // The database error and any stack stay on the server.
      expect(response.body).not.toMatch(/product_index_gone|42P01|\bat \S+ \(|node_modules/i)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('answers 503 when a page fails because the database is away', async () => {
    const database = await createTestDatabase()
    const app = await startApp(database, BUILD_DIR)
    try {
      // The app is up and its dictionary in memory; then the database goes away.
      await app.ready()
      await database.close()
      const response = await app.inject('/en')
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body).toMatch(/<html lang="en"/)
      expect(response.body).toContain(storefrontCatalogue['shop.error.title'].en)
      // The database error ("PGlite is closed") and any stack stay on the server.
      expect(response.body).not.toMatch(/pglite|is closed|\bat \S+ \(|node_modules/i)
    } finally {
      await app.close()
    }
  })

  it('answers a POST to a page without an action with 405, not a failure', async () => {
    const database = await createTestDatabase()
    const app = await startApp(database, BUILD_DIR)
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/cs/contact',
        payload: { topic: 'x' },
      })
      expect(response.statusCode).toBe(405)
      expect(response.body).toMatch(/<html lang="cs"/)
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('storefront without a build', () => {
  it('answers every page with 503 and how to build it', async () => {
    const database = await createTestDatabase()
    const emptyDir = mkdtempSync(join(tmpdir(), 'optika-no-build-'))
    const app = await startApp(database, join(emptyDir, 'never-built'))
    try {
      const response = await app.inject('/cs')
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ code: 'STOREFRONT_NOT_BUILT' })
      expect(response.json<{ message: string }>().message).toContain('npm run build')
      expect((await app.inject('/api/nope')).statusCode).toBe(404)
    } finally {
      await app.close()
      await database.close()
      rmSync(emptyDir, { recursive: true, force: true })
    }
  })
})
