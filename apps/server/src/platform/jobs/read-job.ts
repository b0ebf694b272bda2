import { and, eq } from 'drizzle-orm'
import type { Job } from '@optika/domain/pim/grid-api'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema/pim.ts'
import { notFound } from '../http/app-error.ts'

export type JobRow = typeof jobs.$inferSelect

/** A job of `ownerId` by id; someone else's job is answered as not found. */
export async function readOwnJob(db: Db, ownerId: number, id: string): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)))
  if (!row) throw notFound('pimGrid.jobNotFound')
  return row
}

/** The job as the API shows it, its failure translated. */
export function toJob(row: JobRow, t: (key: string) => string): Job {
  const percent =
    row.status === 'done'
      ? 100
      : row.total > 0
        ? Math.min(99, Math.floor((row.done / row.total) * 100))
        : 0
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    done: row.done,
    total: row.total,
    percent,
    result: (row.result as Record<string, unknown> | null) ?? null,
    error: row.errorKey ? t(row.errorKey) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
