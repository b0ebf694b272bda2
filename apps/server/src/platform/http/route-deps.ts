import type { Db } from '../../platform/db/client.ts'
import type { Env } from '../../platform/env.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

/** What every product-information route plugin receives from buildApp. */
export interface PimRouteDeps {
  readonly env: Env
  readonly translator: Translator
  /** For work outside a request (schedulers, jobs left over from a previous process). */
  readonly db: Db
}
