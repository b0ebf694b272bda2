import type { Db } from '../platform/db/client.ts'
import { emailBlocklist } from '../platform/db/schema/email-log.ts'

/** A demo address on the e-mail blocklist: mail to it shows up in the log as 'blocked'. */
export const DEMO_BLOCKED_ADDRESS = 'unsubscribed@example.com'

/** Puts the demo address on the blocklist; `db` is the seed's transaction. */
export async function insertDemoEmailBlocklist(db: Db): Promise<void> {
  await db
    .insert(emailBlocklist)
    .values({ address: DEMO_BLOCKED_ADDRESS, reason: 'Demo: asked not to receive mail' })
    .onConflictDoNothing()
}
