import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'
import { EDITABLE_LIMITS } from './editables.ts'
import { MailKindSchema } from './mail-kinds.ts'

/**
 * An e-mail document's preview and test mail (issue 17, slice "mails"). Both render what the
 * editor holds — the subject and body not saved yet — else the stored document, with sample
 * values: a real case where the shop has one (the newest order), else made-up values.
 */
export const EmailDraftSchema = z.object({
  id: BigIdSchema,
  /** The subject as the editor holds it; absent = the stored one. */
  subject: z.string().max(500).optional(),
  /** The body's HTML as the editor holds it (sanitized on the server); absent = the stored one. */
  body: z.string().max(EDITABLE_LIMITS.wysiwyg).optional(),
  /** The mail kind whose sample values fill the placeholders; absent = the stored one. */
  mailKind: MailKindSchema.nullable().optional(),
})
export type EmailDraft = z.infer<typeof EmailDraftSchema>

/** POST /admin/email/preview */
export const EmailPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Where the mail would go ('' = to the customer of the case). */
  to: z.string(),
  mailKind: MailKindSchema.nullable(),
  /** The kind's placeholders, for the editor's hints. */
  placeholders: z.array(z.object({ name: z.string(), block: z.boolean(), optional: z.boolean() })),
  /** Placeholders the document uses that the mail kind does not fill. */
  unknownPlaceholders: z.array(z.string()),
  /** 'data': the values of a real case (the newest order); 'example': made-up values. */
  sample: z.enum(['data', 'example']),
})
export type EmailPreview = z.infer<typeof EmailPreviewSchema>

/** POST /admin/email/send-test-email (Pimcore's name): the preview, mailed to any address. */
export const SendTestEmailSchema = EmailDraftSchema.extend({
  to: z.email().max(320),
})
export type SendTestEmail = z.infer<typeof SendTestEmailSchema>

export const SentTestEmailSchema = z.object({
  success: z.literal(true),
  /** The test mail's row in the e-mail log. */
  emailLogId: z.number(),
})
