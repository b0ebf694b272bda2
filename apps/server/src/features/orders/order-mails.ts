import type { Db } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import type { Translator } from '../i18n/translator.ts'
import type { Mailer } from '../mail/create-mailer.ts'

export interface OrderMailDeps {
  readonly db: Db
  readonly env: Env
  readonly translator: Translator
  readonly mailer: Mailer
}

/** The order confirmation to the buyer (in the order's language) and the new-order mail to the shop. */
export async function sendOrderConfirmation(
  _deps: OrderMailDeps,
  _orderId: number,
): Promise<void> {}

/** 'The status was updated' to the buyer, in the order's language, after a status change. */
export async function sendOrderStatusMail(_deps: OrderMailDeps, _orderId: number): Promise<void> {}
