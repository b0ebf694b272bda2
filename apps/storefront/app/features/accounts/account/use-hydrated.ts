import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's HTML and true once React runs in the browser. Forms submit through
 * scripts, so their buttons stay disabled until then (a click before would send nothing).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
