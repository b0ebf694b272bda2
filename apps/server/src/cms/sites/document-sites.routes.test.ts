import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { adminWorkspaces } from '../../platform/db/schema/identity.ts'
import { documentTranslations, sites } from '../../platform/db/schema/documents.ts'
import { resolveSite } from './resolve-site.ts'

/**
 * Translations and sites through the real routes: links made and refused (nothing stored on a
 * refusal), the language tree, sites saved, refused and resolved from a Host header, and the
 * guards (anonymous 401, without `documents` 403, without the workspace right 403).
 */
let t: TestApp
let cookie: string

interface Node {
  id: number
  path: string
}

function send(method: Method, url: string, payload?: object, as: string | null = cookie) {
  return injectAs(t.app, method, url, as, payload, { 'accept-language': 'en' })
}

async function ok<T>(method: Method, url: string, payload?: object): Promise<T> {
  const response = await send(method, url, payload)
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(200)
  return response.json<T>()
}

async function refused(method: Method, url: string, payload: object | undefined, status: number) {
  const response = await send(method, url, payload)
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(status)
  return response.json<{ code: string; message: string }>()
}

async function add(
  parentId: number,
  key: string,
  extra: { type?: string; language?: string } = {},
): Promise<Node> {
  const type = extra.type ?? 'page'
  const body = await ok<{ node: Node }>('POST', '/admin/document/add', {
    parentId,
    key,
    type,
    ...(type === 'page' ? { template: 'content' } : {}),
    ...(extra.language ? { language: extra.language } : {}),
  })
  return body.node
}

async function linksOf(id: number) {
  return (
    await ok<{ translations: Record<string, number> }>(
      'GET',
      `/admin/document/get-data-by-id?id=${id}`,
    )
  ).translations
}

const docs: Record<string, Node> = {}

beforeAll(async () => {
  t = await buildTestApp()
  cookie = await signInNewUser(t.database.db, { username: 'sites-admin', isAdmin: true })
  docs.cs = await add(1, 'st-cs', { language: 'cs' })
  docs.en = await add(1, 'st-en', { language: 'en' })
  docs.sk = await add(1, 'st-sk', { language: 'sk' })
  docs.nolang = await add(1, 'st-none', { type: 'folder' })
  docs.csTerms = await add(docs.cs.id, 'terms')
  docs.enTerms = await add(docs.en.id, 'terms')
  docs.skTerms = await add(docs.sk.id, 'terms')
  docs.enOther = await add(docs.en.id, 'other')
  docs.csOther = await add(docs.cs.id, 'other')
  docs.loose = await add(docs.nolang.id, 'loose')
  docs.csFolder = await add(docs.cs.id, 'folder', { type: 'folder' })
})

afterAll(async () => {
  await t?.close()
})

describe('translations', () => {
  it('links language roots and pages, by id or by path, seen from every member', async () => {
    await ok('POST', '/admin/document/translation-add', {
      sourceId: docs.cs!.id,
      targetPath: '/st-en',
    })
    const linked = await ok<{ translations: Record<string, number> }>(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csTerms!.id, targetId: docs.enTerms!.id },
    )
    expect(linked.translations).toEqual({ cs: docs.csTerms!.id, en: docs.enTerms!.id })
    // A third language joins through any member.
    await ok('POST', '/admin/document/translation-add', {
      sourceId: docs.enTerms!.id,
      targetId: docs.skTerms!.id,
    })
    const all = { cs: docs.csTerms!.id, en: docs.enTerms!.id, sk: docs.skTerms!.id }
    expect(await linksOf(docs.csTerms!.id)).toEqual(all)
    expect(await linksOf(docs.skTerms!.id)).toEqual(all)
    // Linking again what is already linked changes nothing.
    await ok('POST', '/admin/document/translation-add', {
      sourceId: docs.skTerms!.id,
      targetId: docs.csTerms!.id,
    })
    expect(await linksOf(docs.enTerms!.id)).toEqual(all)
  })

  it('says a document’s language (inherited) and its links', async () => {
    expect(await ok('GET', '/admin/document/translation-check-language?path=/st-cs/terms')).toEqual(
      { success: true, language: 'cs', translationLinks: ['cs', 'en', 'sk'] },
    )
    expect(
      await ok('GET', '/admin/document/translation-check-language?path=/st-none/loose'),
    ).toEqual({ success: false, language: null, translationLinks: [] })
    expect(await ok('GET', '/admin/document/translation-check-language?path=/nowhere')).toEqual({
      success: false,
      language: null,
      translationLinks: null,
    })
  })

  it('finds where a new translation belongs: the parent’s translation in that language', async () => {
    expect(
      await ok(
        'GET',
        `/admin/document/translation-determine-parent?id=${docs.csOther!.id}&language=en`,
      ),
    ).toEqual({ success: true, targetPath: '/st-en', targetId: docs.en!.id })
    expect(
      await ok(
        'GET',
        `/admin/document/translation-determine-parent?id=${docs.csOther!.id}&language=hu`,
      ),
    ).toEqual({ success: false, targetPath: null, targetId: null })
    await refused(
      'GET',
      `/admin/document/translation-determine-parent?id=${docs.csOther!.id}&language=xx`,
      undefined,
      400,
    )
  })

  it('refuses bad links with a translated reason and stores nothing', async () => {
    const before = await t.database.db.select().from(documentTranslations)
    const sameLanguage = await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csOther!.id, targetId: docs.csFolder!.id },
      400,
    )
    expect(sameLanguage.message).toContain('same language')
    const noLanguage = await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csOther!.id, targetId: docs.loose!.id },
      400,
    )
    expect(noLanguage.message).toContain('/st-none/loose')
    await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csOther!.id, targetId: docs.csOther!.id },
      400,
    )
    // Already in another group.
    const linked = await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csOther!.id, targetId: docs.enTerms!.id },
      409,
    )
    expect(linked.code).toBe('TRANSLATION_ALREADY_LINKED')
    // The group has English already.
    const taken = await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csTerms!.id, targetId: docs.enOther!.id },
      409,
    )
    expect(taken.code).toBe('TRANSLATION_LANGUAGE_TAKEN')
    await refused(
      'POST',
      '/admin/document/translation-add',
      { sourceId: docs.csTerms!.id, targetPath: '/st-en/missing' },
      404,
    )
    await refused('POST', '/admin/document/translation-add', { sourceId: docs.csTerms!.id }, 400)
    expect(await t.database.db.select().from(documentTranslations)).toEqual(before)
  })

  it('shows the language tree: columns of the root’s links and its children’s translations', async () => {
    const root = await ok<{
      root: { id: number; language: string; translations: Record<string, unknown> }
      languages: string[]
    }>('GET', `/admin/document/language-tree-root?id=${docs.cs!.id}`)
    expect(root.languages).toEqual(['cs', 'en'])
    expect(root.root).toMatchObject({
      id: docs.cs!.id,
      language: 'cs',
      translations: { en: { id: docs.en!.id, path: '/st-en' } },
    })
    const tree = await ok<{
      nodes: { id: number; path: string; translations: Record<string, unknown> }[]
    }>('GET', `/admin/document/language-tree?node=${docs.cs!.id}&languages=en,sk,zz`)
    const byPath = Object.fromEntries(tree.nodes.map((n) => [n.path, n.translations]))
    expect(byPath['/st-cs/terms']).toMatchObject({
      en: { id: docs.enTerms!.id, path: '/st-en/terms' },
      sk: { id: docs.skTerms!.id, path: '/st-sk/terms' },
    })
    expect(byPath['/st-cs/other']).toEqual({ en: null, sk: null })
    // Folders leave out the languages they have no translation in.
    expect(byPath['/st-cs/folder']).toEqual({})
    // The root of the whole tree has no language; its children are the language roots.
    const top = await ok<{ root: { language: string | null }; languages: string[] }>(
      'GET',
      '/admin/document/language-tree-root?id=1',
    )
    expect(top).toMatchObject({ root: { language: null }, languages: [] })
    const roots = await ok<{ nodes: { path: string; language: string | null }[] }>(
      'GET',
      '/admin/document/language-tree?node=1&languages=en',
    )
    expect(roots.nodes.find((n) => n.path === '/st-cs')).toMatchObject({ language: 'cs' })
    expect(roots.nodes.find((n) => n.path === '/st-none')).toMatchObject({ language: null })
  })

  it('unlinks: the source leaves and the others stay linked; the last pair is dissolved', async () => {
    const left = await ok<{ translations: Record<string, number> }>(
      'DELETE',
      `/admin/document/translation-remove?sourceId=${docs.enTerms!.id}&targetId=${docs.csTerms!.id}`,
    )
    expect(left.translations).toEqual({ en: docs.enTerms!.id, sk: docs.skTerms!.id })
    expect(await linksOf(docs.csTerms!.id)).toEqual({})
    await refused(
      'DELETE',
      `/admin/document/translation-remove?sourceId=${docs.enTerms!.id}&targetId=${docs.csTerms!.id}`,
      undefined,
      409,
    )
    await ok(
      'DELETE',
      `/admin/document/translation-remove?sourceId=${docs.skTerms!.id}&targetId=${docs.enTerms!.id}`,
    )
    expect(await linksOf(docs.skTerms!.id)).toEqual({})
    const rows = await t.database.db
      .select()
      .from(documentTranslations)
      .where(eq(documentTranslations.documentId, docs.skTerms!.id))
    expect(rows).toEqual([])
  })
})

describe('sites', () => {
  it('saves a site with normalized domains and resolves it from a Host header at once', async () => {
    const site = await ok<Record<string, unknown>>('PUT', '/admin/document/update-site', {
      id: docs.en!.id,
      domains: ' Shop.Example.COM \nwww.shop.example.com,shop.example.com',
      mainDomain: 'SHOP.example.com',
      redirectToMainDomain: 'true',
      defaultLanguage: 'en',
      errorDocument: '/st-en/other',
      errorDocuments: { cs: docs.csOther!.id },
    })
    expect(site).toMatchObject({
      rootId: docs.en!.id,
      rootPath: '/st-en',
      domains: ['shop.example.com', 'www.shop.example.com'],
      mainDomain: 'shop.example.com',
      redirectToMainDomain: true,
      defaultLanguage: 'en',
      errorDocuments: {
        '': { id: docs.enOther!.id, path: '/st-en/other' },
        cs: { id: docs.csOther!.id, path: '/st-cs/other' },
      },
    })
    expect(await ok('GET', `/admin/document/get-site?id=${docs.en!.id}`)).toEqual({ site })
    expect(await resolveSite(t.database.db, 'www.shop.example.com:8080')).toMatchObject({
      rootPath: '/st-en',
      redirectToHost: 'shop.example.com',
    })
    const node = await ok<{ siteId?: number }>(
      'GET',
      `/admin/document/get-data-by-id?id=${docs.en!.id}`,
    )
    expect(node.siteId).toBe(site.id)
  })

  it('refuses bad sites with a translated reason and keeps the saved one', async () => {
    const before = await t.database.db.select().from(sites)
    const cases: [object, number, string][] = [
      [{ id: docs.en!.id, domains: 'shop.example.com:8080' }, 400, 'SITE_DOMAIN_INVALID'],
      [{ id: docs.en!.id, domains: 'https://shop.example.com/x' }, 400, 'SITE_DOMAIN_INVALID'],
      [{ id: docs.en!.id, domains: '' }, 400, 'SITE_DOMAINS_REQUIRED'],
      [
        { id: docs.en!.id, domains: 'a.example.com', mainDomain: 'b.example.com' },
        400,
        'SITE_MAIN_DOMAIN_NOT_LISTED',
      ],
      [{ id: 1, domains: 'root.example.com' }, 400, 'SITE_ROOT_IS_MAIN_SITE'],
      [{ id: docs.nolang!.id, domains: 'folder.example.com' }, 400, 'SITE_ROOT_TYPE'],
      [
        { id: docs.sk!.id, domains: 'sk.example.com', errorDocument: '/st-sk/missing' },
        400,
        'SITE_ERROR_DOCUMENT_NOT_FOUND',
      ],
      [
        { id: docs.sk!.id, domains: 'sk.example.com', errorDocument: '/st-cs/folder' },
        400,
        'SITE_ERROR_DOCUMENT_NOT_PAGE',
      ],
      [{ id: docs.sk!.id, domains: 'WWW.shop.example.com' }, 409, 'SITE_DOMAIN_TAKEN'],
      [{ id: docs.enOther!.id, domains: 'inner.example.com' }, 409, 'SITE_NESTED'],
    ]
    for (const [payload, status, code] of cases) {
      const body = await refused('PUT', '/admin/document/update-site', payload, status)
      expect(body.code, JSON.stringify(payload)).toBe(code)
      expect(body.message).not.toMatch(/cmsSites\./)
    }
    expect(await t.database.db.select().from(sites)).toEqual(before)
  })

  it('removes a site: the document stays, the domain no longer resolves', async () => {
    expect(await ok('DELETE', `/admin/document/remove-site?id=${docs.en!.id}`)).toEqual({
      success: true,
    })
    expect(await resolveSite(t.database.db, 'shop.example.com')).toBeNull()
    await refused('DELETE', `/admin/document/remove-site?id=${docs.en!.id}`, undefined, 404)
    expect(await ok('GET', `/admin/document/get-site?id=${docs.en!.id}`)).toEqual({ site: null })
  })
})

describe('guards', () => {
  const calls: [Method, string, object?][] = [
    ['GET', '/admin/document/translation-determine-parent?id=2&language=en'],
    ['GET', '/admin/document/translation-check-language?path=/st-cs'],
    ['POST', '/admin/document/translation-add', { sourceId: 2, targetId: 3 }],
    ['DELETE', '/admin/document/translation-remove?sourceId=2&targetId=3'],
    ['GET', '/admin/document/language-tree?node=1&languages=en'],
    ['GET', '/admin/document/language-tree-root?id=1'],
    ['GET', '/admin/document/get-site?id=2'],
    ['PUT', '/admin/document/update-site', { id: 2, domains: 'x.example.com' }],
    ['DELETE', '/admin/document/remove-site?id=2'],
  ]

  it('refuses anonymous callers (401) and users without the documents permission (403)', async () => {
    const outsider = await signInNewUser(t.database.db, {
      username: 'sites-outsider',
      permissions: ['assets'],
    })
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload, null)).statusCode, `${method} ${url}`).toBe(401)
      expect((await send(method, url, payload, outsider)).statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('needs the workspace right on the document', async () => {
    const userId = await insertAdminUser(t.database.db, {
      username: 'sites-editor',
      permissions: ['documents'],
    })
    const editor = await signIn(t.database.db, userId)
    await t.database.db.insert(adminWorkspaces).values({
      userId,
      elementType: 'document',
      path: '/st-sk',
      list: true,
      view: true,
      save: true,
    })
    expect(
      (
        await send(
          'PUT',
          '/admin/document/update-site',
          { id: docs.sk!.id, domains: 'sk.example.com' },
          editor,
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await send(
          'POST',
          '/admin/document/translation-add',
          { sourceId: docs.skTerms!.id, targetId: docs.csOther!.id },
          editor,
        )
      ).statusCode,
    ).toBe(403)
    expect(await t.database.db.select().from(sites)).toEqual([])
  })
})
