import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Locale } from '@optika/i18n/locales'
import { MAIL_KIND_DEFINITIONS, type MailKind } from '@optika/domain/cms/mail-kinds'
import { EmailSettingsSchema, type EmailSettings } from '@optika/domain/cms/document-api'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { MailContext, Mailer } from '../../platform/mail/create-mailer.ts'
import { builtInEmailTemplate } from './built-in-email-templates.ts'
import {
  renderEmailDocument,
  type EmailTemplate,
  type MailValues,
  type RenderedEmail,
} from './render-email-document.ts'

/** Where a missing document is reported (the app's or a request's pino logger). */
export interface MailWarningLogger {
  warn(object: object, message: string): void
}

export interface DocumentMailDeps {
  readonly db: Db
  readonly translator: Translator
  readonly mailer: Mailer
  readonly log?: MailWarningLogger
  /**
   * The published e-mail documents as the process keeps them (`publishedEmailDocuments`, kept
   * while no document changed); without it each mail reads its document from `db`. Read it
   * before a transaction the mails are queued in, never inside: on the embedded database the
   * transaction holds the only connection, and on PostgreSQL it would take a second one.
   */
  readonly emailDocuments?: () => Promise<EmailDocuments>
}

/** An e-mail document that writes a mail: its id, its editables and its envelope. */
export interface FoundEmailDocument {
  readonly id: number
  readonly editables: unknown
  readonly settings: EmailSettings
}

/** E-mail documents by `emailDocumentKey(kind, locale)`: the oldest of each kind and language. */
export type EmailDocuments = ReadonlyMap<string, FoundEmailDocument>

export function emailDocumentKey(kind: string, language: string): string {
  return `${kind}:${language}`
}

export interface DocumentMailInput {
  readonly locale: Locale
  readonly to: string
  readonly values: MailValues
  /** The caller's transaction: the document is read and the mail queued in it. */
  readonly db?: Db
  /** The request's id and logger for the mailer's log line. */
  readonly mail?: Omit<MailContext, 'db'>
}

/** The e-mail document a mail is written from: its id (null = built-in text) and template. */
export interface EmailSource {
  readonly documentId: number | null
  readonly template: EmailTemplate
  readonly settings: EmailSettings
}

/** The body of an e-mail document: its `body` wysiwyg editable (sanitized when saved). */
export function emailBodyOf(editables: unknown): string {
  if (typeof editables !== 'object' || editables === null) return ''
  const body = (editables as Record<string, unknown>)['body']
  if (typeof body !== 'object' || body === null) return ''
  const data = (body as { data?: unknown }).data
  return typeof data === 'string' ? data : ''
}

/** The document's envelope; a stored settings object that no longer parses counts as empty. */
export function emailSettingsOf(settings: unknown): EmailSettings {
  const parsed = EmailSettingsSchema.safeParse(settings ?? {})
  return parsed.success ? parsed.data : EmailSettingsSchema.parse({})
}

/**
 * The language a document is in: its own `language`, else its nearest ancestor's (the
 * language roots carry it). Ancestors are read from the few documents that set a language.
 */
async function languageRoots(db: Db): Promise<{ fullPath: string; language: string }[]> {
  const rows = await db
    .select({ path: documents.path, key: documents.key, language: documents.language })
    .from(documents)
    .where(isNotNull(documents.language))
  return rows
    .map((row) => ({ fullPath: fullPathOf(row), language: row.language! }))
    .sort((a, b) => b.fullPath.length - a.fullPath.length)
}

function fullPathOf(row: { path: string; key: string }): string {
  return row.path + row.key || '/'
}

/**
 * The e-mail documents (published ones unless `publishedOnly: false`), of `kind` or of every
 * kind, by kind and language: the oldest of each. A document's language is its own, else its
 * nearest ancestor's.
 */
async function readEmailDocuments(
  db: Db,
  options: { kind?: MailKind; publishedOnly?: boolean } = {},
): Promise<Map<string, FoundEmailDocument>> {
  const candidates = await db
    .select({
      id: documents.id,
      path: documents.path,
      key: documents.key,
      language: documents.language,
      editables: documents.editables,
      settings: documents.settings,
      mailKind: sql<string | null>`${documents.settings}->>'mailKind'`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.type, 'email'),
        options.publishedOnly === false ? undefined : eq(documents.published, true),
        options.kind === undefined
          ? undefined
          : sql`${documents.settings}->>'mailKind' = ${options.kind}`,
      ),
    )
    .orderBy(documents.id)
  const roots = candidates.some((row) => row.language === null) ? await languageRoots(db) : []
  const found = new Map<string, FoundEmailDocument>()
  for (const row of candidates) {
    const own = fullPathOf(row)
    const language =
      row.language ??
      roots.find((root) => own === root.fullPath || own.startsWith(`${root.fullPath}/`))
        ?.language ??
      null
    if (language === null || row.mailKind === null) continue
    const key = emailDocumentKey(row.mailKind, language)
    if (!found.has(key)) {
      found.set(key, {
        id: row.id,
        editables: row.editables,
        settings: emailSettingsOf(row.settings),
      })
    }
  }
  return found
}

/** Every published e-mail document, by kind and language (what `emailDocuments` keeps). */
export function publishedEmailDocuments(db: Db): Promise<EmailDocuments> {
  return readEmailDocuments(db)
}

/**
 * The published e-mail document that writes `kind` in `locale` (the oldest if there are
 * several), or null; with `publishedOnly: false` an unpublished one counts too.
 */
export async function findEmailDocument(
  db: Db,
  kind: MailKind,
  locale: Locale,
  options: { publishedOnly?: boolean } = {},
): Promise<FoundEmailDocument | null> {
  const found = await readEmailDocuments(db, { kind, publishedOnly: options.publishedOnly })
  return found.get(emailDocumentKey(kind, locale)) ?? null
}

/** What writes a mail: the kind's published document in the language, else the built-in text. */
export async function emailSourceFor(
  deps: Pick<DocumentMailDeps, 'db' | 'translator' | 'emailDocuments'>,
  kind: MailKind,
  locale: Locale,
): Promise<EmailSource> {
  const document = deps.emailDocuments
    ? ((await deps.emailDocuments()).get(emailDocumentKey(kind, locale)) ?? null)
    : await findEmailDocument(deps.db, kind, locale)
  if (document) {
    return {
      documentId: document.id,
      template: { subject: document.settings.subject, bodyHtml: emailBodyOf(document.editables) },
      settings: document.settings,
    }
  }
  return {
    documentId: null,
    template: builtInEmailTemplate(deps.translator, locale, kind),
    settings: EmailSettingsSchema.parse({ mailKind: kind }),
  }
}

/** A mail's recipients: a shop mail goes where its document says, if it says. */
export function recipientOf(kind: MailKind, settings: EmailSettings, to: string): string {
  const documentTo = settings.to.trim()
  return MAIL_KIND_DEFINITIONS[kind].recipient === 'shop' && documentTo !== '' ? documentTo : to
}

/** The deps' logger, else the request's if it can warn (a pino logger can). */
function warningLogOf(
  deps: DocumentMailDeps,
  input: DocumentMailInput,
): MailWarningLogger | undefined {
  const requestLog: unknown = input.mail?.log
  const canWarn =
    typeof requestLog === 'object' &&
    requestLog !== null &&
    typeof (requestLog as Partial<MailWarningLogger>).warn === 'function'
  return deps.log ?? (canWarn ? (requestLog as MailWarningLogger) : undefined)
}

/**
 * Sends one of the shop's mails from its e-mail document: the published document with
 * `settings.mailKind = kind` in `locale`, its placeholders filled with `values`; when there is
 * none (deleted, unpublished) the built-in text is sent and a warning logged, so no mail is lost.
 */
export async function sendDocumentMail(
  deps: DocumentMailDeps,
  kind: MailKind,
  input: DocumentMailInput,
): Promise<{ id: number; documentId: number | null; rendered: RenderedEmail }> {
  const db = input.db ?? deps.db
  const source = await emailSourceFor({ ...deps, db }, kind, input.locale)
  if (source.documentId === null) {
    warningLogOf(deps, input)?.warn(
      { mailKind: kind, locale: input.locale },
      'no published e-mail document for this mail; the built-in text is sent',
    )
  }
  const rendered = renderEmailDocument(source.template, input.values)
  const { id } = await deps.mailer.send(
    { ...input.mail, db },
    {
      to: recipientOf(kind, source.settings, input.to),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    },
  )
  return { id, documentId: source.documentId, rendered }
}
