import type { RouterContextProvider } from 'react-router'
import { generateUrl, type RouteName } from '@optika/domain/routing/routes'
import { getStorefront } from './get-storefront.server.ts'
import { inEveryLocale } from './i18n/in-every-locale.ts'
import type { PageMeta } from './page-meta.ts'
import { requireLocale } from './route-params.ts'

/** The loader data of a page of translated text: the same page in every language and its meta tags. */
export function textPageData(
  context: Readonly<RouterContextProvider>,
  localeParam: string | undefined,
  route: RouteName,
  keys: { title: string; description: string },
): { alternates: ReturnType<typeof inEveryLocale>; meta: PageMeta } {
  const locale = requireLocale(localeParam)
  const { translator, publicUrl } = getStorefront(context)
  return {
    alternates: inEveryLocale((l) => generateUrl(route, { locale: l })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: translator.t(locale, keys.title) }),
      description: translator.t(locale, keys.description),
      canonical: `${publicUrl}${generateUrl(route, { locale })}`,
    },
  }
}
