/** The signed-in user's notifications, reached from the header's bell (issue 20). */
export function NotificationsScreen() {
  return null
}
