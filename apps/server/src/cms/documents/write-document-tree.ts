import { and, eq, max, ne, sql } from 'drizzle-orm'
import {
  DOCUMENT_SETTINGS_SCHEMAS,
  EDITABLE_DOCUMENT_TYPES,
  type DocumentType,
} from '@optika/domain/cms/document-api'
import {
  validDocumentKey,
  type AddDocument,
  type DocumentDeleteInfo,
  type DocumentNode,
  type UpdateDocument,
} from '@optika/domain/cms/document-tree-api'
import { findTemplate } from '@optika/domain/cms/templates'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTypes } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { likePrefix } from '../../elements/element-lookup.ts'
import { assertNotLockedByOther, saveVersion } from '../../elements/element-services.ts'
import { moveSubtreeToRecycleBin } from '../../elements/recycle-bin.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import { invalidateSiteCache } from '../sites/resolve-site.ts'
import { auditDocumentChange } from './document-audit.ts'
import { documentCascades } from './document-cascades.ts'
import {
  childPathOf,
  documentNodeFor,
  documentNotFound,
  documentSnapshotOf,
  fullPathOf,
  loadDocumentRights,
  loadDocumentWithRight,
  type DocumentRow,
} from './read-document-tree.ts'

function forbidden(): AppError {
  return new AppError(403, 'FORBIDDEN', 'server.forbidden')
}

function rootImmutable(): AppError {
  return new AppError(400, 'DOCUMENT_ROOT', 'cmsTree.rootImmutable')
}

export function keyTaken(path: string): AppError {
  return new AppError(409, 'DOCUMENT_PATH_TAKEN', 'cmsTree.keyTaken', { path })
}

/** The key made valid, or a 400 when nothing usable is left of it. */
export function sanitizedKey(key: string): string {
  const valid = validDocumentKey(key)
  if (!valid) throw new AppError(400, 'DOCUMENT_KEY_INVALID', 'cmsTree.keyInvalid')
  return valid
}

/** The default template of a type when neither a document type nor a template is named. */
const DEFAULT_TEMPLATES: Readonly<Record<(typeof EDITABLE_DOCUMENT_TYPES)[number], string>> = {
  page: 'content',
  snippet: 'content-snippet',
  email: 'email',
}

function isEditableType(type: DocumentType): type is (typeof EDITABLE_DOCUMENT_TYPES)[number] {
  return (EDITABLE_DOCUMENT_TYPES as readonly string[]).includes(type)
}

/** The template (and document type) a new page, snippet or e-mail starts from. */
async function resolveTemplate(
  db: Db,
  input: Pick<AddDocument, 'type' | 'docTypeId' | 'template'>,
): Promise<{ template: string | null; docTypeId: number | null }> {
  if (!isEditableType(input.type)) return { template: null, docTypeId: null }
  if (input.docTypeId !== undefined) {
    const [docType] = await db
      .select()
      .from(documentTypes)
      .where(eq(documentTypes.id, input.docTypeId))
    if (!docType) throw new AppError(404, 'DOC_TYPE_NOT_FOUND', 'cmsTree.docTypeNotFound')
    if (docType.type !== input.type) {
      throw new AppError(400, 'DOC_TYPE_MISMATCH', 'cmsTree.docTypeMismatch')
    }
    return { template: assertTemplateFits(docType.template, input.type), docTypeId: docType.id }
  }
  const name = input.template ?? DEFAULT_TEMPLATES[input.type]
  return { template: assertTemplateFits(name, input.type), docTypeId: null }
}

/** The template's name when it exists and serves documents of `type`, else a 400. */
export function assertTemplateFits(name: string, type: 'page' | 'snippet' | 'email'): string {
  const template = findTemplate(name)
  if (!template || !template.documentTypes.includes(type)) {
    throw new AppError(400, 'TEMPLATE_UNKNOWN', 'cmsTree.templateUnknown', { template: name })
  }
  return template.name
}

/** A parent that takes children: hardlinks draw theirs from their source (Pimcore). */
function assertTakesChildren(parent: DocumentRow): void {
  if (parent.type === 'hardlink') {
    throw new AppError(400, 'DOCUMENT_NO_CHILDREN', 'cmsTree.noChildrenAllowed')
  }
}

async function lockDocumentRow(tx: Db, id: number): Promise<DocumentRow> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update')
  if (!row) throw documentNotFound()
  return row
}

async function assertKeyFree(
  tx: Db,
  parent: DocumentRow,
  key: string,
  selfId: number | null,
): Promise<void> {
  const [clash] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.parentId, parent.id),
        eq(documents.key, key),
        ...(selfId === null ? [] : [ne(documents.id, selfId)]),
      ),
    )
  if (clash) throw keyTaken(`${childPathOf(parent)}${key}`)
}

async function nextIndex(tx: Db, parentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: max(documents.index) })
    .from(documents)
    .where(eq(documents.parentId, parentId))
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1
}

/**
 * Puts `id` at position `index` among its siblings under `parentId` and numbers them all 0…n-1
 * in the tree's order (Pimcore's reorder on update), one statement.
 */
async function placeAt(tx: Db, parentId: number, id: number, index: number): Promise<void> {
  await tx.execute(sql`
    with others as (
      select id, row_number() over (order by index, key, id) - 1 as pos
        from documents where parent_id = ${parentId} and id <> ${id}),
    placed as (
      select id, case when pos >= ${index} then pos + 1 else pos end as pos from others
      union all select ${id}::bigint, least(${index}, (select count(*) from others))::bigint)
    update documents d set index = placed.pos from placed
     where d.id = placed.id and d.index <> placed.pos`)
}

function violatesUniqueKey(error: unknown): boolean {
  let current: unknown = error
  for (let i = 0; i < 3 && current; i++) {
    if (typeof current === 'object' && current !== null && 'code' in current) {
      if ((current as { code?: unknown }).code === '23505') return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * POST /admin/document/add: a new document of any type under a parent the user may `create` in;
 * page/snippet/email get their template from a document type or by name. The key is made valid
 * and must be free; a version and an audit entry are written with it, in one transaction.
 */
export async function addDocument(ctx: AdminContext, input: AddDocument): Promise<DocumentNode> {
  const { row: parent, rights } = await loadDocumentWithRight(ctx, input.parentId, 'create')
  assertTakesChildren(parent)
  const key = sanitizedKey(input.key)
  if (input.language && input.type !== 'page' && input.type !== 'folder') {
    throw new AppError(400, 'DOCUMENT_LANGUAGE', 'cmsTree.languageOnlyOnPagesAndFolders')
  }
  const { template, docTypeId } = await resolveTemplate(ctx.db, input)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockDocumentRow(tx, parent.id)
      await assertKeyFree(tx, parent, key, null)
      const [created] = await tx
        .insert(documents)
        .values({
          parentId: parent.id,
          type: input.type,
          key,
          path: childPathOf(parent),
          index: await nextIndex(tx, parent.id),
          // Folders have no published state of their own in Pimcore: always visible.
          published: input.type === 'folder',
          docTypeId,
          template,
          editables: {},
          settings: DOCUMENT_SETTINGS_SCHEMAS[input.type].parse({}),
          language: input.language ?? null,
          userOwner: ctx.admin.userId,
          userModification: ctx.admin.userId,
        })
        .returning()
      if (input.index !== undefined) await placeAt(tx, parent.id, created!.id, input.index)
      const [row] = await tx.select().from(documents).where(eq(documents.id, created!.id))
      await saveVersion(tx, {
        element: { type: 'document', id: row!.id },
        snapshot: documentSnapshotOf(row!),
        userId: ctx.admin.userId,
        isPublic: false,
      })
      await auditDocumentChange(ctx, tx, {
        action: 'document.add',
        documentId: row!.id,
        after: { path: fullPathOf(row!), type: row!.type, template, docTypeId },
      })
      const [fresh] = await tx.select().from(documents).where(eq(documents.id, created!.id))
      return fresh!
    })
    return documentNodeFor(ctx, row, { rights, hasChildren: false })
  } catch (error) {
    if (violatesUniqueKey(error)) throw keyTaken(`${childPathOf(parent)}${key}`)
    throw error
  }
}

/** The new parent of a move: exists, takes children, `create` granted, not inside the moved subtree. */
async function loadMoveTarget(
  tx: Db,
  rights: TreeRights,
  moved: DocumentRow,
  parentId: number,
): Promise<DocumentRow> {
  const target = await lockDocumentRow(tx, parentId)
  const targetPath = fullPathOf(target)
  const movedPath = fullPathOf(moved)
  if (target.id === moved.id || targetPath.startsWith(`${movedPath}/`)) {
    throw new AppError(400, 'DOCUMENT_MOVE_INTO_ITSELF', 'cmsTree.moveIntoOwnSubtree')
  }
  if (!rights.mayList(targetPath)) throw forbidden()
  rights.assert(targetPath, 'create')
  assertTakesChildren(target)
  return target
}

/**
 * PUT /admin/document/update: renames (`rename`), moves (`settings` here, `create` in the new
 * parent; never into its own subtree) and reorders (`index`) a document; the subtree's paths
 * follow in the same statement. A taken path is a 409 and nothing changes.
 */
export async function updateDocument(
  ctx: AdminContext,
  input: UpdateDocument,
): Promise<DocumentNode> {
  const rights = await loadDocumentRights(ctx)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await lockDocumentRow(tx, input.id)
      const full = fullPathOf(before)
      if (!rights.mayList(full)) throw forbidden()
      const key = input.key === undefined ? before.key : sanitizedKey(input.key)
      const renaming = key !== before.key
      const moving = input.parentId !== undefined && input.parentId !== before.parentId
      const reordering = input.index !== undefined && (moving || input.index !== before.index)
      if (before.parentId === null && (renaming || moving || reordering)) throw rootImmutable()
      if (renaming) rights.assert(full, 'rename')
      if (moving || reordering) rights.assert(full, 'settings')
      if (!renaming && !moving && !reordering) return before
      await assertNotLockedByOther(tx, { type: 'document', id: before.id }, ctx.admin.userId)
      const parent = moving
        ? await loadMoveTarget(tx, rights, before, input.parentId!)
        : await lockDocumentRow(tx, before.parentId!)
      if (renaming || moving) await assertKeyFree(tx, parent, key, before.id)
      await tx
        .update(documents)
        .set({
          key,
          path: childPathOf(parent),
          parentId: parent.id,
          ...(moving && input.index === undefined ? { index: await nextIndex(tx, parent.id) } : {}),
          userModification: ctx.admin.userId,
          updatedAt: new Date(),
        })
        .where(eq(documents.id, before.id))
      const newFull = `${childPathOf(parent)}${key}`
      if (newFull !== full) {
        // Every path below follows: '/old/…' becomes '/new/…' (one statement, the path index helps).
        await tx.execute(sql`update documents
          set path = ${`${newFull}/`} || substr(path, char_length(${full}) + 2)
          where path like ${likePrefix(full)}`)
      }
      if (input.index !== undefined) await placeAt(tx, parent.id, before.id, input.index)
      const [after] = await tx.select().from(documents).where(eq(documents.id, before.id))
      await auditDocumentChange(ctx, tx, {
        action: 'document.update',
        documentId: before.id,
        before: { path: full, index: before.index },
        after: { path: newFull, index: after!.index },
      })
      return after!
    })
    // A site's root or error page may have moved: the host → site map is read again.
    invalidateSiteCache()
    return documentNodeFor(ctx, row, { rights })
  } catch (error) {
    if (violatesUniqueKey(error)) throw keyTaken(input.key ?? String(input.id))
    throw error
  }
}

/** The condition "the document or anything below it". */
export function inSubtree(row: DocumentRow): ReturnType<typeof sql> {
  return sql`(${documents.id} = ${row.id} or ${documents.path} like ${likePrefix(fullPathOf(row))})`
}

async function subtreeOf(db: Db, row: DocumentRow) {
  return db
    .select({
      id: documents.id,
      parentId: documents.parentId,
      path: documents.path,
      key: documents.key,
    })
    .from(documents)
    .where(inSubtree(row))
}

/** Elements outside the subtree that require a document inside it. */
async function countOutsideUsages(db: Db, row: DocumentRow): Promise<number> {
  const prefix = likePrefix(fullPathOf(row))
  const { rows } = await db.execute<{ n: number | string }>(sql`
    select count(distinct (d.source_type, d.source_id)) as n
      from element_dependencies d
      join documents t on t.id = d.target_id
     where d.target_type = 'document'
       and (t.id = ${row.id} or t.path like ${prefix})
       and not (d.source_type = 'document' and d.source_id in
                (select s.id from documents s where s.id = ${row.id} or s.path like ${prefix}))`)
  return Number(rows[0]?.n ?? 0)
}

/** GET /admin/document/delete-info: how many documents a delete takes and who refers to them. */
export async function getDocumentDeleteInfo(
  ctx: AdminContext,
  id: number,
): Promise<DocumentDeleteInfo> {
  const { row, rights } = await loadDocumentWithRight(ctx, id, 'list')
  const [subtree, usedBy] = await Promise.all([
    subtreeOf(ctx.db, row),
    countOutsideUsages(ctx.db, row),
  ])
  return {
    id: row.id,
    key: row.key,
    path: fullPathOf(row),
    elements: subtree.length,
    usedBy,
    hasDependencies: usedBy > 0,
    deletable: row.parentId !== null && subtree.every((r) => rights.may(fullPathOf(r), 'delete')),
  }
}

/**
 * DELETE /admin/document/delete: the document and its subtree into one recycle-bin entry, with
 * their translation links, session drafts and sites; a restore gives back the same ids.
 * Refused for the root, while another user locks it, and without `delete` on the whole subtree.
 * References from outside stay (Pimcore deletes used documents too; delete-info warns).
 */
export async function deleteDocument(
  ctx: AdminContext,
  id: number,
): Promise<{ success: true; deleted: number; binId: number }> {
  const rights = await loadDocumentRights(ctx)
  const deleted = await ctx.db.transaction(async (tx) => {
    const row = await lockDocumentRow(tx, id)
    const full = fullPathOf(row)
    if (!rights.mayList(full)) throw forbidden()
    if (row.parentId === null) throw rootImmutable()
    rights.assert(full, 'delete')
    await assertNotLockedByOther(tx, { type: 'document', id }, ctx.admin.userId)
    const subtree = await subtreeOf(tx, row)
    if (subtree.some((r) => !rights.may(fullPathOf(r), 'delete'))) throw forbidden()
    // Pages elsewhere drawing content from one of these lose that link (the column's FK rule).
    const moved = await moveSubtreeToRecycleBin(
      tx,
      { type: 'document', id },
      ctx.admin.userId,
      documentCascades,
    )
    await auditDocumentChange(ctx, tx, {
      action: 'document.delete',
      documentId: id,
      before: { path: full, amount: moved.amount },
      after: { binId: moved.binId },
    })
    return { success: true as const, deleted: moved.amount, binId: moved.binId }
  })
  // The subtree may have held a site's root (its row went into the bin) or an error page.
  invalidateSiteCache()
  return deleted
}
