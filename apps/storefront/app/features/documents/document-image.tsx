import type { ResolvedImage } from '@optika/domain/cms/resolved-content'

/** A picture of a document with its size reserved; `sizes` says how wide the layout draws it. */
export function DocumentImage({
  image,
  sizes = '100vw',
  eager = false,
  className = '',
}: {
  image: ResolvedImage
  sizes?: string
  eager?: boolean
  className?: string
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      // An empty alternative marks a decorative picture (the editor left it empty on purpose).
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`h-auto max-w-full ${className}`}
    />
  )
}
