import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexVariants } from '../../platform/db/schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import {
  INDEX_FIXTURE,
  insertIndexFixture,
  insertPriceList,
} from '../../../test/fixtures/product-index-fixture.ts'
import { rebuildProductIndex, type RebuildProgress } from './rebuild-product-index.ts'
import { updateProductIndex } from './update-product-index.ts'

const { categories: c, products: p, folders: f } = INDEX_FIXTURE

async function indexRow(db: Db, productId: number) {
  const [row] = await db.select().from(productIndex).where(eq(productIndex.productId, productId))
  return row
}

/** Both index tables without the indexing time, in a stable order. */
async function snapshot(db: Db) {
  const products = await db.select().from(productIndex).orderBy(asc(productIndex.productId))
  const variants = await db
    .select()
    .from(productIndexVariants)
    .orderBy(asc(productIndexVariants.variantId))
  return { products: products.map(({ indexedAt: _, ...row }) => row), variants }
}

async function setData(db: Db, id: number, patch: Record<string, unknown>) {
  await db
    .update(objects)
    .set({ data: sql`${objects.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(objects.id, id))
}

describe('product index maintenance', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await insertPriceList(database.db)
    await updateProductIndex(database.db, [f.products])
  })
  afterAll(() => database.close())

  it('indexes every published product below a folder with its variants, names and prices', async () => {
    const alpha = await indexRow(database.db, p.alpha)
    expect(alpha).toMatchObject({
      categoryIds: [c.glasses, c.women],
      directCategoryIds: [c.women],
      name: { en: 'Alpha', cs: 'Omega', sk: 'Alpha' },
      brand: 'Ray',
      availability: 'inStock',
      facets: { brand: ['Ray'], color: ['black', 'red'], genders: ['women'] },
      numbers: { lensWidth: 50 },
      prices: {
        default: { CZK: { catalog: 1000, action: 800, final: 800 } },
        [String(INDEX_FIXTURE.priceList)]: { CZK: { catalog: 900, action: 800, final: 800 } },
      },
      releasedAt: '2026-01-01',
    })
    expect(alpha?.searchText).toContain('omega')
    const variants = await database.db
      .select()
      .from(productIndexVariants)
      .where(eq(productIndexVariants.productId, p.alpha))
      .orderBy(asc(productIndexVariants.position))
    expect(variants.map((v) => [v.colorKey, v.colorCss, v.colorName.cs])).toEqual([
      ['black', '#111111', 'black'],
      ['red', '#cc0000', 'red'],
    ])
    expect(await database.db.select().from(productIndex)).toHaveLength(6)
  })

  it('changes the row inside the saving transaction', async () => {
    await database.db.transaction(async (tx) => {
      await setData(tx, p.beta, { name: { en: 'Beta Prime' } })
      await updateProductIndex(tx, [p.beta])
      expect((await indexRow(tx, p.beta))?.name.en).toBe('Beta Prime')
    })
    expect((await indexRow(database.db, p.beta))?.name.cs).toBe('Beta Prime')
  })

  it('re-indexes a product when one of its variants changes', async () => {
    const [black] = await database.db
      .select({ id: productIndexVariants.variantId })
      .from(productIndexVariants)
      .where(eq(productIndexVariants.productId, p.beta))
    await setData(database.db, black?.id ?? 0, { colorKey: 'navy', colorCss: '#000080' })
    await updateProductIndex(database.db, [black?.id ?? 0])
    expect((await indexRow(database.db, p.beta))?.facets.color).toEqual(['navy'])
  })

  it('drops an unpublished product and adds it back when published again', async () => {
    await database.db.update(objects).set({ published: false }).where(eq(objects.id, p.gama))
    await updateProductIndex(database.db, [p.gama])
    expect(await indexRow(database.db, p.gama)).toBeUndefined()
    const variants = await database.db
      .select()
      .from(productIndexVariants)
      .where(eq(productIndexVariants.productId, p.gama))
    expect(variants).toEqual([])

    await database.db.update(objects).set({ published: true }).where(eq(objects.id, p.gama))
    await updateProductIndex(database.db, [p.gama])
    expect(await indexRow(database.db, p.gama)).toBeDefined()
  })

  it('drops a deleted product', async () => {
    await database.db.delete(objects).where(eq(objects.parentId, p.zeta))
    await database.db.delete(objects).where(eq(objects.id, p.zeta))
    await updateProductIndex(database.db, [p.zeta])
    expect(await indexRow(database.db, p.zeta)).toBeUndefined()
  })

  it('gives the products of a moved category their new ancestors', async () => {
    await database.db
      .update(objects)
      .set({ parentId: c.flat, path: '/Categories/flat/' })
      .where(eq(objects.id, c.women))
    await updateProductIndex(database.db, [c.women])
    for (const id of [p.alpha, p.gama]) {
      expect((await indexRow(database.db, id))?.categoryIds).toEqual([c.women, c.flat])
    }
    expect((await indexRow(database.db, p.delta))?.categoryIds).toEqual([c.glasses])
  })

  it('re-prices every product when a price list changes', async () => {
    await setData(database.db, INDEX_FIXTURE.priceList, { discountPercent: 50 })
    await updateProductIndex(database.db, [INDEX_FIXTURE.priceList])
    const delta = await indexRow(database.db, p.delta)
    expect(delta?.prices).toMatchObject({
      [String(INDEX_FIXTURE.priceList)]: { CZK: { catalog: 250, final: 250 } },
    })
  })

  it('re-indexes everything below a folder given as the changed id', async () => {
    await setData(database.db, p.delta, { brand: 'Lumen' })
    await setData(database.db, p.epsilon, { brand: 'Lumen' })
    await updateProductIndex(database.db, [f.products])
    const rows = await database.db
      .select({ brand: productIndex.brand })
      .from(productIndex)
      .where(inArray(productIndex.productId, [p.delta, p.epsilon]))
    expect(rows.map((r) => r.brand)).toEqual(['Lumen', 'Lumen'])
  })

  it('rebuilds to exactly the rows incremental indexing wrote, reporting progress', async () => {
    const incremental = await snapshot(database.db)
    const progress: RebuildProgress[] = []
    const result = await rebuildProductIndex(database.db, { onProgress: (e) => progress.push(e) })
    expect(result).toEqual({ done: 5, total: 5 })
    expect(progress.at(0)).toEqual({ done: 0, total: 5 })
    expect(progress.at(-1)).toEqual({ done: 5, total: 5 })
    expect(await snapshot(database.db)).toEqual(incremental)
  })

  it('takes the ids of a whole deleted subtree at once, however many', async () => {
    const below = await database.db
      .select({ id: objects.id })
      .from(objects)
      .where(sql`${objects.path} like '/Products/%'`)
    const ids = below.map((r) => r.id)
    await database.db.delete(objects).where(inArray(objects.id, ids))
    // Far more ids than one statement may bind: the lookups must go in chunks.
    const many = [...ids, ...Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i)]
    await updateProductIndex(database.db, many)
    expect(await database.db.select().from(productIndex)).toEqual([])
    expect(await database.db.select().from(productIndexVariants)).toEqual([])
  })
})
