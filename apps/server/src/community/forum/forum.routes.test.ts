import { eq, like } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ForumBoardSummary, ForumThreadPage } from '@optika/domain/community/forum-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { forumPosts, forumThreads } from '../../platform/db/schema/community.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { ensureDefaultForumBoards } from './default-forum-boards.ts'

interface Place {
  readonly threadId: number
  readonly postId: number
}

let t: TestApp
let author: { id: number; email: string; cookie: string }
let replier: { id: number; email: string; cookie: string }

async function signedIn(kind: 'customer' | 'partner' = 'customer') {
  const customer = await insertCustomer(t.database.db, { kind, language: 'en' })
  if (kind === 'partner') await approvePartner(t.database.db, customer.id, null)
  return {
    id: customer.id,
    email: customer.email,
    cookie: await signInCustomer(t.app, customer.email, customer.password),
  }
}

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'error' } })
  await ensureDefaultForumBoards(t.database.db)
  author = await signedIn()
  replier = await signedIn()
})
afterAll(() => t.close())

const png = (width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: '#06c' } })
    .png()
    .toBuffer()

function composer(fields: Record<string, string>, images: { name: string; bytes: Buffer }[] = []) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const image of images) {
    form.append(
      'images',
      new Blob([new Uint8Array(image.bytes)], { type: 'image/png' }),
      image.name,
    )
  }
  return form
}

function post(url: string, cookie: string | null, form: FormData) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en' },
    payload: form,
  })
}

async function startThread(
  cookie: string,
  fields: Record<string, string>,
  images: { name: string; bytes: Buffer }[] = [],
) {
  const response = await post(
    '/api/forum/boards/frames-and-fit/threads',
    cookie,
    composer(fields, images),
  )
  return response
}

async function threadPage(id: number, cookie?: string): Promise<ForumThreadPage> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/forum/threads/${id}`,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  })
  expect(response.statusCode).toBe(200)
  return response.json<ForumThreadPage>()
}

async function postCount(): Promise<number> {
  return (await t.database.db.select({ id: forumPosts.id }).from(forumPosts)).length
}

describe('boards', () => {
  it('lists the default boards in the page language, "For opticians" for partners only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/forum/boards',
      headers: { 'accept-language': 'en' },
    })
    const boards = response.json<ForumBoardSummary[]>()
    expect(boards.map((b) => b.key)).toEqual([
      'frames-and-fit',
      'lenses-and-optics',
      'spare-parts',
      'for-opticians',
    ])
    expect(boards.find((b) => b.key === 'for-opticians')).toMatchObject({
      title: 'For opticians',
      partnersOnly: true,
    })
    expect(await ensureDefaultForumBoards(t.database.db)).toBe(0)
  })

  it('answers unknown or hostile board keys with a translated 404', async () => {
    for (const key of ['nope', 'thread', '%27%3B%20drop%20table', 'x'.repeat(300), '..%2F..']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/forum/boards/${key}`,
        headers: { 'accept-language': 'en' },
      })
      expect(response.statusCode, key).toBe(404)
      expect(response.json<{ message: string }>().message).toBe('Forum board not found')
    }
  })
})

describe('posting', () => {
  it('refuses anonymous writers with 401 and customers in a partners-only board with 403', async () => {
    const anonymous = await post(
      '/api/forum/boards/frames-and-fit/threads',
      null,
      composer({ title: 'Hi', body: 'Hello' }),
    )
    expect(anonymous.statusCode).toBe(401)
    const customer = await post(
      '/api/forum/boards/for-opticians/threads',
      author.cookie,
      composer({ title: 'Hi', body: 'Hello' }),
    )
    expect(customer.statusCode).toBe(403)
    const partner = await signedIn('partner')
    const allowed = await post(
      '/api/forum/boards/for-opticians/threads',
      partner.cookie,
      composer({ title: 'Opticians only', body: 'Hello colleagues' }),
    )
    expect(allowed.statusCode).toBe(201)
  })

  it('starts a thread with a picture, and a reply quoting it mails the author (not the replier)', async () => {
    const started = await post(
      '/api/forum/boards/frames-and-fit/threads',
      author.cookie,
      composer(
        { title: 'Which frame for a round face?', body: 'My **first** post', notifyAuthor: 'on' },
        [{ name: 'face.png', bytes: await png() }],
      ),
    )
    expect(started.statusCode, started.body).toBe(201)
    const { threadId, postId } = started.json<Place>()
    const first = await threadPage(threadId)
    expect(first.thread.slug).toBe('which-frame-for-a-round-face')
    expect(first.posts[0]!.html).toBe('<p>My <strong>first</strong> post</p>')
    expect(first.posts[0]!.author.displayName).toMatch(/^Test C\.$/)
    const image = await t.app.inject({ method: 'GET', url: first.posts[0]!.images[0]!.url })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    const thumb = await t.app.inject({
      method: 'GET',
      url: first.posts[0]!.images[0]!.thumbnailUrl,
    })
    expect(thumb.headers['content-type']).toBe('image/webp')

    const replied = await post(
      `/api/forum/threads/${threadId}/posts`,
      replier.cookie,
      composer({ body: 'Try a rectangular one.', quotePostId: String(postId) }),
    )
    expect(replied.statusCode).toBe(201)
    const second = await threadPage(threadId)
    expect(second.posts[1]!.quote).toMatchObject({ postId, excerpt: 'My first post' })
    expect(second.thread.postCount).toBe(2)
    const mails = await t.database.db.select().from(emailLog).where(eq(emailLog.to, author.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('Which frame for a round face?')
    expect(mails[0]!.text).toContain('Try a rectangular one.')

    // The author's own reply mails nobody.
    await post(`/api/forum/threads/${threadId}/posts`, author.cookie, composer({ body: 'Thanks!' }))
    expect(
      await t.database.db.select().from(emailLog).where(eq(emailLog.to, author.email)),
    ).toHaveLength(1)
  })

  it('refuses a quote of another thread and an unknown product, storing nothing', async () => {
    const a = (await startThread(author.cookie, { title: 'A', body: 'a' })).json<Place>()
    const b = (await startThread(replier.cookie, { title: 'B', body: 'b' })).json<Place>()
    const before = await postCount()
    const quote = await post(
      `/api/forum/threads/${a.threadId}/posts`,
      replier.cookie,
      composer({ body: 'x', quotePostId: String(b.postId) }),
    )
    expect(quote.statusCode).toBe(400)
    const product = await post(
      `/api/forum/threads/${a.threadId}/posts`,
      replier.cookie,
      composer({ body: 'x', productId: '999999999' }),
    )
    expect(product.statusCode).toBe(400)
    expect(await postCount()).toBe(before)
  })

  it('hides a hidden post from readers (text, pictures) but shows the reason to its author', async () => {
    const started = (
      await startThread(author.cookie, { title: 'Hidden soon', body: 'secret words' }, [
        { name: 'a.png', bytes: await png() },
      ])
    ).json<Place>()
    const imageUrl = (await threadPage(started.threadId)).posts[0]!.images[0]!.url
    await t.database.db
      .update(forumPosts)
      .set({ hidden: true, hiddenReason: 'Off topic' })
      .where(eq(forumPosts.id, started.postId))
    const reader = (await threadPage(started.threadId, replier.cookie)).posts[0]!
    expect(reader).toMatchObject({ hidden: true, html: '', images: [], hiddenReason: null })
    const own = (await threadPage(started.threadId, author.cookie)).posts[0]!
    expect(own.hiddenReason).toBe('Off topic')
    expect(own.html).toContain('secret words')
    const asReader = await t.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { cookie: replier.cookie },
    })
    expect(asReader.statusCode).toBe(404)
    const asAuthor = await t.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { cookie: author.cookie },
    })
    expect(asAuthor.statusCode).toBe(200)
  })
})

describe('hostile posts', () => {
  it('never lets script or raw HTML through the Markdown subset', async () => {
    const body = [
      '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html,<b>)',
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script> &lt;script&gt; &#x3C;b&#x3E;',
      `${'>'.repeat(1000)} deep`,
      '[ok](https://example.com)',
    ].join('\n\n')
    const writer = await signedIn()
    const started = await startThread(writer.cookie, { title: '<b>Title</b>', body })
    expect(started.statusCode).toBe(201)
    const page = await threadPage(started.json<Place>().threadId)
    const html = page.posts[0]!.html
    expect(html).not.toMatch(/<script|<img|<[^>]*\sonerror|href="(javascript|data):/i)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">ok</a>')
    expect((html.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(20)
    expect(page.thread.title).toBe('<b>Title</b>')
  })

  it('refuses pictures that are too large, too many, not pictures, or polyglots, storing nothing', async () => {
    const before = await postCount()
    const threadsBefore = (await t.database.db.select().from(forumThreads)).length
    const zipTail = Buffer.concat([
      await png(),
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(64, 1),
      Buffer.from('PK\u0005\u0006'),
      Buffer.alloc(18),
    ])
    const cases: [number, { name: string; bytes: Buffer }[]][] = [
      [413, [{ name: 'huge.png', bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]],
      [400, [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, bytes: Buffer.from('x') }))],
      [
        415,
        [
          {
            name: 'zip.png',
            bytes: Buffer.from('PK\u0003\u0004 this is a zip bomb, not a picture'),
          },
        ],
      ],
      [415, [{ name: 'page.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }]],
      [422, [{ name: 'poly.png', bytes: zipTail }]],
    ]
    for (const [status, images] of cases) {
      const response = await post(
        '/api/forum/boards/spare-parts/threads',
        replier.cookie,
        composer({ title: 'Pictures', body: 'see' }, images),
      )
      expect(response.statusCode, images[0]!.name).toBe(status)
      expect(response.json<{ message: string }>().message).toMatch(/\w/)
    }
    // A picture of too many pixels is refused from its header, before decoding.
    const big = await sharp({
      create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const pixels = await post(
      '/api/forum/boards/spare-parts/threads',
      replier.cookie,
      composer({ title: 'Pixels', body: 'see' }, [{ name: 'bomb.png', bytes: big }]),
    )
    expect([413, 415]).toContain(pixels.statusCode)
    expect(await postCount()).toBe(before)
    expect((await t.database.db.select().from(forumThreads)).length).toBe(threadsBefore)
  })

  it('answers the 11th post in ten minutes and the 4th thread in an hour with a translated 429', async () => {
    const writer = await signedIn()
    const threads: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const response = await startThread(writer.cookie, { title: `T${i}`, body: 'x' })
      expect(response.statusCode).toBe(201)
      threads.push(response.json<Place>().threadId)
    }
    const fourth = await startThread(writer.cookie, { title: 'T4', body: 'x' })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json<{ message: string }>().message).toContain('3')
    for (let i = 3; i < 10; i += 1) {
      const reply = await post(
        `/api/forum/threads/${threads[0]}/posts`,
        writer.cookie,
        composer({ body: `r${i}` }),
      )
      expect(reply.statusCode).toBe(201)
    }
    const eleventh = await post(
      `/api/forum/threads/${threads[0]}/posts`,
      writer.cookie,
      composer({ body: 'one too many' }),
    )
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json<{ message: string }>().message).toMatch(/too many posts/i)
    const stored = await t.database.db
      .select()
      .from(forumPosts)
      .where(like(forumPosts.body, 'one too many'))
    expect(stored).toHaveLength(0)
  })

  it('answers hostile ids and bodies with 4xx, never 500', async () => {
    for (const url of [
      '/api/forum/threads/abc',
      '/api/forum/threads/99999999999999999999',
      '/api/forum/threads/-1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
    }
    const empty = await startThread(author.cookie, { title: ' ', body: '' })
    expect(empty.statusCode).toBe(400)
    const long = await startThread(author.cookie, { title: 'x', body: 'y'.repeat(10_001) })
    expect(long.statusCode).toBe(400)
  })
})
