/** Predefined asset metadata definitions. Built by its slice of issue 19. */
export function MetadataDefinitionsPanel() {
  return null
}
