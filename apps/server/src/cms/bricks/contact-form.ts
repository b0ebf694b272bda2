import { and, eq } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type { ContactForm } from '@optika/domain/cms/contact-form-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { MailLogger } from '../../platform/mail/create-mailer.ts'

/** What the contact form sends: the `contact-form` mail kind's placeholders. */
export interface ContactMail {
  readonly locale: Locale
  readonly values: {
    readonly name: string
    readonly email: string
    readonly message: string
    readonly page: string
  }
  readonly requestId: string
  readonly log: MailLogger
}

export interface ContactFormDeps {
  readonly db: Db
  /**
   * The shop's own captcha (accounts' `verifyCaptcha`, wired in app.ts: cms may not import
   * accounts). Uses the challenge up whatever the answer.
   */
  readonly verifyCaptcha: (db: Db, id: string, answer: string) => Promise<boolean>
  /** Sends the `contact-form` e-mail document to the shop (mails' `sendDocumentMail`). */
  readonly sendContactMail: (mail: ContactMail) => Promise<void>
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
  if (!isSignedIn(request.viewer)) {
    const solved =
      input.captchaCode !== '' &&
      (await deps.verifyCaptcha(deps.db, input.captchaId, input.captchaCode))
    if (!solved) {
      throw new AppError(400, 'CAPTCHA_WRONG', 'validation.formError', {}, [
        {
          path: 'body/captchaCode',
          key: input.captchaCode === '' ? 'validation.captchaRequired' : 'account.captchaWrong',
        },
      ])
    }
  }
  await deps.sendContactMail({
    locale: input.locale,
    values: {
      name: input.name,
      email: input.email,
      message: input.message,
      page: input.documentId === undefined ? '' : await pagePathOf(deps.db, input.documentId),
    },
    requestId: request.requestId,
    log: request.log,
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
