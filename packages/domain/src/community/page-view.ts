/**
 * The seed's mobile-view toggle (issue 18): a visitor on a small screen may ask for the full
 * desktop layout. Remembered per device in a long-lived cookie the server reads, so the very first
 * byte of every page carries the right viewport — no flash of the other layout. No zod here: the
 * root of every page imports this file, and the home page's script budget has no room for it.
 *
 *   POST /api/page-view  ← PageViewForm (page-view-form.ts; a plain form: works without JavaScript)
 *                        → 303 back to the page, at the toggle
 */
export const PAGE_VIEWS = ['mobile', 'desktop'] as const
export type PageView = (typeof PAGE_VIEWS)[number]

/** Holds `desktop`; absent means the mobile (responsive) layout, the default. */
export const PAGE_VIEW_COOKIE = 'optika-view'
/** Browsers keep a cookie 400 days at most. */
export const PAGE_VIEW_MAX_AGE_S = 400 * 24 * 60 * 60
/** The full desktop layout: the page is laid out 1280 px wide and the phone zooms out. */
export const DESKTOP_VIEWPORT_WIDTH = 1280
/** The toggle's element id: the answer returns to it, so the reader continues there. */
export const PAGE_VIEW_ANCHOR = 'page-view'

/** The `content` of the page's viewport meta tag. */
export function viewportContent(view: PageView): string {
  return view === 'desktop'
    ? `width=${DESKTOP_VIEWPORT_WIDTH}`
    : 'width=device-width, initial-scale=1'
}

/** The view a request's Cookie header asks for. */
export function pageViewOf(cookieHeader: string | null | undefined): PageView {
  if (!cookieHeader) return 'mobile'
  return cookieHeader.split(';').some((part) => part.trim() === `${PAGE_VIEW_COOKIE}=desktop`)
    ? 'desktop'
    : 'mobile'
}
