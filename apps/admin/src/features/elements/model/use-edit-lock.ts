import { useEffect, useState } from 'react'
import { lockElement, unlockElement, type ElementRef } from '../api/element-api.ts'

/**
 * Lock and unlock calls run one after another: opening, closing and reopening an editor quickly
 * (or React's double effects in development) must never leave the unlock last by accident.
 */
let lockQueue: Promise<unknown> = Promise.resolve()
function queueLockCall<T>(call: () => Promise<T>): Promise<T> {
  const next = lockQueue.then(call, call)
  lockQueue = next.catch(() => undefined)
  return next
}

type LockState =
  | { kind: 'pending' }
  | { kind: 'held' }
  | { kind: 'refused'; error: unknown; dismissed: boolean }
  | { kind: 'none' }

export type EditLock = ReturnType<typeof useEditLock>

/** Takes the element's edit lock while the editor is open; someone else's lock leaves it read-only. */
export function useEditLock(element: ElementRef, wanted: boolean) {
  const { elementType, elementId } = element
  const [state, setState] = useState<LockState>(wanted ? { kind: 'pending' } : { kind: 'none' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!wanted) return
    let held = false
    let cancelled = false
    // A second attempt is the user's "take over": it replaces someone else's live lock.
    queueLockCall(() => lockElement({ elementType, elementId }, attempt > 0))
      .then(() => {
        held = true
        if (!cancelled) setState({ kind: 'held' })
        else
          void queueLockCall(() => unlockElement({ elementType, elementId })).catch(() => undefined)
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'refused', error, dismissed: false })
      })
    return () => {
      cancelled = true
      if (held)
        void queueLockCall(() => unlockElement({ elementType, elementId })).catch(() => undefined)
    }
  }, [elementType, elementId, wanted, attempt])
  // Closing the browser tab releases the lock too (a beacon still goes out while the page unloads).
  useEffect(() => {
    if (state.kind !== 'held') return
    const release = () => {
      const body = JSON.stringify({ elementType, elementId })
      try {
        navigator.sendBeacon(
          '/admin/element/unlock',
          new Blob([body], { type: 'application/json' }),
        )
      } catch {
        // Browsers that refuse a JSON beacon leave the lock to expire.
      }
    }
    window.addEventListener('pagehide', release)
    return () => window.removeEventListener('pagehide', release)
  }, [state.kind, elementType, elementId])
  return {
    state,
    takeOver: () => {
      setState({ kind: 'pending' })
      setAttempt((count) => count + 1)
    },
    dismiss: () =>
      setState((current) =>
        current.kind === 'refused' ? { ...current, dismissed: true } : current,
      ),
  }
}
