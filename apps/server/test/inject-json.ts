import type { FastifyInstance } from 'fastify'
import type { Db } from '../src/platform/db/client.ts'
import { insertAdminUser, signIn } from './kits/admin-users-test-kit.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The answer of `injectJson`: the status and the parsed JSON body. */
export interface JsonReply<T> {
  status: number
  body: T
}

/**
 * Injects a request with the session cookie (none when `cookie` is null) and, when given,
 * a JSON payload; `headers` are sent as well (e.g. `accept-language`).
 */
export function injectAs(
  app: FastifyInstance,
  method: Method,
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/** `injectAs`, answering the status and the body parsed as JSON. */
export async function injectJson<T>(
  app: FastifyInstance,
  method: Method,
  url: string,
  cookie: string | null,
  payload?: unknown,
): Promise<JsonReply<T>> {
  const response = await injectAs(app, method, url, cookie, payload)
  return { status: response.statusCode, body: response.json<T>() }
}

/** Inserts a back-office user and answers the Cookie header of a complete session. */
export async function signInNewUser(
  db: Db,
  input: Parameters<typeof insertAdminUser>[1],
): Promise<string> {
  return signIn(db, await insertAdminUser(db, input))
}
