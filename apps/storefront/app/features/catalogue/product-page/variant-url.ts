/**
 * The page address with the `variant` parameter naming `variantId`; every other parameter (the
 * list's filters, `cid`) is kept, so the back link and a shared link still know the list.
 */
export function urlWithVariant(href: string, variantId: number): string {
  const url = new URL(href)
  url.searchParams.set('variant', String(variantId))
  return `${url.pathname}${url.search}${url.hash}`
}
