import { createContext, useContext, useState } from 'react'

/**
 * Which tab of each tab set was open, kept by the editor across the form's fresh starts (after a
 * save the form restarts from the saved version; the user stays on the tab they were on).
 */
export const TabMemoryContext = createContext<Map<string, string> | null>(null)

export function useRememberedTab(
  name: string,
  fallback: string,
): [string, (value: string | null) => void] {
  const memory = useContext(TabMemoryContext)
  const [value, setValue] = useState(() => memory?.get(name) ?? fallback)
  return [
    value,
    (next) => {
      if (next === null) return
      memory?.set(name, next)
      setValue(next)
    },
  ]
}
