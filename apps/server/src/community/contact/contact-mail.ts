import type { Locale } from '@optika/i18n/locales'
import type { MailKind } from '@optika/domain/cms/mail-kinds'
import {
  emailSourceFor,
  recipientOf,
  type DocumentMailDeps,
} from '../../cms/mails/send-document-mail.ts'
import { renderEmailDocument, type MailValues } from '../../cms/mails/render-email-document.ts'
import type { MailContext } from '../../platform/mail/create-mailer.ts'

export interface ShopMailInput {
  readonly locale: Locale
  /** The topic's address; '' leaves it to the e-mail document's `to`, else the shop's. */
  readonly topicEmail: string
  readonly shopEmail: string
  readonly values: MailValues
}

/**
 * A contact-form mail to the shop, written by its e-mail document as every shop mail is, but
 * addressed to the topic's own address when it has one (the document's `to` decides only for
 * topics without). Queued in `deps.db` — the caller's transaction.
 */
export async function sendShopMailTo(
  deps: DocumentMailDeps,
  kind: MailKind,
  input: ShopMailInput,
  mail: Omit<MailContext, 'db'>,
): Promise<{ id: number }> {
  const source = await emailSourceFor(deps, kind, input.locale)
  if (source.documentId === null) {
    deps.log?.warn(
      { mailKind: kind, locale: input.locale },
      'no published e-mail document for this mail; the built-in text is sent',
    )
  }
  const rendered = renderEmailDocument(source.template, input.values)
  const to =
    input.topicEmail.trim() !== ''
      ? input.topicEmail.trim()
      : recipientOf(kind, source.settings, input.shopEmail)
  return deps.mailer.send(
    { ...mail, db: deps.db },
    { to, subject: rendered.subject, text: rendered.text, html: rendered.html },
  )
}
