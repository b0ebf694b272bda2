import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import {
  FRAMES_DEFINITION,
  insertListFixture,
  LIST_FIXTURE as F,
} from '../../../test/fixtures/product-list-fixture.ts'

/**
 * The API keeps answers while nothing they show has changed (docs/decisions/015): every change
 * committed before a request is in its answer, whether it touches products or what else a list
 * shows (filter definitions, categories), and whichever path made it.
 */
describe('GET /api/products answers stay fresh', () => {
  let t: TestApp
  const url = `/api/products?cid=${F.categories.frames}&limit=48`

  beforeAll(async () => {
    t = await buildTestApp()
    await insertListFixture(t.database.db)
  })
  afterAll(() => t.close())

  async function list(): Promise<ProductsResponse> {
    const response = await t.app.inject({ url })
    expect(response.statusCode).toBe(200)
    return response.json<ProductsResponse>()
  }

  it('answers the same request twice with the same body', async () => {
    const first = await t.app.inject({ url })
    const second = await t.app.inject({ url })
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toMatch(/^application\/json/)
  })

  it('drops an unpublished product from the next answer', async () => {
    const gone = F.frame(3)
    expect((await list()).products.map((p) => p.id)).toContain(gone)
    await t.database.db.transaction(async (tx) => {
      await tx.update(objects).set({ published: false }).where(eq(objects.id, gone))
      await updateProductIndex(tx, [gone])
    })
    expect((await list()).products.map((p) => p.id)).not.toContain(gone)
  })

  it('shows a filter definition changed by any path (plain SQL here) in the next answer', async () => {
    expect((await list()).filters.map((f) => f.name)).toContain('brand')
    const withoutBrand = {
      ...FRAMES_DEFINITION,
      filters: FRAMES_DEFINITION.filters.filter((f) => f.name !== 'brand'),
    }
    await t.database.db.execute(
      sql`update objects set data = ${JSON.stringify(withoutBrand)}::jsonb where id = ${F.definitions.frames}`,
    )
    expect((await list()).filters.map((f) => f.name)).not.toContain('brand')
  })

  it('shows a colour renamed on its variants in the next answer', async () => {
    const blackName = async () =>
      (await list()).filters.find((f) => f.name === 'color')?.values.find((v) => v.key === 'black')
    expect(await blackName()).toMatchObject({ color: '#111111' })
    await t.database.db.transaction(async (tx) => {
      const renamed = await tx.execute<{ parent_id: number }>(sql`
        update objects set data = data
          || jsonb_build_object('colorName', jsonb_build_object('cs', 'Uhlová', 'en', 'Charcoal'))
          || jsonb_build_object('colorCss', '#333333')
        where type = 'variant' and data->>'colorKey' = 'black'
        returning parent_id`)
      await updateProductIndex(tx, [...new Set(renamed.rows.map((row) => Number(row.parent_id)))])
    })
    expect(await blackName()).toMatchObject({ color: '#333333', name: 'Uhlová' })
  })

  it('answers 404 as soon as the category is unpublished', async () => {
    await t.database.db
      .update(objects)
      .set({ published: false })
      .where(eq(objects.id, F.categories.frames))
    expect((await t.app.inject({ url })).statusCode).toBe(404)
  })
})
