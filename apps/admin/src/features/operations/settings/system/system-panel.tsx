/** Languages, logo, shop name and contact, mail sender, debug mode. Built by its slice of issue 19. */
export function SystemPanel() {
  return null
}
