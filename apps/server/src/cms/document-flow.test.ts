import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentPage, DocumentPageResult } from '@optika/domain/cms/document-page'
import type { EditableMap } from '@optika/domain/cms/editables'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { injectAs, type Method } from '../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../test/kits/jobs-test-kit.ts'
import { ensureDefaultDocumentTypes } from './documents/default-document-types.ts'
import { loadDocumentPage } from './render/load-document-page.ts'
import { translationsOf } from './sites/translations-of.ts'

/**
 * The must-show flow through the real routes, one step after the other, each checking
 * what it produced: create a page from a document type → edit its editables → save to the
 * session → preview (the session draft, 404 for visitors) → publish → translate to English →
 * serve it on a site's domain → copy with rewritten links → convert → delete to the bin → restore. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp
let cookie: string
let editorId: number

interface Node {
  id: number
  parentId: number | null
  key: string
  path: string
  type: string
  published: boolean
  language: string | null
  template: string | null
}
interface Data extends Node {
  editables: EditableMap
  translations: Record<string, number>
  docTypeId: number | null
  versionCount: number
  session?: true
}

function send(method: Method, url: string, payload?: object) {
  return injectAs(t.app, method, url, cookie, payload, { 'accept-language': 'en' })
}

async function ok<T>(method: Method, url: string, payload?: object): Promise<T> {
  const response = await send(method, url, payload)
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 400)}`).toBe(200)
  return response.json<T>()
}

const data = (type: string, id: number) => ok<Data>('GET', `/admin/${type}/get-data-by-id?id=${id}`)

/** The language root `/<locale>` (the default documents' one, else a new home page). */
async function languageRoot(locale: string): Promise<Node> {
  const found = await send('GET', `/admin/document/get-id-for-path?path=/${locale}`)
  if (found.statusCode === 200) {
    return await data('document', found.json<{ id: number }>().id)
  }
  const added = await ok<{ node: Node }>('POST', '/admin/document/add', {
    parentId: 1,
    key: locale,
    type: 'page',
    template: 'home',
    language: locale,
  })
  await ok('PUT', '/admin/page/save', { id: added.node.id, task: 'publish', data: {} })
  return added.node
}

function page(
  path: string,
  locale: 'cs' | 'en',
  as: 'visitor' | 'editor' = 'visitor',
): Promise<DocumentPageResult> {
  return loadDocumentPage(
    { db: t.database.db, publicUrl: 'http://localhost' },
    {
      host: 'localhost',
      path,
      locale,
      viewer: { editorUserId: as === 'editor' ? editorId : null },
      preview: as === 'editor',
    },
  )
}

function drawn(result: DocumentPageResult): DocumentPage {
  expect(result.kind).toBe('page')
  if (result.kind !== 'page') throw new Error('not a page')
  return result.page
}

function heroTitleOf(editables: EditableMap): unknown {
  return editables.heroTitle?.data
}

const state: {
  cs?: Node
  en?: Node
  docTypeId?: number
  flow?: Node
  detail?: Node
  flowEn?: Node
  copyId?: number
  copyDetailId?: number
  binId?: number
} = {}

beforeAll(async () => {
  t = await buildTestApp()
  editorId = await insertAdminUser(t.database.db, { username: 'flow-editor', isAdmin: true })
  cookie = await signIn(t.database.db, editorId)
  state.cs = await languageRoot('cs')
  state.en = await languageRoot('en')
})

afterAll(async () => {
  await t?.close()
})

describe('the document flow', () => {
  it('creates a page from a document type, under the Czech root, in Czech', async () => {
    // The shop's default document types are made at start (main.ts); the test app starts bare.
    await ensureDefaultDocumentTypes(t.database.db)
    const { data: list } = await ok<{ data: { id: number; template: string }[] }>(
      'GET',
      '/admin/document/get-doc-types?type=page',
    )
    const landing = list.find((d) => d.template === 'landing')
    expect(landing, JSON.stringify(list)).toBeDefined()
    state.docTypeId = landing!.id
    const added = await ok<{ node: Node }>('POST', '/admin/document/add', {
      parentId: state.cs!.id,
      key: 'flow page',
      type: 'page',
      docTypeId: state.docTypeId,
    })
    expect(added.node).toMatchObject({
      key: 'flow-page',
      path: '/cs/flow-page',
      type: 'page',
      template: 'landing',
      language: 'cs',
      published: false,
    })
    state.flow = added.node
    state.detail = (
      await ok<{ node: Node }>('POST', '/admin/document/add', {
        parentId: state.flow.id,
        key: 'detail',
        type: 'page',
        template: 'content',
      })
    ).node
    expect((await data('page', state.flow.id)).docTypeId).toBe(state.docTypeId)
  })

  it('edits the editables: stored sanitized, with a link into its own subtree', async () => {
    await ok('PUT', '/admin/page/save', {
      id: state.flow!.id,
      task: 'version',
      data: {
        editables: {
          heroTitle: { type: 'input', data: 'Flow title' },
          heroText: { type: 'textarea', data: 'First words' },
          heroLink: {
            type: 'link',
            data: { internal: { type: 'document', id: state.detail!.id }, text: 'More' },
          },
          content: {
            type: 'areablock',
            data: [
              {
                id: 'intro',
                brick: 'text',
                editables: {
                  body: {
                    type: 'wysiwyg',
                    data: '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(2)">x</a></p>',
                  },
                },
              },
            ],
          },
        },
      },
    })
    const saved = await data('page', state.flow!.id)
    expect(heroTitleOf(saved.editables)).toBe('Flow title')
    const body = JSON.stringify(saved.editables.content)
    expect(body).toContain('Hello')
    expect(body).not.toMatch(/<script|onclick|javascript:/i)
  })

  it('keeps unsaved edits in the session and previews them to the editor only', async () => {
    await ok('POST', '/admin/page/save-to-session', {
      id: state.flow!.id,
      data: {
        editables: {
          ...(await data('page', state.flow!.id)).editables,
          heroTitle: { type: 'input', data: 'Session title' },
        },
      },
    })
    expect((await data('page', state.flow!.id)).session).toBe(true)
    const preview = drawn(await page('/cs/flow-page', 'cs', 'editor'))
    expect(preview.preview).toBe('session')
    expect(heroTitleOf(preview.editables)).toBe('Session title')
    // Not published yet: a visitor finds nothing.
    expect((await page('/cs/flow-page', 'cs')).kind).toBe('not-found')
  })

  it('publishes: visitors see the published content, not the session', async () => {
    const current = await data('page', state.flow!.id)
    await ok('PUT', '/admin/page/save', {
      id: state.flow!.id,
      task: 'publish',
      data: {
        editables: { ...current.editables, heroTitle: { type: 'input', data: 'Published title' } },
      },
    })
    await ok('PUT', '/admin/page/save', { id: state.detail!.id, task: 'publish', data: {} })
    await ok('DELETE', `/admin/page/remove-from-session?id=${state.flow!.id}`)
    const visitor = drawn(await page('/cs/flow-page', 'cs'))
    expect(visitor.preview).toBeNull()
    expect(heroTitleOf(visitor.editables)).toBe('Published title')
    expect((await data('page', state.flow!.id)).published).toBe(true)
  })

  it('translates into English: the new page is linked and both pages name each other', async () => {
    const parent = await ok<{ success: boolean; targetId: number | null }>(
      'GET',
      `/admin/document/translation-determine-parent?id=${state.flow!.id}&language=en`,
    )
    expect(parent).toMatchObject({ success: true, targetId: state.en!.id })
    const added = await ok<{ node: Node }>('POST', '/admin/document/add', {
      parentId: parent.targetId,
      key: 'flow-page',
      type: 'page',
      docTypeId: state.docTypeId,
    })
    state.flowEn = added.node
    expect(added.node.language).toBe('en')
    await ok('POST', '/admin/document/translation-add', {
      sourceId: state.flow!.id,
      targetId: state.flowEn.id,
    })
    await ok('PUT', '/admin/page/save', {
      id: state.flowEn.id,
      task: 'publish',
      data: { editables: { heroTitle: { type: 'input', data: 'English title' } } },
    })
    const links = { cs: state.flow!.id, en: state.flowEn.id }
    expect((await data('page', state.flow!.id)).translations).toEqual(links)
    expect((await data('page', state.flowEn.id)).translations).toEqual(links)
    expect(await translationsOf(t.database.db, state.flowEn.id, { published: true })).toEqual({
      cs: '/cs/flow-page',
      en: '/en/flow-page',
    })
    const english = drawn(await page('/en/flow-page', 'en'))
    expect(heroTitleOf(english.editables)).toBe('English title')
    expect(english.alternates).toMatchObject({ cs: '/cs/flow-page', en: '/en/flow-page' })
  })

  it('serves the English subtree on its own domain, redirecting other domains to the main one', async () => {
    await ok('PUT', '/admin/document/update-site', {
      id: state.en!.id,
      domains: 'flow.example.com\nwww.flow.example.com',
      mainDomain: 'flow.example.com',
      redirectToMainDomain: true,
      defaultLanguage: 'en',
    })
    const onSite = (host: string) =>
      loadDocumentPage(
        { db: t.database.db, publicUrl: 'http://localhost' },
        { host, path: '/flow-page', locale: 'en', viewer: { editorUserId: null }, preview: false },
      )
    expect(heroTitleOf(drawn(await onSite('flow.example.com')).editables)).toBe('English title')
    expect(await onSite('www.flow.example.com')).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: 'http://flow.example.com/flow-page',
    })
    // The main shop does not serve the site's relative path.
    expect((await page('/flow-page', 'en')).kind).toBe('not-found')
    await ok('DELETE', `/admin/document/remove-site?id=${state.en!.id}`)
    expect((await onSite('flow.example.com')).kind).toBe('not-found')
  })

  it('copies the page with its child; the copy’s link points at the copied child', async () => {
    const { jobId } = await ok<{ jobId: string }>('POST', '/admin/document/copy', {
      sourceId: state.flow!.id,
      targetId: state.cs!.id,
      type: 'recursive',
      rewrite: true,
    })
    const job = await waitForJobRow(t.database.db, jobId)
    expect(job.status, String(job.errorKey)).toBe('done')
    const result = job.result as { id: number; idMapping: Record<string, number> }
    state.copyId = result.id
    state.copyDetailId = result.idMapping[String(state.detail!.id)]
    expect(state.copyDetailId).toBeDefined()
    expect(state.copyDetailId).not.toBe(state.detail!.id)
    const copy = await data('page', state.copyId)
    expect(copy.key).not.toBe('flow-page')
    expect(copy.editables.heroLink?.data).toMatchObject({
      internal: { type: 'document', id: state.copyDetailId },
    })
    // The original still points at its own child.
    expect((await data('page', state.flow!.id)).editables.heroLink?.data).toMatchObject({
      internal: { type: 'document', id: state.detail!.id },
    })
  })

  it('converts the copied child page into a snippet', async () => {
    const converted = await ok<{ type: string }>('PUT', '/admin/document/convert', {
      id: state.copyDetailId,
      type: 'snippet',
      template: 'content-snippet',
    })
    expect(converted.type).toBe('snippet')
    const snippet = await data('snippet', state.copyDetailId!)
    expect(snippet).toMatchObject({ type: 'snippet', template: 'content-snippet' })
  })

  it('deletes the page with its child into the bin: gone from the tree, the shop and the links', async () => {
    const deleted = await ok<{ binId: number; deleted: number }>(
      'DELETE',
      `/admin/document/delete?id=${state.flow!.id}`,
    )
    expect(deleted.deleted).toBe(2)
    state.binId = deleted.binId
    expect((await send('GET', `/admin/page/get-data-by-id?id=${state.flow!.id}`)).statusCode).toBe(
      404,
    )
    expect((await page('/cs/flow-page', 'cs')).kind).toBe('not-found')
    expect((await data('page', state.flowEn!.id)).translations.cs).toBeUndefined()
  })

  it('restores it with the same ids, content, translation link and child', async () => {
    await ok('POST', '/admin/recyclebin/restore', { id: state.binId })
    const restored = await data('page', state.flow!.id)
    expect(restored).toMatchObject({ path: '/cs/flow-page', published: true })
    expect(restored.translations).toEqual({ cs: state.flow!.id, en: state.flowEn!.id })
    expect(await data('page', state.detail!.id)).toMatchObject({ path: '/cs/flow-page/detail' })
    const visitor = drawn(await page('/cs/flow-page', 'cs'))
    expect(heroTitleOf(visitor.editables)).toBe('Published title')
    expect(visitor.alternates).toMatchObject({ en: '/en/flow-page' })
  })
})
