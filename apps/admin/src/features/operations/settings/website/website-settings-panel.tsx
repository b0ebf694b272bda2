/** Typed website settings per site and language. Built by its slice of issue 19. */
export function WebsiteSettingsPanel() {
  return null
}
