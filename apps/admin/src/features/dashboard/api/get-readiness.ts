import { queryOptions, useQuery } from '@tanstack/react-query'
import { readJsonBody, toApiError } from '../../../lib/api-client.ts'

/** The server's readiness probe (apps/server health routes): 200 when ready, 503 when not. */
const READINESS_PATH = '/readyz'

export type ReadinessState = 'ready' | 'not-ready'
export type DatabaseEngine = 'pglite' | 'postgres' | 'unknown'

export interface Readiness {
  readonly state: ReadinessState
  readonly database: { readonly engine: DatabaseEngine; readonly state: ReadinessState }
}

/**
 * Reads the probe's `{ status: 'ready' | 'unavailable', database: 'pglite' | 'postgres' }`. The
 * probe is ready only when the database answers, so the database shares the overall state.
 */
export function parseReadiness(body: unknown): Readiness | null {
  if (typeof body !== 'object' || body === null || !('status' in body)) return null
  const { status } = body
  if (typeof status !== 'string') return null
  const state: ReadinessState = status === 'ready' ? 'ready' : 'not-ready'
  const database = 'database' in body ? body.database : undefined
  return { state, database: { engine: toEngine(database), state } }
}

/** Asks the server whether it and its database are ready; a 503 still says which part is not. */
export async function getReadiness(): Promise<Readiness> {
  const response = await fetch(READINESS_PATH, { headers: { accept: 'application/json' } })
  const body = await readJsonBody(response)
  const readiness = parseReadiness(body)
  if (readiness !== null) return readiness
  throw toApiError(response, body)
}

export function getReadinessQueryOptions() {
  return queryOptions({
    queryKey: ['readiness'],
    queryFn: getReadiness,
    refetchInterval: 30_000,
  })
}

export function useReadiness() {
  return useQuery(getReadinessQueryOptions())
}

function toEngine(value: unknown): DatabaseEngine {
  return value === 'pglite' || value === 'postgres' ? value : 'unknown'
}
