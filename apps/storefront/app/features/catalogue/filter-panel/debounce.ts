/** A call postponed until `ms` have passed without another `schedule`. */
export interface Debounced<A extends unknown[]> {
  /** Postpones the call with these arguments (replacing any waiting call). */
  schedule(...args: A): void
  /** Makes the waiting call now, if there is one. */
  flush(): void
  /** Drops the waiting call. */
  cancel(): void
  readonly pending: boolean
}

/**
 * Debounces `fn` (seed section 9: the text filter waits 500 ms after the last keystroke, so a
 * typed word makes one request). Kept free of React so it can be tested with fake timers.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: A | undefined
  const run = () => {
    const args = waiting
    clearTimeout(timer)
    timer = undefined
    waiting = undefined
    if (args) fn(...args)
  }
  return {
    schedule(...args) {
      waiting = args
      clearTimeout(timer)
      timer = setTimeout(run, ms)
    },
    flush: run,
    cancel() {
      clearTimeout(timer)
      timer = undefined
      waiting = undefined
    },
    get pending() {
      return waiting !== undefined
    },
  }
}
