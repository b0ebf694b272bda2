import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'
import { itGuardsItsCalls, type Call } from '../../../test/kits/guarded-calls-kit.ts'
import { auditLog } from '../../platform/db/schema/index.ts'

/**
 * The seed's personalization calls (ADMIN-CALLS.md, 11 of them): each is registered for its
 * method, refuses an anonymous caller (401) and a user without the `targeting` key (403), and
 * answers an administrator's empty or garbage request without a server error; then what each does.
 */
const BASE = '/admin/bundle/personalization/targeting'
const CALLS: readonly Call[] = [
  ['GET', `${BASE}/rule/list`],
  ['GET', `${BASE}/rule/get`],
  ['GET', `${BASE}/target-group/list`],
  ['GET', `${BASE}/target-group/get`],
  ['POST', `${BASE}/rule/add`],
  ['POST', `${BASE}/rule/order`],
  ['POST', `${BASE}/target-group/add`],
  ['DELETE', `${BASE}/rule/delete`],
  ['DELETE', `${BASE}/target-group/delete`],
  ['PUT', `${BASE}/rule/save`],
  ['PUT', `${BASE}/target-group/save`],
]

let t: TestApp
let adminCookie: string
let otherCookie: string
let staffCookie: string

beforeAll(async () => {
  t = await buildTestApp()
  adminCookie = await signInNewUser(t.database.db, { username: 'tg-admin', isAdmin: true })
  otherCookie = await signInNewUser(t.database.db, {
    username: 'tg-other',
    permissions: ['objects'],
  })
  staffCookie = await signInNewUser(t.database.db, {
    username: 'tg-staff',
    permissions: ['targeting'],
  })
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
const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

describe('the seed’s personalization calls', () => {
  itGuardsItsCalls({
    calls: CALLS,
    context: () => ({ t, admin: adminCookie, withoutKey: otherCookie }),
    garbage: { id: "' or 1=1", data: '{not json', rules: '[' },
  })
})

describe('what the calls do', () => {
  it('adds, reads, saves and deletes target groups and rules, audited', async () => {
    const group = await call('POST', `${BASE}/target-group/add`, staffCookie, {
      name: 'Bargain hunters',
      threshold: 2,
    })
    expect(group.statusCode, group.body).toBe(200)
    const groupId = group.json<{ id: number }>().id

    // Pimcore's form: a name only; then `data` as a JSON string with settings.
    const added = await call('POST', `${BASE}/rule/add`, staffCookie, { name: 'Cheap carts' })
    expect(added.statusCode, added.body).toBe(200)
    const ruleId = added.json<{ id: number }>().id
    const saved = await call('PUT', `${BASE}/rule/save`, staffCookie, {
      id: ruleId,
      data: JSON.stringify({
        settings: { name: 'Cheap carts', description: 'Under 50', active: true, scope: 'session' },
        conditions: [
          { type: 'cartValue', max: 50 },
          { type: 'referrer', operator: 'or', contains: 'deals.example' },
        ],
        actions: { assignTargetGroup: { targetGroupId: groupId, weight: 2 } },
      }),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const got = await call('GET', `${BASE}/rule/get?id=${ruleId}`, staffCookie)
    expect(got.json()).toMatchObject({
      rule: {
        name: 'Cheap carts',
        scope: 'session',
        conditions: [
          { type: 'cartValue', max: 50, min: null },
          { type: 'referrer', operator: 'or' },
        ],
        actions: { assignTargetGroup: { targetGroupId: groupId, weight: 2 }, redirect: null },
      },
    })
    const list = await call('GET', `${BASE}/rule/list`, staffCookie)
    expect(list.json<{ data: { text: string }[] }>().data.map((d) => d.text)).toContain(
      'Cheap carts',
    )

    // A group a rule assigns cannot go; the rule can, then the group.
    const refused = await call('DELETE', `${BASE}/target-group/delete?id=${groupId}`, staffCookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ message: string }>().message).toContain('Cheap carts')
    expect((await call('DELETE', `${BASE}/rule/delete?id=${ruleId}`, staffCookie)).statusCode).toBe(
      200,
    )
    expect((await call('GET', `${BASE}/rule/get?id=${ruleId}`, staffCookie)).statusCode).toBe(404)
    const renamed = await call('PUT', `${BASE}/target-group/save`, staffCookie, {
      id: groupId,
      name: 'Bargain seekers',
      threshold: 1,
    })
    expect(renamed.json()).toMatchObject({ targetGroup: { name: 'Bargain seekers', threshold: 1 } })
    expect(
      (await call('DELETE', `${BASE}/target-group/delete?id=${groupId}`, staffCookie)).statusCode,
    ).toBe(200)

    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(like(auditLog.action, 'targeting.%')))
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'targeting.group.add',
        'targeting.rule.add',
        'targeting.rule.save',
        'targeting.rule.delete',
        'targeting.group.save',
        'targeting.group.delete',
      ]),
    )
  })

  it('orders rules by the ids given (Pimcore’s {id: prio} too) and refuses a partial order', async () => {
    const ids: number[] = []
    for (const name of ['Order A', 'Order B', 'Order C']) {
      ids.push(
        (await call('POST', `${BASE}/rule/add`, staffCookie, { name })).json<{ id: number }>().id,
      )
    }
    const all = (await call('GET', `${BASE}/rule/list`, staffCookie)).json<{
      rules: { id: number }[]
    }>()
    const others = all.rules.map((r) => r.id).filter((id) => !ids.includes(id))
    const reversed = [...ids].reverse()
    const ordered = await call('POST', `${BASE}/rule/order`, staffCookie, {
      ids: [...reversed, ...others],
    })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(
      ordered
        .json<{ rules: { id: number }[] }>()
        .rules.slice(0, 3)
        .map((r) => r.id),
    ).toEqual(reversed)

    const pimcore = Object.fromEntries([...ids, ...others].map((id, index) => [id, index + 1]))
    const again = await call('POST', `${BASE}/rule/order`, staffCookie, {
      rules: JSON.stringify(pimcore),
    })
    expect(
      again
        .json<{ rules: { id: number }[] }>()
        .rules.slice(0, 3)
        .map((r) => r.id),
    ).toEqual(ids)

    const partial = await call('POST', `${BASE}/rule/order`, staffCookie, { ids: [ids[0]] })
    expect(partial.statusCode).toBe(400)
    const unchanged = (await call('GET', `${BASE}/rule/list`, staffCookie)).json<{
      rules: { id: number }[]
    }>()
    expect(unchanged.rules.slice(0, 3).map((r) => r.id)).toEqual(ids)
  })

  it('refuses bad rules with translated 4xx and changes nothing', async () => {
    const bad = [
      { name: '' },
      { name: 'x'.repeat(500) },
      {
        name: 'Brackets',
        conditions: [{ type: 'language', languages: ['sk'], bracketLeft: true }],
      },
      { name: 'Country', conditions: [{ type: 'country', countries: ['Slovakia'] }] },
      { name: 'Time', conditions: [{ type: 'timeOfDay', from: '25:00', to: '10:00' }] },
      { name: 'Redirect', actions: { redirect: { url: 'javascript:alert(1)' } } },
      { name: 'Redirect2', actions: { redirect: { url: '//evil.example' } } },
      { name: 'Group', actions: { assignTargetGroup: { targetGroupId: 999999 } } },
      { name: 'Unknown', conditions: [{ type: 'geoIp', country: 'SK' }] },
    ]
    const before = (await call('GET', `${BASE}/rule/list`, staffCookie)).json<{
      rules: unknown[]
    }>()
    for (const payload of bad) {
      const response = await call('POST', `${BASE}/rule/add`, staffCookie, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.json<{ message: string }>().message).not.toMatch(UNTRANSLATED_KEY)
    }
    const after = (await call('GET', `${BASE}/rule/list`, staffCookie)).json<{ rules: unknown[] }>()
    expect(after.rules).toHaveLength(before.rules.length)

    await call('POST', `${BASE}/target-group/add`, staffCookie, { name: 'Twins' })
    const twin = await call('POST', `${BASE}/target-group/add`, staffCookie, { name: 'twins' })
    expect(twin.statusCode).toBe(409)
    expect(
      (await call('GET', `${BASE}/target-group/get?id=2147483647`, staffCookie)).statusCode,
    ).toBe(404)
    expect((await call('GET', `${BASE}/target-group/get?id=-1`, staffCookie)).statusCode).toBe(400)
  })

  it('keeps names as text: markup and SQL-like input are stored as they are', async () => {
    const name = `<img src=x onerror=alert(1)>'; drop table targeting_rules; --`
    const added = await call('POST', `${BASE}/target-group/add`, staffCookie, { name })
    expect(added.statusCode).toBe(200)
    const got = await call(
      'GET',
      `${BASE}/target-group/get?id=${added.json<{ id: number }>().id}`,
      staffCookie,
    )
    expect(got.json()).toMatchObject({ targetGroup: { name } })
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'targeting.group.add'))
    expect(rows.length).toBeGreaterThan(0)
  })
})
