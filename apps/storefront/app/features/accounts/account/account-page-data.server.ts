import { redirect, type RouterContextProvider } from 'react-router'
import { generateUrl, type RouteName } from '@optika/domain/routing/routes'
import { hasPartnerTerms, type Viewer } from '@optika/domain/accounts/viewer'
import type { Locale } from '@optika/i18n/locales'
import { getStorefront } from '../../../get-storefront.server.ts'
import { inEveryLocale } from '../../../i18n/in-every-locale.ts'
import type { PageMeta } from '../../../page-meta.ts'
import { requireLocale } from '../../../route-params.ts'

/** What the account pages know about the viewer (no ids beyond what the pages show). */
export interface AccountViewer {
  readonly signedIn: boolean
  readonly kind: Viewer['kind']
  readonly partnerStatus: Viewer['partnerStatus']
  readonly approvedPartner: boolean
  readonly displayName: string
  readonly clientNumber: string | null
}

export interface AccountPageData {
  readonly locale: Locale
  readonly alternates: Record<Locale, string>
  readonly meta: PageMeta
  readonly viewer: AccountViewer
}

function accountViewer(viewer: Viewer): AccountViewer {
  return {
    signedIn: viewer.customerId !== null,
    kind: viewer.kind,
    partnerStatus: viewer.partnerStatus,
    approvedPartner: hasPartnerTerms(viewer),
    displayName: viewer.displayName,
    clientNumber: viewer.clientNumber,
  }
}

/**
 * The loader data of an account page: its language, the same page in every language, its title
 * (never indexed: these pages are personal or forms) and the viewer.
 */
export function accountPageData(
  context: Readonly<RouterContextProvider>,
  localeParam: string | undefined,
  route: RouteName,
  titleKey: string,
  extraParams: Record<string, string | number> = {},
): AccountPageData {
  const locale = requireLocale(localeParam)
  const { translator, viewer } = getStorefront(context)
  return {
    locale,
    alternates: inEveryLocale((l) => generateUrl(route, { ...extraParams, locale: l })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: translator.t(locale, titleKey) }),
      noindex: true,
    },
    viewer: accountViewer(viewer),
  }
}

/**
 * Restricted pages: an anonymous visitor is sent to the login page, which says the page needs a
 * signed-in user and returns here afterwards.
 */
export function restrictedPageData(
  request: Request,
  context: Readonly<RouterContextProvider>,
  localeParam: string | undefined,
  route: RouteName,
  titleKey: string,
  extraParams: Record<string, string | number> = {},
): AccountPageData {
  const data = accountPageData(context, localeParam, route, titleKey, extraParams)
  if (!data.viewer.signedIn) {
    const url = new URL(request.url)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
    throw redirect(
      generateUrl('login', { locale: data.locale, returnTo: `${url.pathname}${url.search}` }),
    )
  }
  return data
}
