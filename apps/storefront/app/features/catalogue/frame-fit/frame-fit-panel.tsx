import { useEffect, useRef } from 'react'
import { useListSnapshot, useListStore } from '../product-list/list-store-context.tsx'
import type { ListStore } from '../product-list/list-store.ts'
import { FrameFitForm } from './frame-fit-form.tsx'
import { readRememberedFit, rememberFit } from './remembered-fit.ts'

/**
 * "Fits like my glasses" on a category page (decision 025), sharing the list's store: applying
 * filters the list by `fit` and remembers the pair on this device; a list arriving without a
 * `fit` in its address takes the remembered pair (replacing the history entry). Shown only where
 * the list's products have frame sizes.
 */
export function FrameFitPanel({ signedIn }: { readonly signedIn: boolean }) {
  const store = useListStore()
  const { response, fit } = useListSnapshot()
  const offered = response?.fit !== undefined
  const arrived = useRef<ListStore | null>(null)

  useEffect(() => {
    if (arrived.current === store || !offered) return
    arrived.current = store
    if (fit) return
    const remembered = readRememberedFit()
    if (remembered) store.setFit(remembered, 'replace')
  }, [store, offered, fit])

  if (!response?.fit) return null
  return (
    <FrameFitForm
      fit={response.fit}
      selected={fit ?? null}
      signedIn={signedIn}
      onApply={(size) => {
        rememberFit(size)
        store.setFit(size)
      }}
      onRemove={() => {
        rememberFit(null)
        store.setFit(null)
      }}
    />
  )
}
