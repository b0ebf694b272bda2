import { validDocumentKey } from '@optika/domain/cms/document-tree-api'

/**
 * Why a typed key cannot be used, or null when it can. The server makes any key a valid path
 * segment (`validDocumentKey`) and unique beside its siblings; only a key of which nothing usable
 * is left (slashes, punctuation) is refused here, before it is sent.
 */
export function documentKeyProblem(key: string): 'required' | 'invalid' | null {
  if (key.trim() === '') return 'required'
  if (key.trim().length > 255) return 'invalid'
  return validDocumentKey(key.trim()) === '' ? 'invalid' : null
}

/**
 * A key proposed from a title, as Pimcore's "add" dialog does: lower case, spaces and
 * punctuation to dashes, accents dropped (the storefront path reads `/cs/obchodni-podminky`).
 */
export function suggestDocumentKey(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Polish ł has no decomposition; everything else loses its accents above.
      .replace(/ł/g, 'l')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 255)
  )
}
