/** robots.txt per site and the sitemap's state. Built by its slice of issue 19. */
export function RobotsPanel() {
  return null
}
