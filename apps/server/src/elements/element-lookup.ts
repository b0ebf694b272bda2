import { sql } from 'drizzle-orm'
import type { PermissionKey, WorkspaceRight } from '@optika/domain/admin/permissions'
import type { ElementSummary } from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { AppError, notFound } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import { loadElementRights, type ElementRights } from './element-rights.ts'
import type { ElementRef, ElementType } from './element-services.ts'

/** What the element services need to know of an element: where it is and what it is. */
export interface ElementInfo extends ElementRef {
  /** Full path (`path || key`), `/` for a root. */
  readonly fullPath: string
  readonly parentId: number | null
  readonly key: string
  /** folder | object | variant (objects), folder | image | … (assets). */
  readonly subtype: string
  readonly classId: string | null
  readonly published: boolean | null
}

/** The tree table of each element type. */
const TREE_TABLES: Readonly<Record<ElementType, string | null>> = {
  object: 'objects',
  asset: 'assets',
  document: 'documents',
}

export function treeTableOf(type: ElementType): string | null {
  return TREE_TABLES[type]
}

/** The permission key that opens an element tree. */
export function permissionKeyOf(type: ElementType): PermissionKey {
  return type === 'object' ? 'objects' : type === 'asset' ? 'assets' : 'documents'
}

/** Escapes LIKE wildcards so a path is matched literally. */
export function likePrefix(fullPath: string): string {
  const escaped = fullPath.replace(/[\\%_]/g, (char) => `\\${char}`)
  return `${escaped.endsWith('/') ? escaped : `${escaped}/`}%`
}

function fullPathOf(path: string, key: string): string {
  return `${path}${key}` || '/'
}

interface TreeRow extends Record<string, unknown> {
  id: string | number
  parent_id: string | number | null
  key: string
  path: string
  type: string
  class_id: string | null
  published: boolean | null
}

function selectTreeRows(type: ElementType, ids: readonly number[]) {
  const table = treeTableOf(type)
  if (!table || ids.length === 0) return null
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  return type === 'object'
    ? sql`select id, parent_id, key, path, type, class_id, published from objects where id in (${idList})`
    : type === 'document'
      ? sql`select id, parent_id, key, path, type, null::text as class_id, published
            from documents where id in (${idList})`
      : sql`select id, parent_id, key, path, type, null::text as class_id, null::boolean as published
            from assets where id in (${idList})`
}

function toInfo(type: ElementType, row: TreeRow): ElementInfo {
  return {
    type,
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    key: row.key,
    fullPath: fullPathOf(row.path, row.key),
    subtype: row.type,
    classId: row.class_id,
    published: row.published,
  }
}

/** Reads many elements of one type at once (missing ones are absent from the map). */
export async function readElementInfos(
  db: Db,
  type: ElementType,
  ids: readonly number[],
): Promise<Map<number, ElementInfo>> {
  const unique = [...new Set(ids)]
  const query = selectTreeRows(type, unique)
  const result = new Map<number, ElementInfo>()
  if (!query) return result
  const { rows } = await db.execute<TreeRow>(query)
  for (const row of rows) result.set(Number(row.id), toInfo(type, row))
  return result
}

/** One element, or null when it does not exist (or its type has no tree yet). */
export async function readElementInfo(db: Db, ref: ElementRef): Promise<ElementInfo | null> {
  return (await readElementInfos(db, ref.type, [ref.id])).get(ref.id) ?? null
}

/** Summaries (path, subtype, class) for a list of references, in the given order; gone ones with path null. */
export async function summarizeElements(
  db: Db,
  refs: readonly ElementRef[],
): Promise<ElementSummary[]> {
  const byType = new Map<ElementType, Map<number, ElementInfo>>()
  for (const type of ['object', 'asset', 'document'] as const) {
    const ids = refs.filter((ref) => ref.type === type).map((ref) => ref.id)
    if (ids.length > 0) byType.set(type, await readElementInfos(db, type, ids))
  }
  return refs.map((ref) => {
    const info = byType.get(ref.type)?.get(ref.id)
    return {
      elementType: ref.type,
      elementId: ref.id,
      path: info?.fullPath ?? null,
      subtype: info?.subtype ?? null,
      classId: info?.classId ?? null,
      published: info?.published ?? null,
    }
  })
}

/** 403 unless the user holds the element tree's permission key. */
export function assertTreePermission(ctx: AdminContext, type: ElementType): void {
  if (!ctx.admin.permissions.has(permissionKeyOf(type))) {
    throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  }
}

/**
 * The element, after checking the tree's permission key and the workspace right on its full path.
 * 404 when it does not exist; the right is checked only then, so existence leaks no more than a
 * tree listing would (an element without `list` is answered 403 like one without the right).
 */
export async function loadElementWithRight(
  ctx: AdminContext,
  ref: ElementRef,
  right: WorkspaceRight,
  rights?: ElementRights,
): Promise<ElementInfo> {
  assertTreePermission(ctx, ref.type)
  const info = await readElementInfo(ctx.db, ref)
  if (!info) throw notFound()
  const decided = rights ?? (await loadElementRights(ctx.db, ctx.admin))
  decided.assert(ref.type, info.fullPath, right)
  return info
}

/** Keeps only the summaries the user may list (gone elements stay: nothing of them is shown but the id). */
export function filterListable<T extends ElementSummary>(
  ctx: AdminContext,
  rights: ElementRights,
  items: readonly T[],
): T[] {
  return items.filter(
    (item) =>
      item.path === null ||
      (ctx.admin.permissions.has(permissionKeyOf(item.elementType)) &&
        rights.may(item.elementType, item.path, 'list')),
  )
}

/** The display name of admin users by id (name, else username). */
export async function readUserNames(
  db: Db,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))]
  const names = new Map<number, string>()
  if (unique.length === 0) return names
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, coalesce(nullif(name, ''), username) as name from admin_users where id in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
  for (const row of rows) names.set(Number(row.id), row.name)
  return names
}

/** Slices a list into a page (1-based). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize)
}
