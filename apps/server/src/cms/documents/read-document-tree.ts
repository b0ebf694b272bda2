import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { WorkspaceRight } from '@optika/domain/admin/permissions'
import type {
  DocumentChildren,
  DocumentChildrenQuery,
  DocumentData,
  DocumentNode,
  DocumentPermissions,
} from '@optika/domain/cms/document-tree-api'
import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentSessions, sites } from '../../platform/db/schema/documents.ts'
import { elementLocks } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadTreeRights, type TreeRights } from '../../elements/tree-rights.ts'
import { isLockExpired } from '../../elements/element-services.ts'
import { readUserNames } from '../../elements/element-lookup.ts'

export type DocumentRow = typeof documents.$inferSelect

/** The root document's id (made by migration 0016). */
export const DOCUMENT_ROOT_ID = 1

/** A document's own full path: '/' for the root, else the parent's path plus its key. */
export function fullPathOf(row: Pick<DocumentRow, 'parentId' | 'path' | 'key'>): string {
  return row.parentId === null ? '/' : `${row.path}${row.key}`
}

/** The `path` of a document's children: its full path ending in '/'. */
export function childPathOf(row: Pick<DocumentRow, 'parentId' | 'path' | 'key'>): string {
  const full = fullPathOf(row)
  return full.endsWith('/') ? full : `${full}/`
}

export function documentNotFound(): AppError {
  return new AppError(404, 'DOCUMENT_NOT_FOUND', 'cmsTree.documentNotFound')
}

function forbidden(): AppError {
  return new AppError(403, 'FORBIDDEN', 'server.forbidden')
}

const NODE_RIGHTS = [
  'list',
  'view',
  'save',
  'publish',
  'unpublish',
  'delete',
  'rename',
  'create',
  'settings',
  'versions',
  'properties',
] as const satisfies readonly WorkspaceRight[]

/** The signed-in user's workspace rights on the document tree (read once). */
export function loadDocumentRights(ctx: AdminContext): Promise<TreeRights> {
  return loadTreeRights(ctx.db, ctx.admin, 'document')
}

/** The user's rights on one document path, as a node reports them. */
export function documentPermissionsOf(rights: TreeRights, fullPath: string): DocumentPermissions {
  const entries = NODE_RIGHTS.map(
    (right) =>
      [right, right === 'list' ? rights.mayList(fullPath) : rights.may(fullPath, right)] as const,
  )
  return Object.fromEntries(entries) as DocumentPermissions
}

/** One document by id, or null. */
export async function loadDocument(db: Db, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id))
  return row ?? null
}

/** A document the user holds `right` on: 404 when missing, 403 without the right. */
export async function loadDocumentWithRight(
  ctx: AdminContext,
  id: number,
  right: WorkspaceRight,
  rights?: TreeRights,
): Promise<{ row: DocumentRow; rights: TreeRights }> {
  const row = await loadDocument(ctx.db, id)
  if (!row) throw documentNotFound()
  const decided = rights ?? (await loadDocumentRights(ctx))
  const full = fullPathOf(row)
  if (right === 'list') {
    if (!decided.mayList(full)) throw forbidden()
  } else {
    if (!decided.mayList(full)) throw forbidden()
    decided.assert(full, right)
  }
  return { row, rights: decided }
}

/** The full paths of a path's ancestors, nearest last: '/cs/a/b' → ['/', '/cs', '/cs/a']. */
export function ancestorPathsOf(fullPath: string): string[] {
  if (fullPath === '/') return []
  const parts = fullPath.split('/').filter(Boolean)
  const out = ['/']
  for (let i = 1; i < parts.length; i++) out.push(`/${parts.slice(0, i).join('/')}`)
  return out
}

/**
 * The language a document stands in: its own (a language root) or its nearest ancestor's
 * (Pimcore's inherited "language" property); null when none is set up the tree.
 */
export async function languageOf(
  db: Db,
  row: Pick<DocumentRow, 'parentId' | 'path' | 'key' | 'language'>,
): Promise<Locale | null> {
  if (row.language && isLocale(row.language)) return row.language
  return inheritedLanguage(db, fullPathOf(row))
}

/** The language the nearest ancestor of `fullPath` sets (the document itself excluded). */
export async function inheritedLanguage(db: Db, fullPath: string): Promise<Locale | null> {
  const ancestors = ancestorPathsOf(fullPath)
  if (ancestors.length === 0) return null
  const { rows } = await db.execute<{ language: string }>(sql`
    select language from documents
     where language is not null
       and (case when parent_id is null then '/' else path || key end) in (${sql.join(
         ancestors.map((p) => sql`${p}`),
         sql`, `,
       )})
     order by char_length(path || key) desc limit 1`)
  const language = rows[0]?.language
  return language && isLocale(language) ? language : null
}

/** Ids (of `ids`) another user holds a live lock on. */
async function lockedByOthers(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: elementLocks.elementId, userId: elementLocks.userId, at: elementLocks.lockedAt })
    .from(elementLocks)
    .where(and(eq(elementLocks.elementType, 'document'), inArray(elementLocks.elementId, [...ids])))
  return new Set(
    rows.filter((r) => r.userId !== userId && !isLockExpired(r.at)).map((r) => Number(r.id)),
  )
}

/** Site ids by their root document id, for `ids`. */
async function sitesOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: sites.id, rootId: sites.rootId })
    .from(sites)
    .where(inArray(sites.rootId, [...ids]))
  return new Map(rows.map((r) => [Number(r.rootId), r.id]))
}

/**
 * Nodes of rows for the signed-in user: one read of locks and sites, rights decided per path;
 * `parentLanguage` is what rows without their own language inherit (all rows share one parent),
 * else each row's language is looked up.
 */
export async function documentNodesFor(
  ctx: AdminContext,
  rows: readonly { document: DocumentRow; hasChildren: boolean }[],
  options: { rights?: TreeRights; parentLanguage?: Locale | null } = {},
): Promise<DocumentNode[]> {
  const rights = options.rights ?? (await loadDocumentRights(ctx))
  const ids = rows.map((r) => r.document.id)
  const [locked, siteIds] = await Promise.all([
    lockedByOthers(ctx.db, ctx.admin.userId, ids),
    sitesOf(ctx.db, ids),
  ])
  const nodes: DocumentNode[] = []
  for (const { document: row, hasChildren } of rows) {
    const own = row.language && isLocale(row.language) ? row.language : null
    const language =
      own ??
      (options.parentLanguage !== undefined
        ? options.parentLanguage
        : await inheritedLanguage(ctx.db, fullPathOf(row)))
    const siteId = siteIds.get(row.id)
    nodes.push({
      id: row.id,
      parentId: row.parentId,
      key: row.key,
      path: fullPathOf(row),
      type: row.type,
      published: row.published,
      index: row.index,
      language,
      hasChildren,
      locked: locked.has(row.id),
      permissions: documentPermissionsOf(rights, fullPathOf(row)),
      template: row.template,
      ...(siteId === undefined ? {} : { siteId }),
    })
  }
  return nodes
}

/** One row as a node for the signed-in user (children the user may list counted unless told). */
export async function documentNodeFor(
  ctx: AdminContext,
  row: DocumentRow,
  options: { rights?: TreeRights; hasChildren?: boolean } = {},
): Promise<DocumentNode> {
  const rights = options.rights ?? (await loadDocumentRights(ctx))
  const hasChildren = options.hasChildren ?? (await hasListableChild(ctx.db, rights, row))
  const [node] = await documentNodesFor(ctx, [{ document: row, hasChildren }], { rights })
  return node!
}

/** The condition "a child of `parent` the user may list" on the table alias `alias`. */
function listableChildren(alias: SQL, parent: DocumentRow, rights: TreeRights): SQL {
  const parts: SQL[] = [sql`${alias}.parent_id = ${parent.id}`]
  const filter = rights.childListFilter(fullPathOf(parent))
  const keys = (list: readonly string[]) =>
    sql.join(
      list.map((k) => sql`${k}`),
      sql`, `,
    )
  if (!filter.all) {
    parts.push(
      filter.include.length === 0 ? sql`false` : sql`${alias}.key in (${keys(filter.include)})`,
    )
  } else if (filter.exclude.length > 0) {
    parts.push(sql`${alias}.key not in (${keys(filter.exclude)})`)
  }
  return sql.join(parts, sql` and `)
}

async function hasListableChild(db: Db, rights: TreeRights, row: DocumentRow): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from documents c where ${listableChildren(sql`c`, row, rights)}) as found`,
  )
  return Boolean(rows[0]?.found)
}

/** Of `rows`, those with at least one child the user may list (one query per page). */
async function listableChildIds(
  db: Db,
  rights: TreeRights,
  rows: readonly DocumentRow[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set()
  const probes = rows.map(
    (r) =>
      sql`select ${r.id}::bigint as id where exists (select 1 from documents c where ${listableChildren(sql`c`, r, rights)})`,
  )
  const { rows: found } = await db.execute<{ id: string | number }>(
    sql.join(probes, sql` union all `),
  )
  return new Set(found.map((r) => Number(r.id)))
}

/** GET /admin/document/tree-get-root: the root (403 when the user may list nothing). */
export async function getDocumentRoot(ctx: AdminContext): Promise<DocumentNode> {
  const root = await loadDocument(ctx.db, DOCUMENT_ROOT_ID)
  if (!root) throw documentNotFound()
  const rights = await loadDocumentRights(ctx)
  if (!rights.mayList('/')) throw forbidden()
  return documentNodeFor(ctx, root, { rights })
}

/**
 * One page of a document's children the user may list, in the tree's order: `index`, then the
 * key. `hasChildren` is true when the node has a child the user may list; workspaces become a key
 * filter in SQL as in the asset tree.
 */
export async function listDocumentChildren(
  ctx: AdminContext,
  query: DocumentChildrenQuery,
): Promise<DocumentChildren> {
  const parent = await loadDocument(ctx.db, query.node)
  if (!parent) throw documentNotFound()
  const rights = await loadDocumentRights(ctx)
  if (!rights.mayList(fullPathOf(parent))) throw forbidden()
  const listable = listableChildren(sql`documents`, parent, rights)
  const where = query.filter
    ? sql`${listable} and ${documents.key} ilike ${`%${query.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : listable
  const [[total], rows, parentLanguage] = await Promise.all([
    ctx.db.select({ n: count() }).from(documents).where(where),
    ctx.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(asc(documents.index), asc(documents.key), asc(documents.id))
      .limit(query.limit)
      .offset(query.start),
    languageOf(ctx.db, parent),
  ])
  const withChildren = await listableChildIds(ctx.db, rights, rows)
  return {
    nodes: await documentNodesFor(
      ctx,
      rows.map((document) => ({ document, hasChildren: withChildren.has(document.id) })),
      { rights, parentLanguage },
    ),
    total: total?.n ?? 0,
    start: query.start,
    limit: query.limit,
  }
}

/** The linked translations of a document: locale → id (itself included when linked). */
export async function translationIdsOf(db: Db, id: number): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ document_id: string | number; language: string }>(sql`
    select t.document_id, t.language from document_translations t
     where t.source_id = (select source_id from document_translations where document_id = ${id})`)
  return Object.fromEntries(rows.map((r) => [r.language, Number(r.document_id)]))
}

/**
 * The state a document's version stores (`element_versions.snapshot`): the tree fields and, as
 * `data`, what the editor edits. The content slice's save path writes it; a draft is a newest
 * version whose `data` differs from the row's.
 */
export function documentSnapshotOf(row: DocumentRow) {
  return {
    key: row.key,
    parentId: row.parentId,
    path: row.path,
    type: row.type,
    classId: null,
    published: row.published,
    index: row.index,
    data: {
      template: row.template,
      editables: row.editables,
      settings: row.settings,
      docTypeId: row.docTypeId,
      contentMainDocumentId: row.contentMainDocumentId,
    },
  }
}

/** The newest version when it differs from the row (an unpublished draft), else undefined. */
export async function documentDraftOf(
  db: Db,
  row: DocumentRow,
): Promise<DocumentData['draft'] | undefined> {
  const { rows } = await db.execute<{ id: number | string; created_at: string | Date }>(sql`
    select v.id, v.created_at from element_versions v
     where v.element_type = 'document' and v.element_id = ${row.id}
       and v.version_count = (select max(version_count) from element_versions
                               where element_type = 'document' and element_id = ${row.id})
       and ((v.snapshot->'data'->'editables') is distinct from ${JSON.stringify(row.editables)}::jsonb
         or (v.snapshot->'data'->'settings') is distinct from ${JSON.stringify(row.settings)}::jsonb
         or (v.snapshot->'data'->>'template') is distinct from ${row.template})`)
  const version = rows[0]
  if (!version) return undefined
  return { versionId: Number(version.id), date: new Date(version.created_at).toISOString() }
}

/** Everything the back office shows of a document (generic `get-data-by-id` of any type). */
export async function documentDataOf(
  ctx: AdminContext,
  row: DocumentRow,
  rights?: TreeRights,
): Promise<DocumentData> {
  const node = await documentNodeFor(ctx, row, rights ? { rights } : {})
  const [names, translations, draft, session] = await Promise.all([
    readUserNames(ctx.db, [row.userOwner, row.userModification]),
    translationIdsOf(ctx.db, row.id),
    documentDraftOf(ctx.db, row),
    ctx.db
      .select({ id: documentSessions.documentId })
      .from(documentSessions)
      .where(
        and(eq(documentSessions.documentId, row.id), eq(documentSessions.userId, ctx.admin.userId)),
      ),
  ])
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null))
  return {
    ...node,
    editables: objectOf(row.editables),
    settings: objectOf(row.settings),
    docTypeId: row.docTypeId,
    contentMainDocumentId: row.contentMainDocumentId,
    versionCount: row.versionCount,
    creationDate: row.createdAt.toISOString(),
    modificationDate: row.updatedAt.toISOString(),
    userOwner: nameOf(row.userOwner),
    userModification: nameOf(row.userModification),
    translations,
    ...(draft ? { draft } : {}),
    ...(session.length > 0 ? { session: true as const } : {}),
  }
}

/** GET /admin/document/get-data-by-id: one document the user may view. */
export async function getDocumentData(ctx: AdminContext, id: number): Promise<DocumentData> {
  const { row, rights } = await loadDocumentWithRight(ctx, id, 'view')
  return documentDataOf(ctx, row, rights)
}

/** GET /admin/document/get-id-for-path: the document at a full path the user may list. */
export async function getDocumentIdForPath(
  ctx: AdminContext,
  path: string,
): Promise<{ id: number; type: DocumentRow['type'] }> {
  const normalized = `/${path.split('/').filter(Boolean).join('/')}`
  const row = await findDocumentByPath(ctx.db, normalized)
  if (!row) throw documentNotFound()
  const rights = await loadDocumentRights(ctx)
  if (!rights.mayList(fullPathOf(row))) throw forbidden()
  return { id: row.id, type: row.type }
}

/** The document at a full path ('/' = the root), or null. */
export async function findDocumentByPath(db: Db, fullPath: string): Promise<DocumentRow | null> {
  if (fullPath === '/') return loadDocument(db, DOCUMENT_ROOT_ID)
  const cut = fullPath.lastIndexOf('/')
  const parentPath = fullPath.slice(0, cut + 1)
  const key = fullPath.slice(cut + 1)
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.path, parentPath), eq(documents.key, key)))
    .limit(1)
  return row ?? null
}

/** Keys already used under a parent (for making a new key unique). */
export async function keysUnder(db: Db, parentId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: documents.key })
    .from(documents)
    .where(eq(documents.parentId, parentId))
  return new Set(rows.map((r) => r.key))
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
