import { createContext, useContext } from 'react'
import type { Locale } from '@optika/i18n/locales'
import { generateUrl } from '@optika/domain/routing/routes'

/** The CSP nonce of the page the server renders (entry.server); the browser needs none. */
export const PageNonceContext = createContext<string | undefined>(undefined)

/**
 * The script that leaves the page's texts for the browser (decision 070): at the end of the body,
 * so it never delays the first paint, and a classic script, so it has run before the page's
 * module scripts hydrate it. Its address carries the texts' version: the browser keeps it for
 * good and loads it once per edit of the texts, not with every page.
 */
export function DictionaryScript({ locale, version }: { locale: Locale; version: string }) {
  const nonce = useContext(PageNonceContext)
  const src = `${generateUrl('api_storefrontDictionary', { locale })}?v=${encodeURIComponent(version)}`
  return <script nonce={nonce} src={src} suppressHydrationWarning />
}
