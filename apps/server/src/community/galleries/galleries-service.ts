import type { FastifyRequest } from 'fastify'
import type { GalleryAlbumResult, GalleryListAnswer } from '@optika/domain/community/gallery-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { loadPrincipal } from '../../identity/admin-auth/admin-sessions.ts'
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

/**
 * Only a preview reads the back-office session (the cookie travels with every page, but a
 * visitor's page never looks it up), as documents do.
 */
async function mayPreview(request: FastifyRequest, db: Db): Promise<boolean> {
  const token = readCookie(request, 'adminSession')
  const principal = token ? await loadPrincipal(db, token) : null
  return principal?.permissions.has('objects') ?? false
}

export function createGalleriesService(): GalleriesService {
  return {
    forRequest(request) {
      const db = request.ctx.db
      return {
        list: (locale) => listGalleries(db, locale),
        async album({ id, locale, preview }) {
          const editor = preview && (await mayPreview(request, db))
          return loadGallery(db, { id, locale, preview: editor })
        },
      }
    },
  }
}
