/** /admin/email-log — the e-mail log and the blocklist. Built by its slice of issue 19. */
export function EmailLogScreen() {
  return null
}
