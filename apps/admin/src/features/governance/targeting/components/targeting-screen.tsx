/** Personalization: targeting rules and target groups (issue 20). */
export function TargetingScreen() {
  return null
}
