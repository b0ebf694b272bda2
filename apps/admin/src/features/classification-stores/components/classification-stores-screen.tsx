/** Placeholder until the screen lands. */
export function ClassificationStoresScreen() {
  return null
}
