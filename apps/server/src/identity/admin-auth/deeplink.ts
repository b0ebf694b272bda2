/** Where each element type of a Pimcore-style deeplink opens in the back office. */
const ELEMENT_PATHS = {
  object: '/admin/data-objects',
  asset: '/admin/assets',
  document: '/admin/documents',
} as const

type ElementType = keyof typeof ELEMENT_PATHS

function isElementType(value: string): value is ElementType {
  return Object.hasOwn(ELEMENT_PATHS, value)
}

/**
 * The back-office path a deeplink names: `?type=object&id=123`, or Pimcore's own form
 * `?object_123_object` (type, id, subtype). Null when the query names nothing.
 */
export function deeplinkTarget(query: Record<string, unknown>): string | null {
  const { type, id } = query
  if (
    typeof type === 'string' &&
    typeof id === 'string' &&
    isElementType(type) &&
    /^\d{1,12}$/.test(id)
  ) {
    return `${ELEMENT_PATHS[type]}/${id}`
  }
  for (const key of Object.keys(query)) {
    const match = /^(object|asset|document)_(\d{1,12})(?:_[a-z]+)?$/.exec(key)
    if (match?.[1] && match[2] && isElementType(match[1]))
      return `${ELEMENT_PATHS[match[1]]}/${match[2]}`
  }
  return null
}
