import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import type { ForumReportQueue } from '@optika/domain/community/forum-api'
import type {
  AdminForumBoard,
  AdminForumModerator,
  AdminModerationLogPage,
} from '@optika/domain/community/forum-moderation-admin-api'
import {
  forumBoards,
  forumModerationLog,
  forumPosts,
  forumReports,
  forumThreads,
} from '../../platform/db/schema/community.ts'
import { auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser } from '../../../test/inject-json.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'

describe('forum reports and moderation', () => {
  let testApp: TestApp
  let boardId: number
  let otherBoardKey: string
  const EN = { 'accept-language': 'en' }
  let counter = 0

  beforeAll(async () => {
    testApp = await buildTestApp()
    const db = testApp.database.db
    const suffix = Math.floor(Math.random() * 1e6)
    const [board] = await db
      .insert(forumBoards)
      .values({ key: `moderation-test-${suffix}`, titles: { en: 'Moderation test' } })
      .returning({ id: forumBoards.id })
    boardId = board!.id
    otherBoardKey = `moderation-other-${suffix}`
    await db.insert(forumBoards).values({ key: otherBoardKey, titles: { en: 'Elsewhere' } })
  })
  afterAll(() => testApp.close())

  async function person(overrides: Parameters<typeof insertCustomer>[1] = {}) {
    const inserted = await insertCustomer(testApp.database.db, overrides)
    return { ...inserted, cookie: await signInCustomer(testApp.app, inserted.email) }
  }

  /** A thread by `authorId` with `bodies.length` visible posts; answers the thread and post ids. */
  async function thread(authorId: number, bodies: string[] = ['First post', 'Second post']) {
    counter += 1
    const db = testApp.database.db
    const [row] = await db
      .insert(forumThreads)
      .values({ boardId, authorId, title: `Mlžící se brýle ${counter}`, postCount: bodies.length })
      .returning({ id: forumThreads.id })
    const posts = await db
      .insert(forumPosts)
      .values(bodies.map((body) => ({ threadId: row!.id, authorId, body })))
      .returning({ id: forumPosts.id })
    return { threadId: row!.id, postIds: posts.map((post) => post.id) }
  }

  async function postCount(threadId: number) {
    const [row] = await testApp.database.db
      .select({ postCount: forumThreads.postCount })
      .from(forumThreads)
      .where(eq(forumThreads.id, threadId))
    return row!.postCount
  }

  async function logOf(threadId: number) {
    return testApp.database.db
      .select()
      .from(forumModerationLog)
      .where(eq(forumModerationLog.threadId, threadId))
      .orderBy(forumModerationLog.id)
  }

  const post = (url: string, cookie: string | null, body?: unknown) =>
    injectAs(testApp.app, 'POST', url, cookie, body, EN)

  it('lets a signed-in reader report a post once, not his own, not as a visitor', async () => {
    const author = await person()
    const reader = await person()
    const { postIds } = await thread(author.id)
    const url = `/api/forum/posts/${postIds[0]}/report`

    const anonymous = await post(url, null, { reason: 'Spam' })
    expect(anonymous.statusCode).toBe(401)

    const own = await post(url, author.cookie, { reason: 'Spam' })
    expect(own.statusCode).toBe(400)
    expect(own.json()).toMatchObject({
      code: 'OWN_POST',
      message: 'You cannot report your own post.',
    })

    const first = await post(url, reader.cookie, { reason: 'Advertising' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ reported: true })

    const again = await post(url, reader.cookie, { reason: 'Advertising again' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ message: 'You have already reported this post.' })

    const rows = await testApp.database.db
      .select()
      .from(forumReports)
      .where(eq(forumReports.postId, postIds[0]!))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reporterId: reader.id, reason: 'Advertising' })
  })

  it.each([
    ['an empty reason', { reason: '   ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
    ['no body', undefined],
    ['a reason that is not text', { reason: { $ne: '' } }],
  ])('refuses a report with %s and stores nothing', async (_, body) => {
    const author = await person()
    const reader = await person()
    const { postIds } = await thread(author.id)
    const reply = await post(`/api/forum/posts/${postIds[0]}/report`, reader.cookie, body)
    expect(reply.statusCode).toBe(400)
    const rows = await testApp.database.db
      .select()
      .from(forumReports)
      .where(eq(forumReports.postId, postIds[0]!))
    expect(rows).toEqual([])
  })

  it.each(['0', '-1', 'abc', '99999999999999999999', '1%27%20or%201=1'])(
    'answers a post id of %s with a translated 4xx, never a 500',
    async (id) => {
      const reader = await person()
      const reply = await post(`/api/forum/posts/${id}/report`, reader.cookie, { reason: 'Spam' })
      expect(reply.statusCode).toBeGreaterThanOrEqual(400)
      expect(reply.statusCode).toBeLessThan(500)
    },
  )

  it('answers 404 when reporting a post that does not exist or is hidden', async () => {
    const author = await person()
    const reader = await person()
    const { postIds } = await thread(author.id)
    await testApp.database.db
      .update(forumPosts)
      .set({ hidden: true, hiddenReason: 'Off topic' })
      .where(eq(forumPosts.id, postIds[1]!))
    const hidden = await post(`/api/forum/posts/${postIds[1]}/report`, reader.cookie, {
      reason: 'Spam',
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toMatchObject({ message: 'Post not found.' })
    const missing = await post('/api/forum/posts/987654321/report', reader.cookie, {
      reason: 'Spam',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('keeps every moderation route to moderators: 401 for visitors, 403 for customers', async () => {
    const author = await person()
    const customer = await person()
    const { threadId, postIds } = await thread(author.id)
    const routes: [string, unknown][] = [
      [`/api/forum/moderation/posts/${postIds[0]}/hide`, { reason: 'Spam' }],
      [`/api/forum/moderation/posts/${postIds[0]}/restore`, undefined],
      [`/api/forum/moderation/threads/${threadId}/lock`, undefined],
      [`/api/forum/moderation/threads/${threadId}/unlock`, undefined],
      [`/api/forum/moderation/threads/${threadId}/move`, { boardKey: otherBoardKey }],
      ['/api/forum/moderation/reports/1/dismiss', undefined],
    ]
    for (const [url, body] of routes) {
      expect((await post(url, null, body)).statusCode, url).toBe(401)
      expect((await post(url, customer.cookie, body)).statusCode, url).toBe(403)
    }
    const queue = await injectAs(testApp.app, 'GET', '/api/forum/moderation/reports', null)
    expect(queue.statusCode).toBe(401)
    const queueAsCustomer = await injectAs(
      testApp.app,
      'GET',
      '/api/forum/moderation/reports',
      customer.cookie,
    )
    expect(queueAsCustomer.statusCode).toBe(403)
    expect(await logOf(threadId)).toEqual([])
    expect(await postCount(threadId)).toBe(2)
  })

  it('hides a post with a reason: count, reports, log and the mail to the author together', async () => {
    const author = await person({ firstName: 'Jana', lastName: 'Nováková', language: 'en' })
    const reader = await person()
    const moderator = await person({ isModerator: true, firstName: 'Marek' })
    const { threadId, postIds } = await thread(author.id)
    await post(`/api/forum/posts/${postIds[1]}/report`, reader.cookie, { reason: 'Insults' })

    const queue = await injectAs(
      testApp.app,
      'GET',
      '/api/forum/moderation/reports?page=1',
      moderator.cookie,
    )
    expect(queue.statusCode).toBe(200)
    const reports = queue.json<ForumReportQueue>().reports.filter((r) => r.post.id === postIds[1])
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({
      reason: 'Insults',
      post: { id: postIds[1], author: { displayName: 'Jana N.' } },
      thread: { id: threadId },
    })
    expect(reports[0]?.post.html).toContain('<p>Second post</p>')
    expect(JSON.stringify(reports)).not.toContain('@example.com')

    const hidden = await post(`/api/forum/moderation/posts/${postIds[1]}/hide`, moderator.cookie, {
      reason: 'Personal attacks are not allowed.',
    })
    expect(hidden.statusCode).toBe(200)
    expect(hidden.json()).toMatchObject({
      hidden: true,
      hiddenReason: 'Personal attacks are not allowed.',
    })

    const [row] = await testApp.database.db
      .select()
      .from(forumPosts)
      .where(eq(forumPosts.id, postIds[1]!))
    expect(row).toMatchObject({
      hidden: true,
      hiddenReason: 'Personal attacks are not allowed.',
      hiddenBy: moderator.id,
    })
    expect(await postCount(threadId)).toBe(1)
    const [report] = await testApp.database.db
      .select()
      .from(forumReports)
      .where(eq(forumReports.postId, postIds[1]!))
    expect(report?.resolvedBy).toBe(moderator.id)
    expect(report?.resolvedAt).not.toBeNull()
    expect(await logOf(threadId)).toMatchObject([
      {
        moderatorId: moderator.id,
        action: 'hide',
        postId: postIds[1],
        reason: 'Personal attacks are not allowed.',
      },
    ])
    const [mail] = await testApp.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, author.email))
      .orderBy(desc(emailLog.id))
    expect(mail?.subject).toContain('Mlžící se brýle')
    expect(mail?.text).toContain('Personal attacks are not allowed.')
    expect(mail?.text).toContain(`/en/forum/thread/${threadId}/mlzici-se-bryle-`)

    // A second hide changes nothing; the post can be shown again, which is logged too.
    const twice = await post(`/api/forum/moderation/posts/${postIds[1]}/hide`, moderator.cookie, {
      reason: 'Again',
    })
    expect(twice.statusCode).toBe(409)
    expect(await postCount(threadId)).toBe(1)
    const restored = await post(
      `/api/forum/moderation/posts/${postIds[1]}/restore`,
      moderator.cookie,
    )
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({ hidden: false, hiddenReason: null })
    expect(await postCount(threadId)).toBe(2)
    const again = await post(`/api/forum/moderation/posts/${postIds[1]}/restore`, moderator.cookie)
    expect(again.statusCode).toBe(409)
    expect((await logOf(threadId)).map((entry) => entry.action)).toEqual(['hide', 'restore'])
  })

  it('hides once when two moderators press at the same time: one count, one log line, one mail', async () => {
    const author = await person()
    const moderators = [await person({ isModerator: true }), await person({ isModerator: true })]
    const { threadId, postIds } = await thread(author.id)
    const replies = await Promise.all(
      moderators.map((moderator) =>
        post(`/api/forum/moderation/posts/${postIds[0]}/hide`, moderator.cookie, {
          reason: 'Duplicate',
        }),
      ),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
    expect(await postCount(threadId)).toBe(1)
    expect(await logOf(threadId)).toHaveLength(1)
    const mails = await testApp.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, author.email))
    expect(mails).toHaveLength(1)
  })

  it('refuses a hide without a reason and changes nothing', async () => {
    const author = await person()
    const moderator = await person({ isModerator: true })
    const { threadId, postIds } = await thread(author.id)
    for (const body of [{ reason: '' }, { reason: 'x'.repeat(501) }, {}]) {
      const reply = await post(
        `/api/forum/moderation/posts/${postIds[0]}/hide`,
        moderator.cookie,
        body,
      )
      expect(reply.statusCode).toBe(400)
    }
    expect(await postCount(threadId)).toBe(2)
    expect(await logOf(threadId)).toEqual([])
  })

  it('locks, unlocks and moves a thread, each logged', async () => {
    const author = await person()
    const moderator = await person({ isModerator: true })
    const { threadId } = await thread(author.id)
    const base = `/api/forum/moderation/threads/${threadId}`
    expect((await post(`${base}/lock`, moderator.cookie)).json()).toMatchObject({ locked: true })
    expect((await post(`${base}/lock`, moderator.cookie)).statusCode).toBe(409)
    expect((await post(`${base}/unlock`, moderator.cookie)).json()).toMatchObject({
      locked: false,
    })
    const moved = await post(`${base}/move`, moderator.cookie, { boardKey: otherBoardKey })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ boardKey: otherBoardKey })
    const same = await post(`${base}/move`, moderator.cookie, { boardKey: otherBoardKey })
    expect(same.statusCode).toBe(409)
    const nowhere = await post(`${base}/move`, moderator.cookie, { boardKey: 'no-such-board' })
    expect(nowhere.statusCode).toBe(404)
    const hostile = await post(`${base}/move`, moderator.cookie, { boardKey: "x'; drop table" })
    expect(hostile.statusCode).toBe(400)
    const log = await logOf(threadId)
    expect(log.map((entry) => entry.action)).toEqual(['lock', 'unlock', 'move'])
    expect(log[2]?.details).toMatchObject({ fromBoardId: boardId, toBoardKey: otherBoardKey })
    const missing = await post('/api/forum/moderation/threads/987654321/lock', moderator.cookie)
    expect(missing.statusCode).toBe(404)
  })

  it('dismisses one report and leaves the post visible', async () => {
    const author = await person()
    const reader = await person()
    const moderator = await person({ isModerator: true })
    const { threadId, postIds } = await thread(author.id)
    await post(`/api/forum/posts/${postIds[0]}/report`, reader.cookie, { reason: 'Boring' })
    const [report] = await testApp.database.db
      .select()
      .from(forumReports)
      .where(and(eq(forumReports.postId, postIds[0]!), eq(forumReports.reporterId, reader.id)))
    const url = `/api/forum/moderation/reports/${report!.id}/dismiss`
    expect((await post(url, moderator.cookie)).statusCode).toBe(200)
    expect((await post(url, moderator.cookie)).statusCode).toBe(409)
    expect(await postCount(threadId)).toBe(2)
    expect(await logOf(threadId)).toMatchObject([
      { action: 'dismiss-report', postId: postIds[0], details: { reportId: report!.id } },
    ])
    const queue = await injectAs(
      testApp.app,
      'GET',
      '/api/forum/moderation/reports',
      moderator.cookie,
    )
    expect(queue.json<ForumReportQueue>().reports.some((entry) => entry.id === report!.id)).toBe(
      false,
    )
  })

  describe('back office', () => {
    const adminRoutes: [string, string, unknown?][] = [
      ['GET', '/admin/forum-moderation/boards'],
      ['POST', '/admin/forum-moderation/boards', {}],
      ['PUT', '/admin/forum-moderation/boards/1', {}],
      ['GET', '/admin/forum-moderation/log'],
      ['GET', '/admin/forum-moderation/moderators'],
    ]

    it('registers every route and refuses anonymous callers and users without the key', async () => {
      const cookie = await signInNewUser(testApp.database.db, {
        username: `no-forum-${Date.now()}`,
        permissions: ['orders'],
      })
      for (const [method, url, body] of adminRoutes) {
        const anonymous = await injectAs(testApp.app, method as 'GET', url, null, body)
        expect(anonymous.statusCode, url).toBe(401)
        const without = await injectAs(testApp.app, method as 'GET', url, cookie, body)
        expect(without.statusCode, url).toBe(403)
      }
    })

    it('adds and renames boards (audited), lists the log and the moderators', async () => {
      const cookie = await signInNewUser(testApp.database.db, {
        username: `forum-staff-${Date.now()}`,
        permissions: ['forum'],
      })
      const key = `staff-board-${Date.now()}`
      const titles = { cs: 'Kontaktní čočky', en: 'Contact lenses', hu: '', pl: '', ro: '', sk: '' }
      const created = await injectAs(
        testApp.app,
        'POST',
        '/admin/forum-moderation/boards',
        cookie,
        {
          key,
          titles,
          descriptions: {},
          position: 7,
          partnersOnly: false,
        },
      )
      expect(created.statusCode).toBe(200)
      const board = created.json<AdminForumBoard>()
      expect(board).toMatchObject({ key, titles: { cs: 'Kontaktní čočky', en: 'Contact lenses' } })
      expect(board.titles).not.toHaveProperty('hu')

      const duplicate = await injectAs(
        testApp.app,
        'POST',
        '/admin/forum-moderation/boards',
        cookie,
        {
          key,
          titles,
          descriptions: {},
          position: 1,
          partnersOnly: false,
        },
      )
      expect(duplicate.statusCode).toBe(409)

      for (const bad of ['moderation', 'Bad Key', 'x'.repeat(61), '']) {
        const reply = await injectAs(
          testApp.app,
          'POST',
          '/admin/forum-moderation/boards',
          cookie,
          {
            key: bad,
            titles,
            descriptions: {},
            position: 1,
            partnersOnly: false,
          },
        )
        expect(reply.statusCode, bad).toBe(400)
      }
      const noEnglish = await injectAs(
        testApp.app,
        'POST',
        '/admin/forum-moderation/boards',
        cookie,
        {
          key: `${key}-x`,
          titles: { ...titles, en: '' },
          descriptions: {},
          position: 1,
          partnersOnly: false,
        },
      )
      expect(noEnglish.statusCode).toBe(400)

      const renamed = await injectAs(
        testApp.app,
        'PUT',
        `/admin/forum-moderation/boards/${board.id}`,
        cookie,
        {
          key,
          titles: { ...titles, en: 'Contacts' },
          descriptions: {},
          position: 2,
          partnersOnly: true,
        },
      )
      expect(renamed.statusCode).toBe(200)
      expect(renamed.json()).toMatchObject({
        titles: { en: 'Contacts' },
        partnersOnly: true,
        position: 2,
      })
      const audits = await testApp.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'forumBoard'), eq(auditLog.entityId, String(board.id))))
        .orderBy(auditLog.id)
      expect(audits.map((entry) => entry.action)).toEqual([
        'forumBoard.create',
        'forumBoard.update',
      ])

      const boards = await injectAs(testApp.app, 'GET', '/admin/forum-moderation/boards', cookie)
      expect(boards.json<AdminForumBoard[]>().some((entry) => entry.key === key)).toBe(true)

      const moderator = await person({ isModerator: true, firstName: 'Log', lastName: 'Reader' })
      const author = await person()
      const { threadId, postIds } = await thread(author.id)
      await post(`/api/forum/moderation/posts/${postIds[0]}/hide`, moderator.cookie, {
        reason: 'Shown in the log',
      })
      const log = await injectAs(
        testApp.app,
        'GET',
        '/admin/forum-moderation/log?action=hide',
        cookie,
      )
      expect(log.statusCode).toBe(200)
      const entry = log.json<AdminModerationLogPage>().entries.find((e) => e.threadId === threadId)
      expect(entry).toMatchObject({
        action: 'hide',
        reason: 'Shown in the log',
        moderator: { id: moderator.id, name: 'Log Reader' },
        postId: postIds[0],
      })
      expect(entry?.link).toMatch(
        new RegExp(`^/cs/forum/thread/${threadId}/.+#post-${postIds[0]}$`),
      )

      const moderators = await injectAs(
        testApp.app,
        'GET',
        '/admin/forum-moderation/moderators',
        cookie,
      )
      const listed = moderators.json<AdminForumModerator[]>().find((m) => m.id === moderator.id)
      expect(listed).toMatchObject({ name: 'Log Reader', actions: 1 })
      expect(moderators.json<AdminForumModerator[]>().some((m) => m.id === author.id)).toBe(false)
    })

    it('audits granting the moderator flag in the customer detail', async () => {
      const cookie = await signInNewUser(testApp.database.db, {
        username: `customers-staff-${Date.now()}`,
        permissions: ['customers'],
      })
      const customer = await person()
      const reply = await injectAs(
        testApp.app,
        'PUT',
        `/admin/customers/${customer.id}/moderator`,
        cookie,
        { isModerator: true },
      )
      expect(reply.statusCode).toBe(200)
      const [entry] = await testApp.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'customer.moderator'),
            eq(auditLog.entityId, String(customer.id)),
          ),
        )
      expect(entry).toMatchObject({
        before: { isModerator: false },
        after: { isModerator: true },
      })
      expect(entry?.actorName).toBeTruthy()
    })
  })
})
