/** Image thumbnail configurations. Built by its slice of issue 19. */
export function ImageThumbnailsPanel() {
  return null
}
