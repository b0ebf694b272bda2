/** /admin/search-results — the header search's full results. Built by its slice of issue 19. */
export function SearchResultsScreen() {
  return null
}
