import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import { ProductTile } from './product-tile.tsx'

/** Tiles in a responsive grid: two columns on phones, four on wide screens. */
export function ProductGrid({ products }: { products: readonly ProductListItem[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductTile product={product} eager={index < 4} />
        </li>
      ))}
    </ul>
  )
}
