import { useState } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import { ColourSwatches } from './colour-swatches.tsx'
import { GlassesIcon } from './icons.tsx'

interface ProductTileProps {
  readonly product: ProductListItem
  /** Tiles in the first screenful load their picture at once; the rest when scrolled near. */
  readonly eager?: boolean
}

/** A product in a grid: the shown variant's picture and the name, linking to the product; colour swatches switch the picture. */
export function ProductTile({ product, eager = false }: ProductTileProps) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState(0)
  const colour = product.colors[selected] ?? product.colors[0]
  return (
    <article className="group relative flex w-full flex-col rounded-2xl border border-stone-200 bg-white p-3 transition-shadow hover:shadow-lg hover:shadow-stone-900/5 focus-within:border-stone-300">
      <Link to={product.url} className="flex flex-1 flex-col rounded-xl">
        <div className="grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-stone-50">
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
      <p className="mt-2 px-1 text-xs text-stone-500">{t('auth.priceAfterLogin')}</p>
    </article>
  )
}
