import { useId } from 'react'
import type { ProductDetailLink } from '@optika/domain/catalogue/product-detail-api'
import { ProductTile } from '../../../components/product-tile.tsx'
import { tilePrice } from '../product-list/tile-price.tsx'
import { AddToCart } from './add-to-cart.tsx'

interface ProductLinksProps {
  readonly title: string
  readonly products: readonly ProductDetailLink[]
  /** Whether this viewer sees prices (the tiles' price line). */
  readonly signedIn: boolean
  /** Spare parts are bought from here: each tile gets its own add-to-cart. */
  readonly orderable?: boolean
}

/** Related products, or a frame's compatible spare parts: tiles with availability and price. */
export function ProductLinks({ title, products, signedIn, orderable = false }: ProductLinksProps) {
  const headingId = useId()
  if (products.length === 0) return null
  const renderPrice = tilePrice(signedIn)
  return (
    <section aria-labelledby={headingId} className="mt-14">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex flex-col">
            <ProductTile product={product} renderPrice={renderPrice} />
            <p className="mt-2 px-1 text-xs text-stone-600">{product.orderabilityText}</p>
            {orderable ? (
              <AddToCart
                sellableId={product.sellableId}
                rules={product.rules}
                canOrder={product.type === 'sparePart' || product.orderability === 'available'}
                itemName={product.name}
                compact
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
