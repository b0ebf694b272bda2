import { eq } from 'drizzle-orm'
import type { Db } from '../platform/db/client.ts'
import { adminUsers } from '../platform/db/schema/users.ts'
import { sendNotification } from '../identity/notifications/send-notification.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'
import { DEMO_CATALOGUE_MANAGER } from './demo-workflow.ts'

/**
 * Two notifications waiting for the demo administrator, so the header's bell shows its counter
 * from the first sign-in: a welcome, and the catalogue manager's request about a product (linked,
 * so it opens the product's editor). Titles and messages are catalogue keys (non-null `params`):
 * each reader gets them in their language. `db` is the seed's transaction.
 */
export async function insertDemoNotifications(db: Db, productId: number | null): Promise<void> {
  const userId = async (username: string) =>
    (
      await db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.username, username))
    )[0]?.id ?? null
  const admin = await userId(DEMO_ACCOUNTS.admin.username)
  if (admin === null) return
  const manager = await userId(DEMO_CATALOGUE_MANAGER.username)
  await sendNotification(db, {
    recipients: { userIds: [admin] },
    type: 'info',
    title: 'notifications.demo.welcome.title',
    message: 'notifications.demo.welcome.message',
    params: {},
  })
  await sendNotification(db, {
    recipients: { userIds: [admin] },
    senderId: manager,
    type: 'info',
    title: 'notifications.demo.checkPrices.title',
    message: 'notifications.demo.checkPrices.message',
    params: {},
    element: productId === null ? null : { type: 'object', id: productId },
  })
}
