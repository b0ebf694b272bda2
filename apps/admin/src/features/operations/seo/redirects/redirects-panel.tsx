/** Redirect rules: list, edit, test a URL, CSV import and export, cleanup. Built by its slice of issue 19. */
export function RedirectsPanel() {
  return null
}
