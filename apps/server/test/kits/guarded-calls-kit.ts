import { expect, it } from 'vitest'
import type { TestApp } from '../build-test-app.ts'
import { injectAs, type Method } from '../inject-json.ts'

export type Call = readonly [Method, string]

export interface GuardedCalls {
  readonly calls: readonly Call[]
  /** The app and the callers, read once `beforeAll` has made them. */
  readonly context: () => {
    readonly t: TestApp
    /** An administrator's session cookie. */
    readonly admin: string
    /** A signed-in user without the calls' permission key. */
    readonly withoutKey: string
  }
  /** Sent as the query of a GET or DELETE and as the body otherwise, after an empty request. */
  readonly garbage: Readonly<Record<string, string | number>>
  /** The route a listed path is registered as (e.g. `/1` → `/:id`); the path itself by default. */
  readonly route?: (path: string) => string
}

const UNTRANSLATED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/

/**
 * What every back-office call owes (ADMIN-CALLS.md): listed once, registered at its method and
 * path, 401 for an anonymous caller, 403 for a user without its key, and an administrator's empty
 * or garbage request answered with a translated 4xx or a 2xx — never a 500. Call inside a
 * `describe`; what each call does is the test file's own.
 */
export function itGuardsItsCalls({
  calls,
  context,
  garbage,
  route = (path) => path,
}: GuardedCalls) {
  const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
    injectAs(context().t.app, method, url, cookie, payload, { 'accept-language': 'en' })

  it(`lists ${calls.length} calls, each once`, () => {
    expect(new Set(calls.map(([method, path]) => `${method} ${path}`)).size).toBe(calls.length)
  })

  it.each(calls)('%s %s is registered for its method', (method, path) => {
    expect(context().t.app.hasRoute({ method, url: route(path) })).toBe(true)
  })

  it.each(calls)('%s %s refuses an anonymous caller with 401', async (method, path) => {
    const response = await call(method, path, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(calls)('%s %s refuses a user without its key with 403', async (method, path) => {
    const response = await call(method, path, context().withoutKey)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it.each(calls)(
    '%s %s answers an empty and a garbage request without a server error',
    async (method, path) => {
      const inQuery = method === 'GET' || method === 'DELETE'
      const query = new URLSearchParams(
        Object.entries(garbage).map(([key, value]): [string, string] => [key, String(value)]),
      )
      for (const request of [
        { url: path, payload: undefined },
        inQuery
          ? { url: `${path}?${query.toString()}`, payload: undefined }
          : { url: path, payload: garbage },
      ]) {
        const response = await call(method, request.url, context().admin, request.payload)
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json<{ code?: unknown; message?: unknown }>()
          expect(typeof body.code).toBe('string')
          expect(typeof body.message).toBe('string')
          expect(body.message).not.toMatch(UNTRANSLATED_KEY)
        }
      }
    },
  )
}
