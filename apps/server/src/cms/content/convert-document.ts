import { auditDocumentChange } from '../documents/document-audit.ts'
import { fullPathOf } from '../documents/read-document-tree.ts'
import { eq } from 'drizzle-orm'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { EditableMap } from '@optika/domain/cms/editables'
import { TEMPLATES, type TemplateDefinition } from '@optika/domain/cms/templates'
import { documentSessions, documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import { loadDocumentRow } from './document-content-rows.ts'
import { validateEditables } from './validate-editables.ts'
import {
  hasEditables,
  prepareDocumentContent,
  templateFor,
  writeDocumentContent,
} from './write-document-content.ts'

/**
 * Which conversions keep a document meaningful: pages, snippets and e-mails share templates'
 * editables; a folder may become a page (gaining content). Links and hardlinks (a target, no
 * content) and anything into a folder, a link or a hardlink would lose what the document is.
 */
const CONVERTIBLE: Readonly<Partial<Record<DocumentType, readonly DocumentType[]>>> = {
  page: ['snippet', 'email'],
  snippet: ['page', 'email'],
  email: ['page', 'snippet'],
  folder: ['page'],
}

/** The editables of `editables` that `template` defines with the same type. */
function keptEditables(template: TemplateDefinition, editables: Readonly<Record<string, unknown>>) {
  const kept: Record<string, unknown> = {}
  for (const definition of template.editables) {
    const value = editables[definition.name]
    if (
      value &&
      typeof value === 'object' &&
      (value as { type?: unknown }).type === definition.type
    ) {
      kept[definition.name] = value
    }
  }
  return kept
}

/** The template of the new type that keeps most of the content (the first on a tie). */
function bestTemplate(type: DocumentType, editables: Readonly<Record<string, unknown>>) {
  let best: TemplateDefinition | undefined
  let bestCount = -1
  for (const template of TEMPLATES as readonly TemplateDefinition[]) {
    if (!(template.documentTypes as readonly string[]).includes(type)) continue
    const count = Object.keys(keptEditables(template, editables)).length
    if (count > bestCount) {
      best = template
      bestCount = count
    }
  }
  return best!
}

/**
 * PUT /admin/document/convert: changes a document's type where it stays meaningful (page ↔
 * snippet ↔ e-mail, folder → page), keeping its id, place, translations and the editables the
 * new template defines; the settings become the new type's (defaults), the document type is
 * dropped, everyone's session drafts of it are forgotten; a version and an audit entry record
 * it, in one transaction. The root, language roots leaving "page" and other pairs: 400.
 */
export async function convertDocument(
  ctx: AdminContext,
  input: { id: number; type: DocumentType; template?: string | undefined },
): Promise<{ success: true; id: number; type: DocumentType; template: string | null }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const row = await loadDocumentRow(tx, input.id, true)
    const refuse = () =>
      new AppError(400, 'CONVERT_REFUSED', 'cmsContent.convertRefused', {
        from: row.type,
        to: input.type,
      })
    rights.assert('document', fullPathOf(row), 'save')
    rights.assert('document', fullPathOf(row), 'settings')
    await assertNotLockedByOther(tx, { type: 'document', id: row.id }, ctx.admin.userId)
    if (row.parentId === null) throw refuse()
    if (!(CONVERTIBLE[row.type] ?? []).includes(input.type)) throw refuse()
    if (row.language && row.type === 'page') throw refuse()

    const stored = (row.editables ?? {}) as Record<string, unknown>
    const template =
      input.template !== undefined
        ? templateFor(input.type, input.template)
        : bestTemplate(input.type, stored)
    const editables: EditableMap = hasEditables(row.type)
      ? validateEditables(template, keptEditables(template, stored)).editables
      : {}
    await tx
      .update(documents)
      .set({
        type: input.type,
        template: template.name,
        editables,
        settings: {},
        docTypeId: null,
        contentMainDocumentId: null,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, row.id))
    await tx.delete(documentSessions).where(eq(documentSessions.documentId, row.id))
    const converted = await loadDocumentRow(tx, row.id, true)
    const { content, references } = await prepareDocumentContent(
      tx,
      converted,
      {
        template: template.name,
        editables,
        settings: {},
        docTypeId: null,
        contentMainDocumentId: null,
      },
      {},
      { checkReferences: false },
    )
    await writeDocumentContent(tx, {
      row: converted,
      content,
      references,
      published: converted.published,
      draft: false,
      userId: ctx.admin.userId,
      note: `converted from ${row.type}`,
    })
    await auditDocumentChange(ctx, tx, {
      action: 'document.convert',
      documentId: row.id,
      before: { type: row.type, template: row.template },
      after: { type: input.type, template: template.name },
    })
    return { success: true as const, id: row.id, type: input.type, template: template.name }
  })
}
