/** The workflow definitions: places, transitions, guards and their graph (issue 20). */
export function WorkflowsScreen() {
  return null
}
