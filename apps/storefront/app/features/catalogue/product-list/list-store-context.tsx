import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import type { ListSnapshot, ListStore } from './list-store.ts'

const ListStoreContext = createContext<ListStore | null>(null)

/** Gives the category page's widgets (list area, filter panel) their one shared list store. */
export function ListStoreProvider({ store, children }: { store: ListStore; children: ReactNode }) {
  return <ListStoreContext value={store}>{children}</ListStoreContext>
}

export function useListStore(): ListStore {
  const store = use(ListStoreContext)
  if (!store) throw new Error('useListStore is used outside ListStoreProvider')
  return store
}

/** The list's current state; the component renders again whenever it changes. */
export function useListSnapshot(): ListSnapshot {
  const store = useListStore()
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
