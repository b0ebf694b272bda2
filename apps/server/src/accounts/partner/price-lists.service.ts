import { asc, sql } from 'drizzle-orm'
import type { PartnerPriceList, PriceListFormat } from '@optika/domain/accounts/partner-api'
import type { PriceListData } from '@optika/domain/catalogue/product-data'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadPublishedPriceList } from '../../catalogue/reads/published-price-list.ts'
import { BASE_PRICE_LIST } from '../../catalogue/product-index/build-index-rows.ts'

export function priceListNotFound(): AppError {
  return new AppError(404, 'PRICE_LIST_NOT_FOUND', 'partner.priceListNotFound')
}

/** One row of a price list file: amounts in minor units without VAT. */
export interface PriceListRow {
  readonly code: string
  readonly name: string
  readonly catalogPrice: number | null
  readonly partnerPrice: number
}

export interface PriceListContent {
  readonly id: number
  readonly name: string
  readonly currency: PriceListData['currency']
  readonly rows: readonly PriceListRow[]
}

/**
 * The partner's own published PriceList object. Any other id — another partner's list, an
 * unpublished list, an object of another class — is 404, the same answer as no object at all.
 */
async function ownPriceList(
  db: Db,
  assignedId: number | null,
  id: number,
): Promise<{ id: number; data: PriceListData }> {
  if (assignedId === null || id !== assignedId) throw priceListNotFound()
  const list = await loadPublishedPriceList(db, id)
  if (!list) throw priceListNotFound()
  return list
}

/** Products priced by the list: the product index holds each list's prices under its id. */
const inList = (id: number) => sql`(${productIndex.prices} -> ${String(id)}) is not null`

export function priceListDownloads(id: number): PartnerPriceList['downloads'] {
  const url = (format: PriceListFormat) => `/api/partner/price-lists/${id}.${format}`
  return { xlsx: url('xlsx'), csv: url('csv'), pdf: url('pdf') }
}

/** The partner's price lists (the one assigned on approval, if it is published). */
export async function listPartnerPriceLists(
  db: Db,
  assignedId: number | null,
): Promise<{ priceLists: PartnerPriceList[] }> {
  if (assignedId === null) return { priceLists: [] }
  let list: { id: number; data: PriceListData }
  try {
    list = await ownPriceList(db, assignedId, assignedId)
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return { priceLists: [] }
    throw error
  }
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productIndex)
    .where(inList(list.id))
  return {
    priceLists: [
      {
        id: list.id,
        name: list.data.name,
        currency: list.data.currency,
        itemCount: count?.count ?? 0,
        downloads: priceListDownloads(list.id),
      },
    ],
  }
}

type PriceEntry = { catalog?: unknown }
type IndexPrices = Record<string, Record<string, PriceEntry> | undefined>

const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** What a price list file holds, product names in `locale`, ordered by product code. */
export async function loadPriceListContent(
  db: Db,
  assignedId: number | null,
  id: number,
  locale: Locale,
): Promise<PriceListContent> {
  const list = await ownPriceList(db, assignedId, id)
  const rows = await db
    .select({ code: productIndex.code, name: productIndex.name, prices: productIndex.prices })
    .from(productIndex)
    .where(inList(list.id))
    .orderBy(asc(productIndex.code), asc(productIndex.productId))
  const currency = list.data.currency
  return {
    id: list.id,
    name: list.data.name,
    currency,
    rows: rows.flatMap((row) => {
      const prices = row.prices as IndexPrices
      const partnerPrice = amount(prices[String(list.id)]?.[currency]?.catalog)
      if (partnerPrice === null) return []
      return [
        {
          code: row.code,
          name: row.name[locale] ?? '',
          catalogPrice: amount(prices[BASE_PRICE_LIST]?.[currency]?.catalog),
          partnerPrice,
        },
      ]
    }),
  }
}
