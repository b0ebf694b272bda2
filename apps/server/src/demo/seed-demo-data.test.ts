import { mkdtemp, open, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AVAILABILITY_STATES } from '@optika/domain/catalogue/availability'
import {
  CategoryDataSchema,
  FilterDefinitionDataSchema,
  ProductDataSchema,
  VariantDataSchema,
  type ProductData,
  type VariantData,
} from '@optika/domain/catalogue/product-data'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import { ClassDefinitionSchema, listFields } from '@optika/domain/pim/class-definition'
import { SHOP_CLASSES } from '@optika/domain/pim/shop-classes'
import { validateObjectData, type ValidationLookup } from '@optika/domain/pim/validate-object-data'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES } from '@optika/i18n/locales'
import { ANONYMOUS_VIEWER } from '@optika/domain/accounts/viewer'
import type { Database } from '../platform/db/client.ts'
import { stockLevels } from '../platform/db/schema/commerce.ts'
import { assets, objectClasses, objects } from '../platform/db/schema/elements.ts'
import {
  elementDependencies,
  productIndex,
  productIndexVariants,
} from '../platform/db/schema/pim.ts'
import { adminUsers, customers } from '../platform/db/schema/users.ts'
import { notifications } from '../platform/db/schema/governance.ts'
import { createTestDatabase } from '../../test/test-database.ts'
import { verifyPassword } from '../platform/passwords/passwords.ts'
import { createTranslator, syncCatalogue } from '../platform/i18n/translator.ts'
import {
  createProductListService,
  type ProductListService,
} from '../catalogue/product-list/product-list-service.ts'
import {
  createProductSearch,
  type ProductSearch,
} from '../catalogue/product-search/product-search.ts'
import { BrandDataSchema } from './demo-brands.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'
import { DEMO_CATEGORIES } from './demo-categories.ts'
import { planDemoCatalogue } from './plan-demo-catalogue.ts'
import { seedDemoData, type DemoSeedResult } from './seed-demo-data.ts'

let database: Database
let dataDir: string
let result: DemoSeedResult
type ObjectRow = typeof objects.$inferSelect
let rows: ObjectRow[]
let products: (ObjectRow & { product: ProductData })[]
let variants: (ObjectRow & { variant: VariantData })[]

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(join(tmpdir(), 'optika-demo-'))
  result = await seedDemoData(database, { dataDir })
  rows = await database.db.select().from(objects).orderBy(objects.id)
  products = rows
    .filter((r) => r.classId === 'Product' && r.type === 'object')
    .map((r) => ({ ...r, product: r.data as ProductData }))
  variants = rows
    .filter((r) => r.classId === 'Product' && r.type === 'variant')
    .map((r) => ({ ...r, variant: r.data as VariantData }))
})

afterAll(async () => {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('demo catalogue', () => {
  it('seeds at least 400 published products, each with 2 to 4 colour variants', () => {
    expect(result.seeded).toBe(true)
    expect(products.length).toBeGreaterThanOrEqual(400)
    expect(products.every((p) => p.published)).toBe(true)
    expect(result.products).toBe(products.length)
    expect(result.variants).toBe(variants.length)
    const perProduct = new Map<number, number>()
    for (const v of variants)
      perProduct.set(v.parentId ?? 0, (perProduct.get(v.parentId ?? 0) ?? 0) + 1)
    for (const p of products) {
      expect(perProduct.get(p.id), p.product.code).toBeGreaterThanOrEqual(2)
      expect(perProduct.get(p.id), p.product.code).toBeLessThanOrEqual(4)
    }
  })

  it('installs the shop classes in the class-definition format', async () => {
    const classes = await database.db.select().from(objectClasses)
    expect(classes.map((c) => c.id).sort()).toEqual(SHOP_CLASSES.map((c) => c.id).sort())
    const product = ClassDefinitionSchema.parse(classes.find((c) => c.id === 'Product')?.definition)
    expect(product.allowVariants).toBe(true)
    const fields = listFields(product.layout)
    expect(fields.find((f) => f.field.name === 'lensWidth')?.field).toMatchObject({
      type: 'number',
      unit: 'mm',
    })
    expect(fields.find((f) => f.field.name === 'name')).toMatchObject({
      localized: true,
      field: { type: 'input' },
    })
    expect(fields.find((f) => f.field.name === 'prices')?.field.type).toBe('prices')
  })

  it('writes every object so that it validates against its class', async () => {
    const classes = new Map(
      (await database.db.select().from(objectClasses)).map((c) => [
        c.id,
        ClassDefinitionSchema.parse(c.definition),
      ]),
    )
    const lookup: ValidationLookup = {
      selectOptions: () => undefined,
      fieldContainer: () => undefined,
      classificationKey: () => undefined,
      classificationGroupKeys: () => undefined,
      unitExists: () => true,
    }
    const byId = new Map(rows.map((r) => [r.id, r]))
    const classIds = new Set<string>()
    for (const row of rows) {
      if (!row.classId) continue
      classIds.add(row.classId)
      const definition = classes.get(row.classId)
      expect(definition, row.classId).toBeDefined()
      if (!definition) continue
      const parent = row.type === 'variant' ? byId.get(row.parentId ?? -1) : undefined
      const { errors } = validateObjectData(definition, row.data, lookup, {
        checkMandatory: true,
        inherited: parent?.data as Record<string, unknown> | undefined,
      })
      expect(errors, `${row.classId} ${row.path}${row.key}`).toEqual([])
    }
    expect([...classIds].sort()).toEqual(SHOP_CLASSES.map((c) => c.id).sort())
  })

  it('gives every category a filter definition with the shop filters', () => {
    const definitions = new Map(
      rows
        .filter((r) => r.classId === 'FilterDefinition')
        .map((r) => [r.id, FilterDefinitionDataSchema.parse(r.data)]),
    )
    for (const c of rows.filter((r) => r.classId === 'Category')) {
      const data = CategoryDataSchema.parse(c.data)
      expect(definitions.has(data.filterDefinitionId ?? -1), c.key).toBe(true)
    }
    const frames = rows.find((r) => r.classId === 'Category' && r.key === 'frames')
    const filters =
      definitions.get(CategoryDataSchema.parse(frames?.data).filterDefinitionId ?? -1)?.filters ??
      []
    expect(filters.map((f) => [f.name, f.type, f.column])).toEqual([
      ['brand', 'multiselect', 'brand'],
      ['color', 'color', 'color'],
      ['model', 'text', 'model'],
      ['intendedFor', 'multiselect', 'genders'],
      ['shape', 'multiselect', 'shape'],
      ['frameType', 'multiselect', 'frameType'],
      ['frameMaterial', 'multiselect', 'frameMaterial'],
      ['clearance', 'multiselect', 'clearance'],
      ['lensWidth', 'range', 'lensWidth'],
      ['bridgeWidth', 'range', 'bridgeWidth'],
    ])
    expect(filters.find((f) => f.name === 'lensWidth')?.rangeMax).toBe(62)
    expect(filters.find((f) => f.name === 'bridgeWidth')?.rangeMax).toBe(24)
    // Issue 21: every text filter searches its category, so other categories can be listed,
    // and every list opens newest first (decision 023).
    for (const definition of definitions.values()) {
      expect(definition.filters.find((f) => f.type === 'text')?.searchType).toBe('category')
      expect(definition.defaultSort).toBe('new')
    }
  })

  it('indexes every published product for the storefront', async () => {
    const indexed = await database.db.select().from(productIndex)
    expect(indexed.map((r) => r.productId).sort((a, b) => a - b)).toEqual(
      products.map((p) => p.id).sort((a, b) => a - b),
    )
    const indexedVariants = await database.db.select().from(productIndexVariants)
    expect(indexedVariants).toHaveLength(variants.length)
  })

  it('builds the tree under a root with id 1 and keeps paths consistent', () => {
    const root = rows.find((r) => r.id === 1)
    expect(root).toMatchObject({
      parentId: null,
      key: '',
      path: '/',
      type: 'folder',
      published: true,
    })
    const folders = rows.filter((r) => r.parentId === 1).map((r) => r.key)
    expect(folders).toEqual([
      'Categories',
      'Products',
      'Brands',
      'Filters',
      'Dealers',
      'Articles',
      'Galleries',
      'PriceLists',
      'PromoMaterials',
    ])
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const row of rows) {
      if (row.parentId === null) continue
      const parent = byId.get(row.parentId)
      expect(parent, `parent of ${row.id}`).toBeDefined()
      const parentPath = parent?.parentId === null ? '/' : `${parent?.path}${parent?.key}/`
      expect(row.path, `path of ${row.key}`).toBe(parentPath)
    }
  })

  it('writes data that passes the domain schemas, in all six languages', () => {
    for (const p of products) {
      expect(() => ProductDataSchema.parse(p.data), p.product.code).not.toThrow()
      for (const locale of LOCALES) {
        expect(p.product.name[locale], `${p.product.code} name ${locale}`).toBeTruthy()
        expect(
          p.product.description[locale],
          `${p.product.code} description ${locale}`,
        ).toBeTruthy()
        expect(p.product.slug[locale]).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      }
    }
    for (const v of variants) {
      expect(() => VariantDataSchema.parse(v.data), v.variant.code).not.toThrow()
      for (const locale of LOCALES) expect(v.variant.colorName[locale]).toBeTruthy()
    }
    const categories = rows.filter((r) => r.classId === 'Category')
    expect(categories).toHaveLength(DEMO_CATEGORIES.length)
    for (const c of categories) {
      const data = CategoryDataSchema.parse(c.data)
      for (const locale of LOCALES) {
        expect(data.name[locale]).toBeTruthy()
        expect(data.description[locale]).toBeTruthy()
      }
    }
    const brands = rows.filter((r) => r.classId === 'Brand')
    expect(brands).toHaveLength(12)
    for (const b of brands) expect(() => BrandDataSchema.parse(b.data)).not.toThrow()
  })

  it('keeps the diacritics in names and none in slugs', () => {
    const frames = rows.find((r) => r.key === 'childrens-frames')?.data as {
      name: Record<string, string>
    }
    expect(frames.name).toMatchObject({
      cs: 'Dětské obruby',
      pl: 'Oprawki dziecięce',
      sk: 'Detské rámy',
    })
    const sample = products.find((p) => p.product.kind === 'frame')?.product
    expect(sample?.name.cs).toMatch(/^Dioptrické brýle /)
    expect(sample?.name.pl).toMatch(/^Oprawki korekcyjne /)
  })

  it('prices every product in all five currencies, action prices below catalogue prices', () => {
    for (const p of products) {
      for (const currency of CURRENCIES) {
        const price = p.product.prices[currency]
        expect(price?.catalog, `${p.product.code} ${currency}`).toBeGreaterThan(0)
        if (price?.action !== undefined) expect(price.action).toBeLessThan(price.catalog)
      }
    }
    expect(products.some((p) => p.product.prices.CZK?.action !== undefined)).toBe(true)
  })

  it('spreads variants over all five availability states with matching stock rows', async () => {
    const states = new Set(variants.map((v) => v.variant.availability))
    expect([...states].sort()).toEqual([...AVAILABILITY_STATES].sort())
    const inStock = variants.filter((v) => v.variant.availability === 'inStock').length
    expect(inStock / variants.length).toBeGreaterThan(0.5)

    const stock = new Map(
      (await database.db.select().from(stockLevels)).map((s) => [s.objectId, s.quantity] as const),
    )
    expect(stock.size).toBe(variants.length)
    for (const v of variants) {
      const quantity = stock.get(v.id)
      switch (v.variant.availability) {
        case 'inStock':
        case 'lowStock':
          expect(quantity, v.variant.code).toBeGreaterThan(0)
          break
        case 'outOfStock':
        case 'endOfProduction':
          expect(quantity, v.variant.code).toBe(0)
          break
        case 'noFurtherDeliveries':
          expect(quantity).toBeGreaterThanOrEqual(0)
      }
    }
  })

  it('links related products, spare parts, categories and pictures to rows that exist', async () => {
    const productIds = new Set(products.map((p) => p.id))
    const categoryIds = new Set(rows.filter((r) => r.classId === 'Category').map((r) => r.id))
    const kindOf = new Map(products.map((p) => [p.id, p.product]))
    const imageIds = new Set(
      (
        await database.db.select({ id: assets.id }).from(assets).where(eq(assets.type, 'image'))
      ).map((a) => a.id),
    )
    for (const p of products) {
      expect(p.product.categoryIds.length).toBeGreaterThan(0)
      for (const id of p.product.categoryIds) expect(categoryIds.has(id)).toBe(true)
      expect(p.product.relatedProductIds.length).toBeGreaterThanOrEqual(2)
      expect(p.product.relatedProductIds.length).toBeLessThanOrEqual(4)
      for (const id of p.product.relatedProductIds) {
        expect(productIds.has(id)).toBe(true)
        expect(kindOf.get(id)?.categoryIds[0]).toBe(p.product.categoryIds[0])
      }
      if (p.product.kind === 'frame') expect(p.product.sparePartIds.length).toBeGreaterThan(0)
      for (const id of p.product.sparePartIds) expect(kindOf.get(id)?.kind).toBe('sparePart')
    }
    for (const v of variants) {
      expect(v.variant.imageIds.length).toBeGreaterThan(0)
      for (const id of v.variant.imageIds) expect(imageIds.has(id)).toBe(true)
    }
    expect(products.filter((p) => p.product.featured)).toHaveLength(12)
    const badged = products.filter((p) => p.product.statuses.length > 0).length
    expect(badged).toBeGreaterThan(0)
    expect(badged).toBeLessThan(products.length / 2)
  })

  it('records what every object references, so find-usages sees a variant’s pictures', async () => {
    const variant = variants[0]!
    const dependencies = await database.db
      .select()
      .from(elementDependencies)
      .where(
        and(
          eq(elementDependencies.sourceType, 'object'),
          eq(elementDependencies.sourceId, variant.id),
        ),
      )
    const assetTargets = dependencies.filter((d) => d.targetType === 'asset').map((d) => d.targetId)
    expect(assetTargets.sort()).toEqual([...new Set(variant.variant.imageIds)].sort())
    const product = products[0]!
    const usedBy = await database.db
      .select({ sourceId: elementDependencies.sourceId })
      .from(elementDependencies)
      .where(
        and(
          eq(elementDependencies.targetType, 'object'),
          eq(elementDependencies.targetId, product.product.categoryIds[0]!),
        ),
      )
    expect(usedBy.map((row) => row.sourceId)).toContain(product.id)
  })

  it('sells screws in tens', () => {
    const screws = products.filter((p) => p.product.sparePartKind === 'screw')
    expect(screws.length).toBeGreaterThan(0)
    for (const s of screws) {
      expect(s.product).toMatchObject({
        piecesPerPackage: 10,
        minOrderQuantity: 10,
        quantityStep: 10,
      })
    }
  })

  it('gives every picture custom metadata for the asset grid (subject in six languages, credit, approval)', async () => {
    const images = await database.db.select().from(assets).where(eq(assets.type, 'image'))
    for (const image of images) {
      const metadata = image.metadata as { name: string; language: string; data: unknown }[]
      expect(metadata.filter((m) => m.name === 'subject').map((m) => m.language)).toEqual([
        'cs',
        'en',
        'hu',
        'pl',
        'ro',
        'sk',
      ])
      expect(metadata).toContainEqual({
        name: 'approved',
        language: '',
        type: 'checkbox',
        data: true,
      })
    }
  })

  it('writes a WebP file for every picture row', async () => {
    const images = await database.db.select().from(assets).where(eq(assets.type, 'image'))
    expect(images.length).toBe(result.images)
    expect(images.length).toBeGreaterThan(50)
    for (const image of images) {
      expect(image).toMatchObject({
        mimeType: 'image/webp',
        width: 960,
        height: 480,
        path: '/products/',
      })
      expect(image.storageKey).toBe(`products/${image.key}`)
      const file = await stat(join(dataDir, 'assets', image.storageKey ?? ''))
      expect(file.size).toBe(image.size)
    }
    const first = images[0]
    const handle = await open(join(dataDir, 'assets', first?.storageKey ?? ''))
    const header = Buffer.alloc(12)
    await handle.read(header, 0, 12, 0)
    await handle.close()
    expect(header.toString('latin1', 0, 4)).toBe('RIFF')
    expect(header.toString('latin1', 8, 12)).toBe('WEBP')
  })

  it('creates the demo accounts with argon2id hashes that verify', async () => {
    const [admin] = await database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, DEMO_ACCOUNTS.admin.username))
    expect(admin).toMatchObject({ email: DEMO_ACCOUNTS.admin.email, isAdmin: true })
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(admin?.passwordHash).not.toContain(DEMO_ACCOUNTS.admin.password)
    expect(await verifyPassword(admin?.passwordHash ?? '', DEMO_ACCOUNTS.admin.password)).toBe(true)
    expect(await verifyPassword(admin?.passwordHash ?? '', 'admin')).toBe(false)

    const accounts = await database.db.select().from(customers)
    const partner = accounts.find((c) => c.email === DEMO_ACCOUNTS.partner.email)
    const customer = accounts.find((c) => c.email === DEMO_ACCOUNTS.customer.email)
    expect(customer).toMatchObject({ kind: 'customer' })
    expect(partner).toMatchObject({
      kind: 'partner',
      partnerStatus: 'approved',
      company: 'Optika Partner s.r.o.',
    })
    expect(
      await verifyPassword(customer?.passwordHash ?? '', DEMO_ACCOUNTS.customer.password),
    ).toBe(true)
    expect(await verifyPassword(partner?.passwordHash ?? '', DEMO_ACCOUNTS.partner.password)).toBe(
      true,
    )
    const moderator = accounts.find((c) => c.email === DEMO_ACCOUNTS.moderator.email)
    expect(moderator).toMatchObject({ kind: 'customer', isModerator: true })
    expect(customer?.isModerator).toBe(false)
    expect(
      await verifyPassword(moderator?.passwordHash ?? '', DEMO_ACCOUNTS.moderator.password),
    ).toBe(true)
    for (const account of accounts) expect(account.clientNumber).toMatch(/^74 \d{4} \d{3}$/)
    expect(new Set(accounts.map((a) => a.clientNumber)).size).toBe(accounts.length)
  })

  it('leaves two unread notifications for the administrator, one about a product', async () => {
    const [admin] = await database.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.username, DEMO_ACCOUNTS.admin.username))
    const waiting = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, admin!.id))
      .orderBy(notifications.id)
    expect(waiting.map((n) => [n.title, n.read, n.elementType])).toEqual([
      ['notifications.demo.welcome.title', false, null],
      ['notifications.demo.checkPrices.title', false, 'object'],
    ])
  })

  it('does nothing on a second run, and new objects get fresh ids', async () => {
    const again = await seedDemoData(database, { dataDir })
    expect(again.seeded).toBe(false)
    const after = await database.db.select({ id: objects.id }).from(objects)
    expect(after).toHaveLength(rows.length)

    const [created] = await database.db
      .insert(objects)
      .values({ parentId: 1, type: 'folder', key: 'Test folder', path: '/' })
      .returning({ id: objects.id })
    expect(created?.id).toBeGreaterThan(Math.max(...rows.map((r) => r.id)))
    await database.db
      .delete(objects)
      .where(and(eq(objects.parentId, 1), eq(objects.key, 'Test folder')))
  })

  it('plans the same catalogue on every run', () => {
    const a = planDemoCatalogue()
    const b = planDemoCatalogue()
    expect(JSON.stringify(b.products)).toBe(JSON.stringify(a.products))
    expect([...b.images.keys()]).toEqual([...a.images.keys()])
  })
})

describe('demo category lists (issue 21)', () => {
  let search: ProductSearch
  let service: ProductListService

  beforeAll(async () => {
    await syncCatalogue(database.db, catalogue)
    search = createProductSearch(database.db)
    service = createProductListService({
      db: database.db,
      translator: await createTranslator(database.db),
      search,
    })
  })
  afterAll(() => search.close())

  const list = (query: string) =>
    service.list({ locale: 'en', viewer: ANONYMOUS_VIEWER, params: new URLSearchParams(query) })
  const categoryId = (key: string): number => {
    const row = rows.find((r) => r.classId === 'Category' && r.key === key)
    if (!row) throw new Error(`No demo category ${key}`)
    return row.id
  }
  /** Products filed in the category or below it. */
  const productsUnder = (key: string) => {
    const root = categoryId(key)
    const ids = new Set([root, ...rows.filter((r) => r.parentId === root).map((r) => r.id)])
    return products.filter((p) => p.product.categoryIds.some((id) => ids.has(id)))
  }
  const dataOf = (id: number): ProductData => {
    const found = products.find((p) => p.id === id)
    if (!found) throw new Error(`No demo product ${id}`)
    return found.product
  }

  it('opens every category newest first, optics and spare parts too', async () => {
    for (const category of DEMO_CATEGORIES) {
      const cid = categoryId(category.key)
      const opened = await list(`cid=${cid}`)
      expect(opened.sort, category.key).toBe('new')
      const newest = await list(`cid=${cid}&sort=new`)
      expect(
        opened.products.map((p) => p.id),
        category.key,
      ).toEqual(newest.products.map((p) => p.id))
    }
    const magnifiers = await list(`cid=${categoryId('reading-magnifiers')}&sort=name`)
    const opened = await list(`cid=${categoryId('reading-magnifiers')}`)
    expect(opened.products.map((p) => p.id)).not.toEqual(magnifiers.products.map((p) => p.id))
  })

  it("lists a model search's matches from other categories under the category's own", async () => {
    const womens = categoryId('womens-frames')
    const inWomens = new Set(productsUnder('womens-frames').map((p) => p.id))
    // A brand the women's frames share with other categories.
    const brand = [...new Set(productsUnder('womens-frames').map((p) => p.product.brand))].find(
      (name) => products.some((p) => p.product.brand === name && !inWomens.has(p.id)),
    )
    if (!brand) throw new Error("No brand of the women's frames is elsewhere too")
    // What the panel reads before the shopper types: search the category (no searchin=all).
    const opened = await list(`cid=${womens}`)
    expect(opened.filters.find((f) => f.name === 'model')?.searchType).toBe('category')
    const response = await list(`cid=${womens}&model=${encodeURIComponent(brand)}&limit=48`)
    expect(response.products.length).toBeGreaterThan(0)
    for (const tile of response.products) expect(inWomens.has(tile.id)).toBe(true)
    expect(response.filters.find((f) => f.name === 'model')?.searchType).toBe('category')
    expect(response.otherCategories.length).toBeGreaterThan(0)
    for (const group of response.otherCategories) {
      expect(group.id).not.toBe(womens)
      for (const tile of group.products) {
        expect(inWomens.has(tile.id)).toBe(false)
        expect(dataOf(tile.id).brand).toBe(brand)
      }
    }

    // The whole shop searched: the list holds the matches everywhere, and nothing is 'other'.
    const everywhere = await list(
      `cid=${womens}&model=${encodeURIComponent(brand)}&searchin=all&limit=48`,
    )
    expect(everywhere.otherCategories).toEqual([])
    expect(everywhere.pagination.totalCount).toBeGreaterThan(response.pagination.totalCount)
  })

  it('offers one clearance checkbox, the outlet status, and lists only those products', async () => {
    const frames = categoryId('frames')
    const opened = await list(`cid=${frames}`)
    const clearance = opened.filters.find((f) => f.name === 'clearance')
    expect(clearance?.title).toBe('Clearance')
    expect(clearance?.values.map((v) => [v.key, v.name])).toEqual([['outlet', 'Outlet']])
    const outlet = productsUnder('frames').filter((p) => p.product.statuses.includes('outlet'))
    expect(clearance?.values[0]?.count).toBe(outlet.length)

    const response = await list(`cid=${frames}&clearance=outlet&limit=48`)
    expect(response.pagination.totalCount).toBe(outlet.length)
    for (const tile of response.products) {
      expect(dataOf(tile.id).statuses).toContain('outlet')
    }
  })

  it.each(['shape', 'frameType', 'frameMaterial'] as const)(
    'filters the demo frames by %s from the specification',
    async (name) => {
      const frames = categoryId('frames')
      const opened = await list(`cid=${frames}`)
      const values = opened.filters.find((f) => f.name === name)?.values ?? []
      expect(values.length).toBeGreaterThan(1)
      for (const value of values) {
        expect(value.name).not.toBe(value.key)
        const expected = productsUnder('frames').filter((p) => p.product[name] === value.key)
        expect(value.count, `${name}=${value.key}`).toBe(expected.length)
      }
      const [first] = values
      if (!first) throw new Error(`No ${name} values`)
      const response = await list(`cid=${frames}&${name}=${first.key}&limit=48`)
      expect(response.pagination.totalCount).toBe(first.count)
      for (const tile of response.products) expect(dataOf(tile.id)[name]).toBe(first.key)
    },
  )
})
