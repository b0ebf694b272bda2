import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@optika/i18n/locales'

/** The language cookie's name: no secret, so the same under every cookie policy. */
export const LOCALE_COOKIE = 'locale'
/**
 * The back office's language (the admin app sets it with Path=/admin): the API's messages follow
 * the screens, not the storefront page visited last.
 */
export const ADMIN_LOCALE_COOKIE = 'optika-admin-locale'

/**
 * The language of an API request: the storefront's `locale` cookie, else the best match in
 * Accept-Language, else Czech. Pages take the language from their URL instead.
 */
export function resolveRequestLocale(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...attrs] = part.trim().split(';')
        const q = attrs.find((a) => a.trim().startsWith('q='))
        return {
          lang: tag.trim().toLowerCase().split('-')[0] ?? '',
          q: q ? Number(q.trim().slice(2)) : 1,
        }
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q)
    for (const { lang } of ranked)
      if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale
  }
  return DEFAULT_LOCALE
}

/**
 * The language of a request whose cookies were not parsed (the router refused it before the
 * hooks ran): the `locale` cookie read from the raw Cookie header, else Accept-Language.
 */
export function localeFromHeaders(headers: {
  readonly cookie?: string | undefined
  readonly 'accept-language'?: string | undefined
}): Locale {
  const cookie = headers.cookie
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1)
  return resolveRequestLocale(cookie, headers['accept-language'])
}
