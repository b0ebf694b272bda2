import { useContext } from 'react'
import { UNSAFE_FrameworkContext } from 'react-router'
import type { Locale } from '@optika/i18n/locales'
import { generateUrl } from '@optika/domain/routing/routes'

/**
 * The script that leaves the page's texts for the browser (decision 070): at the end of the body,
 * so it never delays the first paint, and a classic script, so it has run before the page's
 * module scripts hydrate it. Its address carries the texts' version: the browser keeps it for
 * good and loads it once per edit of the texts, not with every page. It carries the CSP nonce
 * the server renders React Router's own scripts with.
 */
export function DictionaryScript({ locale, version }: { locale: Locale; version: string }) {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce
  const src = `${generateUrl('api_translations', { locale })}/storefront.js?v=${version}`
  return <script nonce={nonce} src={src} />
}
