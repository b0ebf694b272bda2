import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'
import { and, eq } from 'drizzle-orm'
import { insertDemoTargeting } from '../../demo/demo-targeting.ts'
import { documents } from '../../platform/db/schema/documents.ts'

/**
 * Personalization on the storefront (issue 20, decision 067): the demo's "Slovak visitors" rule
 * gives /sk's home page its Slovak hero; nothing is stored in the browser without consent; the
 * page cache never serves one group's page to another; a rule's redirect; a rule changed in the
 * back office applies at once.
 */
let t: TestApp
let adminCookie: string
const SLOVAK_HERO = 'Vitajte, susedia zo Slovenska!'
const PARTNER_HERO = 'Partnerská ponuka pre optikov'
const BASE = '/admin/bundle/personalization/targeting'

beforeAll(async () => {
  await ensureStorefrontBuild()
  t = await buildTestApp({ deps: { storefrontBuildDir: STOREFRONT_BUILD_DIR } })
  await t.database.db.transaction((tx) => insertDemoTargeting(tx))
  adminCookie = await signInNewUser(t.database.db, { username: 'tg-front', isAdmin: true })
})
afterAll(async () => {
  await t.close()
})

function page(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'cs', ...headers } })
}
function cookieNames(response: Awaited<ReturnType<typeof page>>): string[] {
  return response.cookies.map((c) => c.name)
}

describe('content variants per target group', () => {
  it('shows the Slovak hero to a Slovak browser on /sk and the default hero to others — cache or not', async () => {
    // Twice each, interleaved: the second answers may come from the page cache.
    for (let round = 0; round < 2; round++) {
      const czech = await page('/sk', { 'accept-language': 'cs-CZ,cs;q=0.9' })
      expect(czech.statusCode).toBe(200)
      expect(czech.body).not.toContain(SLOVAK_HERO)
      const slovak = await page('/sk', { 'accept-language': 'sk-SK,sk;q=0.9' })
      expect(slovak.body).toContain(SLOVAK_HERO)
    }
    // The Czech home page has no Slovak variant.
    expect((await page('/cs', { 'accept-language': 'sk' })).body).not.toContain(SLOVAK_HERO)
  })

  it('shows no variant (and no variant name) of another group', async () => {
    const response = await page('/sk', { 'accept-language': 'sk' })
    expect(response.body).not.toContain(PARTNER_HERO)
    expect(response.body).not.toMatch(/tg\d+--hero/)
  })
})

describe('the page cache', () => {
  it('keeps a document page per target group, never serving one group’s copy to another', async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: `${BASE}/target-group/add`,
      headers: { cookie: adminCookie },
      payload: { name: 'Newsletter readers' },
    })
    const groupId = group.json<{ id: number }>().id
    const rule = await t.app.inject({
      method: 'POST',
      url: `${BASE}/rule/add`,
      headers: { cookie: adminCookie },
      payload: {
        name: 'From the newsletter',
        conditions: [{ type: 'referrer', contains: 'newsletter.example' }],
        actions: { assignTargetGroup: { targetGroupId: groupId, weight: 1 } },
      },
    })
    expect(rule.statusCode, rule.body).toBe(200)
    const [terms] = await t.database.db
      .select({ id: documents.id, editables: documents.editables })
      .from(documents)
      .where(and(eq(documents.path, '/en/'), eq(documents.key, 'terms')))
    expect(terms).toBeDefined()
    await t.database.db
      .update(documents)
      .set({
        editables: {
          ...(terms!.editables as Record<string, unknown>),
          [`tg${groupId}--headline`]: { type: 'input', data: 'Terms for newsletter readers' },
        },
      })
      .where(eq(documents.id, terms!.id))
    const reader = { referer: 'https://newsletter.example/issue-7' }
    for (let round = 0; round < 3; round++) {
      const plain = await page('/en/terms')
      expect(plain.statusCode).toBe(200)
      expect(plain.body).not.toContain('Terms for newsletter readers')
      const personal = await page('/en/terms', reader)
      expect(personal.body).toContain('Terms for newsletter readers')
    }
    // Both were kept (one copy each), and each is served to its own visitors only.
    const kept = await page('/en/terms')
    expect(kept.body).not.toContain('Terms for newsletter readers')
  })
})

describe('consent', () => {
  it('stores nothing in the browser without consent, and shows the banner', async () => {
    const response = await page('/sk/c/1/x', { 'accept-language': 'sk' })
    expect(cookieNames(response)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/optika-(visitor|visits|targeting)/)]),
    )
    const home = await page('/sk', { 'accept-language': 'sk' })
    expect(cookieNames(home).filter((n) => /optika-(visitor|visits|targeting)/.test(n))).toEqual([])
    expect(home.body).toContain('action="/api/consent"')
  })

  it('keeps a first-party visitor id and the visit history only after consent; refusing forgets them', async () => {
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=granted&back=%2Fsk',
    })
    expect(granted.statusCode).toBe(303)
    expect(granted.headers.location).toBe('/sk')
    const consent = granted.cookies.find((c) => c.name === 'optika-consent')
    expect(consent?.value).toBe('granted')

    const visit = await page('/sk/c/12/slnecne-okuliare', {
      cookie: 'optika-consent=granted; optika-visits=c12.1',
    })
    const byName = Object.fromEntries(visit.cookies.map((c) => [c.name, c]))
    expect(byName['optika-visitor']?.value).toMatch(/^[\w-]{20,}$/)
    expect(byName['optika-visitor']?.httpOnly).toBe(true)
    expect(byName['optika-visits']?.value).toBe('c12.2')
    // The banner asked already: the page offers to change the choice instead.
    expect(visit.body).not.toContain('name="choice" value="granted"')

    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=denied&back=%2F%2Fevil.example',
    })
    expect(denied.headers.location).toBe('/')
    const cleared = Object.fromEntries(denied.cookies.map((c) => [c.name, c.value]))
    expect(cleared['optika-consent']).toBe('denied')
    expect(cleared['optika-visitor']).toBe('')
    expect(cleared['optika-visits']).toBe('')
  })

  it('counts visits for rules only with consent', async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: `${BASE}/target-group/add`,
      headers: { cookie: adminCookie },
      payload: { name: 'Sunglasses fans' },
    })
    const groupId = group.json<{ id: number }>().id
    const rule = await t.app.inject({
      method: 'POST',
      url: `${BASE}/rule/add`,
      headers: { cookie: adminCookie },
      payload: {
        name: 'Sunglasses fans',
        conditions: [{ type: 'visitedCategory', categoryId: 7, times: 3 }],
        actions: { redirect: { url: '/sk/search?q=okuliare' } },
      },
    })
    expect(rule.statusCode, rule.body).toBe(200)
    expect(groupId).toBeGreaterThan(0)
    // Without consent a forged history counts nothing.
    expect((await page('/sk', { cookie: 'optika-visits=c7.5' })).statusCode).toBe(200)
    const redirected = await page('/sk', { cookie: 'optika-consent=granted; optika-visits=c7.3' })
    expect(redirected.statusCode).toBe(302)
    expect(redirected.headers.location).toBe('/sk/search?q=okuliare')
    await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/rule/delete?id=${rule.json<{ id: number }>().id}`,
      headers: { cookie: adminCookie },
    })
    // Deleted: applies at once.
    expect(
      (await page('/sk', { cookie: 'optika-consent=granted; optika-visits=c7.3' })).statusCode,
    ).toBe(200)
  })
})
