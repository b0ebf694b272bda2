import { and, asc, eq, ne } from 'drizzle-orm'
import type { CreateDocType, DocType, UpdateDocType } from '@optika/domain/cms/document-tree-api'
import { documentTypes } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Db } from '../../platform/db/client.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditDocumentChange } from './document-audit.ts'
import { assertTemplateFits } from './write-document-tree.ts'

type DocTypeRow = typeof documentTypes.$inferSelect

function toDocType(row: DocTypeRow): DocType {
  return {
    id: row.id,
    name: row.name,
    group: row.group,
    type: row.type,
    template: row.template,
    priority: row.priority,
    creationDate: row.createdAt.toISOString(),
    modificationDate: row.updatedAt.toISOString(),
  }
}

function docTypeNotFound(): AppError {
  return new AppError(404, 'DOC_TYPE_NOT_FOUND', 'cmsTree.docTypeNotFound')
}

/** GET /admin/document/doc-types and get-doc-types?type=: by type, priority, group and name. */
export async function listDocTypes(
  db: Db,
  type?: DocType['type'],
): Promise<{ data: DocType[]; total: number }> {
  const rows = await db
    .select()
    .from(documentTypes)
    .where(type ? eq(documentTypes.type, type) : undefined)
    .orderBy(
      asc(documentTypes.type),
      asc(documentTypes.priority),
      asc(documentTypes.group),
      asc(documentTypes.name),
      asc(documentTypes.id),
    )
  return { data: rows.map(toDocType), total: rows.length }
}

async function assertNameFree(
  db: Db,
  type: DocType['type'],
  name: string,
  selfId: number | null,
): Promise<void> {
  const [clash] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.type, type),
        eq(documentTypes.name, name),
        ...(selfId === null ? [] : [ne(documentTypes.id, selfId)]),
      ),
    )
  if (clash) throw new AppError(409, 'DOC_TYPE_NAME_TAKEN', 'cmsTree.docTypeNameTaken', { name })
}

/** POST /admin/document/doc-types: a new document type whose template fits its type. */
export async function createDocType(
  ctx: AdminContext,
  input: CreateDocType,
): Promise<{ success: true; data: DocType }> {
  const template = assertTemplateFits(input.template, input.type)
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.type, input.name, null)
    const [row] = await tx
      .insert(documentTypes)
      .values({ ...input, template })
      .returning()
    await auditDocumentChange(ctx, tx, {
      action: 'document-type.create',
      entityType: 'document-type',
      documentId: row!.id,
      after: toDocType(row!),
    })
    return { success: true as const, data: toDocType(row!) }
  })
}

/** PUT /admin/document/doc-types: changes a document type (documents made from it keep theirs). */
export async function updateDocType(
  ctx: AdminContext,
  input: UpdateDocType,
): Promise<{ success: true; data: DocType }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(documentTypes)
      .where(eq(documentTypes.id, input.id))
      .for('update')
    if (!before) throw docTypeNotFound()
    const next = {
      name: input.name ?? before.name,
      group: input.group ?? before.group,
      type: input.type ?? before.type,
      template: input.template ?? before.template,
      priority: input.priority ?? before.priority,
    }
    next.template = assertTemplateFits(next.template, next.type)
    await assertNameFree(tx, next.type, next.name, before.id)
    const [row] = await tx
      .update(documentTypes)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(documentTypes.id, before.id))
      .returning()
    await auditDocumentChange(ctx, tx, {
      action: 'document-type.update',
      entityType: 'document-type',
      documentId: before.id,
      before: toDocType(before),
      after: toDocType(row!),
    })
    return { success: true as const, data: toDocType(row!) }
  })
}

/** DELETE /admin/document/doc-types: removes a document type; its documents keep their template. */
export async function deleteDocType(ctx: AdminContext, id: number): Promise<{ success: true }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(documentTypes).where(eq(documentTypes.id, id)).returning()
    if (!row) throw docTypeNotFound()
    await auditDocumentChange(ctx, tx, {
      action: 'document-type.delete',
      entityType: 'document-type',
      documentId: id,
      before: toDocType(row),
    })
    return { success: true as const }
  })
}
