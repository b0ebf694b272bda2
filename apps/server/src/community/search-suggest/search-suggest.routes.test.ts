import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchSuggestAnswer } from '@optika/domain/community/search-suggest-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import {
  insertListFixture,
  LIST_FIXTURE as F,
} from '../../../test/fixtures/product-list-fixture.ts'

describe('GET /api/search/suggest', () => {
  let t: TestApp
  let article = 0
  let draft = 0
  let brand = 0

  beforeAll(async () => {
    t = await buildTestApp()
    const db = t.database.db
    await insertListFixture(db)
    // The fixture takes fixed ids; these take theirs above them.
    const object = (id: number, key: string, classId: string, data: object, published = true) => ({
      id,
      parentId: 1,
      type: 'object' as const,
      key,
      path: '/',
      published,
      classId,
      data,
    })
    brand = 900
    article = 901
    draft = 902
    await db.insert(objects).values([
      object(brand, 'vistara', 'Brand', { name: 'Vistara' }),
      object(article, 'choosing-frames', 'Article', {
        title: { cs: 'Jak vybrat obruby', en: 'How to choose frames' },
      }),
      object(
        draft,
        'draft',
        'Article',
        { title: { cs: 'Obruby v přípravě', en: 'Frames in the making' } },
        false,
      ),
    ])
  })
  afterAll(() => t.close())

  async function suggest(q: string, locale = 'en', cookie?: string) {
    const response = await t.app.inject({
      url: `/api/search/suggest?q=${encodeURIComponent(q)}&locale=${locale}`,
      headers: cookie ? { cookie } : {},
    })
    expect(response.statusCode).toBe(200)
    return response.json<SearchSuggestAnswer>()
  }

  it('suggests products, categories, brands and articles by word prefix', async () => {
    const answer = await suggest('fram')
    expect(answer.products.length).toBe(5)
    expect(answer.products[0]?.name).toBe('Frame 00')
    expect(answer.products[0]?.url).toMatch(/^\/en\/p\/100\//)
    expect(answer.products[0]).not.toHaveProperty('price')
    expect(answer.categories.map((c) => c.name)).toEqual(['Frames'])
    expect(answer.categories[0]!.url).toBe(`/en/c/${F.categories.frames}/frames`)
    expect(answer.articles).toEqual([
      { id: article, name: 'How to choose frames', url: `/en/articles/${article}/choosing-frames` },
    ])
    expect((await suggest('vis')).brands).toEqual([
      { id: brand, name: 'Vistara', url: '/en/search?q=Vistara' },
    ])
  })

  it('ignores case and accents and answers in the language asked for', async () => {
    const czech = await suggest('OBRUB', 'cs')
    expect(czech.categories.map((c) => c.name)).toEqual(['Obruby'])
    expect(czech.articles.map((a) => a.name)).toEqual(['Jak vybrat obruby'])
    expect((await suggest('obrúb', 'cs')).categories.map((c) => c.name)).toEqual(['Obruby'])
    expect((await suggest('slunecni', 'cs')).categories.map((c) => c.id)).toEqual([
      F.categories.sunglasses,
    ])
  })

  it('matches the start of words only, and every word typed', async () => {
    expect((await suggest('rames')).categories).toEqual([])
    expect((await suggest('sun avi')).products.map((p) => p.id)).toEqual([F.sunglasses.aviator])
  })

  it('leaves out unpublished categories, unpublished articles and articles not written in the language', async () => {
    const answer = await suggest('hidden')
    expect(answer.categories).toEqual([])
    expect((await suggest('making')).articles).toEqual([])
    expect((await suggest('choose', 'hu')).articles).toEqual([])
    expect(draft).toBeGreaterThan(0)
  })

  it('shows a change committed before the request in its answer', async () => {
    const db = t.database.db
    await db.update(objects).set({ published: true }).where(eq(objects.id, draft))
    expect((await suggest('making')).articles.map((a) => a.id)).toEqual([draft])
    await db.execute(
      sql`update objects set data = jsonb_set(data, '{name}', '"Vistara Optic"') where id = ${brand}`,
    )
    expect((await suggest('optic')).brands.map((b) => b.name)).toEqual(['Vistara Optic'])
    const gone = F.sunglasses.club
    expect((await suggest('club')).products.map((p) => p.id)).toEqual([gone])
    await db.transaction(async (tx) => {
      await tx.update(objects).set({ published: false }).where(eq(objects.id, gone))
      await updateProductIndex(tx, [gone])
    })
    expect((await suggest('club')).products).toEqual([])
  })

  it('shows a signed-in customer prices, never cached', async () => {
    const customer = await insertCustomer(t.database.db, { country: 'CZ' })
    const cookie = await signInCustomer(t.app, customer.email)
    const response = await t.app.inject({
      url: '/api/search/suggest?q=frame&locale=cs',
      headers: { cookie },
    })
    expect(response.headers['cache-control']).toBe('private, no-store')
    const answer = response.json<SearchSuggestAnswer>()
    expect(answer.products[0]?.price).toMatchObject({ currency: 'CZK', withVat: true })
  })

  it.each([
    '%',
    '_',
    "'; drop table objects; --",
    '.*(',
    '[a-',
    '\u0000frame',
    'נעליים',
    '👓',
    '   ',
    '',
  ])('answers hostile or empty input %j without an error', async (q) => {
    const answer = await suggest(q)
    expect(answer.categories.every((c) => typeof c.url === 'string')).toBe(true)
  })

  it('refuses a query of 10 kB with a translated 400', async () => {
    const response = await t.app.inject({
      url: `/api/search/suggest?q=${'a'.repeat(10_000)}`,
      headers: { 'accept-language': 'cs' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Hledaný text je příliš dlouhý')
  })

  it('refuses an unknown language', async () => {
    expect((await t.app.inject({ url: '/api/search/suggest?q=a&locale=xx' })).statusCode).toBe(400)
  })
})
