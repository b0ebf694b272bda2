import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import type { Locale } from '@optika/i18n/locales'

/**
 * Galleries (issue 18): PIM objects of class Gallery (localized title and description, a date and
 * pictures from the asset library). A picture's caption is its asset's `title` metadata in the
 * page's language, else its `alt`, else none. Published galleries only, except for a back-office
 * user with the `objects` permission who asks for a preview.
 *
 *   GET /api/galleries?locale=              → GalleryListAnswer  (newest first)
 *   GET /api/galleries/{id}?locale=&preview= → GalleryAlbum      (404 GALLERY_NOT_FOUND)
 */

export const GalleryListQuerySchema = z.object({
  locale: z.enum(LOCALES).optional(),
})
export type GalleryListQuery = z.infer<typeof GalleryListQuerySchema>

export const GalleryAlbumParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const GalleryAlbumQuerySchema = z.object({
  locale: z.enum(LOCALES).optional(),
  /** `1`: a back-office editor's preview (unpublished galleries too). */
  preview: z.enum(['0', '1']).optional(),
})
export type GalleryAlbumQuery = z.infer<typeof GalleryAlbumQuerySchema>

/** One size of a picture: its URL and pixel size. */
export interface GallerySize {
  readonly src: string
  readonly width: number
  readonly height: number
}

export interface GalleryPicture {
  /** The asset's id. */
  readonly id: number
  /** The caption in the page's language (asset `title`, else `alt`); '' = none. */
  readonly caption: string
  /** The alternative text: the asset's `alt`, else the caption; '' when it has neither. */
  readonly alt: string
  /** The three preset sizes: grid (320 px), page (640 px), lightbox (960 px). */
  readonly thumbnail: GallerySize
  readonly medium: GallerySize
  readonly large: GallerySize
}

/** A gallery as the list shows it. */
export interface GallerySummary {
  readonly id: number
  readonly title: string
  readonly description: string
  /** ISO date (YYYY-MM-DD) or null. */
  readonly date: string | null
  /** The gallery's page in this language. */
  readonly url: string
  readonly cover: GalleryPicture | null
  readonly pictureCount: number
}

export interface GalleryListAnswer {
  readonly galleries: readonly GallerySummary[]
}

/** An album: the gallery with its pictures, and its page in every language (hreflang). */
export interface GalleryAlbum extends GallerySummary {
  readonly pictures: readonly GalleryPicture[]
  readonly urls: Readonly<Record<Locale, string>>
  /** Drawn for an editor's preview (not published): never cached, never indexed. */
  readonly preview: boolean
}

/**
 * Why an album page is not there: `gallery` — no gallery has this id ('Galery not found');
 * `album` — the gallery exists but is not published, or has no title yet ('Album not found').
 */
export type GalleryNotFound = 'gallery' | 'album'

export type GalleryAlbumResult =
  | { readonly kind: 'album'; readonly album: GalleryAlbum }
  | { readonly kind: 'not-found'; readonly reason: GalleryNotFound }

/** The translated message of each reason (the seed's texts). */
export const GALLERY_NOT_FOUND_MESSAGES = {
  gallery: { code: 'GALLERY_NOT_FOUND', key: 'error.galleryNotFound' },
  album: { code: 'ALBUM_NOT_FOUND', key: 'error.albumNotFound' },
} as const satisfies Record<GalleryNotFound, { code: string; key: string }>
