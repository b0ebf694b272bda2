import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import {
  insertListFixture,
  LIST_FIXTURE as F,
} from '../../../test/fixtures/product-list-fixture.ts'

describe('GET /api/products', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await buildTestApp()
    await insertListFixture(testApp.database.db)
  })
  afterAll(() => testApp.close())

  function get(url: string, headers: Record<string, string> = {}) {
    return testApp.app.inject({ method: 'GET', url, headers })
  }

  it('answers a page of a category, briefly cacheable for anonymous visitors', async () => {
    const response = await get(`/api/products?cid=${F.categories.frames}&limit=12&brand=Vistara`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=30')
    expect(response.headers.vary).toContain('Cookie')
    const body = response.json<ProductsResponse>()
    expect(body.pagination).toMatchObject({ totalCount: 10, pageCount: 1 })
    expect(body.products[0]).not.toHaveProperty('price')
    expect(body.products[0]?.statuses).toEqual([])
  })

  it('answers page `to` of a load-more span', async () => {
    const body = (
      await get(`/api/products?cid=${F.categories.frames}&limit=12&p=1-2`)
    ).json<ProductsResponse>()
    expect(body.products.map((p) => p.id)).toEqual(
      Array.from({ length: 12 }, (_, n) => F.frame(17 - n)),
    )
    expect(body.pagination).toMatchObject({ current: 2, next: 3 })
  })

  it.each([
    ['cs', 'Řazení podle ceny je dostupné po přihlášení.'],
    ['en', 'Sorting by price is available after logging in.'],
  ])('refuses a price sort from an anonymous visitor in %s', async (language, message) => {
    const response = await get(`/api/products?cid=${F.categories.frames}&sort=price.asc`, {
      'accept-language': language,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 'PRICE_SORT_NEEDS_LOGIN', message })
  })

  it.each([
    [
      'foo=1',
      'UNKNOWN_PARAMETER',
      'Neznámý parametr „foo“: tato kategorie takový filtr nemá.',
      'Unknown parameter "foo": this category has no such filter.',
    ],
    [
      'lensWidth=9_1',
      'INVALID_FILTER',
      'Filtr „lensWidth“ očekává rozsah min_max, kde min není větší než max.',
      'The filter "lensWidth" expects a range min_max with min not greater than max.',
    ],
    [
      'p=0',
      'INVALID_PAGE',
      'Stránka (parametr p) musí být celé číslo od 1 do 10000, nebo rozsah od-do s nejvýše 50 stránkami.',
      'The page (parameter p) must be a whole number from 1 to 10000, or a range from-to of at most 50 pages.',
    ],
    [
      'limit=7',
      'INVALID_LIMIT',
      'Počet produktů na stránku musí být jeden z: 12, 24, 48.',
      'Products per page must be one of: 12, 24, 48.',
    ],
    [
      'sort=cheap',
      'INVALID_SORT',
      'Neznámé řazení „cheap“. Možnosti: new, name.',
      'Unknown sort "cheap". Choose one of: new, name.',
    ],
  ])('refuses %s with a translated 400', async (query, code, cs, en) => {
    for (const [language, message] of [
      ['cs', cs],
      ['en', en],
    ] as const) {
      const response = await get(`/api/products?cid=${F.categories.frames}&${query}`, {
        'accept-language': language,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code, message })
    }
  })

  it('answers 404 in the visitor language for a hidden category', async () => {
    const cs = await get(`/api/products?cid=${F.categories.hidden}`, { 'accept-language': 'cs' })
    expect(cs.statusCode).toBe(404)
    expect(cs.json()).toEqual({ code: 'CATEGORY_NOT_FOUND', message: 'Kategorie nebyla nalezena.' })
    const en = await get(`/api/products?cid=999`, { 'accept-language': 'en' })
    expect(en.json()).toEqual({ code: 'CATEGORY_NOT_FOUND', message: 'Category not found.' })
  })

  it('answers any query string with 200, 400 or 404, never a server error', async () => {
    const name = fc.constantFrom(
      'cid',
      'p',
      'sort',
      'limit',
      'searchin',
      'brand',
      'color',
      'model',
      'lensWidth',
      'x',
    )
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('10', '11', '1-3', '0', '12', 'price.asc', 'all', 'Vistara_x', '44_50', '_'),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 5 }), async (pairs) => {
        const response = await get(`/api/products?${new URLSearchParams(pairs).toString()}`)
        expect([200, 400, 404]).toContain(response.statusCode)
      }),
      { numRuns: 60 },
    )
  })

  it('documents the route in the OpenAPI description', async () => {
    const response = await get('/api/docs/json')
    const spec = response.json<{ paths: Record<string, { get?: { responses?: object } }> }>()
    expect(spec.paths['/api/products']?.get?.responses).toHaveProperty('200')
  })

  it('shows a signed-in customer prices and badges, never cached', async () => {
    const db = testApp.database.db
    const customer = await insertCustomer(db, { country: 'CZ' })
    const cookie = await signInCustomer(testApp.app, customer.email)
    const response = await get(`/api/products?cid=${F.categories.frames}&sort=price.asc&limit=12`, {
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const body = response.json<ProductsResponse>()
    expect(body.sortOptions).toContain('price.asc')
    expect(body.products[0]).toMatchObject({
      id: F.frame(3),
      statuses: ['new'],
      price: { currency: 'CZK', final: 62_315, withVat: true },
    })
  })

  it("shows an approved partner the price list's prices without VAT", async () => {
    const db = testApp.database.db
    const partner = await insertCustomer(db, { kind: 'partner' })
    await approvePartner(db, partner.id, F.priceList)
    const cookie = await signInCustomer(testApp.app, partner.email)
    const body = (
      await get(`/api/products?cid=${F.categories.frames}&sort=name&limit=12`, { cookie })
    ).json<ProductsResponse>()
    expect(body.products[0]?.price).toEqual({
      currency: 'CZK',
      final: 70_000,
      catalog: 70_000,
      withVat: false,
    })
  })
})
