import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AddDocument,
  DocType,
  DocumentChildren,
  DocumentData,
  DocumentDeleteInfo,
  DocumentNode,
} from '@optika/domain/cms/document-tree-api'
import {
  documents,
  documentSessions,
  documentTranslations,
  documentTypes,
  sites,
} from '../../platform/db/schema/documents.ts'
import { adminWorkspaces, auditLog } from '../../platform/db/schema/identity.ts'
import { elementDependencies, elementLocks, elementVersions } from '../../platform/db/schema/pim.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { waitForJobRow } from '../../../test/kits/jobs-test-kit.ts'
import { resolveSite } from '../sites/resolve-site.ts'
import { ensureDefaultDocumentTypes, DEFAULT_DOCUMENT_TYPES } from './default-document-types.ts'

let t: TestApp
let admin: string

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

function call(method: Method, url: string, payload?: unknown, cookie = admin) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

async function ok<T>(method: Method, url: string, payload?: unknown, cookie = admin): Promise<T> {
  const response = await call(method, url, payload, cookie)
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200)
  return response.json<T>()
}

async function add(input: Partial<AddDocument> & Pick<AddDocument, 'parentId' | 'key'>) {
  const answer = await ok<{ id: number; node: DocumentNode }>('POST', '/admin/document/add', {
    type: 'page',
    ...input,
  })
  return answer.node
}

const children = (node: number, query = '') =>
  ok<DocumentChildren>('GET', `/admin/document/tree-get-children-by-id?node=${node}${query}`)

async function row(id: number) {
  const [found] = await t.database.db.select().from(documents).where(eq(documents.id, id))
  return found
}

async function count() {
  return (await t.database.db.select({ id: documents.id }).from(documents)).length
}

async function userWith(username: string, workspaces: { path: string; rights: string[] }[]) {
  const id = await insertAdminUser(t.database.db, { username, permissions: ['documents'] })
  for (const w of workspaces) {
    await t.database.db.insert(adminWorkspaces).values({
      userId: id,
      elementType: 'document',
      path: w.path,
      ...Object.fromEntries(w.rights.map((r) => [r, true])),
    })
  }
  return signIn(t.database.db, id)
}

beforeAll(async () => {
  t = await buildTestApp()
  const adminId = await insertAdminUser(t.database.db, { username: 'docs-admin', isAdmin: true })
  admin = await signIn(t.database.db, adminId)
})

afterAll(async () => {
  await t.close()
})

describe('tree reads', () => {
  it('answers the root and pages children by index, then key, with hasChildren', async () => {
    const root = await ok<DocumentNode>('GET', '/admin/document/tree-get-root')
    expect(root).toMatchObject({ id: 1, parentId: null, path: '/', type: 'folder', key: '' })
    const base = await add({ parentId: 1, key: 'reads', type: 'folder' })
    const b = await add({ parentId: base.id, key: 'b' })
    await add({ parentId: base.id, key: 'a' })
    await add({ parentId: base.id, key: 'c', index: 0 })
    await add({ parentId: b.id, key: 'inner' })

    const page = await children(base.id)
    expect(page.total).toBe(3)
    expect(page.nodes.map((n) => [n.key, n.index])).toEqual([
      ['c', 0],
      ['b', 1],
      ['a', 2],
    ])
    expect(page.nodes.map((n) => n.hasChildren)).toEqual([false, true, false])
    expect(page.nodes[1]).toMatchObject({
      path: '/reads/b',
      type: 'page',
      published: false,
      template: 'content',
      locked: false,
      permissions: { list: true, view: true, save: true, delete: true },
    })
    const second = await children(base.id, '&start=1&limit=1')
    expect(second).toMatchObject({ total: 3, start: 1, limit: 1 })
    expect(second.nodes.map((n) => n.key)).toEqual(['b'])
    const filtered = await children(base.id, '&filter=B')
    expect(filtered).toMatchObject({ total: 1 })
    expect(filtered.nodes.map((n) => n.key)).toEqual(['b'])
    expect((await children(base.id, '&filter=%25')).total).toBe(0)

    expect(await ok('GET', '/admin/document/get-id-for-path?path=/reads/b/inner')).toMatchObject({
      type: 'page',
    })
    expect((await call('GET', '/admin/document/get-id-for-path?path=/reads/nope')).statusCode).toBe(
      404,
    )
    expect((await call('GET', '/admin/document/tree-get-children-by-id?node=abc')).statusCode).toBe(
      400,
    )
  })

  it('answers a document’s data with its language inherited from the language root', async () => {
    const cs = await add({ parentId: 1, key: 'cs-data', language: 'cs' })
    const terms = await add({ parentId: cs.id, key: 'terms' })
    expect(terms.language).toBe('cs')
    const data = await ok<DocumentData>('GET', `/admin/document/get-data-by-id?id=${terms.id}`)
    expect(data).toMatchObject({
      id: terms.id,
      path: '/cs-data/terms',
      language: 'cs',
      editables: {},
      settings: { title: '', noindex: false, navigation: { title: '', exclude: false } },
      versionCount: 1,
      userOwner: 'docs-admin',
      translations: {},
    })
    expect(data.draft).toBeUndefined()
    expect((await call('GET', '/admin/document/get-data-by-id?id=999999')).statusCode).toBe(404)
  })

  it('shows a user only the subtrees its workspaces open', async () => {
    const shop = await add({ parentId: 1, key: 'ws-shop', type: 'folder' })
    const open = await add({ parentId: shop.id, key: 'open' })
    const hidden = await add({ parentId: shop.id, key: 'hidden' })
    const cookie = await userWith('docs-limited', [
      { path: '/ws-shop/open', rights: ['list', 'view'] },
    ])
    const rootChildren = await ok<DocumentChildren>(
      'GET',
      '/admin/document/tree-get-children-by-id?node=1',
      undefined,
      cookie,
    )
    expect(rootChildren.nodes.map((n) => n.key)).toEqual(['ws-shop'])
    const inside = await ok<DocumentChildren>(
      'GET',
      `/admin/document/tree-get-children-by-id?node=${shop.id}`,
      undefined,
      cookie,
    )
    expect(inside.nodes.map((n) => n.key)).toEqual(['open'])
    expect(inside.nodes[0]!.permissions).toMatchObject({ view: true, save: false, delete: false })
    const mine = await call(
      'GET',
      `/admin/document/get-data-by-id?id=${open.id}`,
      undefined,
      cookie,
    )
    expect(mine.statusCode).toBe(200)
    const other = await call(
      'GET',
      `/admin/document/get-data-by-id?id=${hidden.id}`,
      undefined,
      cookie,
    )
    expect(other.statusCode).toBe(403)
    const write = await call(
      'POST',
      '/admin/document/add',
      { parentId: open.id, key: 'x', type: 'page' },
      cookie,
    )
    expect(write.statusCode).toBe(403)
  })
})

describe('add', () => {
  it('makes a page from a document type with its template, and a snippet from a template name', async () => {
    const [docType] = await t.database.db
      .insert(documentTypes)
      .values({ name: 'Landing for add', type: 'page', template: 'landing' })
      .returning()
    const page = await add({ parentId: 1, key: 'from-doc-type', docTypeId: docType!.id })
    expect(page.template).toBe('landing')
    expect((await row(page.id))!.docTypeId).toBe(docType!.id)
    const snippet = await add({
      parentId: 1,
      key: 'footer-snippet',
      type: 'snippet',
      template: 'navigation',
    })
    expect(snippet.template).toBe('navigation')
    const link = await add({ parentId: 1, key: 'a-link', type: 'link' })
    expect(link.template).toBeNull()
    expect((await row(link.id))!.settings).toEqual({
      linkType: 'internal',
      internal: null,
      direct: '',
    })
    const folder = await add({ parentId: 1, key: 'a-folder', type: 'folder' })
    expect(folder.published).toBe(true)
    for (const type of ['email', 'hardlink'] as const) {
      expect((await add({ parentId: 1, key: `a-${type}`, type })).type).toBe(type)
    }
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.add'), eq(auditLog.entityId, String(page.id))))
    expect(audit).toHaveLength(1)
    const versions = await t.database.db
      .select()
      .from(elementVersions)
      .where(
        and(eq(elementVersions.elementType, 'document'), eq(elementVersions.elementId, page.id)),
      )
    expect(versions).toHaveLength(1)
  })

  it('makes the key a valid path segment', async () => {
    const page = await add({ parentId: 1, key: '  Obchodní podmínky / 2024?  ' })
    expect(page.key).toBe('Obchodní-podmínky-2024')
    expect(page.path).toBe('/Obchodní-podmínky-2024')
  })

  it('refuses bad input with a translated 4xx and stores nothing', async () => {
    await add({ parentId: 1, key: 'taken' })
    const [pageType] = await t.database.db
      .insert(documentTypes)
      .values({ name: 'Mail type for refusals', type: 'email', template: 'email' })
      .returning()
    const hardlink = await add({ parentId: 1, key: 'refusal-hardlink', type: 'hardlink' })
    const before = await count()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ parentId: 1, key: 'taken', type: 'page' }, 409, 'DOCUMENT_PATH_TAKEN'],
      [{ parentId: 1, key: '///', type: 'page' }, 400, 'DOCUMENT_KEY_INVALID'],
      [{ parentId: 1, key: 'x', type: 'page', template: 'nope' }, 400, 'TEMPLATE_UNKNOWN'],
      [{ parentId: 1, key: 'x', type: 'snippet', template: 'landing' }, 400, 'TEMPLATE_UNKNOWN'],
      [{ parentId: 1, key: 'x', type: 'page', docTypeId: pageType!.id }, 400, 'DOC_TYPE_MISMATCH'],
      [{ parentId: 1, key: 'x', type: 'page', docTypeId: 99999 }, 404, 'DOC_TYPE_NOT_FOUND'],
      [{ parentId: 99999, key: 'x', type: 'page' }, 404, 'DOCUMENT_NOT_FOUND'],
      [{ parentId: hardlink.id, key: 'x', type: 'page' }, 400, 'DOCUMENT_NO_CHILDREN'],
      [{ parentId: 1, key: 'x', type: 'email', language: 'cs' }, 400, 'DOCUMENT_LANGUAGE'],
      [{ parentId: 1, key: 'x', type: 'video' }, 400, 'VALIDATION_ERROR'],
      [{ parentId: 1, key: 'x'.repeat(300), type: 'page' }, 400, 'VALIDATION_ERROR'],
    ]
    for (const [payload, status, code] of cases) {
      const response = await call('POST', '/admin/document/add', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(status)
      const body = response.json<{ code: string; message: string }>()
      if (code !== 'VALIDATION_ERROR') expect(body.code).toBe(code)
      expect(body.message).not.toMatch(/cmsTree\./)
    }
    expect(await count()).toBe(before)
    const czech = await t.app.inject({
      method: 'POST',
      url: '/admin/document/add',
      headers: { cookie: admin, 'accept-language': 'cs' },
      payload: { parentId: 1, key: 'taken', type: 'page' },
    })
    expect(czech.json<{ message: string }>().message).toBe('Dokument s cestou /taken už existuje.')
  })
})

describe('update', () => {
  it('renames and moves a subtree, its paths following', async () => {
    const from = await add({ parentId: 1, key: 'move-from', type: 'folder' })
    const to = await add({ parentId: 1, key: 'move-to', type: 'folder' })
    const page = await add({ parentId: from.id, key: 'page' })
    const deep = await add({ parentId: page.id, key: 'deep' })
    const deeper = await add({ parentId: deep.id, key: 'deeper' })

    const renamed = await ok<{ node: DocumentNode }>('PUT', '/admin/document/update', {
      id: page.id,
      key: 'renamed',
    })
    expect(renamed.node.path).toBe('/move-from/renamed')
    expect((await row(deeper.id))!.path).toBe('/move-from/renamed/deep/')

    const moved = await ok<{ node: DocumentNode }>('PUT', '/admin/document/update', {
      id: page.id,
      parentId: to.id,
    })
    expect(moved.node).toMatchObject({ parentId: to.id, path: '/move-to/renamed' })
    expect((await row(deep.id))!.path).toBe('/move-to/renamed/')
    expect((await row(deeper.id))!.path).toBe('/move-to/renamed/deep/')
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.update'), eq(auditLog.entityId, String(page.id))))
    expect(audit).toHaveLength(2)
  })

  it('refuses a move into its own subtree, a taken path and the root, changing nothing', async () => {
    const top = await add({ parentId: 1, key: 'refuse-move', type: 'folder' })
    const child = await add({ parentId: top.id, key: 'child' })
    const grandchild = await add({ parentId: child.id, key: 'grandchild' })
    await add({ parentId: 1, key: 'child' })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ id: top.id, parentId: top.id }, 400, 'DOCUMENT_MOVE_INTO_ITSELF'],
      [{ id: top.id, parentId: grandchild.id }, 400, 'DOCUMENT_MOVE_INTO_ITSELF'],
      [{ id: child.id, parentId: 1 }, 409, 'DOCUMENT_PATH_TAKEN'],
      [{ id: grandchild.id, key: 'child', parentId: top.id }, 409, 'DOCUMENT_PATH_TAKEN'],
      [{ id: 1, key: 'root' }, 400, 'DOCUMENT_ROOT'],
      [{ id: child.id, key: '' }, 400, 'VALIDATION_ERROR'],
    ]
    for (const [payload, status, code] of cases) {
      const response = await call('PUT', '/admin/document/update', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(status)
      if (code !== 'VALIDATION_ERROR') expect(response.json<{ code: string }>().code).toBe(code)
    }
    expect((await row(top.id))!.parentId).toBe(1)
    expect((await row(child.id))!).toMatchObject({ parentId: top.id, key: 'child' })
    expect((await row(grandchild.id))!).toMatchObject({ path: '/refuse-move/child/' })
  })

  it('takes the new language subtree’s language on a move, and is refused while another user locks it', async () => {
    const cs = await add({ parentId: 1, key: 'lang-cs', language: 'cs' })
    const en = await add({ parentId: 1, key: 'lang-en', language: 'en' })
    const page = await add({ parentId: cs.id, key: 'page' })
    expect(page.language).toBe('cs')
    const moved = await ok<{ node: DocumentNode }>('PUT', '/admin/document/update', {
      id: page.id,
      parentId: en.id,
    })
    expect(moved.node.language).toBe('en')

    const otherId = await insertAdminUser(t.database.db, { username: 'docs-locker', isAdmin: true })
    await t.database.db
      .insert(elementLocks)
      .values({ elementType: 'document', elementId: page.id, userId: otherId })
    const node = (await children(en.id)).nodes[0]!
    expect(node.locked).toBe(true)
    const rename = await call('PUT', '/admin/document/update', { id: page.id, key: 'renamed' })
    expect(rename.statusCode).toBe(409)
    expect(rename.json<{ code: string }>().code).toBe('LOCKED')
    expect((await call('DELETE', `/admin/document/delete?id=${page.id}`)).statusCode).toBe(409)
    expect((await row(page.id))!.key).toBe('page')
  })

  it('reorders siblings by index', async () => {
    const parent = await add({ parentId: 1, key: 'reorder', type: 'folder' })
    const a = await add({ parentId: parent.id, key: 'a' })
    await add({ parentId: parent.id, key: 'b' })
    await add({ parentId: parent.id, key: 'c' })
    await ok('PUT', '/admin/document/update', { id: a.id, index: 2 })
    expect((await children(parent.id)).nodes.map((n) => [n.key, n.index])).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
    ])
  })
})

describe('delete and restore', () => {
  it('moves a subtree with its translation links, sessions and site to the bin; restore gives the same ids', async () => {
    const top = await add({ parentId: 1, key: 'bin-top', language: 'cs' })
    const child = await add({ parentId: top.id, key: 'child' })
    const other = await add({ parentId: 1, key: 'bin-other', language: 'en' })
    const db = t.database.db
    await db.insert(documentTranslations).values([
      { documentId: child.id, sourceId: child.id, language: 'cs' },
      { documentId: other.id, sourceId: child.id, language: 'en' },
    ])
    const [me] = await db
      .select({ userId: documents.userOwner })
      .from(documents)
      .where(eq(documents.id, child.id))
    await db
      .insert(documentSessions)
      .values({ documentId: child.id, userId: me!.userId!, data: { editables: {} } })
    await db
      .insert(sites)
      .values({ rootId: top.id, domains: ['bin.example'], mainDomain: 'bin.example' })

    const info = await ok<DocumentDeleteInfo>('GET', `/admin/document/delete-info?id=${top.id}`)
    expect(info).toMatchObject({ elements: 2, deletable: true, path: '/bin-top' })
    const deleted = await ok<{ deleted: number; binId: number }>(
      'DELETE',
      `/admin/document/delete?id=${top.id}`,
    )
    expect(deleted.deleted).toBe(2)
    expect(await row(top.id)).toBeUndefined()
    expect(await row(child.id)).toBeUndefined()
    expect(await db.select().from(sites).where(eq(sites.rootId, top.id))).toEqual([])

    await ok('POST', '/admin/recyclebin/restore', { id: deleted.binId })
    expect((await row(top.id))!.path).toBe('/')
    expect((await row(child.id))!.path).toBe('/bin-top/')
    expect(
      await db
        .select()
        .from(documentTranslations)
        .where(eq(documentTranslations.sourceId, child.id)),
    ).toHaveLength(2)
    expect(
      await db.select().from(documentSessions).where(eq(documentSessions.documentId, child.id)),
    ).toHaveLength(1)
    expect(await db.select().from(sites).where(eq(sites.rootId, top.id))).toHaveLength(1)
    const data = await ok<DocumentData>('GET', `/admin/document/get-data-by-id?id=${child.id}`)
    expect(data.translations).toEqual({ cs: child.id, en: other.id })
  })

  it('moves a site with its root at once and takes it into the bin and back', async () => {
    const root = await add({ parentId: 1, key: 'site-root', language: 'cs' })
    const holder = await add({ parentId: 1, key: 'site-holder', type: 'folder' })
    await ok('PUT', '/admin/document/update-site', { id: root.id, domains: ['moved.example'] })
    expect((await resolveSite(t.database.db, 'moved.example'))?.rootPath).toBe('/site-root')
    await ok('PUT', '/admin/document/update', { id: root.id, parentId: holder.id })
    expect((await resolveSite(t.database.db, 'moved.example'))?.rootPath).toBe(
      '/site-holder/site-root',
    )
    const { binId } = await ok<{ binId: number }>(
      'DELETE',
      `/admin/document/delete?id=${holder.id}`,
    )
    expect(await resolveSite(t.database.db, 'moved.example')).toBeNull()
    await ok('POST', '/admin/recyclebin/restore', { id: binId })
    expect((await resolveSite(t.database.db, 'moved.example'))?.rootId).toBe(root.id)
  })

  it('refuses the root and a user without delete on the whole subtree', async () => {
    expect((await call('DELETE', '/admin/document/delete?id=1')).statusCode).toBe(400)
    const top = await add({ parentId: 1, key: 'del-rights', type: 'folder' })
    const kept = await add({ parentId: top.id, key: 'kept' })
    const cookie = await userWith('docs-deleter', [
      { path: '/del-rights', rights: ['list', 'view', 'delete'] },
      { path: '/del-rights/kept', rights: ['list', 'view'] },
    ])
    const response = await call('DELETE', `/admin/document/delete?id=${top.id}`, undefined, cookie)
    expect(response.statusCode).toBe(403)
    expect(await row(kept.id)).toBeDefined()
  })
})

describe('copy', () => {
  it('copies a subtree as a job and, with rewrite, points links, snippets and hardlinks into the copy', async () => {
    const source = await add({ parentId: 1, key: 'copy-src', type: 'folder' })
    const outside = await add({ parentId: 1, key: 'copy-outside' })
    const target = await add({ parentId: 1, key: 'copy-target', type: 'folder' })
    const b = await add({ parentId: source.id, key: 'b' })
    const snippet = await add({
      parentId: source.id,
      key: 'snip',
      type: 'snippet',
      template: 'content-snippet',
    })
    const a = await add({ parentId: source.id, key: 'a' })
    const hard = await add({ parentId: source.id, key: 'hard', type: 'hardlink' })
    const link = await add({ parentId: source.id, key: 'link', type: 'link' })
    const db = t.database.db
    await db
      .update(documents)
      .set({
        editables: {
          headline: { type: 'input', data: 'A' },
          content: {
            type: 'areablock',
            data: [
              {
                id: 'x1',
                brick: 'text',
                editables: {
                  more: {
                    type: 'link',
                    data: { internal: { type: 'document', id: b.id }, text: 'B' },
                  },
                  away: {
                    type: 'link',
                    data: { internal: { type: 'document', id: outside.id }, text: 'O' },
                  },
                  embed: { type: 'snippet', data: { documentId: snippet.id } },
                },
              },
            ],
          },
        },
      })
      .where(eq(documents.id, a.id))
    await db
      .update(documents)
      .set({ settings: { sourceId: b.id, childrenFromSource: true, propertiesFromSource: false } })
      .where(eq(documents.id, hard.id))
    await db
      .update(documents)
      .set({
        settings: { linkType: 'internal', internal: { type: 'document', id: a.id }, direct: '' },
      })
      .where(eq(documents.id, link.id))
    await db.insert(elementDependencies).values([
      { sourceType: 'document', sourceId: a.id, targetType: 'document', targetId: b.id },
      { sourceType: 'document', sourceId: a.id, targetType: 'document', targetId: outside.id },
    ])

    expect(
      await ok(
        'GET',
        `/admin/document/copy-info?sourceId=${source.id}&targetId=${target.id}&type=recursive`,
      ),
    ).toMatchObject({ elements: 6 })
    const { jobId } = await ok<{ jobId: string }>('POST', '/admin/document/copy', {
      sourceId: source.id,
      targetId: target.id,
      type: 'recursive',
      rewrite: true,
    })
    const job = await waitForJobRow(db, jobId)
    expect(job.status, String(job.errorKey)).toBe('done')
    const result = job.result as { id: number; idMapping: Record<string, number> }
    const copyOf = (id: number) => result.idMapping[String(id)]!
    expect((await row(result.id))!).toMatchObject({ key: 'copy-src', path: '/copy-target/' })
    expect((await children(result.id)).nodes.map((n) => n.key)).toEqual([
      'b',
      'snip',
      'a',
      'hard',
      'link',
    ])

    const copiedA = (await row(copyOf(a.id)))!
    const brick = (
      copiedA.editables as {
        content: { data: { editables: Record<string, { data: Record<string, unknown> }> }[] }
      }
    ).content.data[0]!
    expect(brick.editables.more!.data.internal).toEqual({ type: 'document', id: copyOf(b.id) })
    expect(brick.editables.away!.data.internal).toEqual({ type: 'document', id: outside.id })
    expect(brick.editables.embed!.data.documentId).toBe(copyOf(snippet.id))
    expect((await row(copyOf(hard.id)))!.settings).toMatchObject({ sourceId: copyOf(b.id) })
    expect((await row(copyOf(link.id)))!.settings).toMatchObject({
      internal: { type: 'document', id: copyOf(a.id) },
    })
    const deps = await db
      .select({ id: elementDependencies.targetId })
      .from(elementDependencies)
      .where(
        and(
          eq(elementDependencies.sourceType, 'document'),
          eq(elementDependencies.sourceId, copyOf(a.id)),
        ),
      )
    expect(deps.map((d) => d.id).sort()).toEqual([copyOf(b.id), outside.id].sort())
    // The source is untouched.
    expect(JSON.stringify((await row(a.id))!.editables)).toContain(`"id":${b.id}`)
    const copiedData = await ok<DocumentData>(
      'GET',
      `/admin/document/get-data-by-id?id=${copyOf(a.id)}`,
    )
    expect(copiedData.draft).toBeUndefined()

    // A second copy without rewrite keeps the references; copy-rewrite-ids rewrites them after.
    const second = await ok<{ jobId: string }>('POST', '/admin/document/copy', {
      sourceId: source.id,
      targetId: target.id,
      type: 'recursive',
    })
    const secondJob = await waitForJobRow(db, second.jobId)
    const secondResult = secondJob.result as { id: number; idMapping: Record<string, number> }
    expect((await row(secondResult.id))!.key).toBe('copy-src_copy')
    const secondA = secondResult.idMapping[String(a.id)]!
    expect(JSON.stringify((await row(secondA))!.editables)).toContain(`"id":${b.id}`)
    const rewritten = await ok<{ rewritten: number }>('PUT', '/admin/document/copy-rewrite-ids', {
      transactionId: second.jobId,
    })
    expect(rewritten.rewritten).toBe(3)
    expect(JSON.stringify((await row(secondA))!.editables)).toContain(
      `"id":${secondResult.idMapping[String(b.id)]}`,
    )
  })

  it('refuses to copy a subtree into itself and the root', async () => {
    const top = await add({ parentId: 1, key: 'copy-self', type: 'folder' })
    const inner = await add({ parentId: top.id, key: 'inner', type: 'folder' })
    const into = await call('POST', '/admin/document/copy', {
      sourceId: top.id,
      targetId: inner.id,
      type: 'recursive',
    })
    expect(into.statusCode).toBe(400)
    expect(into.json<{ code: string }>().code).toBe('DOCUMENT_COPY_INTO_ITSELF')
    expect(
      (await call('POST', '/admin/document/copy', { sourceId: 1, targetId: top.id })).statusCode,
    ).toBe(400)
    const child = await ok<{ jobId: string }>('POST', '/admin/document/copy', {
      sourceId: top.id,
      targetId: inner.id,
      type: 'child',
    })
    expect((await waitForJobRow(t.database.db, child.jobId)).status).toBe('done')
    expect((await children(inner.id)).nodes.map((n) => n.key)).toEqual(['copy-self'])
    expect(
      (
        await call('PUT', '/admin/document/copy-rewrite-ids', {
          transactionId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('document types', () => {
  it('are listed, created, changed and deleted, with templates that fit', async () => {
    expect(await ensureDefaultDocumentTypes(t.database.db)).toBe(DEFAULT_DOCUMENT_TYPES.length)
    expect(await ensureDefaultDocumentTypes(t.database.db)).toBe(0)
    const pages = await ok<{ data: DocType[] }>('GET', '/admin/document/get-doc-types?type=page')
    expect(pages.data.every((d) => d.type === 'page')).toBe(true)
    expect(pages.data.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Content page', 'Landing page', 'Article layout']),
    )
    const created = await ok<{ data: DocType }>('POST', '/admin/document/doc-types', {
      name: 'Home',
      type: 'page',
      template: 'home',
      group: 'Pages',
    })
    expect(created.data).toMatchObject({ name: 'Home', template: 'home', priority: 0 })
    const changed = await ok<{ data: DocType }>('PUT', '/admin/document/doc-types', {
      id: created.data.id,
      priority: 5,
      name: 'Home page',
    })
    expect(changed.data).toMatchObject({ name: 'Home page', priority: 5, template: 'home' })
    expect(
      (
        await call('POST', '/admin/document/doc-types', {
          name: 'Home page',
          type: 'page',
          template: 'home',
        })
      ).statusCode,
    ).toBe(409)
    expect(
      (
        await call('POST', '/admin/document/doc-types', {
          name: 'Bad',
          type: 'snippet',
          template: 'home',
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await call('PUT', '/admin/document/doc-types', { id: created.data.id, type: 'email' }))
        .statusCode,
    ).toBe(400)
    const page = await add({ parentId: 1, key: 'from-home-type', docTypeId: created.data.id })
    await ok('DELETE', `/admin/document/doc-types?id=${created.data.id}`)
    expect((await row(page.id))!).toMatchObject({ docTypeId: null, template: 'home' })
    expect(
      (await call('DELETE', `/admin/document/doc-types?id=${created.data.id}`)).statusCode,
    ).toBe(404)
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.data.id)))
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'document-type.create',
        'document-type.update',
        'document-type.delete',
      ]),
    )
  })
})
