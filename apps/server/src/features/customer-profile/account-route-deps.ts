import type { Db } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import type { Translator } from '../i18n/translator.ts'
import type { Mailer } from '../mail/create-mailer.ts'

/** What the storefront account, partner and back-office customer routes need. */
export interface AccountRouteDeps {
  readonly env: Env
  readonly db: Db
  readonly translator: Translator
  readonly mailer: Mailer
  readonly assetStore: AssetStore
}
