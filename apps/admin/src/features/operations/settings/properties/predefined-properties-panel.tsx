/** Predefined properties of documents, assets and objects. Built by its slice of issue 19. */
export function PredefinedPropertiesPanel() {
  return null
}
