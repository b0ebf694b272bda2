import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiffVersions, SavedDocument } from '@optika/domain/cms/document-save-api'
import type { AddedDocumentSchema, DocumentData } from '@optika/domain/cms/document-tree-api'
import { SHOP_CLASSES } from '@optika/domain/pim/shop-classes'
import type { z } from 'zod'
import { documentSessions, documents } from '../../platform/db/schema/documents.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { elementDependencies, elementLocks, elementVersions } from '../../platform/db/schema/pim.ts'
import { runDueSchedules } from '../../elements/element-schedules.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { insertObject, insertRootFolder } from '../../../test/kits/pim-objects-test-kit.ts'
import { createDocumentElementKind } from '../documents/document-element-kind.ts'
import { runDocumentScheduledTask } from './document-scheduled-task.ts'

let t: TestApp
let admin: string
let adminId: number
let productId: number
let categoryId: number
let languageRootId: number

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Added = z.infer<typeof AddedDocumentSchema>

function call(method: Method, url: string, payload?: unknown, cookie = admin) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

async function ok<T>(method: Method, url: string, payload?: unknown, cookie = admin): Promise<T> {
  const response = await call(method, url, payload, cookie)
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200)
  return response.json<T>()
}

async function add(
  parentId: number,
  key: string,
  type: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const added = await ok<Added>('POST', '/admin/document/add', { parentId, key, type, ...extra })
  return added.id
}

async function row(id: number) {
  const [found] = await t.database.db.select().from(documents).where(eq(documents.id, id))
  return found!
}

async function versionsOf(id: number) {
  return t.database.db
    .select()
    .from(elementVersions)
    .where(and(eq(elementVersions.elementType, 'document'), eq(elementVersions.elementId, id)))
    .orderBy(elementVersions.versionCount)
}

const wysiwyg = (data: string) => ({ type: 'wysiwyg', data })
const input = (data: string) => ({ type: 'input', data })

beforeAll(async () => {
  t = await buildTestApp()
  adminId = await insertAdminUser(t.database.db, { username: 'content-admin', isAdmin: true })
  admin = await signIn(t.database.db, adminId)
  await insertRootFolder(t.database.db)
  for (const id of ['Product', 'Category']) {
    const cls = SHOP_CLASSES.find((c) => c.id === id)!
    await t.database.db
      .insert(objectClasses)
      .values({ id: cls.id, name: cls.name, definition: cls.definition })
      .onConflictDoNothing()
  }
  productId = await insertObject(t.database.db, { parentId: 1, key: 'frame', classId: 'Product' })
  categoryId = await insertObject(t.database.db, { parentId: 1, key: 'sun', classId: 'Category' })
  languageRootId = await add(1, 'cs-content', 'page', { template: 'home', language: 'cs' })
})

afterAll(async () => {
  await t.close()
})

describe('saving a page', () => {
  it('stores hostile wysiwyg sanitized: no script, no event handlers, no javascript: or data: URLs', async () => {
    const id = await add(languageRootId, 'hostile', 'page', { template: 'article' })
    const saved = await ok<SavedDocument>('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: JSON.stringify({
        editables: {
          headline: input('Terms'),
          body: wysiwyg(
            '<p onclick="steal()">Hello<script>alert(1)</script>' +
              '<a href="javascript:alert(2)">x</a><a href="data:text/html,hi">y</a>' +
              '<img src=x onerror="alert(3)"><a href="https://optika.example/" target="_blank">ok</a></p>',
          ),
        },
      }),
    })
    expect(saved).toMatchObject({ success: true, published: true, draft: false })
    const stored = (await row(id)).editables as Record<string, { data: string }>
    const html = stored.body!.data
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|data:|<img/i)
    expect(html).toContain('Hello')
    expect(html).toContain('href="https://optika.example/"')
    expect(html).toContain('rel="noopener noreferrer"')
    expect((await row(id)).published).toBe(true)
  })

  it('refuses an unknown editable type, a name the template lacks and a javascript: link, storing nothing', async () => {
    const id = await add(languageRootId, 'refusals', 'page', { template: 'content' })
    const before = await row(id)
    const cases: [unknown, string][] = [
      [{ headline: { type: 'iframe', data: '<iframe>' } }, 'There is no content type “iframe”.'],
      [{ sidebar: input('x') }, 'There is no field “sidebar” in “content”.'],
      [{ headline: wysiwyg('<b>x</b>') }, 'The field “headline” must be of type input.'],
      [
        {
          content: {
            type: 'areablock',
            data: [
              {
                id: 'a1',
                brick: 'text',
                editables: { body: wysiwyg('x'), extra: input('no') },
              },
            ],
          },
        },
        'There is no field “extra” in “text”.',
      ],
    ]
    for (const [editables, key] of cases) {
      const response = await call('PUT', '/admin/page/save', {
        id,
        task: 'publish',
        data: { editables },
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(
        response.json<{ errors: { message: string }[] }>().errors.map((e) => e.message),
      ).toContain(key)
    }
    const link = await add(languageRootId, 'link-page', 'page', { template: 'landing' })
    const badLink = await call('PUT', '/admin/page/save', {
      id: link,
      task: 'publish',
      data: {
        editables: { heroLink: { type: 'link', data: { href: 'javascript:alert(1)', text: 'x' } } },
      },
    })
    expect(badLink.statusCode).toBe(400)
    expect(badLink.json<{ message: string }>().message).toBeTruthy()
    const after = await row(id)
    expect(after.editables).toEqual(before.editables)
    expect(after.versionCount).toBe(before.versionCount)
    expect(after.published).toBe(false)
  })

  it('answers a translated 4xx for a 10 MB editable and for content over the 1 MB limit', async () => {
    const id = await add(languageRootId, 'huge', 'page', { template: 'content' })
    const before = await row(id)
    const huge = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: { headline: input('x'.repeat(10 * 1024 * 1024)) } },
    })
    expect(huge.statusCode).toBe(413)
    const big = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: {
        editables: {
          content: {
            type: 'areablock',
            data: Array.from({ length: 8 }, (_, i) => ({
              id: `b${i}`,
              brick: 'text',
              editables: { body: wysiwyg('y'.repeat(190_000)) },
            })),
          },
        },
      },
    })
    expect(big.statusCode).toBe(400)
    expect(big.json<{ message: string }>().message).toMatch(/larger than 1000 kB/)
    expect((await row(id)).versionCount).toBe(before.versionCount)
  })

  it('refuses relations to missing elements and to objects of another class', async () => {
    const id = await add(languageRootId, 'teaser', 'page', { template: 'landing' })
    const teaser = (products: unknown[]) => ({
      content: {
        type: 'areablock',
        data: [
          {
            id: 't1',
            brick: 'product-teaser',
            editables: { title: input('Top'), products: { type: 'relations', data: products } },
          },
        ],
      },
    })
    const missing = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: teaser([{ type: 'object', id: 999_999 }]) },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain('refers to an element that does not exist')
    const wrongClass = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: teaser([{ type: 'object', id: categoryId }]) },
    })
    expect(wrongClass.statusCode).toBe(400)
    expect(wrongClass.body).toContain('cannot refer to this kind of element')
    await ok('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: teaser([{ type: 'object', id: productId }]) },
    })
    const deps = await t.database.db
      .select()
      .from(elementDependencies)
      .where(
        and(eq(elementDependencies.sourceType, 'document'), eq(elementDependencies.sourceId, id)),
      )
    expect(deps.map((d) => [d.targetType, d.targetId])).toEqual([['object', productId]])
  })
})

describe('more hostile content', () => {
  it('answers 400, never 500, for deep nesting, data: links, a page as a snippet and a foreign template', async () => {
    const id = await add(languageRootId, 'hostile-more', 'page', { template: 'landing' })
    const before = await row(id)
    // Built as text: deeper than JSON.stringify itself could serialize.
    const levels = 20_000
    const deep =
      '{"editables":{"content":' +
      '{"type":"block","data":[{"inner":'.repeat(levels) +
      '{"type":"input","data":"x"}' +
      '}]}'.repeat(levels) +
      '}}'
    const nested = await call('PUT', '/admin/page/save', { id, task: 'publish', data: deep })
    expect(nested.statusCode, nested.body).toBe(400)
    const block = (depth: number): unknown =>
      depth === 0
        ? { type: 'input', data: 'x' }
        : { type: 'block', data: [{ inner: block(depth - 1) }] }
    const shallowButTooDeep = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: { content: block(6) } },
    })
    expect(shallowButTooDeep.statusCode).toBe(400)
    const dataLink = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: {
        editables: {
          heroLink: { type: 'link', data: { href: 'data:text/html,<b>x</b>', text: 'x' } },
        },
      },
    })
    expect(dataLink.statusCode).toBe(400)
    const slashes = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: {
        editables: { heroLink: { type: 'link', data: { href: '//evil.example', text: 'x' } } },
      },
    })
    expect(slashes.statusCode).toBe(400)
    const snippetHost = await add(languageRootId, 'snippet-host', 'snippet', {
      template: 'content-snippet',
    })
    const pageAsSnippet = await call('PUT', '/admin/snippet/save', {
      id: snippetHost,
      task: 'publish',
      data: {
        editables: {
          content: {
            type: 'areablock',
            data: [
              {
                id: 's1',
                brick: 'text',
                editables: { body: { type: 'snippet', data: { documentId: id } } },
              },
            ],
          },
        },
      },
    })
    expect(pageAsSnippet.statusCode).toBe(400)
    const foreignTemplate = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { template: 'email', editables: {} },
    })
    expect(foreignTemplate.statusCode).toBe(400)
    expect(foreignTemplate.json<{ message: string }>().message).toBe(
      'The template “email” cannot be used for this type of document.',
    )
    const after = await row(id)
    expect(after.versionCount).toBe(before.versionCount)
    expect(after.template).toBe('landing')
  })
})

describe('e-mail documents', () => {
  it('keep placeholders in the body and links, refuse header line breaks and a second document of a mail kind', async () => {
    const emails = await add(languageRootId, 'emails', 'folder')
    const id = await add(emails, 'order-confirmation', 'email', { template: 'email' })
    await ok('PUT', '/admin/email/save', {
      id,
      task: 'publish',
      data: {
        editables: {
          body: wysiwyg('<p>Order {{orderNumber}}</p>{{items}}<a href="{{orderLink}}">Open</a>'),
        },
        settings: { subject: 'Order {{orderNumber}}', mailKind: 'order-confirmation' },
      },
    })
    const stored = await row(id)
    expect((stored.editables as Record<string, { data: string }>).body!.data).toBe(
      '<p>Order {{orderNumber}}</p>{{items}}<a href="{{orderLink}}">Open</a>',
    )
    expect(stored.settings).toMatchObject({
      subject: 'Order {{orderNumber}}',
      mailKind: 'order-confirmation',
    })
    const injected = await call('PUT', '/admin/email/save', {
      id,
      task: 'publish',
      data: { settings: { bcc: 'a@example.com\r\nX-Evil: 1' } },
    })
    expect(injected.statusCode).toBe(400)
    const second = await add(emails, 'order-confirmation-2', 'email', { template: 'email' })
    const taken = await call('PUT', '/admin/email/save', {
      id: second,
      task: 'publish',
      data: { settings: { mailKind: 'order-confirmation' } },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json<{ message: string }>().message).toContain(
      '/cs-content/emails/order-confirmation',
    )
  })
})

describe('drafts, sessions and versions', () => {
  it('keeps a draft of a published page as a version, shows it to the editor and publishes it', async () => {
    const id = await add(languageRootId, 'drafted', 'page', { template: 'content' })
    const published = await ok<SavedDocument>('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: { headline: input('Published') } },
    })
    const draft = await ok<SavedDocument>('POST', '/admin/page/save', {
      id,
      task: 'version',
      data: { editables: { headline: input('Draft') } },
    })
    expect(draft.draft).toBe(true)
    expect((await row(id)).editables).toEqual({ headline: input('Published') })
    const data = await ok<DocumentData>('GET', `/admin/page/get-data-by-id?id=${id}`)
    expect(data.editables).toEqual({ headline: input('Draft') })
    expect(data.draft?.versionId).toBe(draft.versionId)
    expect((await call('GET', `/admin/snippet/get-data-by-id?id=${id}`)).statusCode).toBe(404)

    const diff = await ok<DiffVersions>(
      'GET',
      `/admin/document/diff-versions/${published.versionId}/${draft.versionId}`,
    )
    expect(diff.items.find((i) => i.name === 'headline')).toEqual({
      name: 'headline',
      from: 'Published',
      to: 'Draft',
      changed: true,
    })
    expect(diff.items.find((i) => i.name === 'template')?.changed).toBe(false)
    for (const bad of ['abc/1', '1/2x', '-1/2', '1.0/2', '0x1/2']) {
      expect((await call('GET', `/admin/document/diff-versions/${bad}`)).statusCode, bad).toBe(404)
    }

    await ok('POST', '/admin/document/publish-version', { id: draft.versionId })
    expect((await row(id)).editables).toEqual({ headline: input('Draft') })
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, String(id))))
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['document.publish', 'document.save', 'document.publishVersion']),
    )
  })

  it('keeps unsaved content per user in the session until removed or saved', async () => {
    const id = await add(languageRootId, 'session', 'page', { template: 'content' })
    await ok('POST', '/admin/page/save-to-session', {
      id,
      data: { editables: { headline: input('Preview <b>only</b>') } },
    })
    const [session] = await t.database.db
      .select()
      .from(documentSessions)
      .where(eq(documentSessions.documentId, id))
    expect(session?.data).toMatchObject({ editables: { headline: input('Preview <b>only</b>') } })
    expect((await row(id)).editables).toEqual({})
    expect((await ok<DocumentData>('GET', `/admin/page/get-data-by-id?id=${id}`)).session).toBe(
      true,
    )
    const bad = await call('POST', '/admin/page/save-to-session', {
      id,
      data: { editables: { nope: input('x') } },
    })
    expect(bad.statusCode).toBe(400)
    await ok('DELETE', `/admin/page/remove-from-session?id=${id}`)
    expect(
      await t.database.db
        .select()
        .from(documentSessions)
        .where(eq(documentSessions.documentId, id)),
    ).toEqual([])

    const saved = await ok<SavedDocument>('PUT', '/admin/page/save', {
      id,
      task: 'version',
      data: { editables: { headline: input('Written') } },
    })
    // An unpublished page is written directly (nothing public changes).
    expect(saved).toMatchObject({ draft: false, published: false })
    const version = (await versionsOf(id)).at(-1)!
    await ok('POST', '/admin/document/version-to-session', { id: version.id })
    const [fromVersion] = await t.database.db
      .select()
      .from(documentSessions)
      .where(eq(documentSessions.documentId, id))
    expect(fromVersion?.data).toMatchObject({ editables: { headline: input('Written') } })
  })

  it('refuses a save while another user holds the edit lock', async () => {
    const id = await add(languageRootId, 'locked', 'page', { template: 'content' })
    const before = await row(id)
    const other = await insertAdminUser(t.database.db, { username: 'content-other', isAdmin: true })
    await t.database.db
      .insert(elementLocks)
      .values({ elementType: 'document', elementId: id, userId: other })
    const response = await call('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: { headline: input('x') } },
    })
    expect(response.statusCode).toBe(409)
    expect((await row(id)).versionCount).toBe(before.versionCount)
  })

  it('publishes on a schedule through the document element kind', async () => {
    const id = await add(languageRootId, 'scheduled', 'page', { template: 'content' })
    await ok('PUT', '/admin/page/save', {
      id,
      task: 'version',
      data: { editables: { headline: input('Soon') } },
    })
    const inAnHour = new Date(Date.now() + 3_600_000)
    await ok('PUT', '/admin/page/save', {
      id,
      task: 'scheduler',
      scheduler: JSON.stringify([{ action: 'publish', date: inAnHour.toISOString() }]),
    })
    const kinds = {
      document: createDocumentElementKind({ runScheduledTask: runDocumentScheduledTask }),
    }
    await runDueSchedules(t.database.db, kinds)
    expect((await row(id)).published).toBe(false)
    const result = await runDueSchedules(t.database.db, kinds, new Date(inAnHour.getTime() + 1_000))
    expect(result.failed).toBe(0)
    const published = await row(id)
    expect(published.published).toBe(true)
    expect(published.editables).toEqual({ headline: input('Soon') })
  })
})

describe('links, hardlinks, main documents and conversion', () => {
  it('refuses a link to itself and a hardlink cycle', async () => {
    const link = await add(languageRootId, 'self-link', 'link')
    const self = await call('PUT', '/admin/link/save', {
      id: link,
      task: 'publish',
      data: { settings: { linkType: 'internal', internal: { type: 'document', id: link } } },
    })
    expect(self.statusCode).toBe(400)
    expect(self.json<{ message: string }>().message).toBe('A link cannot lead to itself.')
    const unsafe = await call('PUT', '/admin/link/save', {
      id: link,
      task: 'publish',
      data: { settings: { linkType: 'direct', direct: 'javascript:alert(1)' } },
    })
    expect(unsafe.statusCode).toBe(400)

    const folder = await add(languageRootId, 'hl-folder', 'folder')
    const hardlink = await add(folder, 'mirror', 'hardlink')
    for (const sourceId of [hardlink, folder, languageRootId]) {
      const cycle = await call('PUT', '/admin/hardlink/save', {
        id: hardlink,
        task: 'publish',
        data: { settings: { sourceId } },
      })
      expect(cycle.statusCode, String(sourceId)).toBe(400)
      expect(cycle.body).toContain('HARDLINK_CYCLE')
    }
    const target = await add(languageRootId, 'hl-target', 'page', { template: 'content' })
    await ok('PUT', '/admin/hardlink/save', {
      id: hardlink,
      task: 'publish',
      data: { settings: { sourceId: target } },
    })
    expect((await row(hardlink)).settings).toMatchObject({ sourceId: target })
    const noContent = await call('PUT', '/admin/hardlink/save', {
      id: hardlink,
      task: 'publish',
      data: { editables: { headline: input('x') } },
    })
    expect(noContent.statusCode).toBe(400)
  })

  it('converts a page to a snippet keeping its area blocks, and refuses link ↔ hardlink', async () => {
    const id = await add(languageRootId, 'convertible', 'page', { template: 'content' })
    const content = {
      type: 'areablock',
      data: [{ id: 'c1', brick: 'text', editables: { body: wysiwyg('<p>Kept</p>') } }],
    }
    await ok('PUT', '/admin/page/save', {
      id,
      task: 'publish',
      data: { editables: { headline: input('Dropped'), content } },
    })
    const converted = await ok<{ type: string; template: string }>(
      'PUT',
      '/admin/document/convert',
      {
        id,
        type: 'snippet',
      },
    )
    expect(converted).toMatchObject({ type: 'snippet', template: 'content-snippet' })
    expect(await row(id)).toMatchObject({ type: 'snippet', editables: { content }, settings: {} })
    const link = await add(languageRootId, 'convert-link', 'link')
    const refused = await call('PUT', '/admin/document/convert', { id: link, type: 'hardlink' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ message: string }>().message).toBe(
      'A document of type link cannot be converted to type hardlink.',
    )
    expect((await row(link)).type).toBe('link')
    expect(
      (await call('PUT', '/admin/document/convert', { id: languageRootId, type: 'snippet' }))
        .statusCode,
    ).toBe(400)
  })

  it('sets and clears a content main document of the same type, refusing cycles', async () => {
    const main = await add(languageRootId, 'main', 'page', { template: 'content' })
    const child = await add(languageRootId, 'follower', 'page', { template: 'content' })
    await ok('PUT', '/admin/page/change-main-document', {
      id: child,
      contentMainDocumentPath: '/cs-content/main',
    })
    expect((await row(child)).contentMainDocumentId).toBe(main)
    const cycle = await call('PUT', '/admin/page/change-main-document', {
      id: main,
      contentMainDocumentId: child,
    })
    expect(cycle.statusCode).toBe(400)
    const snippet = await add(languageRootId, 'other-type', 'snippet', { template: 'navigation' })
    expect(
      (
        await call('PUT', '/admin/page/change-main-document', {
          id: child,
          contentMainDocumentId: snippet,
        })
      ).statusCode,
    ).toBe(400)
    await ok('PUT', '/admin/page/change-main-document', { id: child, contentMainDocumentPath: '' })
    expect((await row(child)).contentMainDocumentId).toBeNull()
  })
})
