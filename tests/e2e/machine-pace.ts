import { availableParallelism, loadavg } from 'node:os'

/**
 * How much slower than idle this machine runs as the journeys start: the load per core, from 1
 * (idle) up to 4. Timeouts are only limits — a passing journey never waits for them — so they
 * grow with the load instead of failing journeys that are merely slow on a busy 2-core box.
 */
export const PACE = Math.min(4, Math.max(1, (loadavg()[0] ?? 0) / availableParallelism()))

/** A timeout for this machine: `ms` measured on an idle one, times the pace. */
export function scaled(ms: number): number {
  return Math.round(ms * PACE)
}
