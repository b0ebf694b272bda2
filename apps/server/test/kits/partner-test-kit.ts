import type { Db } from '../../src/platform/db/client.ts'
import { assets } from '../../src/platform/db/schema/elements.ts'
import { productIndex } from '../../src/platform/db/schema/pim.ts'
import type { AssetStore } from '../../src/dam/assets/asset-store.ts'
import { insertTestObject } from '../insert-test-object.ts'
import { BASE_PRICE_LIST } from '../../src/catalogue/product-index/build-index-rows.ts'

/**
 * Test support (not a test file) for the partner area: product index rows priced by a price
 * list (as indexing writes them), and published or unpublished PromoMaterial objects whose files
 * are real assets in the store.
 */
let counter = 0

export interface PricedProduct {
  readonly code: string
  readonly name: Record<string, string>
  /** Minor units, CZK. */
  readonly catalog: number
  /** The list's price, minor units, CZK. */
  readonly price: number
}

export async function insertPricedProducts(
  db: Db,
  priceListId: number,
  products: readonly PricedProduct[],
): Promise<void> {
  await db.insert(productIndex).values(
    products.map((product) => {
      counter += 1
      return {
        productId: 900_000 + counter,
        categoryIds: [],
        directCategoryIds: [],
        name: product.name,
        code: product.code,
        kind: 'frame',
        statuses: [],
        availability: 'inStock',
        prices: {
          [BASE_PRICE_LIST]: { CZK: { catalog: product.catalog, final: product.catalog } },
          [String(priceListId)]: { CZK: { catalog: product.price, final: product.price } },
        },
        createdAt: new Date(),
      }
    }),
  )
}

export interface PromoFileInput {
  readonly name: string
  readonly content: Buffer
  readonly mimeType: string
}

/** A PromoMaterial object with its files stored as assets; answers the object and asset ids. */
export async function insertPromoMaterial(
  db: Db,
  store: AssetStore,
  options: {
    title: Record<string, string>
    published?: boolean
    files?: readonly PromoFileInput[]
  },
): Promise<{ id: number; fileIds: number[] }> {
  counter += 1
  const fileIds: number[] = []
  for (const file of options.files ?? []) {
    const storageKey = `promo/${counter}/${file.name}`
    await store.put(storageKey, file.content, file.mimeType)
    const [asset] = await db
      .insert(assets)
      .values({
        parentId: null,
        type: 'document',
        key: file.name,
        path: `/promo-${counter}/`,
        mimeType: file.mimeType,
        size: file.content.length,
        storageKey,
      })
      .returning({ id: assets.id })
    fileIds.push(asset!.id)
  }
  const id = await insertTestObject(db, {
    key: `promo-${counter}`,
    published: options.published ?? true,
    classId: 'PromoMaterial',
    data: { title: options.title, description: { en: '<p>For shop windows</p>' }, fileIds },
  })
  return { id, fileIds }
}
