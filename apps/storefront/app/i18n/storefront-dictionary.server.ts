import type { Locale } from '@optika/i18n/locales'
import type { StorefrontLoadContext } from '@optika/server/web/storefront/load-context'
import type { Dictionary } from './dictionary.ts'

/**
 * Texts only the back office or the mails show: `admin.*`, `adminPim….*`, `adminCustomers.*`,
 * `pim*.*`, the contact messages' screen and mails (`contact.admin.*`, `contact.mail.*`), the
 * static routes' and glossary's screens and errors (`siteTools.routes|glossary|error.*`), and
 * the other site-operations screens (issue 19) but the settings' texts pages show
 * (`systemSettings.storefront.*`), and the governance screens (issue 20) but the targeting texts
 * pages show (`targeting.storefront.*`).
 */
const BACK_OFFICE_KEY =
  /^(admin|pim|contact\.(admin|mail)\.|siteTools\.(routes|glossary|error)\.|(seoRedirects|seoSite|emailLog|thumbnailSettings|contentExport|tagManager|workflow|notifications|dashboards|gdpr|applicationLog|customReports)\.|(systemSettings|targeting)\.(?!storefront\.))/

/** The last dictionary served per language, kept until the server's dictionary changes (new ETag). */
const served = new Map<Locale, { etag: string; json: string }>()

/**
 * The texts a storefront page needs in `locale`, as JSON text (`parseDictionary` reads it): the
 * server's dictionary (English filling the gaps) without the back office's texts, which would
 * only make every page heavier.
 */
export function storefrontDictionaryJson(
  translator: StorefrontLoadContext['translator'],
  locale: Locale,
): string {
  const { etag, json } = translator.dictionary(locale)
  const cached = served.get(locale)
  if (cached?.etag === etag) return cached.json
  const all = JSON.parse(json) as Dictionary
  const dictionary = Object.fromEntries(
    Object.entries(all).filter(([key]) => !BACK_OFFICE_KEY.test(key)),
  )
  const texts = JSON.stringify(dictionary)
  served.set(locale, { etag, json: texts })
  return texts
}
