import type { Locale } from '@optika/i18n/locales'
import type { EditableMap } from './editables.ts'
import type { ResolvedContent } from './resolved-content.ts'

/**
 * What the storefront draws for a document (issue 17, decision 036): the server's answer for a
 * page path (`loadDocumentPage`), serializable so loaders hand it to the page as it is.
 */

/** A link of the navigation, the breadcrumbs or a navigation snippet. */
export interface DocumentNavLink {
  readonly title: string
  readonly href: string
  /** This page, or a page above it. */
  readonly current?: boolean
  /** Links of a navigation snippet may open in a new tab. */
  readonly target?: '' | '_blank'
}

export interface DocumentPageMeta {
  readonly title: string
  readonly description: string
  /** Absolute URL. */
  readonly canonical: string
  readonly noindex: boolean
}

/** What an editor previews instead of the published document. */
export type DocumentPreviewSource = 'session' | 'version' | 'document'

export interface DocumentPage {
  readonly id: number
  readonly type: 'page' | 'snippet'
  /** The address asked for: a hardlink shows its source's content under its own path. */
  readonly path: string
  readonly language: Locale
  readonly template: string
  /** The stored editables (or the previewed draft's). */
  readonly editables: EditableMap
  /** The editables as the storefront draws them (pictures, links, product tiles resolved). */
  readonly content: ResolvedContent
  /** The heading: the `headline` editable, else the navigation title, the title, the key. */
  readonly heading: string
  readonly meta: DocumentPageMeta
  /** Pages between the language root and this page (the home link comes first, drawn by the page). */
  readonly breadcrumbs: readonly DocumentNavLink[]
  /** The published pages beside this one (its parent's children, navigation exclusions left out). */
  readonly navigation: readonly DocumentNavLink[]
  /** The published pages below this one. */
  readonly children: readonly DocumentNavLink[]
  /** The same page in the other languages (translation links), this one included. */
  readonly alternates: Partial<Record<Locale, string>>
  /** Set when a signed-in editor previews (`?preview=1`): never cached, never indexed. */
  readonly preview: DocumentPreviewSource | null
}

export type DocumentPageResult =
  | { readonly kind: 'page'; readonly page: DocumentPage }
  | { readonly kind: 'redirect'; readonly location: string; readonly status: 301 | 302 }
  /** On a site with an error page, that page drawn under the address (the answer stays 404). */
  | { readonly kind: 'not-found'; readonly errorPage?: DocumentPage }

/**
 * A page's answer header saying the server may keep the whole page for other visitors (a
 * published document page, not a preview); the server removes it before the answer leaves.
 */
export const KEEP_PAGE_HEADER = 'x-optika-keep-page'
