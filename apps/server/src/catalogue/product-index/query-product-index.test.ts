import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/client.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import {
  INDEX_FIXTURE,
  insertIndexFixture,
  insertPriceList,
} from '../../../test/fixtures/product-index-fixture.ts'
import { queryProductIndex, type ProductIndexFilter } from './query-product-index.ts'
import { updateProductIndex } from './update-product-index.ts'

const { categories: c, products: p } = INDEX_FIXTURE

const brand = (values: string[] = []): ProductIndexFilter => ({
  name: 'brand',
  type: 'multiselect',
  column: 'brand',
  values,
})
const color = (values: string[] = []): ProductIndexFilter => ({
  name: 'color',
  type: 'color',
  column: 'color',
  values,
})
const lens = (min?: number, max?: number): ProductIndexFilter => ({
  name: 'lensWidth',
  type: 'range',
  column: 'lensWidth',
  min,
  max,
})
const model = (text: string, searchType: 'all' | 'category'): ProductIndexFilter => ({
  name: 'model',
  type: 'text',
  column: 'model',
  text,
  searchType,
})

describe('queryProductIndex', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await insertPriceList(database.db)
    // Folders as the changed ids: everything below them is indexed.
    await updateProductIndex(database.db, [INDEX_FIXTURE.folders.products])
  })
  afterAll(() => database.close())

  const query = (
    q: Omit<Parameters<typeof queryProductIndex>[1], 'locale'> & { locale?: 'en' | 'cs' },
  ) => queryProductIndex(database.db, { locale: 'en', ...q })

  it('lists a category with its subcategories when the category says so, newest first', async () => {
    const result = await query({ categoryId: c.glasses })
    expect(result).toMatchObject({ ids: [p.gama, p.beta, p.alpha, p.delta], total: 4 })
  })

  it('lists only its own products for a category that does not show subcategories', async () => {
    expect((await query({ categoryId: c.flat })).ids).toEqual([p.epsilon])
    expect((await query({ categoryId: c.flat, includeSubcategories: true })).ids).toEqual([
      p.zeta,
      p.epsilon,
    ])
  })

  it('lists products filed directly in any of the given categories', async () => {
    expect((await query({ filedInAnyOf: [c.women, c.inner] })).ids).toEqual([
      p.zeta,
      p.gama,
      p.alpha,
    ])
    expect(await query({ filedInAnyOf: [] })).toMatchObject({ ids: [], total: 0 })
  })

  it('pages the list and reports the total', async () => {
    const page2 = await query({ categoryId: c.glasses, pageSize: 3, page: 2 })
    expect(page2).toMatchObject({ ids: [p.delta], total: 4 })
  })

  it('sorts by name in the page language', async () => {
    expect((await query({ categoryId: c.glasses, sort: 'name' })).ids).toEqual([
      p.alpha,
      p.beta,
      p.delta,
      p.gama,
    ])
    expect((await query({ categoryId: c.glasses, sort: 'name', locale: 'cs' })).ids).toEqual([
      p.beta,
      p.delta,
      p.gama,
      p.alpha,
    ])
  })

  it('sorts by the final price (action before catalogue) per price list', async () => {
    expect((await query({ categoryId: c.glasses, sort: 'price.asc' })).ids).toEqual([
      p.delta,
      p.alpha,
      p.gama,
      p.beta,
    ])
    expect((await query({ categoryId: c.glasses, sort: 'price.desc' })).ids).toEqual([
      p.beta,
      p.gama,
      p.alpha,
      p.delta,
    ])
    // Partner list: 10 % off everything (Delta 450, Gama 1350), Beta fixed at 1000, Alpha's action 800.
    const partner = await query({
      categoryId: c.glasses,
      sort: 'price.asc',
      priceList: String(INDEX_FIXTURE.priceList),
    })
    expect(partner.ids).toEqual([p.delta, p.alpha, p.beta, p.gama])
  })

  it('filters multiselect and colour by any of the chosen keys', async () => {
    expect((await query({ categoryId: c.glasses, filters: [brand(['Ray'])] })).ids).toEqual([
      p.beta,
      p.alpha,
    ])
    expect((await query({ categoryId: c.glasses, filters: [color(['red', 'gold'])] })).ids).toEqual(
      [p.gama, p.alpha, p.delta],
    )
  })

  it('counts facet values under all the other active filters', async () => {
    const result = await query({
      categoryId: c.glasses,
      filters: [brand(['Ray']), color(['red']), lens()],
    })
    expect(result).toMatchObject({ ids: [p.alpha], total: 1 })
    // Brands under colour=red: Alpha (Ray) and Gama (Vogue).
    expect(result.facets.brand?.counts).toEqual({ Ray: 1, Vogue: 1 })
    // Colours under brand=Ray: Alpha (black, red) and Beta (black).
    expect(result.facets.color?.counts).toEqual({ black: 2, red: 1 })
    // Lens widths under both: Alpha only.
    expect(result.facets.lensWidth).toEqual({ min: 50, max: 50 })
  })

  it('filters a range inclusively and reports its bounds without its own limits', async () => {
    const result = await query({
      categoryId: c.glasses,
      sort: 'price.asc',
      filters: [lens(55, 58)],
    })
    expect(result.ids).toEqual([p.gama, p.beta])
    expect(result.facets.lensWidth).toEqual({ min: 50, max: 62 })
  })

  it('searches text in the category, or in the whole shop when the filter says all', async () => {
    const inCategory = await query({ categoryId: c.glasses, filters: [model('rb', 'category')] })
    expect(inCategory.ids).toEqual([p.beta, p.alpha])
    const everywhere = await query({ categoryId: c.glasses, filters: [model('RB', 'all')] })
    expect(everywhere.ids).toEqual([p.zeta, p.epsilon, p.beta, p.alpha])
    expect((await query({ filters: [model('omega', 'all')] })).ids).toEqual([p.alpha])
  })
})
