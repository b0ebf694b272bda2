import { useCallback, useEffect, useState } from 'react'
import { callApi } from './api-client.ts'

export type ApiData<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly data: T }

/**
 * Reads one of the account API's resources in the browser (the pages render their frame on the
 * server; personal data is loaded by the page with the visitor's session). `reload` reads again
 * after a change.
 */
export function useApiData<T>(path: string | null): ApiData<T> & { reload: () => void } {
  const [result, setResult] = useState<ApiData<T>>({ state: 'loading' })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    if (path === null) return
    let current = true
    void callApi<T>('GET', path).then((response) => {
      if (!current) return
      setResult(
        response.ok
          ? { state: 'ready', data: response.data }
          : { state: 'failed', message: response.message },
      )
    })
    return () => {
      current = false
    }
  }, [path, version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { ...result, reload }
}
