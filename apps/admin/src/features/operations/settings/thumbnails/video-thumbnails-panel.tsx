/** Video thumbnail configurations. Built by its slice of issue 19. */
export function VideoThumbnailsPanel() {
  return null
}
