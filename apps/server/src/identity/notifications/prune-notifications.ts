import { and, eq, lte, or, sql } from 'drizzle-orm'
import { NOTIFICATION_RETENTION_DAYS } from '@optika/domain/identity/notifications'
import type { Db } from '../../platform/db/client.ts'
import { notifications } from '../../platform/db/schema/governance.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'

export const PRUNE_NOTIFICATIONS_JOB = 'identity.prune-notifications'

/** No user keeps more than this many notifications: the oldest beyond it go. */
export const NOTIFICATIONS_PER_USER = 1000

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Keeps notifications bounded: read ones go after 30 days, unread ones after 180, and each user
 * keeps at most the newest 1000 (a runaway sender cannot fill the table).
 */
export async function pruneNotifications(
  db: Db,
  now: Date = new Date(),
): Promise<{ aged: number; overflow: number }> {
  const readBefore = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS.read * DAY_MS)
  const anyBefore = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS.unread * DAY_MS)
  const aged = await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.read, true), lte(notifications.createdAt, readBefore)),
        lte(notifications.createdAt, anyBefore),
      ),
    )
    .returning({ id: notifications.id })
  const overflow = await db.execute<{ id: number }>(sql`
    delete from notifications where id in (
      select id from (
        select id, row_number() over (partition by recipient_id order by id desc) as n
        from notifications
      ) ranked where n > ${NOTIFICATIONS_PER_USER}
    ) returning id`)
  return { aged: aged.length, overflow: overflow.rows.length }
}

/** Runs `pruneNotifications` every night on the job queue, once across all processes. */
export function defineNotificationPruning(jobs: JobQueue, db: Db): void {
  jobs.define({
    name: PRUNE_NOTIFICATIONS_JOB,
    schedule: '23 3 * * *',
    pollSeconds: 30,
    retries: 1,
    async run() {
      await pruneNotifications(db)
    },
  })
}
