import { join } from 'node:path'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  CategoryDataSchema,
  FilterDefinitionDataSchema,
  PriceListDataSchema,
  ProductDataSchema,
  VariantDataSchema,
} from '@optika/domain/catalogue/product-data'
import type { Database, Db } from '../platform/db/client.ts'
import { stockLevels } from '../platform/db/schema/commerce.ts'
import { assets, objects } from '../platform/db/schema/elements.ts'
import { customerAddresses } from '../platform/db/schema/accounts.ts'
import { adminUsers, customers } from '../platform/db/schema/users.ts'
import { hashPassword } from '../platform/passwords/passwords.ts'
import { DEMO_CATALOGUE_MANAGER, insertDemoWorkflow } from './demo-workflow.ts'
import { updateProductIndex } from '../catalogue/product-index/update-product-index.ts'
import { recordObjectDependencies } from '../pim/objects/object-dependencies.ts'
import { BrandDataSchema } from './demo-brands.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'
import { insertDemoMediaAssets } from './demo-media-assets.ts'
import { addDemoAssetMetadata } from './demo-asset-metadata.ts'
import { addDemoGalleryCaptions } from './demo-gallery-captions.ts'
import { insertDemoTags } from './demo-tags.ts'
import { insertDemoEmailBlocklist } from './demo-email-blocklist.ts'
import { insertDemoVouchers } from './demo-vouchers.ts'
import { insertDemoHttpErrors } from './demo-http-errors.ts'
import { insertDemoCustomReports } from './demo-custom-reports.ts'
import { insertDemoApplicationLog } from './demo-application-log.ts'
import { insertDemoSettingsDefinitions } from './demo-settings-definitions.ts'
import { insertDemoSiteTools } from './demo-site-tools.ts'
import { insertDemoRedirects } from './demo-redirects.ts'
import { insertDemoTargeting } from './demo-targeting.ts'
import { insertDemoNotifications } from './demo-notifications.ts'
import { insertDemoWebsiteSettings } from './demo-website-settings.ts'
import { insertDemoDealerListing } from './demo-dealers.ts'
import {
  planDemoCatalogue,
  type DemoCataloguePlan,
  type PlannedNode,
} from './plan-demo-catalogue.ts'
import { renderProductImages, type RenderedImage } from './render-product-images.ts'

/** Asset folder of the product pictures; storage keys are `products/<file>` under DATA_DIR/assets. */
export const DEMO_ASSET_FOLDER = 'products'

export interface DemoSeedResult {
  seeded: boolean
  products: number
  variants: number
  images: number
  durationMs: number
}

type ObjectRow = typeof objects.$inferInsert

/** Rows per INSERT statement: well under PostgreSQL's 65 535 parameters, small enough for PGlite. */
const CHUNK = 250

async function insertInChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

async function objectsExist(db: Db): Promise<boolean> {
  const rows = await db.select({ id: objects.id }).from(objects).limit(1)
  return rows.length > 0
}

/** Finds or creates an asset folder; uploads may already have made the root. */
async function ensureAssetFolder(
  db: Db,
  parentId: number | null,
  key: string,
  path: string,
): Promise<number> {
  const parent = parentId === null ? isNull(assets.parentId) : eq(assets.parentId, parentId)
  const [existing] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(parent, eq(assets.key, key)))
    .limit(1)
  if (existing) return existing.id
  const [created] = await db
    .insert(assets)
    .values({ parentId, type: 'folder', key, path })
    .returning({ id: assets.id })
  if (!created) throw new Error(`Could not create asset folder ${path}${key}`)
  return created.id
}

/** Writes the picture rows (updating any left by an earlier attempt) and returns file name → asset id. */
async function insertImageAssets(
  db: Db,
  rendered: readonly RenderedImage[],
): Promise<Map<string, number>> {
  const rootId = await ensureAssetFolder(db, null, '', '/')
  const folderId = await ensureAssetFolder(db, rootId, DEMO_ASSET_FOLDER, '/')
  const ids = new Map<string, number>()
  await insertInChunks(rendered, async (chunk) => {
    const rows = await db
      .insert(assets)
      .values(
        chunk.map((image) => ({
          parentId: folderId,
          type: 'image' as const,
          key: image.fileName,
          path: `/${DEMO_ASSET_FOLDER}/`,
          mimeType: 'image/webp',
          size: image.size,
          width: image.width,
          height: image.height,
          storageKey: `${DEMO_ASSET_FOLDER}/${image.fileName}`,
        })),
      )
      .onConflictDoUpdate({
        target: [assets.parentId, assets.key],
        set: {
          type: sql`excluded.type`,
          mimeType: sql`excluded.mime_type`,
          size: sql`excluded.size`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          storageKey: sql`excluded.storage_key`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: assets.id, key: assets.key })
    for (const row of rows) ids.set(row.key, row.id)
  })
  return ids
}

function imageIdOf(ids: ReadonlyMap<string, number>, file: string): number {
  const id = ids.get(file)
  if (id === undefined) throw new Error(`Picture ${file} was planned but not rendered`)
  return id
}

/** Folder, category and brand rows; every data object passes its class schema first. */
function nodeRows(
  nodes: readonly PlannedNode[],
  imageIds: ReadonlyMap<string, number>,
): ObjectRow[] {
  return nodes.map((node) => {
    let data: unknown = {
      ...node.data,
      ...(node.imageFile ? { imageId: imageIdOf(imageIds, node.imageFile) } : {}),
      ...(node.galleryFiles
        ? {
            [node.galleryFiles.field]: node.galleryFiles.files.map((f) => imageIdOf(imageIds, f)),
          }
        : {}),
    }
    if (node.classId === 'Category') data = CategoryDataSchema.parse(data)
    else if (node.classId === 'Brand') data = BrandDataSchema.parse(data)
    else if (node.classId === 'FilterDefinition') data = FilterDefinitionDataSchema.parse(data)
    else if (node.classId === 'PriceList') data = PriceListDataSchema.parse(data)
    return {
      id: node.id,
      parentId: node.parentId,
      type: node.type,
      key: node.key,
      path: node.path,
      index: node.index,
      published: true,
      classId: node.classId,
      data,
    }
  })
}

function productRows(plan: DemoCataloguePlan, imageIds: ReadonlyMap<string, number>): ObjectRow[] {
  const rows: ObjectRow[] = []
  for (const product of plan.products) {
    rows.push({
      id: product.id,
      parentId: product.parentId,
      type: 'object',
      key: product.key,
      path: product.path,
      index: product.index,
      published: true,
      classId: 'Product',
      data: ProductDataSchema.parse(product.data),
      createdAt: product.createdAt,
    })
  }
  for (const product of plan.products) {
    for (const variant of product.variants) {
      rows.push({
        id: variant.id,
        parentId: product.id,
        type: 'variant',
        key: variant.key,
        path: `${product.path}${product.key}/`,
        index: variant.index,
        published: true,
        classId: 'Product',
        data: VariantDataSchema.parse({
          code: variant.code,
          colorKey: variant.color.key,
          colorCss: variant.color.css,
          colorName: variant.color.name,
          imageIds: variant.imageFiles.map((file) => imageIdOf(imageIds, file)),
          availability: variant.availability,
        }),
        createdAt: product.createdAt,
      })
    }
  }
  return rows
}

async function hashDemoPasswords(): Promise<{
  admin: string
  customer: string
  partner: string
  moderator: string
  catalogueManager: string
}> {
  const [admin, customer, partner, moderator, catalogueManager] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
    hashPassword(DEMO_ACCOUNTS.partner.password),
    hashPassword(DEMO_ACCOUNTS.moderator.password),
    hashPassword(DEMO_CATALOGUE_MANAGER.password),
  ])
  return { admin, customer, partner, moderator, catalogueManager }
}

/**
 * Accounts are skipped if they already exist (e.g. an admin made with `npm run admin:create`).
 * The partner is approved with the demo price list (`priceListId`: its PriceList object).
 */
async function insertDemoAccounts(
  db: Db,
  hashes: Awaited<ReturnType<typeof hashDemoPasswords>>,
  priceListId: number | null,
): Promise<void> {
  const { admin, customer, partner, moderator } = DEMO_ACCOUNTS
  await db
    .insert(adminUsers)
    .values({
      username: admin.username,
      email: admin.email,
      name: admin.name,
      passwordHash: hashes.admin,
      isAdmin: true,
    })
    .onConflictDoNothing()
  const now = new Date()
  const inserted = await db
    .insert(customers)
    .values([
      {
        kind: 'customer',
        email: customer.email,
        passwordHash: hashes.customer,
        firstName: customer.firstName,
        lastName: customer.lastName,
        clientNumber: customer.clientNumber,
        language: customer.language,
        country: customer.country,
        phone: customer.phone,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      },
      {
        kind: 'customer',
        email: moderator.email,
        passwordHash: hashes.moderator,
        firstName: moderator.firstName,
        lastName: moderator.lastName,
        clientNumber: moderator.clientNumber,
        language: moderator.language,
        country: moderator.country,
        phone: moderator.phone,
        isModerator: true,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      },
      {
        kind: 'partner',
        email: partner.email,
        passwordHash: hashes.partner,
        firstName: partner.firstName,
        lastName: partner.lastName,
        company: partner.company,
        clientNumber: partner.clientNumber,
        partnerStatus: 'approved',
        language: partner.language,
        country: partner.country,
        phone: partner.phone,
        tin: partner.tin,
        vatId: partner.vatId,
        owner: partner.owner,
        website: partner.website,
        priceListId,
        invoiceMaturityDays: partner.invoiceMaturityDays,
        creditLimit: partner.creditLimit,
        creditCurrency: partner.creditCurrency,
        partnerDecidedAt: now,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: customers.id, email: customers.email })
  const addresses = inserted.flatMap((row) => {
    const account =
      row.email === customer.email ? customer : row.email === moderator.email ? moderator : partner
    return [
      {
        customerId: row.id,
        kind: 'billing' as const,
        name: `${account.firstName} ${account.lastName}`,
        company: 'company' in account ? account.company : null,
        ...account.address,
        country: account.country,
        phone: account.phone,
        isDefault: true,
      },
    ]
  })
  if (addresses.length > 0) await db.insert(customerAddresses).values(addresses)
  await insertDemoDealerListing(db, inserted.find((row) => row.email === partner.email)?.id)
}

/**
 * Seeds the demo shop into an empty object tree: shop classes, categories, brands, 440 products
 * with colour variants and stock, their pictures (rendered to DATA_DIR/assets/products) and the
 * demo accounts. All rows are written in one transaction, so the catalogue is all there or
 * absent; pictures are files and are simply rewritten by the next attempt. Does nothing when
 * the tree already holds data.
 */
export async function seedDemoData(
  database: Database,
  options: { dataDir: string; log?: (msg: string) => void },
): Promise<DemoSeedResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const nothing = { seeded: false, products: 0, variants: 0, images: 0, durationMs: 0 }
  if (await objectsExist(database.db)) return nothing

  const plan = planDemoCatalogue()
  log(`Demo data: rendering ${plan.images.size} product pictures…`)
  const [rendered, hashes] = await Promise.all([
    renderProductImages(plan.images, join(options.dataDir, 'assets', DEMO_ASSET_FOLDER), {
      concurrency: 2,
    }),
    hashDemoPasswords(),
  ])
  const variantCount = plan.products.reduce((sum, p) => sum + p.variants.length, 0)

  const seeded = await database.db.transaction(async (tx) => {
    // Two servers starting on one empty database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optika.demo-seed'))`)
    if (await objectsExist(tx)) return false

    const imageIds = await insertImageAssets(tx, rendered)
    await insertDemoMediaAssets(tx, options.dataDir)
    await addDemoAssetMetadata(tx, imageIds, plan.images)
    await addDemoGalleryCaptions(tx, imageIds, plan.nodes)
    const rows = [...nodeRows(plan.nodes, imageIds), ...productRows(plan, imageIds)]
    await insertInChunks(rows, (chunk) => tx.insert(objects).values(chunk))
    // Ids were given explicitly; move the identity past them so the next insert does not collide.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('objects', 'id'), (select max(id) from objects))`,
    )
    const stock = plan.products.flatMap((p) =>
      p.variants.map((v) => ({ objectId: v.id, quantity: v.stock })),
    )
    await insertInChunks(stock, (chunk) => tx.insert(stockLevels).values(chunk))
    await recordObjectDependencies(
      tx,
      rows.map((row) => row.id!),
    )
    await updateProductIndex(
      tx,
      plan.products.map((p) => p.id),
    )
    const priceList = plan.nodes.find(
      (n) => n.classId === 'PriceList' && n.key === DEMO_ACCOUNTS.partner.priceListKey,
    )
    await insertDemoAccounts(tx, hashes, priceList?.id ?? null)
    await insertDemoVouchers(tx)
    await insertDemoTags(
      tx,
      plan.products.map((p) => p.id),
    )
    await insertDemoEmailBlocklist(tx)
    await insertDemoHttpErrors(tx)
    await insertDemoCustomReports(tx)
    await insertDemoApplicationLog(tx)
    await insertDemoSettingsDefinitions(tx)
    await insertDemoSiteTools(tx, plan.nodes)
    await insertDemoRedirects(tx)
    await insertDemoWebsiteSettings(tx)
    // The demo product workflow with the catalogue managers' role and its user (issue 20).
    await insertDemoWorkflow(tx, hashes.catalogueManager)
    await insertDemoTargeting(tx)
    await insertDemoNotifications(tx, plan.products[0]?.id ?? null)
    return true
  })
  if (!seeded) return nothing

  const durationMs = Math.round(performance.now() - started)
  log(
    `Demo data: ${plan.products.length} products, ${variantCount} variants, ${rendered.length} pictures ` +
      `and 3 demo accounts in ${(durationMs / 1000).toFixed(1)} s.`,
  )
  return {
    seeded: true,
    products: plan.products.length,
    variants: variantCount,
    images: rendered.length,
    durationMs,
  }
}
