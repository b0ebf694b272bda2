/** /admin/glossary-terms — the glossary. Built by its slice of issue 19. */
export function GlossaryScreen() {
  return null
}
