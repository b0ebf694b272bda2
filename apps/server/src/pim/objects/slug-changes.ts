import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { LOCALES } from '@optika/i18n/locales'
import { categoryUrl, productUrl } from '../../catalogue/reads/catalogue-urls.ts'
import type { Db } from '../../platform/db/client.ts'

/** A storefront address that moved: `from` answered until now, `to` answers from now on. */
export interface MovedUrl {
  readonly from: string
  readonly to: string
}

/** Told, in the saving transaction, of each storefront URL a published save moved. */
export type MovedUrlListener = (tx: Db, moved: MovedUrl) => Promise<void>

// The PIM may not import the SEO redirects (operations is above it): the composition root adds
// the listener. A Set, so building several apps in one process (tests) adds it once.
const listeners = new Set<MovedUrlListener>()

/** Adds a listener for moved product and category URLs (idempotent for one function). */
export function onMovedObjectUrl(listener: MovedUrlListener): void {
  listeners.add(listener)
}

function slugOf(data: Readonly<Record<string, unknown>> | null): LocalizedText | undefined {
  const slug = data?.slug
  return slug && typeof slug === 'object' ? slug : undefined
}

/**
 * The storefront URLs (every language) of a Product or Category that change when its data goes
 * from `before` (published) to `after` (published): a slug edit, in any language or the ones
 * that fall back to it. Other classes, variants and unpublished states move nothing.
 */
export function movedObjectUrls(input: {
  id: number
  type: string
  classId: string | null
  before: { published: boolean; data: Readonly<Record<string, unknown>> }
  after: { published: boolean; data: Readonly<Record<string, unknown>> }
}): MovedUrl[] {
  if (input.type !== 'object' || !input.before.published || !input.after.published) return []
  const urlOf =
    input.classId === 'Product' ? productUrl : input.classId === 'Category' ? categoryUrl : null
  if (!urlOf) return []
  const moved: MovedUrl[] = []
  for (const locale of LOCALES) {
    const from = urlOf(locale, input.id, slugOf(input.before.data))
    const to = urlOf(locale, input.id, slugOf(input.after.data))
    if (from !== to) moved.push({ from, to })
  }
  return moved
}

/** Tells the listeners of each moved URL, in the caller's transaction. */
export async function announceMovedUrls(tx: Db, moved: readonly MovedUrl[]): Promise<void> {
  for (const url of moved) for (const listener of listeners) await listener(tx, url)
}
