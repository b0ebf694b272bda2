import { useEffect, useRef, useState } from 'react'
import { debounce, type Debounced } from './debounce.ts'

/**
 * A debounced version of `fn` that lives as long as the component: it always calls the latest
 * `fn` (so it sees current props) and drops a waiting call when the component goes away.
 */
export function useDebounced<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): Debounced<A> {
  const latest = useRef(fn)
  useEffect(() => {
    latest.current = fn
  })
  const [debounced] = useState(() => debounce<A>((...args) => latest.current(...args), ms))
  useEffect(() => () => debounced.cancel(), [debounced])
  return debounced
}
