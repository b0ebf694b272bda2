export type ElementAddress =
  | { readonly kind: 'none' }
  | { readonly kind: 'element'; readonly id: number }
  | { readonly kind: 'invalid' }

function readId(text: string): number | null {
  if (!/^\d{1,12}$/.test(text)) return null
  const id = Number(text)
  return id > 0 ? id : null
}

/**
 * The element an address opens: `/admin/data-objects/123` (the sub-path) or `?id=123`. Any other
 * sub-path is not an address of this screen (the shell's "not found"); no id opens nothing.
 */
export function readElementId(subPath: string | undefined, queryId: string | null): ElementAddress {
  const path = (subPath ?? '').replace(/\/+$/, '')
  if (path !== '') {
    const id = readId(path)
    return id === null ? { kind: 'invalid' } : { kind: 'element', id }
  }
  if (queryId !== null && queryId !== '') {
    const id = readId(queryId)
    return id === null ? { kind: 'none' } : { kind: 'element', id }
  }
  return { kind: 'none' }
}
