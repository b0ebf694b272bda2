/** Custom reports: definitions, data grids, charts and exports (issue 20). */
export function CustomReportsScreen() {
  return null
}
