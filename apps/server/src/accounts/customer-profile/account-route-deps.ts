import type { Db } from '../../platform/db/client.ts'
import type { Env } from '../../platform/env.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'

/** What the storefront account, partner and back-office customer routes need. */
export interface AccountRouteDeps {
  readonly env: Env
  readonly db: Db
  readonly translator: Translator
  readonly mailer: Mailer
  readonly assetStore: AssetStore
}
