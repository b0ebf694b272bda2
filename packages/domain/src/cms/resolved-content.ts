import type { ProductsListProduct } from '../catalogue/product-list-api.ts'
import type { BrickType } from './editables.ts'

/**
 * A document's content as the storefront draws it: every editable of the stored map turned into
 * what a page needs (picture URLs with their size and alternative text, link addresses, product
 * tiles priced for the viewer, dealers, an embedded snippet's own content). The server resolves it
 * (`apps/server/src/cms/bricks/resolve-document-content.ts`); it is plain JSON, so a loader can
 * hand it to `<DocumentContent>` as it is. Targets that are gone or unpublished are left out.
 */

/** A picture in the size the page draws it, with a larger one for wide screens. */
export interface ResolvedImage {
  readonly src: string
  /** `url widthw, …`, for `srcset`. */
  readonly srcSet: string
  readonly width: number
  readonly height: number
  /** The editor's text, else the asset's `alt` metadata in the page's language; '' = decorative. */
  readonly alt: string
}

export interface ResolvedLink {
  readonly href: string
  readonly text: string
  readonly title: string
  /** Opens in a new window (the editor chose `_blank`). */
  readonly newWindow: boolean
  /** Leaves the shop (another origin, mailto:, tel:): drawn with a plain `<a>`. */
  readonly external: boolean
}

/** A relation's target as a page shows it: a name that links to it. */
export interface ResolvedReference {
  readonly kind: 'product' | 'category' | 'asset' | 'document' | 'object'
  readonly id: number
  readonly name: string
  readonly href: string | null
}

export interface ResolvedVideo {
  readonly src: string
  readonly mimeType: string
  readonly poster: ResolvedImage | null
  readonly title: string
}

/** A product tile as the catalogue's lists draw it; the price only for signed-in viewers. */
export type ResolvedProductTile = ProductsListProduct

export interface ResolvedCategoryTile {
  readonly id: number
  readonly name: string
  readonly href: string
  readonly image: ResolvedImage | null
}

export interface ResolvedDealer {
  readonly id: number
  readonly name: string
  readonly street: string
  readonly postcode: string
  readonly city: string
  /** ISO 3166-1 alpha-2. */
  readonly country: string
  readonly phone: string
  readonly email: string
  readonly web: string
  readonly lat: number | null
  readonly lng: number | null
}

export interface ResolvedGalleryImage {
  readonly thumbnail: ResolvedImage
  /** The large picture the lightbox shows. */
  readonly full: ResolvedImage
  /** The asset's `title` metadata in the page's language, else its `alt`; '' = none. */
  readonly caption?: string
}

export type ResolvedEditable =
  | { readonly type: 'input' | 'textarea' | 'select'; readonly text: string }
  /** Sanitized on save (cms/content); drawn as HTML. */
  | { readonly type: 'wysiwyg'; readonly html: string }
  | { readonly type: 'checkbox'; readonly value: boolean }
  | { readonly type: 'numeric'; readonly value: number | null }
  /** ISO date (YYYY-MM-DD). */
  | { readonly type: 'date'; readonly value: string | null }
  | { readonly type: 'image'; readonly image: ResolvedImage | null }
  | { readonly type: 'link'; readonly link: ResolvedLink | null }
  | {
      readonly type: 'relation' | 'relations'
      readonly items: readonly ResolvedReference[]
      /** The product targets as tiles (relations to products, e.g. an article's related products). */
      readonly products: readonly ResolvedProductTile[]
    }
  | { readonly type: 'video'; readonly video: ResolvedVideo | null }
  | { readonly type: 'block'; readonly items: readonly ResolvedEditables[] }
  | { readonly type: 'areablock'; readonly bricks: readonly ResolvedBrick[] }
  /** The embedded snippet's content; null when it is gone, unpublished or would embed itself. */
  | { readonly type: 'snippet'; readonly content: ResolvedContent | null }
  | {
      readonly type: 'renderlet'
      readonly products: readonly ResolvedProductTile[]
      /** The category's list with the same query, for "show all". */
      readonly moreHref: string | null
      readonly categoryName: string
    }

export type ResolvedEditables = { readonly [name: string]: ResolvedEditable }

interface BrickBase<B extends BrickType> {
  readonly id: string
  readonly brick: B
}

export type ResolvedBrick =
  | (BrickBase<'text'> & { readonly html: string })
  | (BrickBase<'image-text'> & {
      readonly image: ResolvedImage | null
      readonly html: string
      readonly imagePosition: 'left' | 'right'
    })
  | (BrickBase<'product-teaser'> & {
      readonly title: string
      readonly products: readonly ResolvedProductTile[]
    })
  | (BrickBase<'category-tiles'> & {
      readonly title: string
      readonly categories: readonly ResolvedCategoryTile[]
    })
  | (BrickBase<'gallery'> & {
      readonly title: string
      readonly images: readonly ResolvedGalleryImage[]
    })
  | (BrickBase<'video'> & { readonly video: ResolvedVideo | null; readonly caption: string })
  | (BrickBase<'dealer-map'> & {
      readonly title: string
      /** '' = every country. */
      readonly country: string
      readonly dealers: readonly ResolvedDealer[]
    })
  | (BrickBase<'contact-form'> & { readonly title: string; readonly intro: string })

export interface ResolvedContent {
  readonly template: string
  /** The page's language (texts of bricks such as the contact form follow it). */
  readonly locale: string
  readonly editables: ResolvedEditables
  /** Signed-in viewers see prices on product tiles. */
  readonly signedIn: boolean
}
