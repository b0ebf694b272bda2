import { ProductTile, type ProductTileProps } from './product-tile.tsx'

interface ProductGridProps {
  readonly products: readonly ProductTileProps['product'][]
  /** Query every product link carries (a category list's `cid` and active filters). */
  readonly linkQuery?: string
  readonly renderPrice?: ProductTileProps['renderPrice']
}

/** Tiles in a responsive grid: two columns on phones, four on wide screens. */
export function ProductGrid({ products, linkQuery, renderPrice }: ProductGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductTile
            product={product}
            eager={index < 4}
            linkQuery={linkQuery}
            renderPrice={renderPrice}
          />
        </li>
      ))}
    </ul>
  )
}
