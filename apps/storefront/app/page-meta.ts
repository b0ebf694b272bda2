import type { MetaDescriptor } from 'react-router'

/** What a page tells search engines and the browser tab; built by its loader, in its language. */
export interface PageMeta {
  readonly title: string
  readonly description?: string
  /** The page's absolute URL (public origin + path). */
  readonly canonical?: string
  /**
   * The page for visitors whose language the shop does not have (hreflang x-default); the
   * per-language alternates come from the page's `alternates` (root.tsx).
   */
  readonly defaultAlternate?: string
  /** Pages that should not be indexed (search results, not-found). */
  readonly noindex?: boolean
}

export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return []
  return [
    { title: meta.title },
    ...(meta.description ? [{ name: 'description', content: meta.description }] : []),
    ...(meta.canonical ? [{ tagName: 'link', rel: 'canonical', href: meta.canonical }] : []),
    ...(meta.defaultAlternate
      ? [{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: meta.defaultAlternate }]
      : []),
    ...(meta.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}
