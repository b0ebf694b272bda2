import { and, eq, inArray } from 'drizzle-orm'
import type { Viewer } from '@optika/domain/accounts/viewer'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import {
  AVAILABILITY_STATES,
  orderabilityOf,
  type AvailabilityState,
  type Orderability,
} from '@optika/domain/catalogue/availability'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import type { ProductData, VariantData } from '@optika/domain/catalogue/product-data'
import type {
  ProductDetail,
  ProductDetailLink,
  ProductDetailVariant,
  ProductImage,
  ProductImages,
} from '@optika/domain/catalogue/product-detail-api'
import { quantityRulesOf } from '@optika/domain/catalogue/quantity-rules'
import { COUNTRY_VAT_PERCENT } from '@optika/domain/commerce/countries'
import { PRODUCT_STATUSES, type ProductStatus } from '@optika/domain/catalogue/statuses'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { categoryUrl, inEveryLocale, productUrl } from '../reads/catalogue-urls.ts'
import { toCategoryLink } from '../reads/get-category.ts'
import { loadImages, loadVariants, presetSize, type StoredImage } from '../reads/product-tiles.ts'
import {
  loadPublishedCategories,
  type PublishedCategoriesSource,
} from '../reads/published-categories.ts'
import { isPublishedProduct } from '../reads/published-product.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  guestRetailPricing,
  priceOf,
  pricingFor,
  visitorCountryOf,
  type Pricing,
} from '../product-list/list-prices.ts'
import { listProductsOf, readListRows, type ListRows } from '../product-list/load-list-products.ts'
import { loadPublishedPriceList } from '../reads/published-price-list.ts'
import { listCategoryOf, listParams } from './list-context.ts'
import {
  readLinkedProducts,
  readProductPage,
  withListDefaults,
  type LinkedProduct,
} from './product-page-rows.ts'
import { buildSpecRows, frameSizeOf } from './spec-rows.ts'
import { countryVatPercent, deliveryOptionsFor, deliveryOutlookOf } from './delivery-estimate.ts'
import type { ShopSettingsSource } from '../../platform/settings/shop-settings.ts'

export interface ProductDetailService {
  /**
   * The product page's data for `viewer`; null when there is no such published product. `query`
   * is the page URL's query: `variant`, `cid` and the list's filter parameters.
   */
  get(
    locale: Locale,
    id: number,
    viewer: Viewer,
    query: URLSearchParams,
  ): Promise<ProductDetail | null>
  /** GET /api/product/images/{id}; null when unknown or unpublished. */
  images(locale: Locale, id: number): Promise<ProductImages | null>
  /**
   * Products as tiles a page can add to the cart (an article's related products), in the order
   * of `ids`, published only; priced as the list prices them (signed-in viewers only).
   */
  links(locale: Locale, ids: readonly number[], viewer: Viewer): Promise<ProductDetailLink[]>
}

/** Linked products shown as one group of tiles, priced one way. */
interface LinkGroup {
  readonly ids: readonly number[]
  readonly pricing: Pricing | null
}

export interface ProductDetailDeps {
  readonly db: Db
  readonly translator: Translator
  readonly shopSettings: ShopSettingsSource
  /** The published categories (kept while unchanged in the app; read each time by default). */
  readonly categories?: PublishedCategoriesSource
  /** The clock delivery dates count from (tests pass a fixed one). */
  readonly now?: () => Date
}

/** The translation key of each stock state (seed section 4). */
export const AVAILABILITY_TEXT_KEYS: Record<AvailabilityState, string> = {
  inStock: 'availability.inStock',
  lowStock: 'availability.lowStock',
  outOfStock: 'availability.outOfStockLater',
  noFurtherDeliveries: 'availability.noFurtherDeliveries',
  endOfProduction: 'availability.endOfProduction',
}

/** The translation key of each orderability (seed section 4, "Also: …"). */
export const ORDERABILITY_TEXT_KEYS: Record<Orderability, string> = {
  available: 'availability.available',
  outOfStock: 'availability.outOfStock',
  cannotBeOrdered: 'availability.cannotBeOrdered',
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(PRODUCT_STATUSES)
const KNOWN_STATES: ReadonlySet<string> = new Set(AVAILABILITY_STATES)
const ID = /^[1-9]\d{0,14}$/

function stateOf(value: unknown, fallback: AvailabilityState = 'inStock'): AvailabilityState {
  return typeof value === 'string' && KNOWN_STATES.has(value)
    ? (value as AvailabilityState)
    : fallback
}

/** A sellable item before translation: a colour variant, or a product without variants. */
interface Sellable {
  readonly id: number
  readonly code: string
  readonly colorKey: string
  readonly colorCss: string
  readonly colorName: string
  readonly availability: AvailabilityState
  readonly imageIds: readonly number[]
}

/** The product's published variants, or the product itself as its single "variant". */
function sellablesOf(
  productId: number,
  data: ProductData,
  variants: readonly { id: number; data: VariantData }[],
  locale: Locale,
): Sellable[] {
  const own = data.imageIds ?? []
  if (variants.length === 0) {
    return [
      {
        id: productId,
        code: data.code,
        colorKey: '',
        colorCss: '',
        colorName: '',
        availability: stateOf(data.availability),
        imageIds: own,
      },
    ]
  }
  return variants.map((v) => ({
    id: v.id,
    code: v.data.code,
    colorKey: v.data.colorKey,
    colorCss: v.data.colorCss,
    colorName: localize(v.data.colorName, locale),
    availability: stateOf(v.data.availability, stateOf(data.availability)),
    // A variant without pictures of its own shows the product's (inheritance).
    imageIds: (v.data.imageIds ?? []).length > 0 ? v.data.imageIds : own,
  }))
}

/** Published Product objects of `ids` (not variants, not folders), by id. */
async function loadPublishedProducts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ProductData>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(and(inArray(objects.id, unique), isPublishedProduct()))
  return new Map(rows.map((row) => [row.id, withListDefaults(row.data as ProductData)]))
}

function toImages(
  ids: readonly number[],
  stored: ReadonlyMap<number, StoredImage>,
  alt: string,
): ProductImage[] {
  return ids.flatMap((id) => {
    const image = stored.get(id)
    if (!image) return []
    const size = presetSize(image, 'medium')
    return [
      {
        id,
        alt,
        width: size.width,
        height: size.height,
        thumbnail: mediaUrl(image.storageKey, 'thumbnail'),
        medium: mediaUrl(image.storageKey, 'medium'),
        large: mediaUrl(image.storageKey, 'large'),
      },
    ]
  })
}

/** 'Name – colour', or the name alone for an item without a colour. */
function altOf(name: string, colour: string): string {
  return colour ? `${name} – ${colour}` : name
}

/** The product page (issue 6) and GET /api/product/images/{id}. */
export function createProductDetailService({
  db,
  translator,
  shopSettings,
  categories: publishedCategories = (locale) => loadPublishedCategories(db, locale),
  now = () => new Date(),
}: ProductDetailDeps): ProductDetailService {
  const orderabilityText = (locale: Locale, orderability: Orderability) =>
    translator.t(locale, ORDERABILITY_TEXT_KEYS[orderability])

  /**
   * Groups of related products or spare parts as tiles the page can add to the cart, each group
   * priced its own way; published only. One read serves every group.
   */
  async function loadLinks(
    locale: Locale,
    groups: readonly LinkGroup[],
    signedIn: boolean,
  ): Promise<ProductDetailLink[][]> {
    const ids = groups.flatMap((group) => group.ids)
    const [products, rows] = await Promise.all([
      readLinkedProducts(db, ids),
      readListRows(db, locale, ids),
    ])
    return linkTiles(locale, groups, signedIn, products, rows)
  }

  /** `loadLinks` over rows already read. */
  function linkTiles(
    locale: Locale,
    groups: readonly LinkGroup[],
    signedIn: boolean,
    products: ReadonlyMap<number, LinkedProduct>,
    rows: ListRows,
  ): ProductDetailLink[][] {
    return groups.map(({ ids, pricing }) => {
      const tiles = listProductsOf(locale, rows, pricing)
      return [...new Set(ids)].flatMap((id) => {
        const tile = tiles.get(id)
        const product = products.get(id)
        if (!tile || !product) return []
        const { data, sellableId } = product
        const state = stateOf(product.sellableAvailability, stateOf(data.availability))
        const orderability = orderabilityOf(state, product.stock)
        return [
          {
            ...tile,
            // Status badges only when a user is present (seed section 5), priced or not.
            statuses: signedIn ? tile.statuses : [],
            sellableId,
            orderability,
            orderabilityText: orderabilityText(locale, orderability),
            rules: quantityRulesOf(data),
          },
        ]
      })
    })
  }

  async function get(
    locale: Locale,
    id: number,
    viewer: Viewer,
    query: URLSearchParams,
  ): Promise<ProductDetail | null> {
    const country = visitorCountryOf(viewer, locale)
    const [page, categories, priceList, settings] = await Promise.all([
      readProductPage(db, id, locale),
      publishedCategories(locale),
      // The viewer's published price list (approved partners).
      viewer.priceListId === null ? null : loadPublishedPriceList(db, viewer.priceListId),
      shopSettings(),
    ])
    if (!page) return null
    const { data, stock } = page
    const vat = countryVatPercent(settings, country)
    const deliveryOptions = deliveryOptionsFor(settings, country, locale, now())
    const name = localize(data.name, locale)
    const sellables = sellablesOf(id, data, page.variants, locale)

    // The VAT the cart charges (the back office's rate): the page shows what the cart will ask.
    const vatPercent = vat ?? COUNTRY_VAT_PERCENT[country]
    const own = pricingFor(viewer, locale, priceList)
    const pricing = own && own.vatPercent > 0 ? { ...own, vatPercent } : own
    // Guests may buy once without registration: where they can commit to buying, they see the
    // retail price they will pay (decision 024); list tiles keep the seed's message.
    const buyingPricing = pricing ?? guestRetailPricing(country, vatPercent)
    const price = priceOf(page.prices, buyingPricing) ?? null

    // The list this page was opened from: its category (when the product is in it) and filters.
    const filed = data.categoryIds.filter((categoryId) => categories.byId.has(categoryId))
    const listCategory = listCategoryOf(categories, filed, query.get('cid'))
    const trailEnd = listCategory ?? categories.byId.get(filed[0] ?? -1) ?? null
    const params = listCategory
      ? await listParams(db, listCategory, query)
      : { filters: new URLSearchParams(), page: null }
    const [related = [], spareParts = []] = linkTiles(
      locale,
      [
        { ids: data.relatedProductIds.filter((other) => other !== id), pricing },
        // Spare parts are bought right here, so guests see their retail price on them too.
        { ids: data.sparePartIds.filter((other) => other !== id), pricing: buyingPricing },
      ],
      isSignedIn(viewer),
      page.linked,
      page.linkedTiles,
    )

    const variants: ProductDetailVariant[] = sellables.map((s) => {
      const orderability = orderabilityOf(s.availability, stock.get(s.id) ?? 0)
      return {
        id: s.id,
        code: s.code,
        name: s.colorName || name,
        colorKey: s.colorKey,
        color: { css: s.colorCss, name: s.colorName },
        availability: s.availability,
        availabilityText: translator.t(locale, AVAILABILITY_TEXT_KEYS[s.availability]),
        orderability,
        orderabilityText: orderabilityText(locale, orderability),
        images: toImages(s.imageIds, page.images, altOf(name, s.colorName)),
        price,
        deliveryOutlook: deliveryOutlookOf(s.availability, orderability),
      }
    })

    const withParams = (url: string, extra: [string, string][] = []) => {
      const search = new URLSearchParams([...params.filters, ...extra]).toString()
      return search ? `${url}?${search}` : url
    }
    const categoryTrail = trailEnd
      ? [...categories.ancestorsOf(trailEnd.id), trailEnd].map((category) => {
          const link = toCategoryLink(category, locale)
          return { ...link, url: withParams(link.url) }
        })
      : []
    const backToList = listCategory
      ? withParams(categoryUrl(locale, listCategory.id, listCategory.data.slug), [
          ...(params.page ? ([['p', params.page]] as [string, string][]) : []),
          ['product', String(id)],
        ])
      : null

    const asked = query.get('variant')
    const selected =
      asked !== null && ID.test(asked) ? variants.find((v) => v.id === Number(asked)) : undefined

    return {
      id,
      locale,
      name,
      code: data.code,
      kind: data.kind,
      brand: data.brand,
      manufacturer: data.manufacturer,
      collection: data.collection ?? null,
      model: data.model ?? null,
      series: data.series ?? null,
      description: localize(data.description, locale),
      url: productUrl(locale, id, data.slug),
      urls: inEveryLocale((other) => productUrl(other, id, data.slug)),
      categoryTrail,
      backToList,
      statuses: isSignedIn(viewer)
        ? data.statuses.filter((s): s is ProductStatus => KNOWN_STATUSES.has(s))
        : [],
      specification: buildSpecRows(translator, locale, {
        data,
        categoryName: trailEnd ? localize(trailEnd.data.name, locale) : null,
        colourNames: sellables.map((s) => s.colorName),
      }),
      variants,
      selectedVariantId: (selected ?? variants[0])?.id ?? id,
      rules: quantityRulesOf(data),
      pricesVisible: pricing !== null,
      guestRetailPrices: pricing === null,
      delivery: { country, options: deliveryOptions },
      related,
      spareParts,
      rating: page.rating,
      frameSize: frameSizeOf(data),
    }
  }

  async function images(locale: Locale, id: number): Promise<ProductImages | null> {
    const [row] = await db
      .select({
        id: objects.id,
        type: objects.type,
        parentId: objects.parentId,
        data: objects.data,
      })
      .from(objects)
      .where(
        and(
          eq(objects.id, id),
          eq(objects.classId, 'Product'),
          eq(objects.published, true),
          inArray(objects.type, ['object', 'variant']),
        ),
      )
    if (!row) return null
    const productId = row.type === 'variant' ? row.parentId : row.id
    if (productId === null) return null
    // A variant is shown only under its published product.
    const product = (await loadPublishedProducts(db, [productId])).get(productId)
    if (!product) return null
    const name = localize(product.name, locale)
    const variantRows = row.type === 'variant' ? [] : await loadVariants(db, [productId])
    const own =
      row.type === 'variant'
        ? sellablesOf(productId, product, [{ id: row.id, data: row.data as VariantData }], locale)
        : []
    const variants =
      variantRows.length > 0 ? sellablesOf(productId, product, variantRows, locale) : []
    const productImageIds = product.imageIds ?? []
    const stored = await loadImages(db, [
      ...productImageIds,
      ...own.flatMap((s) => s.imageIds),
      ...variants.flatMap((s) => s.imageIds),
    ])
    if (row.type === 'variant') {
      const [self] = own
      return {
        id,
        images: self ? toImages(self.imageIds, stored, altOf(name, self.colorName)) : [],
        variants: [],
      }
    }
    return {
      id,
      images: toImages(productImageIds, stored, name),
      variants: variants.map((s) => ({
        id: s.id,
        images: toImages(s.imageIds, stored, altOf(name, s.colorName)),
      })),
    }
  }

  async function links(
    locale: Locale,
    ids: readonly number[],
    viewer: Viewer,
  ): Promise<ProductDetailLink[]> {
    if (ids.length === 0) return []
    const country = visitorCountryOf(viewer, locale)
    const [priceList, settings] = await Promise.all([
      viewer.priceListId === null ? null : loadPublishedPriceList(db, viewer.priceListId),
      shopSettings(),
    ])
    const vat = countryVatPercent(settings, country)
    const vatPercent = vat ?? COUNTRY_VAT_PERCENT[country]
    const own = pricingFor(viewer, locale, priceList)
    const pricing = own && own.vatPercent > 0 ? { ...own, vatPercent } : own
    const [links = []] = await loadLinks(locale, [{ ids, pricing }], isSignedIn(viewer))
    return links
  }

  return { get, images, links }
}
