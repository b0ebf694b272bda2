import { useState, type ReactNode } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import type { ProductsListProduct } from '@optika/domain/catalogue/product-list-api'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import { ColourSwatches } from './colour-swatches.tsx'
import { FitBadge } from './fit-badge.tsx'
import { GlassesIcon } from './icons.tsx'

export interface ProductTileProps {
  /** A list product; signed-in viewers' lists also carry its price. */
  readonly product: ProductListItem & Pick<ProductsListProduct, 'price' | 'fittingSize'>
  /** Tiles in the first screenful load their picture at once; the rest when scrolled near. */
  readonly eager?: boolean
  /** Query the product link carries (a category list's `cid` and active filters), without `?`. */
  readonly linkQuery?: string
  /**
   * The price line; without it, the 'log in to see prices' hint anonymous visitors get. Lists
   * with prices pass it, so pages without them do not ship the money formatting.
   */
  readonly renderPrice?: (product: ProductTileProps['product']) => ReactNode
}

/** The element id of a product's tile; `?product=<id>` scrolls to it. */
export function productTileId(productId: number): string {
  return `product-${productId}`
}

/**
 * A product in a grid: the shown variant's picture and the name, linking to the product; colour
 * swatches switch the picture. Status badges and prices come only in signed-in viewers' lists.
 */
export function ProductTile({
  product,
  eager = false,
  linkQuery = '',
  renderPrice,
}: ProductTileProps) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState(0)
  const colour = product.colors[selected] ?? product.colors[0]
  return (
    <article
      id={productTileId(product.id)}
      className="group relative flex w-full scroll-mt-24 flex-col rounded-2xl border border-stone-200 bg-white p-3 transition-shadow hover:shadow-lg hover:shadow-stone-900/5 focus-within:border-stone-300"
    >
      <Link
        to={linkQuery ? `${product.url}?${linkQuery}` : product.url}
        className="flex flex-1 flex-col rounded-xl"
      >
        <div className="relative grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-stone-50">
          {colour?.thumbnail ? (
            <img
              src={colour.thumbnail}
              width={colour.thumbnailWidth}
              height={colour.thumbnailHeight}
              alt={`${product.name} – ${colour.name}`}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="h-full w-full object-contain p-2 mix-blend-multiply transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <span className="flex flex-col items-center gap-2 text-xs text-stone-500">
              <GlassesIcon className="size-10" />
              {t('shop.product.noImage')}
            </span>
          )}
          {product.statuses.length > 0 ? (
            <ul className="absolute top-2 left-2 flex flex-wrap gap-1">
              {product.statuses.map((status) => (
                <li
                  key={status}
                  className="rounded-full bg-brand-700 px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide text-white uppercase"
                >
                  {t(`status.${status}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <h3 className="mt-3 line-clamp-2 px-1 text-sm leading-snug font-medium text-stone-900 group-hover:text-brand-800">
          {product.name}
        </h3>
      </Link>
      <div className="mt-2 flex min-h-6 items-center px-1">
        <ColourSwatches
          swatches={product.colors.map((c) => ({
            key: c.variantId,
            css: c.color.css,
            name: c.color.name,
          }))}
          selected={selected}
          onSelect={setSelected}
        />
      </div>
      {product.fittingSize ? <FitBadge size={product.fittingSize} /> : null}
      {renderPrice ? (
        renderPrice(product)
      ) : (
        <p className="mt-2 px-1 text-xs text-stone-500">{t('auth.priceAfterLogin')}</p>
      )}
    </article>
  )
}
