import type { ResolvedProductTile } from '@optika/domain/cms/resolved-content'
import { ProductGrid } from '../../../components/product-grid.tsx'
import { tilePrice } from '../../catalogue/product-list/tile-price.tsx'
import { BrickSection } from './brick-section.tsx'

/** Chosen products as the catalogue's tiles; prices only for signed-in viewers (as every list). */
export function ProductTeaserBrick({
  title,
  products,
  signedIn,
}: {
  title: string
  products: readonly ResolvedProductTile[]
  signedIn: boolean
}) {
  if (products.length === 0) return null
  return (
    <BrickSection title={title} brick="product-teaser">
      <ProductGrid products={products} renderPrice={tilePrice(signedIn)} />
    </BrickSection>
  )
}
