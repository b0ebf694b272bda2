import { and, eq } from 'drizzle-orm'
import type { AvailabilityState } from '@optika/domain/catalogue/availability'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { ProductKind } from '@optika/domain/catalogue/product-list-item'
import type { ProductStatus } from '@optika/domain/catalogue/statuses'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { inEveryLocale, productUrl, type LocalizedUrls } from './catalogue-urls.ts'
import { toCategoryLink, type CategoryLink } from './get-category.ts'
import { loadPublishedCategories } from './published-categories.ts'
import { ANONYMOUS, loadImages, loadVariants, presetSize, type Audience } from './product-tiles.ts'
import { isPublishedProduct } from './published-product.ts'

export interface ProductDetailVariant {
  readonly id: number
  readonly code: string
  readonly name: string
  readonly color: { readonly css: string; readonly name: string }
  readonly availability: AvailabilityState
  /** The front picture in the `medium` size, or null without a picture. */
  readonly image: string | null
  readonly imageWidth: number
  readonly imageHeight: number
  readonly thumbnail: string | null
}

export interface ProductDetail {
  readonly id: number
  readonly name: string
  readonly code: string
  readonly kind: ProductKind
  readonly brand: string
  readonly manufacturer: string
  readonly description: string
  readonly url: string
  /** This product's URL in every language (its slug is translated). */
  readonly urls: LocalizedUrls
  /** The first category it is filed in, top-level first, ending with that category. */
  readonly categoryTrail: readonly CategoryLink[]
  /** Empty for anonymous visitors (seed section 6). */
  readonly statuses: readonly ProductStatus[]
  readonly variants: readonly ProductDetailVariant[]
}

/** A published product with its published colour variants, in `locale`; null when there is none. */
export async function getProduct(
  db: Db,
  locale: Locale,
  id: number,
  audience: Audience = ANONYMOUS,
): Promise<ProductDetail | null> {
  const [row] = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(and(eq(objects.id, id), isPublishedProduct()))
  if (!row) return null
  const data = row.data as ProductData
  const [variants, categories] = await Promise.all([
    loadVariants(db, [id]),
    loadPublishedCategories(db, locale),
  ])
  const images = await loadImages(
    db,
    variants.flatMap((v) => v.data.imageIds?.slice(0, 1) ?? []),
  )
  const filedIn = (data.categoryIds ?? []).find((categoryId) => categories.byId.has(categoryId))
  const filedCategory = filedIn === undefined ? undefined : categories.byId.get(filedIn)

  return {
    id: row.id,
    name: localize(data.name, locale),
    code: data.code,
    kind: data.kind,
    brand: data.brand,
    manufacturer: data.manufacturer,
    description: localize(data.description, locale),
    url: productUrl(locale, row.id, data.slug),
    urls: inEveryLocale((l) => productUrl(l, row.id, data.slug)),
    categoryTrail: filedCategory
      ? [...categories.ancestorsOf(filedCategory.id), filedCategory].map((c) =>
          toCategoryLink(c, locale),
        )
      : [],
    statuses: audience.loggedIn ? [...(data.statuses ?? [])] : [],
    variants: variants.map((v) => {
      const front = images.get(v.data.imageIds?.[0] ?? -1)
      const size = presetSize(front, 'medium')
      return {
        id: v.id,
        code: v.data.code,
        name: localize(v.data.colorName, locale),
        color: { css: v.data.colorCss, name: localize(v.data.colorName, locale) },
        availability: v.data.availability,
        image: front ? mediaUrl(front.storageKey, 'medium') : null,
        imageWidth: size.width,
        imageHeight: size.height,
        thumbnail: front ? mediaUrl(front.storageKey, 'thumbnail') : null,
      }
    }),
  }
}
