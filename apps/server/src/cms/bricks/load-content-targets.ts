import { and, eq, inArray } from 'drizzle-orm'
import type { Viewer } from '@optika/domain/accounts/viewer'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { EditableMap } from '@optika/domain/cms/editables'
import type { ResolvedDealer, ResolvedProductTile } from '@optika/domain/cms/resolved-content'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { buildProductTiles, type ProductRecord } from '../../catalogue/reads/product-tiles.ts'
import { withViewerPrices } from '../../catalogue/reads/viewer-tile-prices.ts'

/** The ids one document's editables point at, collected before anything is read. */
export interface ContentTargetIds {
  readonly assets: Set<number>
  readonly objects: Set<number>
  readonly documents: Set<number>
  /** Product ids drawn as tiles (teasers, relations to products). */
  readonly products: Set<number>
  /** Countries of dealer bricks; '' = every country. */
  readonly dealerCountries: Set<string>
}

export interface AssetTarget {
  readonly id: number
  readonly type: string
  readonly key: string
  readonly mimeType: string | null
  readonly storageKey: string | null
  readonly width: number
  readonly height: number
  readonly metadata: unknown
}

export interface ObjectTarget {
  readonly id: number
  readonly classId: string | null
  readonly key: string
  readonly data: Record<string, unknown>
}

export interface DocumentTarget {
  readonly id: number
  readonly type: string
  readonly fullPath: string
  readonly template: string | null
  readonly editables: EditableMap
  readonly settings: Record<string, unknown>
}

/** What the editables point at, read in one query per table; unpublished targets are absent. */
export interface ContentTargets {
  readonly assets: ReadonlyMap<number, AssetTarget>
  readonly objects: ReadonlyMap<number, ObjectTarget>
  readonly documents: ReadonlyMap<number, DocumentTarget>
  readonly tiles: ReadonlyMap<number, ResolvedProductTile>
  readonly dealers: readonly ResolvedDealer[]
}

export function emptyTargetIds(): ContentTargetIds {
  return {
    assets: new Set(),
    objects: new Set(),
    documents: new Set(),
    products: new Set(),
    dealerCountries: new Set(),
  }
}

/** At most this many dealers in one list (the whole network of a country fits). */
export const MAX_DEALERS = 300

/** Reads every target of `ids` side by side: assets, published objects and documents, tiles, dealers. */
export async function loadContentTargets(
  db: Db,
  locale: Locale,
  viewer: Viewer,
  ids: ContentTargetIds,
): Promise<ContentTargets> {
  const [assetRows, objectRows, documentRows, tiles, dealers] = await Promise.all([
    loadAssets(db, [...ids.assets]),
    loadObjects(db, [...ids.objects]),
    loadDocuments(db, [...ids.documents]),
    loadTiles(db, locale, viewer, [...ids.products]),
    ids.dealerCountries.size > 0 ? loadDealers(db) : Promise.resolve([]),
  ])
  return {
    assets: new Map(assetRows.map((row) => [row.id, row])),
    objects: new Map(objectRows.map((row) => [row.id, row])),
    documents: new Map(documentRows.map((row) => [row.id, row])),
    tiles,
    dealers,
  }
}

async function loadAssets(db: Db, ids: number[]): Promise<AssetTarget[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: assets.id,
      type: assets.type,
      key: assets.key,
      mimeType: assets.mimeType,
      storageKey: assets.storageKey,
      width: assets.width,
      height: assets.height,
      metadata: assets.metadata,
    })
    .from(assets)
    .where(inArray(assets.id, ids))
  return rows.map((row) => ({ ...row, width: row.width ?? 0, height: row.height ?? 0 }))
}

async function loadObjects(db: Db, ids: number[]): Promise<ObjectTarget[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: objects.id, classId: objects.classId, key: objects.key, data: objects.data })
    .from(objects)
    .where(and(inArray(objects.id, ids), eq(objects.published, true), eq(objects.type, 'object')))
  return rows.map((row) => ({ ...row, data: (row.data ?? {}) as Record<string, unknown> }))
}

async function loadDocuments(db: Db, ids: number[]): Promise<DocumentTarget[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: documents.id,
      type: documents.type,
      key: documents.key,
      path: documents.path,
      template: documents.template,
      editables: documents.editables,
      settings: documents.settings,
    })
    .from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.published, true)))
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    // A document's full path is its parent's path and its key ('/' for the root).
    fullPath: row.path + row.key || '/',
    template: row.template,
    editables: (row.editables ?? {}) as EditableMap,
    settings: (row.settings ?? {}) as Record<string, unknown>,
  }))
}

/** Published products as the catalogue's tiles, priced for signed-in viewers only. */
async function loadTiles(
  db: Db,
  locale: Locale,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, ResolvedProductTile>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(
      and(
        inArray(objects.id, ids),
        eq(objects.classId, 'Product'),
        eq(objects.type, 'object'),
        eq(objects.published, true),
      ),
    )
  const records: ProductRecord[] = rows.map((row) => ({
    id: row.id,
    data: row.data as ProductData,
  }))
  const tiles = await withViewerPrices(
    db,
    locale,
    await buildProductTiles(db, locale, records, { loggedIn: isSignedIn(viewer) }),
    viewer,
  )
  return new Map(tiles.map((tile) => [tile.id, tile]))
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const coordinate = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** The published dealers (PIM `Dealer` objects), by country, then name. */
async function loadDealers(db: Db): Promise<ResolvedDealer[]> {
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(
      and(eq(objects.classId, 'Dealer'), eq(objects.type, 'object'), eq(objects.published, true)),
    )
    .limit(MAX_DEALERS * 6)
  const collator = new Intl.Collator('cs')
  return rows
    .map((row): ResolvedDealer => {
      const data = (row.data ?? {}) as Record<string, unknown>
      return {
        id: row.id,
        name: text(data.name),
        street: text(data.street),
        postcode: text(data.postcode),
        city: text(data.city),
        country: text(data.country).toUpperCase(),
        phone: text(data.phone),
        email: text(data.email),
        web: /^https?:\/\//i.test(text(data.web)) ? text(data.web) : '',
        lat: coordinate(data.lat),
        lng: coordinate(data.lng),
      }
    })
    .filter((dealer) => dealer.name !== '')
    .sort(
      (a, b) =>
        a.country.localeCompare(b.country) ||
        collator.compare(a.city, b.city) ||
        collator.compare(a.name, b.name),
    )
}
