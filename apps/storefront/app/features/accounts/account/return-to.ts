import { LOCALES } from '@optika/i18n/locales'

const SAME_SITE_PAGE = new RegExp(`^/(?:${LOCALES.join('|')})/[^/\\\\]`)

/**
 * The page to return to after signing in, from `?returnTo=`: only a path of this shop's pages
 * (`/{locale}/…`). Absolute URLs, protocol-relative `//host` paths, backslashes and control
 * characters are refused, so the login page cannot be used to send people to another site.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null
  if (!SAME_SITE_PAGE.test(value)) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
  return value
}
