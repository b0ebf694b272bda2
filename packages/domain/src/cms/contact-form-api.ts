import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { emailProblem } from '../accounts/account-api.ts'
import { BigIdSchema } from '../ids.ts'

/**
 * POST /api/contact — the contact-form brick's message to the shop (issue 17): name, e-mail,
 * message and consent to the processing of personal data; visitors who are not signed in answer
 * the shop's own captcha (GET /api/account/captcha) first. Sent as the `contact-form` e-mail
 * document. Answers `{ sent: true }`; 400 with field errors (keys of the catalogue) otherwise.
 */

export const CONTACT_MESSAGE_MAX = 5_000

export const ContactFormSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(200, 'cmsBricks.contact.tooLong'),
    email: z.string().trim().min(1, 'validation.contactEmail').max(254, 'validation.emailInvalid'),
    message: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(CONTACT_MESSAGE_MAX, 'cmsBricks.contact.messageTooLong'),
    consent: z.literal(true, 'cmsBricks.contact.consentRequired'),
    /** The page's language: the mail goes out in it. */
    locale: z.enum(LOCALES),
    /** The page the form is on (named in the mail); optional. */
    documentId: BigIdSchema.optional(),
    /** Visitors only; a signed-in customer sends without. */
    captchaId: z.string().max(100).default(''),
    captchaCode: z.string().trim().max(20).default(''),
  })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value.email)
    if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem })
  })
export type ContactFormInput = z.input<typeof ContactFormSchema>
export type ContactForm = z.output<typeof ContactFormSchema>

export const ContactFormAnswerSchema = z.object({ sent: z.literal(true) })
