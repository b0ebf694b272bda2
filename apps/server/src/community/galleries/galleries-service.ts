import type { FastifyRequest } from 'fastify'
import type { GalleryAlbumResult, GalleryListAnswer } from '@optika/domain/community/gallery-api'
import type { Locale } from '@optika/i18n/locales'
import { findObjectsPreviewer } from '../preview/find-objects-previewer.ts'
import { listGalleries, loadGallery } from './load-galleries.ts'

/** The storefront's galleries for one request (its back-office session, for previews). */
export interface RequestGalleries {
  /** The published galleries, newest first. */
  list(locale: Locale): Promise<GalleryListAnswer>
  /**
   * One album; `preview` asks for an unpublished one, granted only to a signed-in back-office
   * user with the `objects` permission (else an unpublished gallery is 'Album not found').
   */
  album(input: {
    readonly id: number
    readonly locale: Locale
    readonly preview: boolean
  }): Promise<GalleryAlbumResult>
}

export interface GalleriesService {
  forRequest(request: FastifyRequest): RequestGalleries
}

export function createGalleriesService(): GalleriesService {
  return {
    forRequest(request) {
      const db = request.ctx.db
      return {
        list: (locale) => listGalleries(db, locale),
        async album({ id, locale, preview }) {
          const editor = await findObjectsPreviewer(request, db, preview)
          return loadGallery(db, { id, locale, preview: editor !== null })
        },
      }
    },
  }
}
