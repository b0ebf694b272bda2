import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'

/** How often a process asks whether another one changed something it keeps in memory. */
const POLL_MS = 1_000

export interface ChangeSignals {
  /**
   * Says that what `topic` names changed (the redirects, the dictionary…): this process's
   * listeners run now, other processes' within a second. Call it after the change committed.
   */
  changed(topic: string): Promise<void>
  /** Runs `listener` whenever `topic` changed, in this process or in another one. */
  on(topic: string, listener: () => unknown): void
  /**
   * `load()`'s value, kept while `topic`'s version is unchanged. Every `get` reads the versions
   * first (one statement shared by the callers of one I/O turn), so a change committed before the
   * call, by any process, is in its answer: for what a request must see at once, where the
   * once-a-second poll of `on` is too late (the shop's shipping and payment settings).
   */
  kept<T>(topic: string, load: () => Promise<T>): { get(): Promise<T> }
  /** Reads the versions and runs the listeners of topics another process changed since. */
  sync(): Promise<void>
  /** Reads the versions as they are now, then syncs every second until `stop`. */
  start(): Promise<void>
  stop(): Promise<void>
}

/**
 * What a process keeps in memory (the dictionary, redirects, website settings, routes…) follows
 * changes made by any process on the same database (decision 060): a change bumps its topic's
 * version in `change_signals`; every process reads the versions once a second (one tiny query for
 * all topics) and reloads the topics that moved. PGlite is one process, so polling finds nothing
 * there, but the same code runs.
 */
export function createChangeSignals(
  database: Database,
  options: { pollMs?: number; onError?: (error: unknown) => void } = {},
): ChangeSignals {
  const listeners = new Map<string, (() => unknown)[]>()
  const seen = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined

  async function notify(topic: string): Promise<void> {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        await listener()
      } catch (error) {
        options.onError?.(error)
      }
    }
  }

  let started = false

  async function sync(): Promise<void> {
    const { rows } = await database.db.execute<{ topic: string; version: string | number }>(
      sql`select topic, version from change_signals`,
    )
    for (const row of rows) {
      const version = Number(row.version)
      const before = seen.get(row.topic)
      seen.set(row.topic, version)
      // Before the first read everything is as it was loaded; after it, a new topic is a change.
      if (started && before !== version) await notify(row.topic)
    }
  }

  // On the embedded database every change is this process's: the triggers' notifications (and
  // `changed`) move `epoch`, and the versions read at the current epoch are still the current ones.
  let epoch = 0
  const listening: Promise<boolean> = database.listen
    ? database
        .listen('change_signals', () => {
          epoch += 1
        })
        .then(
          () => true,
          () => false,
        )
    : Promise.resolve(false)
  let known: { epoch: number; versions: Map<string, number> } | undefined

  // One read of every version at a time; a caller joins the read that has not started yet (it
  // starts one macrotask later, after the callers of this I/O turn), else schedules the next.
  let scheduled: Promise<Map<string, number>> | undefined
  let running: Promise<unknown> | undefined
  async function currentVersions(): Promise<Map<string, number>> {
    const heard = await listening
    if (heard && known?.epoch === epoch) return known.versions
    const at = epoch
    const versions = await readVersions()
    if (heard) known = { epoch: at, versions }
    return versions
  }
  function readVersions(): Promise<Map<string, number>> {
    scheduled ??= (async () => {
      await running?.catch(() => {})
      await new Promise<void>((resolve) => setImmediate(resolve))
      scheduled = undefined
      const read = database.db
        .execute<{ topic: string; version: string | number }>(
          sql`select topic, version from change_signals`,
        )
        .then(({ rows }) => new Map(rows.map((row) => [row.topic, Number(row.version)])))
      running = read
      try {
        return await read
      } finally {
        if (running === read) running = undefined
      }
    })()
    return scheduled
  }

  return {
    kept<T>(topic: string, load: () => Promise<T>) {
      let kept: { version: number; value: Promise<T> } | undefined
      return {
        async get() {
          const version = (await currentVersions()).get(topic) ?? 0
          if (kept?.version !== version) {
            const value = load()
            kept = { version, value }
            // A failed read is not kept: the next caller tries again.
            value.catch(() => {
              if (kept?.value === value) kept = undefined
            })
          }
          return kept.value
        },
      }
    },
    async changed(topic) {
      const { rows } = await database.db.execute<{ version: string | number }>(
        sql`insert into change_signals (topic, version) values (${topic}, 1)
            on conflict (topic) do update set version = change_signals.version + 1, changed_at = now()
            returning version`,
      )
      // This process reloads now; remembering the version keeps the poll from doing it again.
      const version = rows[0]?.version
      if (version !== undefined) seen.set(topic, Number(version))
      epoch += 1
      await notify(topic)
    },
    on(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener])
    },
    sync,
    async start() {
      if (timer) return
      await sync()
      started = true
      timer = setInterval(() => {
        polling ??= sync()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            polling = undefined
          })
      }, options.pollMs ?? POLL_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await polling
    },
  }
}
