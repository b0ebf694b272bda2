import { z } from 'zod'

/**
 * The shop's e-mails (issue 17). Each kind is written by an e-mail document per language whose
 * `settings.mailKind` names it; its subject and body hold `{{placeholder}}`s the sending code
 * fills. `{{#name}}…{{/name}}` keeps its content only when `name` has a value (a comment, a
 * bank transfer's details), so one document serves every variant of the mail.
 */

export const MAIL_KINDS = [
  'order-confirmation',
  'order-to-shop',
  'order-status',
  'password-reset',
  'partner-approved',
  'partner-rejected',
  'registration-finished',
  'contact-form',
  'complaint-message',
  'contact-reply',
  'forum-reply',
  'forum-post-hidden',
] as const
export const MailKindSchema = z.enum(MAIL_KINDS)
export type MailKind = z.infer<typeof MailKindSchema>

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value)
}

export interface MailPlaceholder {
  readonly name: string
  /** A table or an image the shop builds: inserted as HTML, not as escaped text. */
  readonly block?: boolean
  /** Optional: the mail shows it only when the case needs it (use `{{#name}}…{{/name}}`). */
  readonly optional?: boolean
}

export interface MailKindDefinition {
  /** 'shop': to the shop's address (the document's `to` may name another); else to the customer. */
  readonly recipient: 'customer' | 'shop'
  readonly placeholders: readonly MailPlaceholder[]
}

const p = (name: string, options: Omit<MailPlaceholder, 'name'> = {}): MailPlaceholder => ({
  name,
  ...options,
})

export const MAIL_KIND_DEFINITIONS: Readonly<Record<MailKind, MailKindDefinition>> = {
  'order-confirmation': {
    recipient: 'customer',
    placeholders: [
      p('name'),
      p('orderNumber'),
      p('total'),
      p('items', { block: true }),
      p('totals', { block: true }),
      p('bankDetails', { block: true, optional: true }),
      p('qrCode', { block: true, optional: true }),
      p('invoiceDueDate', { optional: true }),
      p('cashOnDeliveryAmount', { optional: true }),
      p('deliveryAddress'),
      p('deliveryDaysMin', { optional: true }),
      p('deliveryDaysMax', { optional: true }),
      p('comment', { optional: true }),
      p('orderLink', { optional: true }),
    ],
  },
  'order-to-shop': {
    recipient: 'shop',
    placeholders: [
      p('orderNumber'),
      p('name'),
      p('email'),
      p('phone'),
      p('total'),
      p('items', { block: true }),
      p('totals', { block: true }),
      p('billingAddress'),
      p('deliveryAddress'),
      p('comment', { optional: true }),
    ],
  },
  'order-status': {
    recipient: 'customer',
    placeholders: [p('name'), p('orderNumber'), p('status'), p('orderLink', { optional: true })],
  },
  'password-reset': {
    recipient: 'customer',
    placeholders: [p('name'), p('link'), p('minutes')],
  },
  'partner-approved': {
    recipient: 'customer',
    placeholders: [p('name'), p('clientNumber'), p('days'), p('creditLimit'), p('link')],
  },
  'partner-rejected': {
    recipient: 'customer',
    placeholders: [p('name'), p('reason')],
  },
  'registration-finished': {
    recipient: 'customer',
    placeholders: [p('name'), p('clientNumber'), p('partner', { optional: true })],
  },
  'contact-form': {
    recipient: 'shop',
    placeholders: [
      p('name'),
      p('email'),
      p('message'),
      p('page', { optional: true }),
      p('topic'),
      p('phone', { optional: true }),
      p('orderNumber', { optional: true }),
      p('attachments', { optional: true }),
    ],
  },
  'complaint-message': {
    recipient: 'customer',
    placeholders: [p('name'), p('complaintNumber'), p('message'), p('link')],
  },
  // The shop's answer to a contact-form message, written in the back office (issue 18).
  'contact-reply': {
    recipient: 'customer',
    placeholders: [p('name'), p('topic'), p('reply'), p('original')],
  },
  'forum-reply': {
    recipient: 'customer',
    placeholders: [p('name'), p('threadTitle'), p('replier'), p('excerpt'), p('link')],
  },
  'forum-post-hidden': {
    recipient: 'customer',
    placeholders: [p('name'), p('threadTitle'), p('reason'), p('link')],
  },
}

/** `{{ name }}` in a subject or body (the names are word characters). */
export const MAIL_PLACEHOLDER_PATTERN = /\{\{\s*(\w+)\s*\}\}/g

/** The placeholders a text uses (sections' names included), each once, in order. */
export function placeholdersIn(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*[#/^]?\s*(\w+)\s*\}\}/g)].map((match) => match[1]!)
  return [...new Set(names)]
}
