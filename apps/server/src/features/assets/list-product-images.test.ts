import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets, objectClasses, objects } from '../../db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
let productId: number
let hiddenProductId: number
const image: Record<string, number> = {}

async function insertImage(key: string, width: number, height: number): Promise<number> {
  const [row] = await t.database.db
    .insert(assets)
    .values({
      parentId: null,
      type: 'image',
      key,
      path: '/products/',
      mimeType: 'image/webp',
      width,
      height,
      storageKey: `products/${key}`,
    })
    .returning({ id: assets.id })
  return row!.id
}

async function insertObject(values: typeof objects.$inferInsert): Promise<number> {
  const [row] = await t.database.db.insert(objects).values(values).returning({ id: objects.id })
  return row!.id
}

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await db
    .insert(objectClasses)
    .values({ id: 'Product', name: 'Product', definition: {} })
    .onConflictDoNothing()
  for (const [key, w, h] of [
    ['front.webp', 1200, 600],
    ['side.webp', 1200, 500],
    ['black.webp', 1000, 500],
    ['red.webp', 800, 400],
    ['hidden.webp', 800, 400],
  ] as const) {
    image[key] = await insertImage(key, w, h)
  }
  const folder = await insertObject({ parentId: null, type: 'folder', key: '', path: '/' })
  productId = await insertObject({
    parentId: folder,
    type: 'object',
    key: 'rb-1',
    path: '/',
    classId: 'Product',
    published: true,
    data: {
      code: 'RB-1',
      name: { cs: 'Brýle Aviator', en: 'Aviator glasses' },
      imageIds: [image['front.webp'], image['side.webp']],
    },
  })
  // Variants in tree order (index), one unpublished, one repeating the product's picture.
  await insertObject({
    parentId: productId,
    type: 'variant',
    key: 'red',
    path: '/rb-1/',
    index: 2,
    classId: 'Product',
    published: true,
    data: { code: 'RB-1-R', imageIds: [image['red.webp'], image['front.webp']] },
  })
  await insertObject({
    parentId: productId,
    type: 'variant',
    key: 'black',
    path: '/rb-1/',
    index: 1,
    classId: 'Product',
    published: true,
    data: { code: 'RB-1-B', imageIds: [image['black.webp'], image['side.webp']] },
  })
  await insertObject({
    parentId: productId,
    type: 'variant',
    key: 'draft',
    path: '/rb-1/',
    index: 3,
    classId: 'Product',
    published: false,
    data: { code: 'RB-1-D', imageIds: [image['hidden.webp']] },
  })
  hiddenProductId = await insertObject({
    parentId: folder,
    type: 'object',
    key: 'draft',
    path: '/',
    classId: 'Product',
    published: false,
    data: { code: 'D', name: { en: 'Draft' }, imageIds: [image['front.webp']] },
  })
})

afterAll(async () => {
  await t.close()
})

describe('GET /api/product/images/{id}', () => {
  it("lists the product's pictures, then its published variants' in tree order, each once", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/product/images/${productId}`,
      headers: { 'accept-language': 'en' },
    })
    expect(response.statusCode).toBe(200)
    const images = response.json<{ id: number; alt: string }[]>()
    expect(images.map((i) => i.id)).toEqual([
      image['front.webp'],
      image['side.webp'],
      image['black.webp'],
      image['red.webp'],
    ])
    expect(images[0]).toEqual({
      id: image['front.webp'],
      alt: 'Aviator glasses',
      width: 1200,
      height: 600,
      thumbnail: '/media/thumbnail/products/front.webp',
      medium: '/media/medium/products/front.webp',
      large: '/media/large/products/front.webp',
    })
  })

  it('names the pictures in the request language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/product/images/${productId}`,
      headers: { 'accept-language': 'cs' },
    })
    expect(response.json<{ alt: string }[]>()[0]?.alt).toBe('Brýle Aviator')
  })

  it('answers 404 for an unpublished or unknown product', async () => {
    for (const id of [hiddenProductId, 999_999]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/product/images/${id}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' })
    }
  })

  it('answers 400 for an id that is not a number', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/product/images/abc' })
    expect(response.statusCode).toBe(400)
  })
})
