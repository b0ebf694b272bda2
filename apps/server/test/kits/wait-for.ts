/**
 * Polls `check` until it returns something other than undefined/false, or fails after
 * `timeoutMs` naming what it waited for: tests wait for states, never for time.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000)
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined && value !== false) return value
      last = value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50))
  }
}
