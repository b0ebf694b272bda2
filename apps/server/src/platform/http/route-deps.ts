import type { Db } from '../db/client.ts'
import type { Env } from '../env.ts'
import type { Translator } from '../i18n/translator.ts'

/** What the back-office route plugins receive from buildApp. */
export interface RouteDeps {
  readonly env: Env
  readonly translator: Translator
  /** For work outside a request (schedulers, jobs left over from a previous process). */
  readonly db: Db
}
