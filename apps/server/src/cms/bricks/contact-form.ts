import { and, eq } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type { ContactForm } from '@optika/domain/cms/contact-form-api'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { MailLogger } from '../../platform/mail/create-mailer.ts'
import { sendDocumentMail, type DocumentMailDeps } from '../mails/send-document-mail.ts'

export interface ContactFormDeps {
  /** The shop's mails (`sendDocumentMail`): database, translator, mailer. */
  readonly mail: DocumentMailDeps
  /** Where the shop reads its mail (SHOP_EMAIL); the e-mail document's `to` may name another. */
  readonly shopEmail: string
  /**
   * The shop's own captcha (accounts' `verifyCaptcha`, wired in app.ts: cms may not import
   * accounts). Uses the challenge up whatever the answer.
   */
  readonly verifyCaptcha: (db: Db, id: string, answer: string) => Promise<boolean>
}

export interface ContactRequest {
  readonly viewer: Viewer
  readonly requestId: string
  readonly log: MailLogger
}

/**
 * Sends a visitor's message to the shop: a visitor's captcha is checked (and used up) before
 * anything else, then the mail is queued in the form's language. Nothing is stored besides the
 * e-mail log (topics, storage and the back-office list are issue 18).
 */
export async function sendContactForm(
  deps: ContactFormDeps,
  request: ContactRequest,
  input: ContactForm,
): Promise<{ sent: true }> {
  const db = deps.mail.db
  if (!isSignedIn(request.viewer)) {
    const solved =
      input.captchaCode !== '' && (await deps.verifyCaptcha(db, input.captchaId, input.captchaCode))
    if (!solved) {
      throw new AppError(400, 'CAPTCHA_WRONG', 'validation.formError', {}, [
        {
          path: 'body/captchaCode',
          key: input.captchaCode === '' ? 'validation.captchaRequired' : 'account.captchaWrong',
        },
      ])
    }
  }
  await sendDocumentMail(deps.mail, 'contact-form', {
    locale: input.locale,
    to: deps.shopEmail,
    values: {
      name: input.name,
      email: input.email,
      message: input.message,
      page: input.documentId === undefined ? '' : await pagePathOf(db, input.documentId),
    },
    mail: { requestId: request.requestId, log: request.log },
  })
  return { sent: true }
}

/** The published page the form was sent from, for the shop's reply; '' when unknown. */
async function pagePathOf(db: Db, documentId: number): Promise<string> {
  const [row] = await db
    .select({ path: documents.path, key: documents.key })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.published, true)))
  return row ? row.path + row.key : ''
}
