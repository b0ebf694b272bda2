import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LastUnread, NotificationPage } from '@optika/domain/identity/notifications'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { injectJson, type Method } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'
import { adminRoles, adminUserRoles, auditLog } from '../../platform/db/schema/identity.ts'
import { notifications } from '../../platform/db/schema/governance.ts'
import { pruneNotifications } from './prune-notifications.ts'

/**
 * The seed's section 7 "notification (8)" calls, as ADMIN-CALLS.md lists them: each registered,
 * 401 anonymous, 403 without the `notifications` key, never a 500 on an empty request.
 */
const CALLS: readonly Call[] = [
  ['GET', '/admin/notification/recipients'],
  ['GET', '/admin/notification/find'],
  ['GET', '/admin/notification/find-last-unread'],
  ['POST', '/admin/notification/send'],
  ['POST', '/admin/notification/find-all'],
  ['PUT', '/admin/notification/mark-as-read'],
  ['DELETE', '/admin/notification/delete'],
  ['DELETE', '/admin/notification/delete-all'],
]

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

let t: TestApp
let adminCookie: string
let objectsOnlyCookie: string
let senderId: number
let senderCookie: string
let aliceId: number
let aliceCookie: string
let bobId: number
let bobCookie: string
let roleId: number

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  adminCookie = await signIn(db, await insertAdminUser(db, { username: 'n-admin', isAdmin: true }))
  objectsOnlyCookie = await signIn(
    db,
    await insertAdminUser(db, { username: 'n-objects', permissions: ['objects'] }),
  )
  senderId = await insertAdminUser(db, { username: 'n-sender', permissions: ['notifications'] })
  senderCookie = await signIn(db, senderId)
  aliceId = await insertAdminUser(db, { username: 'n-alice', permissions: ['notifications'] })
  aliceCookie = await signIn(db, aliceId)
  bobId = await insertAdminUser(db, { username: 'n-bob', permissions: ['notifications'] })
  bobCookie = await signIn(db, bobId)
  const inactive = await insertAdminUser(db, { username: 'n-gone', active: false })
  const [role] = await db
    .insert(adminRoles)
    .values({ name: 'n-reviewers', type: 'role' })
    .returning({ id: adminRoles.id })
  roleId = role!.id
  // Alice holds the role and is named directly too: she still gets one notification.
  await db.insert(adminUserRoles).values([
    { userId: aliceId, roleId },
    { userId: bobId, roleId },
    { userId: inactive, roleId },
  ])
})
afterAll(async () => {
  await t.close()
})

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

describe('the seed’s notification calls', () => {
  itGuardsItsCalls({
    calls: CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: objectsOnlyCookie }),
    garbage: { id: '1e999', lastId: -1, start: 'x', recipientId: 'x', title: '', read: 'maybe' },
  })
})

describe('sending and reading notifications', () => {
  it('offers users and roles as recipients', async () => {
    const { status, body } = await injectJson<{ data: { id: number; type: string }[] }>(
      t.app,
      'GET',
      '/admin/notification/recipients',
      senderCookie,
    )
    expect(status).toBe(200)
    expect(body.data).toContainEqual(expect.objectContaining({ id: roleId, type: 'role' }))
    expect(body.data).toContainEqual(expect.objectContaining({ id: aliceId, type: 'user' }))
  })

  it('sends to a role: each active user gets it once, audited', async () => {
    const { status, body } = await injectJson<{ recipients: number }>(
      t.app,
      'POST',
      '/admin/notification/send',
      senderCookie,
      { recipientType: 'role', recipientId: roleId, title: 'Review <b>frames</b>', message: 'Hi' },
    )
    expect(status).toBe(200)
    expect(body.recipients).toBe(2)
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Review <b>frames</b>'))
    expect(rows.map((row) => row.recipientId).sort()).toEqual([aliceId, bobId].sort())
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification.send'))
    expect(audit.length).toBeGreaterThan(0)
  })

  it('counts unread and answers what is new since the last seen id', async () => {
    const first = await injectJson<LastUnread>(
      t.app,
      'GET',
      '/admin/notification/find-last-unread',
      aliceCookie,
    )
    expect(first.body.unread).toBe(1)
    expect(first.body.data[0]).toMatchObject({ title: 'Review <b>frames</b>', read: false })
    expect(first.body.data[0]!.sender).toMatchObject({ id: senderId })
    await injectJson(t.app, 'POST', '/admin/notification/send', senderCookie, {
      recipientId: aliceId,
      type: 'success',
      title: 'Second',
    })
    const next = await injectJson<LastUnread>(
      t.app,
      'GET',
      `/admin/notification/find-last-unread?lastId=${first.body.lastId}`,
      aliceCookie,
    )
    expect(next.body.unread).toBe(2)
    expect(next.body.data.map((n) => n.title)).toEqual(['Second'])
  })

  it('lists with filters and search, and find marks read unless peeking', async () => {
    const all = await injectJson<NotificationPage>(
      t.app,
      'POST',
      '/admin/notification/find-all',
      aliceCookie,
      { q: 'frames' },
    )
    expect(all.body.total).toBe(1)
    const id = all.body.data[0]!.id
    const peek = await injectJson<{ data: { read: boolean } }>(
      t.app,
      'GET',
      `/admin/notification/find?id=${id}&peek=1`,
      aliceCookie,
    )
    expect(peek.body.data.read).toBe(false)
    const found = await injectJson<{ data: { read: boolean } }>(
      t.app,
      'GET',
      `/admin/notification/find?id=${id}`,
      aliceCookie,
    )
    expect(found.body.data.read).toBe(true)
    const unread = await injectJson<NotificationPage>(
      t.app,
      'GET',
      '/admin/notification/find-all?read=unread',
      aliceCookie,
    )
    expect(unread.body.data.map((n) => n.title)).toEqual(['Second'])
    const typed = await injectJson<NotificationPage>(
      t.app,
      'POST',
      '/admin/notification/find-all',
      aliceCookie,
      { type: 'success' },
    )
    expect(typed.body.total).toBe(1)
    const wildcard = await injectJson<NotificationPage>(
      t.app,
      'POST',
      '/admin/notification/find-all',
      aliceCookie,
      { q: '%' },
    )
    expect(wildcard.body.total).toBe(0)
  })

  it('never finds, marks or deletes another user’s notification', async () => {
    const [bobs] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, bobId))
    for (const [method, path] of [
      ['GET', '/admin/notification/find'],
      ['PUT', '/admin/notification/mark-as-read'],
      ['DELETE', '/admin/notification/delete'],
    ] as const) {
      const response = await call(method, `${path}?id=${bobs!.id}`, aliceCookie)
      expect(response.statusCode).toBe(404)
      expect(response.json<{ message: string }>().message).toBe('The notification was not found.')
    }
    const [still] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, bobs!.id))
    expect(still).toMatchObject({ read: false })
  })

  it('marks read, deletes one and then all of the own', async () => {
    const page = await injectJson<NotificationPage>(
      t.app,
      'GET',
      '/admin/notification/find-all',
      aliceCookie,
    )
    const second = page.body.data.find((n) => n.title === 'Second')!
    const marked = await call(
      'PUT',
      `/admin/notification/mark-as-read?id=${second.id}`,
      aliceCookie,
    )
    expect(marked.json()).toMatchObject({ count: 1 })
    const deleted = await call('DELETE', `/admin/notification/delete?id=${second.id}`, aliceCookie)
    expect(deleted.json()).toMatchObject({ count: 1 })
    const all = await call('DELETE', '/admin/notification/delete-all', aliceCookie)
    expect(all.json()).toMatchObject({ count: 1 })
    const after = await injectJson<LastUnread>(
      t.app,
      'GET',
      '/admin/notification/find-last-unread',
      aliceCookie,
    )
    expect(after.body).toMatchObject({ unread: 0, lastId: 0 })
    // Bob's stay.
    const bobs = await injectJson<NotificationPage>(
      t.app,
      'GET',
      '/admin/notification/find-all',
      bobCookie,
    )
    expect(bobs.body.total).toBe(1)
  })

  it('refuses an unknown recipient, an empty title and a missing element, writing nothing', async () => {
    const before = await t.database.db.select().from(notifications)
    for (const payload of [
      { recipientId: 999_999, title: 'x' },
      { recipientType: 'role', recipientId: 999_999, title: 'x' },
      { recipientId: bobId, title: '   ' },
      { recipientId: bobId, title: 'x', elementType: 'object', elementId: 987_654 },
      { recipientId: bobId, title: 'x', elementType: 'object' },
    ]) {
      const response = await call('POST', '/admin/notification/send', senderCookie, payload)
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    }
    const after = await t.database.db.select().from(notifications)
    expect(after.length).toBe(before.length)
  })

  it('prunes old read notifications and keeps unread ones', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000)
    await t.database.db.insert(notifications).values([
      { recipientId: bobId, title: 'old read', message: '', read: true, createdAt: old },
      { recipientId: bobId, title: 'old unread', message: '', read: false, createdAt: old },
    ])
    const pruned = await pruneNotifications(t.database.db)
    expect(pruned.aged).toBe(1)
    const titles = (
      await t.database.db.select().from(notifications).where(eq(notifications.recipientId, bobId))
    ).map((row) => row.title)
    expect(titles).toContain('old unread')
    expect(titles).not.toContain('old read')
  })
})
