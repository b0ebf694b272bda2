import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import type { DocumentPage, DocumentPageResult } from '@optika/domain/cms/document-page'
import type { Database } from '../../platform/db/client.ts'
import {
  documents,
  documentSessions,
  documentTranslations,
  sites,
} from '../../platform/db/schema/documents.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { invalidateSiteCache } from '../sites/resolve-site.ts'
import { ensureDefaultDocuments } from './default-documents.ts'
import { findDocumentByPath } from './document-rows.ts'
import { loadDocumentPage, type DocumentPageRequest } from './load-document-page.ts'
import { loadNavigationSnippets } from './load-navigation-snippet.ts'

const PUBLIC_URL = 'https://shop.example'
let database: Database

const visitor = { editorUserId: null }
const editor = { editorUserId: 7 }

function load(request: Partial<DocumentPageRequest> & { path: string }) {
  return loadDocumentPage(
    { db: database.db, publicUrl: PUBLIC_URL },
    { host: 'shop.example', locale: 'cs', viewer: visitor, preview: false, ...request },
  )
}

function pageOf(result: DocumentPageResult): DocumentPage {
  if (result.kind !== 'page') throw new Error(`expected a page, got ${JSON.stringify(result)}`)
  return result.page
}

async function idOf(path: string): Promise<number> {
  const row = await findDocumentByPath(database.db, path)
  if (!row) throw new Error(`no document at ${path}`)
  return row.id
}

/** Inserts a document under `parentPath` (published unless told otherwise). */
async function insertDocument(
  parentPath: string,
  values: Partial<typeof documents.$inferInsert> & { key: string; type: string },
): Promise<number> {
  const parentId = await idOf(parentPath)
  const [row] = await database.db
    .insert(documents)
    .values({
      published: true,
      template: values.type === 'page' ? 'content' : null,
      ...values,
      type: values.type,
      parentId,
      path: parentPath === '/' ? '/' : `${parentPath}/`,
    })
    .returning({ id: documents.id })
  return row!.id
}

beforeAll(async () => {
  database = await createTestDatabase()
  await ensureDefaultDocuments(database.db)
})
afterAll(async () => {
  await database.close()
})

describe('default documents', () => {
  it('gives every language its home, terms, data-protection and contact pages and a footer', async () => {
    for (const locale of LOCALES) {
      const terms = pageOf(await load({ path: `/${locale}/terms`, locale }))
      expect(terms.heading).toBe(catalogue['page.terms']![locale])
      expect(terms.language).toBe(locale)
      const privacy = pageOf(await load({ path: `/${locale}/privacy`, locale }))
      expect(JSON.stringify(privacy.editables)).toContain(
        catalogue['newsletter.frequency']![locale],
      )
      const contact = pageOf(await load({ path: `/${locale}/contact`, locale }))
      expect(contact.heading).toBe(catalogue['shop.contact.title']![locale])
      const home = pageOf(await load({ path: `/${locale}`, locale }))
      expect(home.template).toBe('home')
    }
    const terms = pageOf(await load({ path: '/en/terms', locale: 'en' }))
    // The 90 % spare-part rule and the forwarding company from the central warehouse.
    expect(JSON.stringify(terms.editables)).toContain('90%')
    expect(JSON.stringify(terms.editables)).toContain('central warehouse in Germany')
  })

  it('links each page to its translations, so hreflang names all six languages', async () => {
    const terms = pageOf(await load({ path: '/cs/terms' }))
    expect(terms.alternates).toEqual(Object.fromEntries(LOCALES.map((l) => [l, `/${l}/terms`])))
  })

  it('inserts only what is missing and never overwrites an editor’s change', async () => {
    const id = await idOf('/cs/terms')
    await database.db
      .update(documents)
      .set({ editables: { headline: { type: 'input', data: 'Upravené podmínky' } } })
      .where(eq(documents.id, id))
    await database.db
      .delete(documentTranslations)
      .where(eq(documentTranslations.documentId, await idOf('/sk/contact')))
    await database.db.execute(sql`delete from documents where path = '/sk/' and key = 'contact'`)
    const inserted = await ensureDefaultDocuments(database.db)
    expect(inserted).toBe(1)
    expect(pageOf(await load({ path: '/cs/terms' })).heading).toBe('Upravené podmínky')
    expect(pageOf(await load({ path: '/sk/contact', locale: 'sk' })).alternates.cs).toBe(
      '/cs/contact',
    )
    expect(await ensureDefaultDocuments(database.db)).toBe(0)
  })

  it('reads the footer links from the navigation snippet, leaving out unpublished targets', async () => {
    const links = await loadNavigationSnippets(database.db, ['/en/snippets/footer'])
    expect(links.get('/en/snippets/footer')).toEqual([
      { title: catalogue['page.terms']!.en, href: '/en/terms' },
      { title: catalogue['page.privacy']!.en, href: '/en/privacy' },
      { title: catalogue['shop.contact.title']!.en, href: '/en/contact' },
    ])
    await database.db
      .update(documents)
      .set({ published: false })
      .where(eq(documents.id, await idOf('/en/privacy')))
    const after = await loadNavigationSnippets(database.db, ['/en/snippets/footer'])
    expect(after.get('/en/snippets/footer')?.map((l) => l.href)).toEqual([
      '/en/terms',
      '/en/contact',
    ])
    await database.db
      .update(documents)
      .set({ published: true })
      .where(eq(documents.id, await idOf('/en/privacy')))
  })
})

describe('loading a page', () => {
  it('answers not found for an unknown address, a folder and a snippet', async () => {
    expect(await load({ path: '/cs/neexistuje' })).toEqual({ kind: 'not-found' })
    expect(await load({ path: '/cs/snippets' })).toEqual({ kind: 'not-found' })
    expect(await load({ path: '/cs/snippets/footer' })).toEqual({ kind: 'not-found' })
  })

  it('hides an unpublished page from visitors and shows an editor the newest version in preview', async () => {
    const id = await insertDocument('/cs', {
      key: 'pripravujeme',
      type: 'page',
      published: false,
      editables: { headline: { type: 'input', data: 'Uložená verze řádku' } },
    })
    expect(await load({ path: '/cs/pripravujeme' })).toEqual({ kind: 'not-found' })
    // An editor without ?preview=1 is a visitor; a visitor with ?preview=1 too.
    expect(await load({ path: '/cs/pripravujeme', viewer: editor })).toEqual({ kind: 'not-found' })
    expect(await load({ path: '/cs/pripravujeme', preview: true })).toEqual({ kind: 'not-found' })

    const row = pageOf(await load({ path: '/cs/pripravujeme', viewer: editor, preview: true }))
    expect(row).toMatchObject({ heading: 'Uložená verze řádku', preview: 'document' })
    expect(row.meta.noindex).toBe(true)

    await database.db.insert(elementVersions).values({
      elementType: 'document',
      elementId: id,
      versionCount: 1,
      snapshot: {
        key: 'pripravujeme',
        data: {
          template: 'content',
          editables: { headline: { type: 'input', data: 'Koncept' } },
          settings: {},
        },
      },
    })
    expect(
      pageOf(await load({ path: '/cs/pripravujeme', viewer: editor, preview: true })),
    ).toMatchObject({ heading: 'Koncept', preview: 'version' })

    await database.db.insert(documentSessions).values({
      documentId: id,
      userId: editor.editorUserId,
      data: { editables: { headline: { type: 'input', data: 'Rozepsáno' } }, settings: {} },
    })
    expect(
      pageOf(await load({ path: '/cs/pripravujeme', viewer: editor, preview: true })),
    ).toMatchObject({ heading: 'Rozepsáno', preview: 'session' })
    // Another editor's session draft is not this one's.
    expect(
      pageOf(await load({ path: '/cs/pripravujeme', viewer: { editorUserId: 8 }, preview: true })),
    ).toMatchObject({ heading: 'Koncept', preview: 'version' })
  })

  it('draws a published page as it is saved, with meta, breadcrumbs and navigation', async () => {
    const sectionId = await insertDocument('/cs', {
      key: 'o-nas',
      type: 'page',
      index: 5,
      editables: { headline: { type: 'input', data: 'O nás' } },
      settings: { title: 'O firmě', description: 'Kdo jsme', navigation: { title: 'Firma' } },
    })
    await insertDocument('/cs/o-nas', {
      key: 'historie',
      type: 'page',
      editables: { headline: { type: 'input', data: 'Historie' } },
      settings: { canonical: '/cs/o-nas', noindex: true },
    })
    await insertDocument('/cs/o-nas', {
      key: 'skryta',
      type: 'page',
      settings: { navigation: { title: 'Skrytá', exclude: true } },
    })
    const section = pageOf(await load({ path: '/cs/o-nas' }))
    expect(section).toMatchObject({
      id: sectionId,
      heading: 'O nás',
      meta: {
        title: 'O firmě',
        description: 'Kdo jsme',
        canonical: `${PUBLIC_URL}/cs/o-nas`,
        noindex: false,
      },
      breadcrumbs: [],
      children: [{ title: 'Historie', href: '/cs/o-nas/historie' }],
      preview: null,
    })
    expect(section.navigation.map((l) => l.title)).toContain('Firma')
    expect(section.navigation.find((l) => l.current)?.href).toBe('/cs/o-nas')

    const history = pageOf(await load({ path: '/cs/o-nas/historie' }))
    expect(history.breadcrumbs).toEqual([{ title: 'Firma', href: '/cs/o-nas' }])
    expect(history.meta).toMatchObject({ canonical: `${PUBLIC_URL}/cs/o-nas`, noindex: true })
    expect(history.navigation.map((l) => l.href)).toEqual(['/cs/o-nas/historie'])
  })

  it('redirects a trailing slash and a link document (301), and refuses unsafe or self links', async () => {
    expect(await load({ path: '/cs/terms/' })).toEqual({
      kind: 'redirect',
      location: '/cs/terms',
      status: 301,
    })
    const termsId = await idOf('/cs/terms')
    await insertDocument('/cs', {
      key: 'vop',
      type: 'link',
      settings: { linkType: 'internal', internal: { type: 'document', id: termsId }, direct: '' },
    })
    expect(await load({ path: '/cs/vop' })).toEqual({
      kind: 'redirect',
      location: '/cs/terms',
      status: 301,
    })
    await insertDocument('/cs', {
      key: 'blog',
      type: 'link',
      settings: { linkType: 'direct', internal: null, direct: 'https://blog.example/optika' },
    })
    expect(await load({ path: '/cs/blog' })).toMatchObject({
      location: 'https://blog.example/optika',
    })
    await insertDocument('/cs', {
      key: 'zly',
      type: 'link',
      settings: { linkType: 'direct', internal: null, direct: 'javascript:alert(1)' },
    })
    expect(await load({ path: '/cs/zly' })).toEqual({ kind: 'not-found' })
    await insertDocument('/cs', { key: 'kruh', type: 'link', settings: {} })
    const selfId = await idOf('/cs/kruh')
    await database.db
      .update(documents)
      .set({ settings: { linkType: 'internal', internal: { type: 'document', id: selfId } } })
      .where(eq(documents.id, selfId))
    expect(await load({ path: '/cs/kruh' })).toEqual({ kind: 'not-found' })
  })

  it('shows a hardlink’s source under the hardlink’s path, children included, and refuses cycles', async () => {
    const aboutId = await idOf('/cs/o-nas')
    await insertDocument('/cs', {
      key: 'firma',
      type: 'hardlink',
      settings: { sourceId: aboutId, childrenFromSource: true },
    })
    const linked = pageOf(await load({ path: '/cs/firma' }))
    expect(linked).toMatchObject({ id: aboutId, heading: 'O nás', path: '/cs/firma' })
    expect(linked.meta.canonical).toBe(`${PUBLIC_URL}/cs/firma`)
    expect(pageOf(await load({ path: '/cs/firma/historie' })).heading).toBe('Historie')

    const a = await insertDocument('/cs', { key: 'hl-a', type: 'hardlink', settings: {} })
    const b = await insertDocument('/cs', {
      key: 'hl-b',
      type: 'hardlink',
      settings: { sourceId: a },
    })
    await database.db
      .update(documents)
      .set({ settings: { sourceId: b } })
      .where(eq(documents.id, a))
    expect(await load({ path: '/cs/hl-a' })).toEqual({ kind: 'not-found' })
    expect(await load({ path: '/cs/hl-b/x' })).toEqual({ kind: 'not-found' })
  })

  it('serves a site’s subtree on its own domain and redirects other hosts to its main domain', async () => {
    await insertDocument('/', { key: 'partneri', type: 'folder' })
    await insertDocument('/partneri', { key: 'cs', type: 'page', language: 'cs' })
    await insertDocument('/partneri/cs', {
      key: 'cenik',
      type: 'page',
      editables: { headline: { type: 'input', data: 'Ceník pro partnery' } },
    })
    await database.db.insert(sites).values({
      rootId: await idOf('/partneri'),
      domains: ['partneri.example', 'www.partneri.example'],
      mainDomain: 'partneri.example',
      redirectToMainDomain: true,
    })
    // Written past the sites calls, which drop the in-memory copy themselves.
    invalidateSiteCache()
    const page = pageOf(await load({ host: 'partneri.example', path: '/cs/cenik' }))
    expect(page).toMatchObject({ heading: 'Ceník pro partnery', path: '/cs/cenik' })
    expect(await load({ host: 'www.partneri.example', path: '/cs/cenik' })).toEqual({
      kind: 'redirect',
      location: 'https://partneri.example/cs/cenik',
      status: 301,
    })
    expect(await load({ path: '/cs/cenik' })).toEqual({ kind: 'not-found' })
  })

  it('draws a site’s error page for its language where nothing is found', async () => {
    const errorId = await insertDocument('/partneri/cs', {
      key: 'nenalezeno',
      type: 'page',
      editables: { headline: { type: 'input', data: 'Tady nic není' } },
    })
    await database.db
      .update(sites)
      .set({ errorDocuments: { cs: errorId } })
      .where(eq(sites.rootId, await idOf('/partneri')))
    invalidateSiteCache()
    const missing = await load({ host: 'partneri.example', path: '/cs/neni' })
    expect(missing.kind).toBe('not-found')
    expect(missing.kind === 'not-found' && missing.errorPage).toMatchObject({
      heading: 'Tady nic není',
      path: '/cs/neni',
    })
    // Another language has no error page of its own here: the plain not-found answer.
    expect(await load({ host: 'partneri.example', path: '/en/neni', locale: 'en' })).toEqual({
      kind: 'not-found',
    })
  })
})
