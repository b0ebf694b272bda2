import { generateUrl } from '@optika/domain/routing/routes'
import { slugify } from '@optika/domain/routing/slugify'
import type { Locale } from '@optika/i18n/locales'

/** A gallery's page: `/{locale}/galleries/{id}/{slug}`; the id finds it, the slug is for people. */
export function galleryUrl(locale: Locale, id: number, title: string): string {
  return generateUrl('gallery', { locale, id, slug: slugify(title, String(id)) })
}
