import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** How often the server looks whether it has been idle: a release waits one to two of these. */
export const IDLE_CHECK_MS = 1_000

/** How much the process must have grown since the last release before an idle one runs again. */
const RELEASE_GROWTH_BYTES = 32 * 1024 * 1024

export interface IdleReleaseOptions {
  /** The process's resident memory in bytes. */
  readonly rss: () => number
  /** A full collection that returns what it frees to the system. */
  readonly collect: () => void
  readonly growthBytes?: number
  readonly onRelease?: (released: { rssBefore: number; rssAfter: number; ms: number }) => void
}

/**
 * Gives the memory a burst of traffic left behind back to the system once the burst is over
 * (decision 078). Under load V8 collects only as much as it must: its old generation grows by a
 * quarter over what is alive, and the request buffers that die with the garbage keep malloc's
 * pages. A server that served a few hundred requests a second then went quiet kept about 480 MiB
 * for 320 MiB that was alive. When a whole check interval passes with no request and the process
 * has grown by `growthBytes` since the last release, one collection (V8's "last resort": compact,
 * release empty pages, free dead buffers) runs. A request arriving meanwhile waits for it (about
 * 0.2–0.3 s at 100,000 products); a busy server never pauses for it.
 */
export class IdleMemoryRelease {
  private requests = 0
  private requestsAtLastCheck = 0
  private rssAfterLastRelease: number
  private readonly options: IdleReleaseOptions

  constructor(options: IdleReleaseOptions) {
    this.options = options
    this.rssAfterLastRelease = options.rss()
  }

  /** Counts a request; the only work a request pays for. */
  noteRequest(): void {
    this.requests += 1
  }

  /** Runs at every interval: releases when no request came since the last check and it pays. */
  check(): boolean {
    const quiet = this.requests === this.requestsAtLastCheck
    this.requestsAtLastCheck = this.requests
    if (!quiet) return false
    const rssBefore = this.options.rss()
    const growth = this.options.growthBytes ?? RELEASE_GROWTH_BYTES
    if (rssBefore - this.rssAfterLastRelease < growth) return false
    const started = performance.now()
    this.options.collect()
    const rssAfter = this.options.rss()
    this.rssAfterLastRelease = rssAfter
    this.options.onRelease?.({ rssBefore, rssAfter, ms: performance.now() - started })
    return true
  }
}

/**
 * V8's full collection for this process, without exposing `gc` to every module: the flag only
 * installs the function in contexts made after it, and this one context is the only holder.
 */
export function lastResortCollection(): () => void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'major'; flavor: 'last-resort' }) => void
  return () => gc({ type: 'major', flavor: 'last-resort' })
}

/** Watches `server`'s requests and releases memory when it goes idle, until the process ends. */
export function releaseMemoryWhenIdle(
  server: { on(event: 'request', listener: () => void): unknown },
  onRelease: IdleReleaseOptions['onRelease'],
): void {
  const release = new IdleMemoryRelease({
    rss: () => process.memoryUsage.rss(),
    collect: lastResortCollection(),
    onRelease,
  })
  server.on('request', () => release.noteRequest())
  setInterval(() => release.check(), IDLE_CHECK_MS).unref()
}
