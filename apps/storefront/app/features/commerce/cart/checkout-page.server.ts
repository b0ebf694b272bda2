import { redirect, type RouterContextProvider } from 'react-router'
import { type CheckoutState } from '@optika/domain/commerce/checkout-api'
import { CHECKOUT_STEPS, type CheckoutStep } from '@optika/domain/commerce/checkout-vocabulary'
import { hasPartnerTerms } from '@optika/domain/accounts/viewer'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { getStorefront } from '../../../get-storefront.server.ts'
import { inEveryLocale } from '../../../i18n/in-every-locale.ts'
import type { PageMeta } from '../../../page-meta.ts'
import { requireLocale } from '../../../route-params.ts'
import { STEP_ROUTE } from './step-routes.ts'

/** What the checkout pages know of the buyer. */
export interface Buyer {
  readonly signedIn: boolean
  readonly approvedPartner: boolean
}

export interface CheckoutPageData {
  readonly locale: Locale
  readonly alternates: Record<Locale, string>
  readonly meta: PageMeta
  readonly state: CheckoutState
  readonly buyer: Buyer
}

export function stepIndex(step: CheckoutStep): number {
  return CHECKOUT_STEPS.indexOf(step)
}

/**
 * The loader data of a checkout step: the checkout's state, and the page in every language. A step
 * opened before the earlier ones are done sends the buyer to the furthest step they may open
 * (no skipping); going back is always allowed and keeps what was entered (it lives in the cart).
 */
export async function checkoutPageData(
  context: Readonly<RouterContextProvider>,
  localeParam: string | undefined,
  step: Exclude<CheckoutStep, 'finished'>,
  titleKey: string,
): Promise<CheckoutPageData> {
  const locale = requireLocale(localeParam)
  const { checkout, translator, viewer } = getStorefront(context)
  const state = await checkout.state()
  const reachable = state.reachableStep === 'finished' ? 'finalCheck' : state.reachableStep
  if (stepIndex(step) > stepIndex(reachable)) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
    throw redirect(generateUrl(STEP_ROUTE[reachable], { locale }))
  }
  const route = STEP_ROUTE[step]
  return {
    locale,
    alternates: inEveryLocale((l) => generateUrl(route, { locale: l })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: translator.t(locale, titleKey) }),
      noindex: true,
    },
    state,
    buyer: { signedIn: viewer.customerId !== null, approvedPartner: hasPartnerTerms(viewer) },
  }
}
