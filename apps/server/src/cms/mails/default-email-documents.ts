import { inArray, sql } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { MAIL_KINDS, type MailKind } from '@optika/domain/cms/mail-kinds'
import { EmailSettingsSchema } from '@optika/domain/cms/document-api'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTranslations } from '../../platform/db/schema/documents.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { interpolate } from '../../platform/i18n/interpolate.ts'
import { findDocumentByPath, fullPathOf } from '../documents/read-document-tree.ts'
import { builtInEmailTemplate } from './built-in-email-templates.ts'
import { findEmailDocument } from './send-document-mail.ts'

/** The catalogue's texts (a new shop's dictionary) as the built-in templates read them. */
const catalogueTexts: Pick<Translator, 't'> = {
  t(locale, key, params) {
    const text = catalogue[key]?.[locale] ?? catalogue[key]?.en ?? key
    return params ? interpolate(text, params) : text
  },
}

/** Where a language's e-mail documents live: `/<locale>/emails/<kind>`. */
export function emailDocumentPath(locale: Locale, kind?: MailKind): string {
  return kind ? `/${locale}/emails/${kind}` : `/${locale}/emails`
}

async function insertChild(
  tx: Db,
  parent: typeof documents.$inferSelect,
  values: Omit<typeof documents.$inferInsert, 'parentId' | 'path'>,
): Promise<number> {
  const parentFull = fullPathOf(parent)
  const [row] = await tx
    .insert(documents)
    .values({
      ...values,
      parentId: parent.id,
      path: parentFull.endsWith('/') ? parentFull : `${parentFull}/`,
    })
    .returning({ id: documents.id })
  return row!.id
}

/**
 * Inserts, at start, the e-mail document of every mail kind in every language that has none
 * (by kind, wherever the staff moved it): a published document under `/<locale>/emails/`
 * saying what the shop's mails said before documents, linked as translations across languages.
 * What exists is never overwritten. A language without its root page (`/<locale>`, made by the
 * default documents) is skipped. Returns how many documents were inserted.
 */
export async function ensureDefaultEmailDocuments(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Two processes starting on one database take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optika.default-email-documents'))`)
    let inserted = 0
    const groups = new Map<MailKind, { documentId: number; language: Locale }[]>()
    for (const locale of LOCALES) {
      const root = await findDocumentByPath(tx, `/${locale}`)
      if (!root) continue
      let folder = await findDocumentByPath(tx, emailDocumentPath(locale))
      for (const [index, kind] of MAIL_KINDS.entries()) {
        const existing = await findEmailDocument(tx, kind, locale, { publishedOnly: false })
        if (existing) {
          groups.set(kind, [
            ...(groups.get(kind) ?? []),
            { documentId: existing.id, language: locale },
          ])
          continue
        }
        if (!folder) {
          await insertChild(tx, root, {
            type: 'folder',
            key: 'emails',
            index: 100,
            published: true,
          })
          folder = await findDocumentByPath(tx, emailDocumentPath(locale))
        }
        if (!folder || (await findDocumentByPath(tx, emailDocumentPath(locale, kind)))) continue
        const template = builtInEmailTemplate(catalogueTexts, locale, kind)
        const id = await insertChild(tx, folder, {
          type: 'email',
          key: kind,
          index,
          published: true,
          template: 'email',
          editables: { body: { type: 'wysiwyg', data: template.bodyHtml } },
          settings: EmailSettingsSchema.parse({ subject: template.subject, mailKind: kind }),
        })
        inserted += 1
        groups.set(kind, [...(groups.get(kind) ?? []), { documentId: id, language: locale }])
      }
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue
      // Join the group the staff may have linked already, else start one.
      const [linked] = await tx
        .select({ sourceId: documentTranslations.sourceId })
        .from(documentTranslations)
        .where(
          inArray(
            documentTranslations.documentId,
            group.map((member) => member.documentId),
          ),
        )
        .limit(1)
      const sourceId = linked?.sourceId ?? group[0]!.documentId
      await tx
        .insert(documentTranslations)
        .values(group.map((member) => ({ ...member, sourceId })))
        .onConflictDoNothing()
    }
    return inserted
  })
}
