/** The application log's viewer with filters and details (issue 20). */
export function ApplicationLogScreen() {
  return null
}
