import { useEffect, useRef, useState } from 'react'
import { NavigationType, useLocation, useNavigationType } from 'react-router'

/** Where a page's main heading is looked for; the main landmark when a page has none. */
const HEADING = 'main h1'

/**
 * After a client-side navigation to another page, moves focus to the new page's main heading
 * and announces its title in a polite live region, as a full page load would have told a
 * screen-reader user. The first load is left alone (the browser already announces it), and so
 * are replacements of the same address (a form sent back to its own page) and hash jumps.
 */
export function RouteFocus() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const [announcement, setAnnouncement] = useState('')
  const shown = useRef<string | null>(null)

  const address = location.pathname + location.search
  useEffect(() => {
    const previous = shown.current
    shown.current = address
    if (previous === null || previous === address) return
    // A replaced query on the same page (a filter remembered in the address) keeps the focus.
    if (
      navigationType === NavigationType.Replace &&
      new URL(previous, 'http://x').pathname === location.pathname
    )
      return
    const target =
      document.querySelector<HTMLElement>(HEADING) ?? document.querySelector<HTMLElement>('main')
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      // The scroll position is the router's (top, or the remembered one on Back).
      target.focus({ preventScroll: true })
    }
    // The same words twice would not be read again: the second time differs by a space.
    const title = document.title
    setAnnouncement((said) => (said === title ? `${title}\u00a0` : title))
  }, [address, location.pathname, navigationType])

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="page-announcer"
      className="sr-only"
    >
      {announcement}
    </div>
  )
}
