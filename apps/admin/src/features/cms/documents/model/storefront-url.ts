import type { DocumentNode } from '@optika/domain/cms/document-tree-api'

/**
 * Where the storefront shows a document: at its full path on the shop's own origin (the back
 * office and the storefront are one server). An unpublished document opens as the signed-in
 * editor's preview (`?preview=1`); visitors would get a 404 there.
 */
export function storefrontUrl(node: Pick<DocumentNode, 'path' | 'published'>): string {
  const path = node.path.startsWith('/') ? node.path : `/${node.path}`
  return node.published ? path : `${path}?preview=1`
}
