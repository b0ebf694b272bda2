import { useSyncExternalStore } from 'react'

const subscribe = (): (() => void) => () => undefined

/** False in the server's page and while hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
