import { Link, data } from 'react-router'
import { GALLERY_NOT_FOUND_MESSAGES } from '@optika/domain/community/gallery-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/gallery'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { StatusMessage } from '../components/status-message.tsx'
import { GalleryPictures } from '../features/galleries/gallery-album.tsx'
import { formatGalleryDate } from '../features/galleries/format-gallery-date.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { metaTags } from '../page-meta.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo } from '../route-responses.ts'

/**
 * An album: the gallery's photographs with captions and the lightbox (issue 18). A back-office
 * editor's `?preview=1` shows an unpublished gallery, never cached or indexed. An unknown id says
 * 'Galery not found', an unpublished gallery 'Album not found' (404 both).
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { galleries, translator, publicUrl } = getStorefront(context)
  const preview = url.searchParams.get('preview') === '1'
  const result = await galleries.album({ id, locale, preview })
  if (result.kind === 'not-found') {
    const message = translator.t(locale, GALLERY_NOT_FOUND_MESSAGES[result.reason].key)
    return data(
      {
        album: null,
        message,
        meta: { title: translator.t(locale, 'shop.meta.title', { title: message }), noindex: true },
      },
      { status: 404, headers: { 'cache-control': 'no-store' } },
    )
  }
  const { album } = result
  // An old or mistyped slug finds the album at its one address (a preview keeps its query).
  if (url.pathname !== album.url) throwMovedTo(`${album.url}${preview ? '?preview=1' : ''}`)
  const title = album.title || translator.t(locale, 'galleries.album.fallbackTitle')
  return data(
    {
      album,
      message: null,
      alternates: album.urls,
      meta: {
        title: translator.t(locale, 'shop.meta.title', { title }),
        description: album.description || translator.t(locale, 'galleries.list.intro'),
        canonical: `${publicUrl}${album.url}`,
        defaultAlternate: `${publicUrl}${album.urls[DEFAULT_LOCALE]}`,
        noindex: album.preview,
      },
    },
    album.preview
      ? { headers: { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } }
      : {},
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { album, message } = loaderData
  if (!album) {
    return (
      <StatusMessage title={message ?? ''} text={t('shop.notFound.text')} code="404">
        <Link
          to={generateUrl('galleries', { locale })}
          className="inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('page.galleries')}
        </Link>
      </StatusMessage>
    )
  }
  const title = album.title || t('galleries.album.fallbackTitle')
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      {album.preview ? (
        <p
          role="status"
          className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t('galleries.preview.notice')}
        </p>
      ) : null}
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('page.galleries'), url: generateUrl('galleries', { locale }) }]}
        current={title}
      />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere] sm:text-3xl">
        {title}
      </h1>
      {album.date ? (
        <p className="mt-1 text-sm text-stone-600">
          <time dateTime={album.date}>{formatGalleryDate(album.date, locale)}</time>
        </p>
      ) : null}
      {album.description ? (
        <p className="mt-3 max-w-3xl whitespace-pre-line text-stone-700">{album.description}</p>
      ) : null}
      <div className="mt-8">
        <GalleryPictures album={album} />
      </div>
    </div>
  )
}
