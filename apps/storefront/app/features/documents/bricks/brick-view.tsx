import type { ResolvedBrick } from '@optika/domain/cms/resolved-content'
import { DocumentImage } from '../document-image.tsx'
import { RichText } from '../rich-text.tsx'
import { CategoryTilesBrick } from './category-tiles-brick.tsx'
import { ContactFormBrick } from './contact-form-brick.tsx'
import { DealerListBrick } from './dealer-list-brick.tsx'
import { GalleryBrick } from './gallery-brick.tsx'
import { ProductTeaserBrick } from './product-teaser-brick.tsx'
import { DocumentVideo } from './video-brick.tsx'

export interface BrickContext {
  readonly signedIn: boolean
  readonly documentId: number | null
}

/** One brick of an area block, drawn by its kind. */
export function BrickView({ brick, context }: { brick: ResolvedBrick; context: BrickContext }) {
  switch (brick.brick) {
    case 'text':
      return brick.html.trim() ? (
        <div data-brick="text" className="max-w-3xl">
          <RichText html={brick.html} />
        </div>
      ) : null
    case 'image-text':
      return (
        <div data-brick="image-text" className="grid items-center gap-6 md:grid-cols-2 md:gap-10">
          {brick.image ? (
            <DocumentImage
              image={brick.image}
              sizes="(min-width: 768px) 50vw, 100vw"
              className={`w-full rounded-2xl object-cover ${brick.imagePosition === 'right' ? 'md:order-2' : ''}`}
            />
          ) : null}
          <RichText html={brick.html} />
        </div>
      )
    case 'product-teaser':
      return (
        <ProductTeaserBrick
          title={brick.title}
          products={brick.products}
          signedIn={context.signedIn}
        />
      )
    case 'category-tiles':
      return <CategoryTilesBrick title={brick.title} categories={brick.categories} />
    case 'gallery':
      return <GalleryBrick title={brick.title} images={brick.images} />
    case 'video':
      return brick.video ? <DocumentVideo video={brick.video} caption={brick.caption} /> : null
    case 'dealer-map':
      return <DealerListBrick title={brick.title} country={brick.country} dealers={brick.dealers} />
    case 'contact-form':
      return (
        <ContactFormBrick
          id={brick.id}
          title={brick.title}
          intro={brick.intro}
          signedIn={context.signedIn}
          documentId={context.documentId}
        />
      )
  }
}

/** An area block: its bricks one below the other. */
export function AreaBlock({
  bricks,
  context,
}: {
  bricks: readonly ResolvedBrick[]
  context: BrickContext
}) {
  if (bricks.length === 0) return null
  return (
    <div className="space-y-12 sm:space-y-16">
      {bricks.map((brick) => (
        <BrickView key={brick.id} brick={brick} context={context} />
      ))}
    </div>
  )
}
