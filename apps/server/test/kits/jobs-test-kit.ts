import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../src/platform/db/client.ts'
import { emailLog } from '../../src/platform/db/schema/identity.ts'
import { jobs } from '../../src/platform/db/schema/pim.ts'
import { waitFor } from './wait-for.ts'

/** The job's row once it is 'done' or 'failed' (the queue runs it in the background). */
export async function waitForJobRow(db: Db, id: string, timeoutMs = 30_000) {
  return waitFor(
    `job ${id} to finish`,
    async () => {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined
    },
    { timeoutMs },
  )
}

/** The email_log row once its mail job has handled it (no longer 'queued'). */
export async function waitForMailRow(db: Db, id: number, timeoutMs = 30_000) {
  return waitFor(
    `mail ${id} to leave the queue`,
    async () => {
      const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id))
      return row && row.status !== 'queued' ? row : undefined
    },
    { timeoutMs },
  )
}

/** A queued job's state once the queue has finished with it ('completed' or 'failed'). */
export async function waitForQueuedJob(db: Db, id: string, timeoutMs = 30_000): Promise<string> {
  return waitFor(
    `queued job ${id} to finish`,
    async () => {
      const { rows } = await db.execute<{ state: string }>(
        sql`select state from pgboss.job where id = ${id}::uuid`,
      )
      const state = rows[0]?.state
      return state === 'completed' || state === 'failed' ? state : undefined
    },
    { timeoutMs },
  )
}
