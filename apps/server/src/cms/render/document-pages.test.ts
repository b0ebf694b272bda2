import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import { documents, documentSessions } from '../../platform/db/schema/documents.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { findDocumentByPath } from './document-rows.ts'

const PUBLIC_URL = 'http://localhost:3000'
let t: TestApp
let editorCookie: string
let editorId: number
let outsiderCookie: string

async function idOf(path: string): Promise<number> {
  const row = await findDocumentByPath(t.database.db, path)
  if (!row) throw new Error(`no document at ${path}`)
  return row.id
}

beforeAll(async () => {
  await ensureStorefrontBuild()
  t = await buildTestApp({
    env: { PUBLIC_URL },
    deps: { storefrontBuildDir: STOREFRONT_BUILD_DIR },
  })
  editorId = await insertAdminUser(t.database.db, {
    username: 'editor',
    permissions: ['documents'],
  })
  editorCookie = await signIn(t.database.db, editorId)
  outsiderCookie = await signIn(
    t.database.db,
    await insertAdminUser(t.database.db, { username: 'orders', permissions: ['objects'] }),
  )
})
afterAll(async () => {
  await t.close()
})

describe('document pages on the storefront', () => {
  it('serves the terms page from its document, with hreflang to its translations', async () => {
    const response = await t.app.inject('/cs/terms')
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toMatch(/<html lang="cs"/)
    expect(html).toContain(`<h1 class="`)
    expect(html).toContain(catalogue['page.terms']!.cs)
    expect(html).toContain(catalogue['shop.terms.shipping']!.cs)
    for (const locale of LOCALES) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${locale}" href="${PUBLIC_URL}/${locale}/terms"/>`,
      )
    }
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/cs/terms"/>`)
    expect(response.headers['cache-control']).toBeUndefined()
  })

  it('draws the footer links from the navigation snippet, and again after it changed', async () => {
    const footerId = await idOf('/en/snippets/footer')
    // Drawn once before the change: the process keeps the links until a document changes.
    expect((await t.app.inject('/en/privacy')).body).not.toContain('>Our frames</a>')
    const [footer] = await t.database.db
      .select({ editables: documents.editables })
      .from(documents)
      .where(eq(documents.id, footerId))
    const editables = footer!.editables as { links: { data: unknown[] } }
    await t.database.db
      .update(documents)
      .set({
        editables: {
          links: {
            type: 'block',
            data: [
              ...editables.links.data,
              { link: { type: 'link', data: { href: '/en/c/1/frames', text: 'Our frames' } } },
            ],
          },
        },
      })
      .where(eq(documents.id, footerId))
    const html = (await t.app.inject('/en/privacy')).body
    const footerHtml = html.slice(html.indexOf('<footer'))
    expect(footerHtml).toContain('href="/en/terms"')
    expect(footerHtml).toContain('>Our frames</a>')
  })

  it('takes the home page’s hero from the language root document', async () => {
    const rootId = await idOf('/en')
    const [root] = await t.database.db
      .select({ editables: documents.editables })
      .from(documents)
      .where(eq(documents.id, rootId))
    await t.database.db
      .update(documents)
      .set({
        editables: {
          ...(root!.editables as object),
          heroTitle: { type: 'input', data: 'Frames for every face' },
        },
      })
      .where(eq(documents.id, rootId))
    const html = (await t.app.inject('/en')).body
    expect(html).toContain('Frames for every face')
    expect(html).toContain(catalogue['shop.home.benefitParts']!.en)
  })

  it('answers 404 for an address without a document and for an unpublished page', async () => {
    expect((await t.app.inject('/cs/zadna-takova-stranka')).statusCode).toBe(404)
    await t.database.db
      .update(documents)
      .set({ published: false })
      .where(eq(documents.id, await idOf('/sk/contact')))
    const hidden = await t.app.inject('/sk/contact')
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).toContain(catalogue['shop.notFound.title']!.sk)
    // ?preview=1 is nothing without an editor's session, or with a user lacking `documents`.
    expect((await t.app.inject('/sk/contact?preview=1')).statusCode).toBe(404)
    expect(
      (await t.app.inject({ url: '/sk/contact?preview=1', headers: { cookie: outsiderCookie } }))
        .statusCode,
    ).toBe(404)
  })

  it('shows an editor the session draft in preview, private and not indexed', async () => {
    const id = await idOf('/sk/contact')
    await t.database.db
      .insert(documentSessions)
      .values({
        documentId: id,
        userId: editorId,
        data: {
          template: 'content',
          editables: { headline: { type: 'input', data: 'Kontakt – rozpracované' } },
          settings: {},
        },
      })
      .onConflictDoNothing()
    const response = await t.app.inject({
      url: '/sk/contact?preview=1',
      headers: { cookie: editorCookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Kontakt – rozpracované')
    expect(response.body).toContain(catalogue['cmsPages.preview.banner']!.sk)
    expect(response.body).toContain('<meta name="robots" content="noindex"/>')
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.headers['x-robots-tag']).toBe('noindex')
    // Without ?preview=1 the editor is a visitor.
    expect(
      (await t.app.inject({ url: '/sk/contact', headers: { cookie: editorCookie } })).statusCode,
    ).toBe(404)
    await t.database.db
      .delete(documentSessions)
      .where(and(eq(documentSessions.documentId, id), eq(documentSessions.userId, editorId)))
  })

  it('redirects a link document permanently', async () => {
    const [root] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.id, await idOf('/cs')))
    await t.database.db.insert(documents).values({
      parentId: root!.id,
      type: 'link',
      key: 'podminky',
      path: '/cs/',
      published: true,
      settings: {
        linkType: 'internal',
        internal: { type: 'document', id: await idOf('/cs/terms') },
        direct: '',
      },
    })
    const response = await t.app.inject('/cs/podminky')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/cs/terms')
  })

  it('keeps a page for visitors, the same until a document changes', async () => {
    const nonceOf = (header: unknown) => /'nonce-([^']+)'/.exec(String(header))?.[1]
    const first = await t.app.inject('/en/terms')
    const second = await t.app.inject('/en/terms')
    expect(second.body).toBe(first.body)
    // The kept page's scripts carry the nonce its policy names.
    const nonce = nonceOf(second.headers['content-security-policy'])
    expect(second.body).toContain(`nonce="${nonce}"`)

    // Any change to documents (here straight in the table) shows in the next answer.
    const id = await idOf('/en/terms')
    await t.database.db
      .update(documents)
      .set({ settings: { title: 'Terms, kept fresh' } })
      .where(eq(documents.id, id))
    const third = await t.app.inject('/en/terms')
    expect(third.body).toContain('Terms, kept fresh')
    expect(third.body).toContain(`nonce="${nonceOf(third.headers['content-security-policy'])}"`)
    // A visitor with a session is drawn afresh, with a nonce of its own.
    const signedIn = await t.app.inject({ url: '/en/terms', headers: { cookie: editorCookie } })
    expect(nonceOf(signedIn.headers['content-security-policy'])).not.toBe(nonce)
    expect(signedIn.body).toContain(
      `nonce="${nonceOf(signedIn.headers['content-security-policy'])}"`,
    )
  })
})
