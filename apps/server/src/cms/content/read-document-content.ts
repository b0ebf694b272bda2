import type { DocumentType } from '@optika/domain/cms/document-api'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { eq } from 'drizzle-orm'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import {
  documentDataOf,
  documentNotFound,
  loadDocumentWithRight,
} from '../documents/read-document-tree.ts'
import { contentOfSnapshot } from './document-content-rows.ts'

/**
 * GET /admin/{type}/get-data-by-id: a document of that type as its editor opens it — as
 * Pimcore, the newest version when it is a draft newer than the published row (`draft` says
 * which), else the row. Another type answers 404. Needs `view`.
 */
export async function getTypedDocumentData(
  ctx: AdminContext,
  type: DocumentType,
  id: number,
): Promise<DocumentData> {
  const { row, rights } = await loadDocumentWithRight(ctx, id, 'view')
  if (row.type !== type) throw documentNotFound()
  const data = await documentDataOf(ctx, row, rights)
  if (!data.draft) return data
  const [version] = await ctx.db
    .select({ snapshot: elementVersions.snapshot })
    .from(elementVersions)
    .where(eq(elementVersions.id, data.draft.versionId))
  if (!version) return data
  const content = contentOfSnapshot(version.snapshot, row)
  return {
    ...data,
    template: content.template,
    editables: { ...content.editables },
    settings: { ...content.settings },
    contentMainDocumentId: content.contentMainDocumentId,
  }
}
