import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import type { Database } from '../../platform/db/client.ts'
import { documents, documentTranslations, sites } from '../../platform/db/schema/documents.ts'
import { eq } from 'drizzle-orm'
import { languagesOf } from './document-languages.ts'
import { normalizeSiteDomain } from './document-sites.ts'
import { translationsOf } from './translations-of.ts'
import {
  invalidateSiteCache,
  normalizeHost,
  resolveSite,
  siteOfDocumentPath,
} from './resolve-site.ts'

/** The read side other slices build on: inherited languages, translation links and site lookup. */
let database: Database

async function addDocument(
  parentId: number,
  parentFullPath: string,
  key: string,
  extra: { language?: string; published?: boolean; type?: 'page' | 'folder' } = {},
): Promise<number> {
  const [row] = await database.db
    .insert(documents)
    .values({
      parentId,
      key,
      path: parentFullPath.endsWith('/') ? parentFullPath : `${parentFullPath}/`,
      type: extra.type ?? 'page',
      published: extra.published ?? true,
      language: extra.language ?? null,
      template: 'content',
    })
    .returning({ id: documents.id })
  return row!.id
}

let cs: number, en: number, csTerms: number, enTerms: number, csDeep: number, brand: number

beforeAll(async () => {
  database = await createTestDatabase()
  cs = await addDocument(1, '/', 'cs', { language: 'cs' })
  en = await addDocument(1, '/', 'en', { language: 'en' })
  csTerms = await addDocument(cs, '/cs', 'terms')
  enTerms = await addDocument(en, '/en', 'terms', { published: false })
  const folder = await addDocument(csTerms, '/cs/terms', 'more', { type: 'folder' })
  csDeep = await addDocument(folder, '/cs/terms/more', 'deep')
  brand = await addDocument(1, '/', 'brand', { language: 'en' })
  await database.db.insert(documentTranslations).values([
    { documentId: csTerms, sourceId: csTerms, language: 'cs' },
    { documentId: enTerms, sourceId: csTerms, language: 'en' },
  ])
})

afterAll(async () => {
  await database.close()
})

describe('document languages', () => {
  it('a document without its own language takes its nearest ancestor’s', async () => {
    const rows = await database.db.select().from(documents)
    const languages = await languagesOf(database.db, rows)
    expect(languages.get(1)).toBeNull()
    expect(languages.get(cs)).toBe('cs')
    expect(languages.get(csTerms)).toBe('cs')
    expect(languages.get(csDeep)).toBe('cs')
    expect(languages.get(enTerms)).toBe('en')
  })
})

describe('translationsOf', () => {
  it('answers every linked translation’s path by locale, from either side of the link', async () => {
    expect(await translationsOf(database.db, csTerms)).toEqual({ cs: '/cs/terms', en: '/en/terms' })
    expect(await translationsOf(database.db, enTerms)).toEqual({ cs: '/cs/terms', en: '/en/terms' })
  })

  it('leaves unpublished translations out for visitors', async () => {
    expect(await translationsOf(database.db, csTerms, { published: true })).toEqual({
      cs: '/cs/terms',
    })
  })

  it('is empty for a document linked to none', async () => {
    expect(await translationsOf(database.db, csDeep)).toEqual({})
  })
})

describe('resolveSite', () => {
  it('normalizes a Host header: lower case, no port, no trailing dot', () => {
    expect(normalizeHost('Brand.Example.COM:3000')).toBe('brand.example.com')
    expect(normalizeHost('brand.example.com.')).toBe('brand.example.com')
    expect(normalizeHost('[::1]:8080')).toBe('[::1]')
    expect(normalizeHost(undefined)).toBe('')
  })

  it('stores domains as lower-case ASCII host names and refuses ports, schemes and paths', () => {
    expect(normalizeSiteDomain(' Shop.Example.COM. ')).toBe('shop.example.com')
    expect(normalizeSiteDomain('obchod-brýle.cz')).toBe('xn--obchod-brle-eib.cz')
    expect(normalizeSiteDomain('localhost')).toBe('localhost')
    for (const bad of [
      'shop.example.com:8080',
      'http://shop.example.com',
      'shop.example.com/cs',
      '*.example.com',
      'shop_example.com',
      '-shop.example.com',
      '127.0.0.1',
      `${'a'.repeat(64)}.example.com`,
      '',
    ]) {
      expect(normalizeSiteDomain(bad), bad).toBeNull()
    }
  })

  it('finds the site of a domain, null for the main shop, and sees a change once invalidated', async () => {
    expect(await resolveSite(database.db, 'brand.example.com')).toBeNull()
    const [site] = await database.db
      .insert(sites)
      .values({
        rootId: brand,
        domains: ['brand.example.com', 'www.brand.example.com'],
        mainDomain: 'brand.example.com',
        redirectToMainDomain: true,
        defaultLanguage: 'en',
        errorDocuments: { '': csTerms },
      })
      .returning()
    invalidateSiteCache()
    const found = await resolveSite(database.db, 'WWW.Brand.Example.com:443')
    expect(found).toMatchObject({
      id: site!.id,
      rootId: brand,
      rootPath: '/brand',
      host: 'www.brand.example.com',
      redirectToHost: 'brand.example.com',
      defaultLanguage: 'en',
      errorDocuments: { '': { id: csTerms, path: '/cs/terms' } },
    })
    expect((await resolveSite(database.db, 'brand.example.com'))?.redirectToHost).toBeNull()
    expect(await resolveSite(database.db, 'localhost:3000')).toBeNull()
    expect((await siteOfDocumentPath(database.db, '/brand/en/x'))?.id).toBe(site!.id)
    expect(await siteOfDocumentPath(database.db, '/brandnew')).toBeNull()

    await database.db.delete(sites).where(eq(sites.id, site!.id))
    invalidateSiteCache()
    expect(await resolveSite(database.db, 'brand.example.com')).toBeNull()
  })
})
