/**
 * The storefront's texts reach the browser as a script of their own (decision 070), not inside
 * every page's data: the page names it with its version, the browser keeps it for good, and it
 * runs before the page hydrates. It sets `self[STOREFRONT_DICTIONARY_GLOBAL][locale]`.
 */
export const STOREFRONT_DICTIONARY_GLOBAL = '__optikaDictionary'

/** What the script leaves for the page: the version it was served as and the texts. */
export interface ShippedDictionary {
  readonly version: string
  readonly texts: Readonly<Record<string, string>>
}

/**
 * Texts only the back office or the mails show: `admin.*`, `adminPim….*`, `adminCustomers.*`,
 * `pim*.*`, the contact messages' screen and mails (`contact.admin.*`, `contact.mail.*`), the
 * static routes' and glossary's screens and errors (`siteTools.routes|glossary|error.*`), and
 * the other site-operations screens (issue 19) but the settings' texts pages show
 * (`systemSettings.storefront.*`), and the governance screens (issue 20) but the targeting texts
 * pages show (`targeting.storefront.*`). The storefront's dictionary leaves them out.
 */
export const BACK_OFFICE_KEY =
  /^(admin|pim|contact\.(admin|mail)\.|siteTools\.(routes|glossary|error)\.|(seoRedirects|seoSite|emailLog|thumbnailSettings|contentExport|tagManager|workflow|notifications|dashboards|gdpr|applicationLog|customReports)\.|(systemSettings|targeting)\.(?!storefront\.))/
