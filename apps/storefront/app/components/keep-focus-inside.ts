import type { KeyboardEvent } from 'react'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog keeps the page behind it inert, yet Tab from its last control (or Shift+Tab from
 * its first) would leave it for the browser's own controls: wrap round instead. Call from the
 * dialog's keydown handler with the Tab key's event.
 */
export function keepFocusInside(dialog: HTMLElement | null, event: KeyboardEvent): void {
  if (!dialog || event.key !== 'Tab') return
  const controls = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (control) => control.getClientRects().length > 0,
  )
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
