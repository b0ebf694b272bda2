import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fitDistance, fitsLike, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  frameData,
  insertListFixture,
  LIST_FIXTURE as F,
} from '../../../test/fixtures/product-list-fixture.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'

/** Frame i's sizes: the fixture's lens and bridge, a temple of 135/140/145 (none for 0 and 1). */
function sizeOf(i: number): FrameSize | null {
  const data = frameData(i)
  if (i < 2) return null
  return {
    lensWidth: data.lensWidth!,
    bridgeWidth: data.bridgeWidth!,
    templeLength: 135 + (i % 3) * 5,
  }
}

const PAIR: FrameSize = { lensWidth: 52, bridgeWidth: 18, templeLength: 140 }
const frames = Array.from({ length: F.frameCount }, (_, i) => i)
/** Fitting frames, closest first, then newest first (frame i was released on day i + 1). */
const FITTING = frames
  .filter((i) => {
    const size = sizeOf(i)
    return size !== null && fitsLike(PAIR, size)
  })
  .sort((a, b) => fitDistance(PAIR, sizeOf(a)!) - fitDistance(PAIR, sizeOf(b)!) || b - a)

describe('GET /api/products?fit= (fits like my glasses)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await buildTestApp()
    const db = testApp.database.db
    await insertListFixture(db)
    for (const i of frames) {
      const size = sizeOf(i)
      if (!size) continue
      await db
        .update(objects)
        .set({
          data: sql`${objects.data} || ${JSON.stringify({ templeLength: size.templeLength })}::jsonb`,
        })
        .where(eq(objects.id, F.frame(i)))
    }
    await updateProductIndex(
      db,
      frames.map((i) => F.frame(i)),
    )
  })
  afterAll(() => testApp.close())

  const get = (url: string, language = 'en') =>
    testApp.app.inject({ method: 'GET', url, headers: { 'accept-language': language } })

  it('lists only the frames within the tolerances, closest first, each with its sizes', async () => {
    expect(FITTING.length).toBeGreaterThan(2)
    expect(FITTING.length).toBeLessThan(F.frameCount - 2)
    const response = await get(`/api/products?cid=${F.categories.frames}&limit=48&fit=52_18_140`)
    expect(response.statusCode).toBe(200)
    const body = response.json<ProductsResponse>()
    expect(body.products.map((p) => p.id)).toEqual(FITTING.map((i) => F.frame(i)))
    expect(body.pagination.totalCount).toBe(FITTING.length)
    expect(body.products.map((p) => p.fittingSize)).toEqual(FITTING.map((i) => sizeOf(i)))
    expect(body.fit).toEqual({
      selected: PAIR,
      ranked: true,
      ranges: {
        lensWidth: { min: 44, max: 58 },
        bridgeWidth: { min: 14, max: 19 },
        templeLength: { min: 135, max: 145 },
      },
    })
    // Facets count under the fit: a brand's count is its fitting frames.
    const brand = body.filters.find((f) => f.name === 'brand')!
    const vistara = FITTING.filter((i) => frameData(i).brand === 'Vistara').length
    expect(brand.values.find((v) => v.key === 'Vistara')?.count).toBe(vistara)
  })

  it('keeps a chosen sort, still listing only fitting frames', async () => {
    const body = (
      await get(`/api/products?cid=${F.categories.frames}&limit=48&fit=52_18_140&sort=name`)
    ).json<ProductsResponse>()
    expect(body.products.map((p) => p.id)).toEqual(
      [...FITTING].sort((a, b) => a - b).map((i) => F.frame(i)),
    )
    expect(body.fit).toMatchObject({ selected: PAIR, ranked: false })
  })

  it('combines with the other filters', async () => {
    const body = (
      await get(`/api/products?cid=${F.categories.frames}&limit=48&fit=52_18_140&brand=Nordlys`)
    ).json<ProductsResponse>()
    expect(body.products.map((p) => p.id)).toEqual(
      FITTING.filter((i) => frameData(i).brand === 'Nordlys').map((i) => F.frame(i)),
    )
  })

  it('offers the fit only where products have all three sizes', async () => {
    const plain = (await get(`/api/products?cid=${F.categories.frames}`)).json<ProductsResponse>()
    expect(plain.fit).toMatchObject({ selected: null, ranked: false })
    expect(plain.products.every((p) => p.fittingSize === undefined)).toBe(true)
    const sunglasses = (
      await get(`/api/products?cid=${F.categories.sunglasses}`)
    ).json<ProductsResponse>()
    expect(sunglasses).not.toHaveProperty('fit')
  })

  it.each([
    '52_18',
    '52_18_140_5',
    'abc',
    '',
    '52.5_18_140',
    '99_18_140',
    '52_18_099',
    '-52_18_140',
  ])('refuses fit=%s with a translated 400, in English and Czech', async (value) => {
    const url = `/api/products?cid=${F.categories.frames}&fit=${encodeURIComponent(value)}`
    const en = await get(url)
    expect(en.statusCode).toBe(400)
    expect(en.json()).toEqual({
      code: 'INVALID_FIT',
      message:
        'The parameter fit must read lens_bridge_temple in whole millimetres, e.g. 52_18_140: lens 30–70, bridge 10–30, temple 100–170.',
    })
    const cs = await get(url, 'cs')
    expect(cs.json<{ message: string }>().message).toMatch(/^Parametr fit musí mít tvar/)
  })
})
