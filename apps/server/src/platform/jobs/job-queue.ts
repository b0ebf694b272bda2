import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss'
import type { Database, Db } from '../db/client.ts'
import { writeAppLog } from '../app-log/write-app-log.ts'

/** One attempt at a queued job, as its handler sees it. */
export interface QueuedJob<Data> {
  readonly id: string
  readonly data: Data
  /** 0 on the first attempt, 1 on the first retry … */
  readonly attempt: number
  /** No retry follows if this attempt fails: the handler records the failure where people see it. */
  readonly lastAttempt: boolean
  /** Aborted when the queue stops, or when the job's claim was taken away. */
  readonly signal: AbortSignal
}

/** A kind of background work, defined by name in every process before the queue starts. */
export interface JobDefinition<Data extends object> {
  /** The queue's name: `context.what` (`mail.send`, `grid.export`). */
  readonly name: string
  run(job: QueuedJob<Data>): Promise<void>
  /**
   * Called once, in some process, when the job is given up: its last attempt failed, or the
   * process running it died on its last attempt. `error` is the last failure's message.
   */
  readonly onDead?: (data: Data, error: string) => Promise<void>
  /** Retries after a failed attempt (default 2), spaced by exponential backoff. */
  readonly retries?: number
  /** The first retry's delay; each further one doubles, with jitter (default 5 s). */
  readonly retryDelaySeconds?: number
  /** The longest delay between retries (default 30 minutes). */
  readonly retryDelayMaxSeconds?: number
  /**
   * For long work: the worker touches the job every half of this, and a job whose process died is
   * retried by another after about this long plus one supervision pass (at least 10).
   */
  readonly heartbeatSeconds?: number
  /** An attempt running longer than this is failed (and retried); default 15 minutes. */
  readonly expireInSeconds?: number
  /**
   * A cron expression (UTC): the queue creates one job per period, whichever processes are up,
   * and at most one waits while another runs.
   */
  readonly schedule?: string
  /** Jobs of this kind one process runs at once (default 1). */
  readonly concurrency?: number
  /** How often an idle worker looks for retries and jobs it was not woken for (default 2 s). */
  readonly pollSeconds?: number
}

export interface SendOptions {
  /**
   * The caller's transaction (or database): the job is created in it, so it exists only if the
   * transaction commits. Required inside a transaction on PGlite, whose one connection the
   * transaction holds.
   */
  readonly db?: Db
  /** Runs no earlier than this many seconds from now. */
  readonly startAfterSeconds?: number
}

export interface JobQueue {
  /** Registers a kind of job; all definitions come before `start`. */
  define<Data extends object>(definition: JobDefinition<Data>): void
  /** Enqueues a job of a defined kind; resolves to its id. */
  send<Data extends object>(name: string, data: Data, options?: SendOptions): Promise<string>
  /** Creates the queues and schedules, then starts the workers (unless `work: false`). */
  start(): Promise<void>
  /** Stops fetching, waits up to the timeout for running jobs, and closes the queue's connections. */
  stop(): Promise<void>
}

export interface JobQueueOptions {
  /** Run the workers (default true); false only enqueues, e.g. a process that serves no jobs. */
  readonly work?: boolean
  /** Where the queue's own trouble (lost connection, a failed handler) is reported. */
  readonly log?: { error(object: object, message: string): void }
  /** How long `stop` waits for running jobs before leaving them to another process (ms). */
  readonly stopTimeoutMs?: number
  /** Seconds between supervision passes, which retry the jobs of dead processes (default 10). */
  readonly superviseSeconds?: number
}

/** Short jobs one worker fetches at once (and runs one after another). */
const SHORT_JOB_BATCH = 8

/** A failed attempt as the job's output: what pg-boss stores for a thrown error. */
function failureOutput(error: unknown): { message: string; stack?: string } {
  return error instanceof Error
    ? { message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
    : { message: String(error) }
}

/** Failed jobs of every kind that has `onDead` go here, so the failure reaches its records. */
const DEAD_LETTERS = 'dead-letters'

/** The raw client drizzle was built on: a PGlite instance or a node-postgres pool. */
function clientOf(database: Database): unknown {
  return (database.db as unknown as { $client?: unknown }).$client
}

/** pg-boss's connection: the app's own PGlite instance, or a small pool of its own on PostgreSQL. */
function connectionOptions(database: Database): ConstructorOptions {
  const client = clientOf(database)
  if (database.engine === 'pglite') {
    return { db: fromPglite(client as PGlite), backend: 'pglite' }
  }
  const connectionString = (client as pg.Pool | undefined)?.options?.connectionString
  if (!connectionString) throw new Error('The job queue needs the PostgreSQL connection string')
  return { connectionString, max: 4, application_name: 'optika-jobs' }
}

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String(output.message)
  }
  return output === null || output === undefined ? 'unknown error' : JSON.stringify(output)
}

/**
 * Puts a failed attempt in the application log (decision 065): a warning while a retry follows,
 * an error when it was the last. The job's data goes in the context (secrets stripped there).
 */
async function logFailedAttempt(
  db: Db,
  name: string,
  job: JobWithMetadata<object>,
  lastAttempt: boolean,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error)
  await writeAppLog(db, {
    priority: lastAttempt ? 'error' : 'warning',
    component: 'jobs',
    message: lastAttempt
      ? `Job ${name} failed on its last attempt: ${message}`
      : `Job ${name} failed (attempt ${String(job.retryCount + 1)} of ${String(job.retryLimit + 1)}), retrying: ${message}`,
    context: { queue: name, jobId: job.id, attempt: job.retryCount, data: job.data },
    ...(error instanceof Error && error.stack ? { fileObject: error.stack } : {}),
    source: 'job-queue',
  })
}

/**
 * The shop's durable job queue (decision 022): pg-boss on the shop's own database — PGlite
 * through its single connection, PostgreSQL through a small pool of its own. A job is a row in
 * pg-boss's tables, so it survives restarts and runs in whichever process fetches it first.
 */
export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const definitions = new Map<string, JobDefinition<object>>()
  const boss = new PgBoss({
    ...connectionOptions(database),
    // A new job wakes a worker at once; polling remains for retries and delayed jobs.
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseSeconds ?? 10,
    monitorIntervalSeconds: options.superviseSeconds ?? 10,
    cronMonitorIntervalSeconds: 10,
  })
  // An 'error' event nobody hears would end the process.
  boss.on('error', (error: Error) => options.log?.error({ err: error }, 'job queue error'))
  let started: Promise<void> | null = null
  let stopped = false

  async function createQueues(): Promise<void> {
    const hasDead = [...definitions.values()].some((d) => d.onDead)
    if (hasDead) await boss.createQueue(DEAD_LETTERS, { retryLimit: 5, retryDelay: 5 })
    for (const definition of definitions.values()) {
      const settings = {
        retryLimit: definition.retries ?? 2,
        retryDelay: definition.retryDelaySeconds ?? 5,
        retryBackoff: true,
        retryDelayMax: definition.retryDelayMaxSeconds ?? 30 * 60,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
        ...(definition.onDead ? { deadLetter: DEAD_LETTERS } : {}),
        notify: true,
      }
      // Scheduled work never piles up: one waiting and one running at most.
      await boss.createQueue(definition.name, {
        ...settings,
        policy: definition.schedule ? 'stately' : 'standard',
      })
      // Settings changed since the queue was first created apply from now on.
      await boss.updateQueue(definition.name, settings)
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {})
      else await boss.unschedule(definition.name)
    }
  }

  async function startWorkers(): Promise<void> {
    for (const definition of definitions.values()) {
      const poll = definition.pollSeconds ?? 2
      await boss.work(
        definition.name,
        {
          includeMetadata: true,
          localConcurrency: definition.concurrency ?? 1,
          pollingIntervalSeconds: poll,
          notifyPollingIntervalSeconds: poll,
          // A backlog drains without waiting a poll per job: while a fetch comes back full the
          // worker fetches again at once. Long work (with a heartbeat) is fetched one at a time,
          // so no job waits in a batch while its claim runs out.
          batchSize: definition.heartbeatSeconds ? 1 : SHORT_JOB_BATCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs: JobWithMetadata<object>[]): Promise<JobResult[]> => {
          const results: JobResult[] = []
          for (const job of jobs) {
            const lastAttempt = job.retryCount >= job.retryLimit
            try {
              await definition.run({
                id: job.id,
                data: job.data,
                attempt: job.retryCount,
                lastAttempt,
                signal: job.signal,
              })
              results.push({ id: job.id, status: 'completed' })
            } catch (error) {
              await logFailedAttempt(database.db, definition.name, job, lastAttempt, error)
              results.push({ id: job.id, status: 'failed', output: failureOutput(error) })
            }
          }
          return results
        },
      )
    }
    if ([...definitions.values()].some((d) => d.onDead)) {
      await boss.work(
        DEAD_LETTERS,
        { includeMetadata: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
        async (jobs: JobWithMetadata<object>[]) => {
          for (const job of jobs) {
            const definition = job.sourceName ? definitions.get(job.sourceName) : undefined
            await writeAppLog(
              database.db,
              {
                priority: 'error',
                component: 'jobs',
                message: `Job ${job.sourceName ?? 'unknown'} was given up: ${errorMessage(job.sourceOutput)}`,
                context: { queue: job.sourceName, jobId: job.sourceId, data: job.data },
                source: 'job-queue',
              },
              options.log,
            )
            await definition?.onDead?.(job.data, errorMessage(job.sourceOutput))
          }
        },
      )
    }
  }

  return {
    define(definition) {
      if (started) throw new Error(`Job ${definition.name} defined after the queue started`)
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} defined twice`)
      definitions.set(definition.name, definition as unknown as JobDefinition<object>)
    },
    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`)
      if (!started) throw new Error('The job queue has not started')
      await started
      const id = await boss.send(name, data, {
        ...(sendOptions.db ? { db: fromDrizzle(sendOptions.db, sql) } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      })
      if (!id) throw new Error(`Job ${name} was not created`)
      return id
    },
    async start() {
      started ??= (async () => {
        await boss.start()
        await createQueues()
        if (options.work !== false) await startWorkers()
      })()
      await started
    },
    async stop() {
      if (!started || stopped) return
      stopped = true
      await started.catch(() => undefined)
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000, close: true })
    },
  }
}
