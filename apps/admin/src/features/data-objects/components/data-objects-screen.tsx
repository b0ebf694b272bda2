/** Placeholder until the screen lands. */
export function DataObjectsScreen() {
  return null
}
