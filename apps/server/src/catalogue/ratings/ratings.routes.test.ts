import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type {
  AdminRating,
  AdminRatingList,
  RatingSummary,
} from '@optika/domain/catalogue/rating-api'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { productRatings } from '../../platform/db/schema/commerce.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, injectJson, signInNewUser } from '../../../test/inject-json.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { CUSTOMER_SESSION_COOKIE } from '../../../test/kits/cookie-test-kit.ts'
import {
  insertListFixture,
  LIST_FIXTURE as F,
} from '../../../test/fixtures/product-list-fixture.ts'

describe('product ratings', () => {
  let testApp: TestApp
  const EN = { 'accept-language': 'en' }

  beforeAll(async () => {
    testApp = await buildTestApp()
    await insertListFixture(testApp.database.db)
  })
  afterAll(() => testApp.close())

  async function customer(overrides: Parameters<typeof insertCustomer>[1] = {}) {
    const inserted = await insertCustomer(testApp.database.db, overrides)
    return { ...inserted, cookie: await signInCustomer(testApp.app, inserted.email) }
  }

  function rate(product: number, cookie: string | null, body: unknown) {
    return injectAs(testApp.app, 'PUT', `/api/product/${product}/rating`, cookie, body, EN)
  }

  async function summaryFor(product: number, cookie: string | null): Promise<RatingSummary> {
    const reply = await injectJson<RatingSummary>(
      testApp.app,
      'GET',
      `/api/product/${product}/ratings`,
      cookie,
    )
    expect(reply.status).toBe(200)
    return reply.body
  }

  it('keeps one rating per customer: a second submit changes it', async () => {
    const product = F.frame(1)
    const jana = await customer({ firstName: 'Jana', lastName: 'Nováková' })
    const first = await rate(product, jana.cookie, {
      overall: 4,
      verbal: 'Light and comfortable.',
      pros: 'Weight',
      cons: 'Price',
    })
    expect(first.statusCode).toBe(200)
    expect(first.json<RatingSummary>()).toMatchObject({
      count: 1,
      average: 4,
      distribution: [0, 0, 0, 1, 0],
      canRate: true,
      canModerate: false,
      mine: { overall: 4, pros: 'Weight', cons: 'Price', author: 'Jana N.', mine: true },
    })

    const second = await rate(product, jana.cookie, { overall: 5, verbal: 'Even better.' })
    expect(second.statusCode).toBe(200)
    const changed = second.json<RatingSummary>()
    expect(changed).toMatchObject({ count: 1, average: 5, distribution: [0, 0, 0, 0, 1] })
    expect(changed.ratings).toHaveLength(1)
    expect(changed.ratings[0]).toMatchObject({ overall: 5, verbal: 'Even better.', pros: '' })

    const rows = await testApp.database.db
      .select()
      .from(productRatings)
      .where(and(eq(productRatings.productId, product), eq(productRatings.customerId, jana.id)))
    expect(rows).toHaveLength(1)
  })

  it('survives a double submit without a duplicate or a server error', async () => {
    const product = F.frame(2)
    const petr = await customer()
    const replies = await Promise.all([
      rate(product, petr.cookie, { overall: 3 }),
      rate(product, petr.cookie, { overall: 2 }),
    ])
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200])
    const summary = await summaryFor(product, petr.cookie)
    expect(summary.count).toBe(1)
    expect([2, 3]).toContain(summary.mine?.overall)
  })

  it('averages the visible ratings to one decimal, newest first, with the author shortened', async () => {
    const product = F.frame(3)
    const authors = [
      await customer({ firstName: 'Eva', lastName: 'Malá' }),
      await customer({ firstName: 'Ota', lastName: 'Velký' }),
      await customer({ firstName: 'Iva', lastName: 'Dlouhá' }),
    ]
    for (const [n, author] of authors.entries()) {
      expect((await rate(product, author.cookie, { overall: [5, 4, 4][n] })).statusCode).toBe(200)
    }
    const summary = await summaryFor(product, null)
    expect(summary).toMatchObject({
      count: 3,
      average: 4.3,
      distribution: [0, 0, 0, 2, 1],
      mine: null,
      canRate: false,
      canModerate: false,
    })
    expect(summary.ratings.map((rating) => rating.author)).toEqual(['Iva D.', 'Ota V.', 'Eva M.'])
    expect(JSON.stringify(summary)).not.toContain('@example.com')
  })

  it.each([
    ['missing', { verbal: 'No stars' }],
    ['zero', { overall: 0 }],
    ['six', { overall: 6 }],
    ['half', { overall: 3.5 }],
    ['text', { overall: 'great' }],
  ])(
    'refuses a %s overall rating with "Please rate the product." and writes nothing',
    async (_, body) => {
      const product = F.frame(4)
      const eva = await customer()
      const reply = await rate(product, eva.cookie, body)
      expect(reply.statusCode).toBe(400)
      expect(reply.json()).toEqual({
        code: 'RATING_REQUIRED',
        message: 'Please rate the product.',
        errors: [{ path: 'overall', message: 'The overall rating is required' }],
      })
      const rows = await testApp.database.db
        .select()
        .from(productRatings)
        .where(eq(productRatings.customerId, eva.id))
      expect(rows).toEqual([])
    },
  )

  it('answers the rating-required message in the visitor language', async () => {
    const eva = await customer()
    const reply = await injectAs(
      testApp.app,
      'PUT',
      `/api/product/${F.frame(4)}/rating`,
      eva.cookie,
      {},
      { 'accept-language': 'cs' },
    )
    expect(reply.json()).toMatchObject({ message: 'Ohodnoťte prosím produkt.' })
  })

  it('refuses anonymous visitors with 401 "You are not logged in"', async () => {
    const reply = await rate(F.frame(5), null, { overall: 5 })
    expect(reply.statusCode).toBe(401)
    expect(reply.json()).toEqual({ code: 'UNAUTHORIZED', message: 'You are not logged in' })
    expect((await summaryFor(F.frame(5), null)).count).toBe(0)
  })

  it.each([
    ['an unknown id', 999_999],
    ['a variant', 1000],
    ['a category', F.categories.frames],
  ])('answers 404 "Product not found" for %s', async (_, id) => {
    const eva = await customer()
    const put = await rate(id, eva.cookie, { overall: 5 })
    expect(put.statusCode).toBe(404)
    expect(put.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' })
    const get = await injectAs(
      testApp.app,
      'GET',
      `/api/product/${id}/ratings`,
      null,
      undefined,
      EN,
    )
    expect(get.statusCode).toBe(404)
  })

  it('refuses staff viewing the shop as the customer', async () => {
    const db = testApp.database.db
    const support = await signInNewUser(db, {
      username: 'rating-support',
      permissions: ['customers'],
    })
    const eva = await insertCustomer(db)
    const opened = await injectAs(
      testApp.app,
      'POST',
      `/admin/customers/${eva.id}/impersonate`,
      support,
    )
    const session = opened.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)
    expect(session).toBeDefined()
    const reply = await rate(F.frame(6), `${CUSTOMER_SESSION_COOKIE}=${session?.value}`, {
      overall: 5,
    })
    expect(reply.statusCode).toBe(403)
    expect(reply.json()).toMatchObject({ code: 'IMPERSONATION_REFUSED' })
    expect((await summaryFor(F.frame(6), null)).count).toBe(0)
  })

  it('lets partners rate too', async () => {
    const partner = await customer({ kind: 'partner' })
    const reply = await rate(F.frame(6), partner.cookie, { overall: '2' })
    expect(reply.statusCode).toBe(200)
    expect(reply.json<RatingSummary>().mine?.overall).toBe(2)
  })

  describe('moderation on the product page', () => {
    const product = F.frame(7)
    let moderator: Awaited<ReturnType<typeof customer>>
    let reader: Awaited<ReturnType<typeof customer>>
    let author: Awaited<ReturnType<typeof customer>>
    let ratingId: number

    beforeAll(async () => {
      moderator = await customer({ isModerator: true })
      reader = await customer()
      author = await customer({ firstName: 'Karel', lastName: 'Hrubý' })
      await rate(product, reader.cookie, { overall: 5 })
      const reply = await rate(product, author.cookie, { overall: 1, verbal: 'Spam spam' })
      ratingId = reply.json<RatingSummary>().mine?.id ?? 0
    })

    function moderate(action: 'hide' | 'show', cookie: string | null) {
      return injectAs(
        testApp.app,
        'POST',
        `/api/product/${product}/ratings/${ratingId}/${action}`,
        cookie,
        undefined,
        EN,
      )
    }

    it('hides a rating from everybody else and from the average, and shows it again', async () => {
      expect((await summaryFor(product, reader.cookie)).average).toBe(3)
      const hidden = await moderate('hide', moderator.cookie)
      expect(hidden.statusCode).toBe(200)
      expect(hidden.json<RatingSummary>()).toMatchObject({
        canModerate: true,
        count: 1,
        average: 5,
        distribution: [0, 0, 0, 0, 1],
      })
      // The moderator still lists it, flagged, to show it again.
      expect(hidden.json<RatingSummary>().ratings.find((r) => r.id === ratingId)).toMatchObject({
        hidden: true,
      })

      const others = await summaryFor(product, reader.cookie)
      expect(others).toMatchObject({ count: 1, average: 5 })
      expect(others.ratings.map((r) => r.id)).not.toContain(ratingId)
      const anonymous = await summaryFor(product, null)
      expect(anonymous.ratings.map((r) => r.id)).not.toContain(ratingId)
      // The author still has it in the form, marked hidden; changing it keeps it hidden.
      const own = await rate(product, author.cookie, { overall: 2 })
      expect(own.json<RatingSummary>()).toMatchObject({ count: 1, mine: { hidden: true } })

      const shown = await moderate('show', moderator.cookie)
      expect(shown.statusCode).toBe(200)
      expect(shown.json<RatingSummary>()).toMatchObject({ count: 2, average: 3.5 })
      expect((await summaryFor(product, reader.cookie)).ratings.map((r) => r.id)).toContain(
        ratingId,
      )
    })

    it('refuses customers who are not moderators (403) and anonymous visitors (401)', async () => {
      const refused = await moderate('hide', reader.cookie)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'You are not allowed to do this.',
      })
      expect((await moderate('hide', null)).statusCode).toBe(401)
      expect((await summaryFor(product, null)).ratings.map((r) => r.id)).toContain(ratingId)
    })

    it('answers 404 for a rating of another product', async () => {
      const reply = await injectAs(
        testApp.app,
        'POST',
        `/api/product/${F.frame(8)}/ratings/${ratingId}/hide`,
        moderator.cookie,
        undefined,
        EN,
      )
      expect(reply.statusCode).toBe(404)
      expect(reply.json()).toEqual({ code: 'RATING_NOT_FOUND', message: 'Rating not found' })
    })
  })

  describe('back office', () => {
    const product = F.frame(9)
    let ratingId: number
    let withKey: string
    let withoutKey: string

    beforeAll(async () => {
      const db = testApp.database.db
      withKey = await signInNewUser(db, { username: 'rating-editor', permissions: ['ratings'] })
      withoutKey = await signInNewUser(db, { username: 'rating-outsider', permissions: [] })
      const author = await customer({ firstName: 'Alena', lastName: 'Krátká' })
      const reply = await rate(product, author.cookie, { overall: 2, cons: 'Scratches' })
      ratingId = reply.json<RatingSummary>().mine?.id ?? 0
    })

    it('lists ratings page by page, filtered by product and visibility', async () => {
      const list = await injectJson<AdminRatingList>(
        testApp.app,
        'GET',
        `/admin/ratings?productId=${product}&visibility=visible&limit=5`,
        withKey,
      )
      expect(list.status).toBe(200)
      expect(list.body.total).toBe(1)
      expect(list.body.items[0]).toMatchObject({
        id: ratingId,
        productId: product,
        productCode: 'FR-09',
        customerName: 'Alena Krátká',
        overall: 2,
        cons: 'Scratches',
        hidden: false,
      })
      const hiddenOnly = await injectJson<AdminRatingList>(
        testApp.app,
        'GET',
        `/admin/ratings?productId=${product}&visibility=hidden`,
        withKey,
      )
      expect(hiddenOnly.body).toEqual({ items: [], total: 0 })
    })

    it('hides and shows a rating, audited, and the shop follows', async () => {
      const hidden = await injectJson<AdminRating>(
        testApp.app,
        'POST',
        `/admin/ratings/${ratingId}/hide`,
        withKey,
      )
      expect(hidden.status).toBe(200)
      expect(hidden.body.hidden).toBe(true)
      expect(hidden.body.hiddenBy).toMatch(/^admin:\d+$/)
      expect(await summaryFor(product, null)).toMatchObject({ count: 0, average: null })

      const shown = await injectJson<AdminRating>(
        testApp.app,
        'POST',
        `/admin/ratings/${ratingId}/show`,
        withKey,
      )
      expect(shown.body).toMatchObject({ hidden: false, hiddenAt: null, hiddenBy: null })
      expect(await summaryFor(product, null)).toMatchObject({ count: 1, average: 2 })

      const audit = await testApp.database.db
        .select({ action: auditLog.action, actorName: auditLog.actorName })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'productRating'), eq(auditLog.entityId, `${ratingId}`)))
      expect(audit.map((entry) => entry.action).sort()).toEqual(['rating.hide', 'rating.show'])
    })

    it('refuses without the ratings permission (403) and without a session (401)', async () => {
      for (const [url, method] of [
        ['/admin/ratings', 'GET'],
        [`/admin/ratings/${ratingId}/hide`, 'POST'],
      ] as const) {
        expect((await injectAs(testApp.app, method, url, withoutKey)).statusCode).toBe(403)
        expect((await injectAs(testApp.app, method, url, null)).statusCode).toBe(401)
      }
      expect((await summaryFor(product, null)).count).toBe(1)
    })

    it('answers 404 for an unknown rating', async () => {
      const reply = await injectAs(testApp.app, 'POST', '/admin/ratings/987654/hide', withKey)
      expect(reply.statusCode).toBe(404)
    })
  })
})
