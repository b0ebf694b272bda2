import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { emailProblem } from '../accounts/account-api.ts'
import { isValidPhone, phoneExampleForLocale } from '../accounts/contact-formats.ts'
import { BigIdSchema, IdSchema, MAX_INT4_ID } from '../ids.ts'

/**
 * The contact form with topic (issue 18; the brick came with issue 17).
 * - GET  /api/contact/topics?locale=   → ContactTopicList (active topics in order, in the language)
 * - POST /api/contact                  ContactForm (JSON, or multipart with up to 3 `attachments`)
 *                                      → { sent: true }; 400 with field errors otherwise
 * Back office (permission `contactMessages`):
 * - GET    /admin/contact/messages?status=&q=&page=   → AdminContactMessageList
 * - GET    /admin/contact/messages/{id}               → AdminContactMessage
 * - GET    /admin/contact/messages/{id}/attachments/{position}   the file (download)
 * - POST   /admin/contact/messages/{id}/reply         ContactReplyInput → AdminContactMessage
 * - POST   /admin/contact/messages/{id}/status        ContactStatusInput → AdminContactMessage
 * - GET    /admin/contact/topics                      → AdminContactTopic[]
 * - POST   /admin/contact/topics                      ContactTopicInput → AdminContactTopic
 * - PUT    /admin/contact/topics/{id}                 ContactTopicInput → AdminContactTopic
 * Visitors who are not signed in answer the shop's captcha (GET /api/account/captcha); a
 * signed-in customer's order number must be one of his orders.
 */

export const CONTACT_MESSAGE_MAX = 5_000
export const CONTACT_ATTACHMENTS_MAX = 3
/** Per file; pictures (JPEG, PNG, WebP, GIF) and PDF, checked from their bytes. */
export const CONTACT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024
/** What the file input offers (the server decides from the bytes, never from this). */
export const CONTACT_ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf'

/** The shop's order numbers: digits (year and sequence), spaces ignored. */
export const ORDER_NUMBER_PATTERN = /^\d{6,12}$/

/** Topics inserted at start when missing (their titles are the catalogue's `contact.topics.*`). */
export const DEFAULT_CONTACT_TOPICS = [
  'order',
  'complaint',
  'partnership',
  'productQuestion',
  'other',
] as const

export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const
export const ContactStatusSchema = z.enum(CONTACT_STATUSES)
export type ContactStatus = z.infer<typeof ContactStatusSchema>

/** A line break or another control character: never in a name or address (mail headers). */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/

/** A form posts the checkbox as 'on'/'true'; JSON as a boolean. */
const checkbox = (value: unknown) =>
  value === 'on' || value === 'true' || value === '1' ? true : value === '' ? undefined : value

export const ContactFormSchema = z
  .object({
    topicId: z.coerce
      .number<unknown>({ error: 'contact.topicRequired' })
      .int('contact.topicRequired')
      .positive('contact.topicRequired')
      .max(MAX_INT4_ID, 'contact.topicRequired'),
    name: z.string().trim().min(1, 'validation.required').max(200, 'cmsBricks.contact.tooLong'),
    email: z.string().trim().min(1, 'validation.contactEmail').max(254, 'validation.emailInvalid'),
    phone: z.string().trim().max(40, 'cmsBricks.contact.tooLong').default(''),
    orderNumber: z
      .string()
      .max(40, 'contact.orderNumberFormat')
      .default('')
      .transform((value) => value.replace(/\s+/g, '')),
    message: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(CONTACT_MESSAGE_MAX, 'cmsBricks.contact.messageTooLong'),
    consent: z.preprocess(checkbox, z.literal(true, 'cmsBricks.contact.consentRequired')),
    /** The page's language: the mail goes out in it. */
    locale: z.enum(LOCALES),
    /** The page the form is on (named in the mail); optional. */
    documentId: z.preprocess((v) => (v === '' ? undefined : v), BigIdSchema.optional()),
    /** Visitors only; a signed-in customer sends without. */
    captchaId: z.string().max(100).default(''),
    captchaCode: z.string().trim().max(20).default(''),
  })
  // Checked even when other fields failed, so one submission names every field to fix.
  .superRefine(
    (value, ctx) => {
      const text = (field: unknown) => (typeof field === 'string' ? field : '')
      const email = text(value.email)
      const problem = email === '' ? null : emailProblem(email)
      if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem })
      if (CONTROL.test(text(value.name))) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'contact.nameInvalid' })
      }
      const phone = text(value.phone).trim()
      if (phone !== '' && !isValidPhone(phone)) {
        const locale = (LOCALES as readonly unknown[]).includes(value.locale) ? value.locale : 'cs'
        ctx.addIssue({
          code: 'custom',
          path: ['phone'],
          message: 'validation.phoneFormat',
          params: { phone: phoneExampleForLocale(locale) },
        })
      }
      const orderNumber = text(value.orderNumber).replace(/\s+/g, '')
      if (orderNumber !== '' && !ORDER_NUMBER_PATTERN.test(orderNumber)) {
        ctx.addIssue({
          code: 'custom',
          path: ['orderNumber'],
          message: 'contact.orderNumberFormat',
        })
      }
    },
    { when: () => true },
  )
export type ContactFormInput = z.input<typeof ContactFormSchema>
export type ContactForm = z.output<typeof ContactFormSchema>

export const ContactFormAnswerSchema = z.object({ sent: z.literal(true) })

export const ContactTopicSchema = z.object({ id: z.number().int(), title: z.string() })
export type ContactTopic = z.infer<typeof ContactTopicSchema>
export const ContactTopicListSchema = z.object({ topics: z.array(ContactTopicSchema) })
export type ContactTopicList = z.infer<typeof ContactTopicListSchema>
export const ContactTopicsQuerySchema = z.object({ locale: z.enum(LOCALES) })

// ── Back office ────────────────────────────────────────────────────────────────────────────

const LocalizedTextsSchema = z.record(z.string(), z.string().max(200))

export const AdminContactTopicSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  titles: LocalizedTextsSchema,
  email: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  messageCount: z.number().int(),
})
export type AdminContactTopic = z.infer<typeof AdminContactTopicSchema>

export const ContactTopicInputSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-zA-Z][a-zA-Z0-9-]{0,39}$/, 'contact.admin.topicKeyFormat'),
    titles: z.object(
      Object.fromEntries(
        LOCALES.map((locale) => [locale, z.string().trim().max(200, 'cmsBricks.contact.tooLong')]),
      ) as Record<(typeof LOCALES)[number], z.ZodString>,
    ),
    email: z.string().trim().max(254, 'validation.emailInvalid').default(''),
    position: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!Object.values(value.titles).some((title) => title !== '')) {
      ctx.addIssue({ code: 'custom', path: ['titles', 'en'], message: 'validation.required' })
    }
    if (value.email !== '') {
      const problem = emailProblem(value.email)
      if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem })
    }
  })
export type ContactTopicInput = z.input<typeof ContactTopicInputSchema>

export const AdminContactMessageListQuerySchema = z.object({
  status: ContactStatusSchema.optional(),
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

export const AdminContactMessageRowSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  name: z.string(),
  email: z.string(),
  subjectLine: z.string(),
  status: ContactStatusSchema,
  attachmentCount: z.number().int(),
  createdAt: z.string(),
})
export type AdminContactMessageRow = z.infer<typeof AdminContactMessageRowSchema>

export const AdminContactMessageListSchema = z.object({
  items: z.array(AdminContactMessageRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AdminContactMessageList = z.infer<typeof AdminContactMessageListSchema>

export const AdminContactMessageSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  topicEmail: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  orderNumber: z.string().nullable(),
  /** The order's id when the number belongs to an order (a link to the order screen). */
  orderId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  message: z.string(),
  locale: z.string(),
  page: z.string(),
  status: ContactStatusSchema,
  createdAt: z.string(),
  attachments: z.array(
    z.object({
      position: z.number().int(),
      filename: z.string(),
      mimeType: z.string(),
      size: z.number().int(),
    }),
  ),
  replies: z.array(
    z.object({
      id: z.number().int(),
      body: z.string(),
      author: z.string(),
      createdAt: z.string(),
    }),
  ),
})
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>

export const ContactReplyInputSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(CONTACT_MESSAGE_MAX, 'cmsBricks.contact.messageTooLong'),
})
export const ContactStatusInputSchema = z.object({ status: ContactStatusSchema })
export const ContactMessageParamsSchema = z.object({ id: BigIdSchema })
export const ContactAttachmentParamsSchema = z.object({
  id: BigIdSchema,
  position: z.coerce.number().int().min(0).max(10),
})
export const ContactTopicParamsSchema = z.object({ id: IdSchema })
