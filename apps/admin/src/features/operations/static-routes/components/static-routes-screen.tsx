/** /admin/static-routes — the static routes. Built by its slice of issue 19. */
export function StaticRoutesScreen() {
  return null
}
