/** Placeholder until the screen lands. */
export function ClassDefinitionsScreen() {
  return null
}
