import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import type { JobLogger } from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

/** What a request needs to start grid jobs. */
export interface GridJobDeps {
  readonly jobs: JobQueue
}

/** What a grid's job handlers need, in whichever process runs them. */
export interface GridJobHandlerDeps {
  readonly db: Db
  readonly jobs: JobQueue
  readonly files: JobFileStore
  readonly translator: Translator
  readonly log: JobLogger
}

/** Splits ids into the chunks a job processes (get-export-jobs, get-batch-jobs). */
export function chunkIds(ids: readonly number[], size = 20): { total: number; jobs: number[][] } {
  const chunks: number[][] = []
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size))
  return { total: ids.length, jobs: chunks }
}

/** A failure of one item as a job's result shows it, in the caller's language. */
export function jobItemMessage(ctx: AdminContext, error: unknown, log: JobLogger): string {
  if (error instanceof AppError) {
    const details = Array.isArray(error.details)
      ? (error.details as { path?: string; key?: string; message?: string; params?: never }[])
          .map((d) =>
            d.key ? `${d.path ?? ''}: ${ctx.t(d.key, d.params)}` : `${d.path ?? ''}: ${d.message}`,
          )
          .join('; ')
      : ''
    const message = ctx.t(error.key, error.params)
    return details ? `${message} (${details})` : message
  }
  log.error({ err: error }, 'grid job item failed')
  return ctx.t('pimGrid.itemFailed')
}
