import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { EmailDraft, EmailPreview, SendTestEmail } from '@optika/domain/cms/email-api'
import { MAIL_KIND_DEFINITIONS, isMailKind, type MailKind } from '@optika/domain/cms/mail-kinds'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { sanitizeWysiwyg } from '../../pim/classes/validate-object.ts'
import { auditDocumentChange } from '../documents/document-audit.ts'
import { languageOf, loadDocumentWithRight } from '../documents/read-document-tree.ts'
import type { MailSampleRegistry } from './mail-samples.ts'
import { renderEmailDocument, type RenderedEmail } from './render-email-document.ts'
import { emailBodyOf, emailSettingsOf, recipientOf } from './send-document-mail.ts'

export interface EmailPreviewDeps {
  readonly translator: Translator
  readonly mailer: Mailer
  readonly mailSamples: MailSampleRegistry
}

function notAnEmail(): AppError {
  return new AppError(400, 'NOT_AN_EMAIL', 'cmsMails.error.notEmail')
}

/**
 * Renders an e-mail document as its mail would look — what the editor holds (body sanitized
 * as a save would) over the stored document — with sample values of its mail kind.
 */
async function renderDraft(
  ctx: AdminContext,
  deps: EmailPreviewDeps,
  draft: EmailDraft,
): Promise<{ preview: EmailPreview; rendered: RenderedEmail }> {
  const { row } = await loadDocumentWithRight(ctx, draft.id, 'view')
  if (row.type !== 'email') throw notAnEmail()
  const settings = emailSettingsOf(row.settings)
  const kindOrNull = draft.mailKind === undefined ? settings.mailKind : draft.mailKind
  const kind: MailKind | null = isMailKind(kindOrNull) ? kindOrNull : null
  const locale = (await languageOf(ctx.db, row)) ?? DEFAULT_LOCALE
  const template = {
    subject: draft.subject ?? settings.subject,
    bodyHtml: draft.body === undefined ? emailBodyOf(row.editables) : sanitizeWysiwyg(draft.body),
  }
  const sample = kind
    ? await deps.mailSamples.sampleFor(kind, { db: ctx.db, locale })
    : { values: {}, source: 'example' as const }
  const rendered = renderEmailDocument(template, sample.values)
  const definition = kind ? MAIL_KIND_DEFINITIONS[kind] : null
  const known = new Set(definition?.placeholders.map((p) => p.name) ?? [])
  return {
    rendered,
    preview: {
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      to: kind ? recipientOf(kind, settings, '') : settings.to,
      mailKind: kind,
      placeholders: (definition?.placeholders ?? []).map((p) => ({
        name: p.name,
        block: p.block ?? false,
        optional: p.optional ?? false,
      })),
      unknownPlaceholders: [
        ...new Set([
          ...rendered.unknownPlaceholders,
          ...[...template.subject.matchAll(/\{\{\s*[#^/]?\s*(\w+)\s*\}\}/g)]
            .map((m) => m[1]!)
            .filter((name) => !known.has(name)),
        ]),
      ],
      sample: sample.source,
    },
  }
}

/** The preview of an e-mail document with sample values (nothing is stored or sent). */
export async function previewEmailDocument(
  ctx: AdminContext,
  deps: EmailPreviewDeps,
  draft: EmailDraft,
): Promise<EmailPreview> {
  return (await renderDraft(ctx, deps, draft)).preview
}

/**
 * Mails the preview to `to` (Pimcore's "send test e-mail"): queued in the e-mail log like any
 * mail, and audited. Nothing of the document changes.
 */
export async function sendTestEmail(
  ctx: AdminContext,
  deps: EmailPreviewDeps,
  input: SendTestEmail,
): Promise<{ success: true; emailLogId: number }> {
  const { rendered } = await renderDraft(ctx, deps, input)
  return ctx.db.transaction(async (tx) => {
    const { id } = await deps.mailer.send(
      { db: tx, requestId: ctx.requestId },
      { to: input.to, subject: rendered.subject, text: rendered.text, html: rendered.html },
    )
    await auditDocumentChange(ctx, tx, {
      action: 'document.sendTestEmail',
      documentId: input.id,
      after: { to: input.to, emailLogId: id },
    })
    return { success: true as const, emailLogId: id }
  })
}
