/** Placeholder until the screen lands. */
export function QuantityUnitsScreen() {
  return null
}
