import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductImages } from '@optika/domain/catalogue/product-detail-api'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  DETAIL_FIXTURE as D,
  insertDetailFixture,
} from '../../../test/fixtures/product-detail-fixture.ts'

describe('GET /api/product/images/{id}', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await buildTestApp()
    await insertDetailFixture(testApp.database.db)
  })
  afterAll(() => testApp.close())

  function get(url: string, headers: Record<string, string> = {}) {
    return testApp.app.inject({ method: 'GET', url, headers })
  }

  it('answers a product’s pictures and each published variant’s in the gallery sizes', async () => {
    const response = await get(`/api/product/images/${D.frame}`, { 'accept-language': 'cs' })
    expect(response.statusCode).toBe(200)
    const body = response.json<ProductImages>()
    expect(body.id).toBe(D.frame)
    expect(body.images).toEqual([
      {
        id: D.images.product,
        alt: 'Vistara Lumen',
        width: 640,
        height: 480,
        thumbnail: '/media/thumbnail/products/product.webp',
        medium: '/media/medium/products/product.webp',
        large: '/media/large/products/product.webp',
      },
    ])
    expect(body.variants.map((v) => v.id)).toEqual(Object.values(D.variants))
    expect(body.variants[0]?.images.map((image) => [image.id, image.alt])).toEqual([
      [D.images.front, 'Vistara Lumen – Černá'],
      [D.images.side, 'Vistara Lumen – Černá'],
    ])
  })

  it('answers a variant’s own pictures, and a small picture at its own size', async () => {
    const variant = (
      await get(`/api/product/images/${D.variants.inStock}`, { 'accept-language': 'en' })
    ).json<ProductImages>()
    expect(variant.variants).toEqual([])
    expect(variant.images.map((image) => image.alt)).toEqual([
      'Vistara Lumen – Black',
      'Vistara Lumen – Black',
    ])
    const part = (await get(`/api/product/images/${D.sparePart}`)).json<ProductImages>()
    // A 400 px original is never enlarged: the medium size is the original's.
    expect(part.images[0]).toMatchObject({ width: 400, height: 400 })
    expect(part.variants).toEqual([])
  })

  it('answers 404 "Product not found" in the visitor’s language', async () => {
    for (const id of [999_999, D.unpublished, D.unpublishedVariant, D.hiddenVariant, 10]) {
      const response = await get(`/api/product/images/${id}`, { 'accept-language': 'en' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' })
    }
    const cs = await get(`/api/product/images/${D.unpublished}`, { 'accept-language': 'cs' })
    expect(cs.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'Produkt nebyl nalezen' })
  })

  it('refuses an id that is not a number with a validation error', async () => {
    for (const id of ['abc', '0', '-5', '1.5', '99999999999999999999']) {
      const response = await get(`/api/product/images/${id}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
  })

  it('documents the route in the OpenAPI description', async () => {
    const spec = (await get('/api/docs/json')).json<{
      paths: Record<string, { get?: { responses?: object } }>
    }>()
    expect(spec.paths['/api/product/images/{id}']?.get?.responses).toHaveProperty('200')
  })
})

describe('GET /api/products without a category', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await buildTestApp()
    await insertDetailFixture(testApp.database.db)
  })
  afterAll(() => testApp.close())

  function list(query: string) {
    return testApp.app.inject({ method: 'GET', url: `/api/products?${query}` })
  }

  it('lists the whole published catalogue page by page', async () => {
    const response = await list('limit=12&sort=name')
    expect(response.statusCode).toBe(200)
    const body = response.json<ProductsResponse>()
    const F = D.list
    // The list fixture's visible products plus the product-page fixture's two published ones.
    expect(body.pagination).toMatchObject({ totalCount: F.frameCount + 3 + 1 + 2, current: 1 })
    expect(body.products).toHaveLength(12)
    expect(body.products.map((p) => p.id)).not.toContain(D.unpublished)
  })

  it('searches the whole catalogue by text', async () => {
    const body = (await list('model=lumen')).json<ProductsResponse>()
    expect(body.products.map((p) => p.id)).toEqual([D.frame])
    expect(body.filters.map((f) => [f.name, f.type, f.value])).toEqual([['model', 'text', 'lumen']])
    expect(body.activeFilters).toHaveLength(1)
  })

  it('refuses a category filter without a category', async () => {
    const response = await list('brand=Vistara')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'UNKNOWN_PARAMETER' })
  })
})
