import type { Db } from '../../platform/db/client.ts'
import { documentTypes } from '../../platform/db/schema/documents.ts'

/** The document types a new shop offers in "add page/snippet/e-mail" (insert-only: edits stay). */
export const DEFAULT_DOCUMENT_TYPES = [
  { name: 'Content page', group: 'Pages', type: 'page', template: 'content', priority: 0 },
  { name: 'Landing page', group: 'Pages', type: 'page', template: 'landing', priority: 1 },
  { name: 'Article layout', group: 'Pages', type: 'page', template: 'article', priority: 2 },
  {
    name: 'Navigation snippet',
    group: 'Snippets',
    type: 'snippet',
    template: 'navigation',
    priority: 0,
  },
  { name: 'E-mail', group: 'E-mails', type: 'email', template: 'email', priority: 0 },
] as const

/**
 * Inserts the default document types whose (type, name) is missing, at start: one renamed or
 * deleted by the staff comes back only under its default name, as the dictionary does.
 */
export async function ensureDefaultDocumentTypes(db: Db): Promise<number> {
  const inserted = await db
    .insert(documentTypes)
    .values(DEFAULT_DOCUMENT_TYPES.map((t) => ({ ...t })))
    .onConflictDoNothing({ target: [documentTypes.type, documentTypes.name] })
    .returning({ id: documentTypes.id })
  return inserted.length
}
