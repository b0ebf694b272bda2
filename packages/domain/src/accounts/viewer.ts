import type { Country } from '../commerce/countries.ts'

/**
 * Who is looking at the storefront (seed section 6): anonymous, a customer, or a partner, with
 * the moderator flag on top. The server derives it from the customer session on every request;
 * pages and APIs decide price visibility, price sorts and status badges from it.
 */
export interface Viewer {
  readonly customerId: number | null
  readonly kind: 'anonymous' | 'customer' | 'partner'
  /** Partners only: pending until the shop approves (or rejects) them. */
  readonly partnerStatus: 'pending' | 'approved' | 'rejected' | null
  readonly isModerator: boolean
  /** An approved partner's PriceList object; null for everybody else. */
  readonly priceListId: number | null
  /**
   * The country the visitor shops in: the delivery country chosen in the cart's checkout, else
   * the customer's (billing); null for anonymous visitors without a choice, who shop in the
   * storefront language's country. Prices everywhere take their currency from it (decision 024).
   */
  readonly country: Country | null
  readonly displayName: string
  readonly clientNumber: string | null
  /** A back-office user viewing the shop as this customer (support); payments are refused. */
  readonly impersonatedBy: number | null
}

export const ANONYMOUS_VIEWER: Viewer = {
  customerId: null,
  kind: 'anonymous',
  partnerStatus: null,
  isModerator: false,
  priceListId: null,
  country: null,
  displayName: '',
  clientNumber: null,
  impersonatedBy: null,
}

/** Seed section 6: price sorts, prices and status badges need a signed-in user. */
export function isSignedIn(viewer: Viewer): boolean {
  return viewer.customerId !== null
}

/** Partner terms (price list prices without VAT, invoice payment) apply once approved. */
export function hasPartnerTerms(viewer: Viewer): boolean {
  return viewer.kind === 'partner' && viewer.partnerStatus === 'approved'
}
