import { eq, sql, type SQL } from 'drizzle-orm'
import type {
  IdPathPagingInfo,
  ObjectTreeNode,
  TreeChildren,
  TreeChildrenQuery,
} from '@optika/domain/pim/object-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { LOCK_TTL_MS } from '../../elements/element-services.ts'
import { likeContains, loadObjectRow, type ObjectRow } from './object-rows.ts'
import { fullPathOf, loadObjectRights, type ObjectRights } from './object-rights.ts'

type NodeRow = {
  id: number | string
  parent_id: number | string | null
  key: string
  path: string
  type: 'folder' | 'object' | 'variant'
  class_id: string | null
  class_name: string | null
  published: boolean
  index: number
  has_children: boolean
  locked: boolean
}

function toNode(row: NodeRow, rights: ObjectRights): ObjectTreeNode {
  const fullPath = fullPathOf(row)
  return {
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    key: row.key,
    path: row.path,
    fullPath,
    type: row.type,
    classId: row.class_id,
    ...(row.class_name ? { className: row.class_name } : {}),
    published: row.published,
    index: row.index,
    hasChildren: row.has_children,
    ...(row.locked ? { locked: true } : {}),
    permissions: rights.permissions(fullPath),
  }
}

function nodeSelect(userId: number, where: SQL, tail: SQL = sql``): SQL {
  const lockSince = new Date(Date.now() - LOCK_TTL_MS).toISOString()
  return sql`
    select o.id, o.parent_id, o.key, o.path, o.type, o.class_id, c.name as class_name,
      o.published, o.index,
      exists(select 1 from objects ch where ch.parent_id = o.id) as has_children,
      exists(
        select 1 from element_locks l
        where l.element_type = 'object' and l.element_id = o.id and l.user_id <> ${userId}
          and l.locked_at > ${lockSince}::timestamptz
      ) as locked
    from objects o
    left join object_classes c on c.id = o.class_id
    where ${where}
    ${tail}`
}

/** The condition "a child of `parent` the user may list (and matching the key filter)". */
function childCondition(
  parent: ObjectRow & { fullPath: string },
  rights: ObjectRights,
  filter?: string,
): SQL {
  const parts: SQL[] = [sql`o.parent_id = ${parent.id}`]
  const listFilter = rights.childListFilter(parent.fullPath)
  if (!listFilter.all) {
    if (listFilter.include.length === 0) parts.push(sql`false`)
    else
      parts.push(
        sql`o.key in (${sql.join(
          listFilter.include.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      )
  } else if (listFilter.exclude.length > 0) {
    parts.push(
      sql`o.key not in (${sql.join(
        listFilter.exclude.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    )
  }
  if (filter) parts.push(sql`o.key ilike ${likeContains(filter)}`)
  return sql.join(parts, sql` and `)
}

function childOrder(parent: ObjectRow): SQL {
  const dir = parent.childrenSortOrder === 'desc' ? sql`desc` : sql`asc`
  return parent.childrenSortBy === 'index'
    ? sql`order by o.index ${dir}, o.key ${dir}`
    : sql`order by o.key ${dir}`
}

/** The root folder as a tree node (a user without any listed path gets 403). */
export async function getTreeRoot(ctx: AdminContext, id: number): Promise<ObjectTreeNode> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const root = await loadObjectRow(ctx.db, id)
  if (!rights.mayList(root.fullPath)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const { rows } = await ctx.db.execute<NodeRow>(nodeSelect(ctx.admin.userId, sql`o.id = ${id}`))
  return toNode(rows[0]!, rights)
}

/**
 * One page of an element's children in the parent's order, only those the user may list. Uses the
 * (parent_id, key) and (parent_id, index) indexes; hasChildren is an EXISTS probe per page row.
 */
export async function listTreeChildren(
  ctx: AdminContext,
  query: TreeChildrenQuery,
): Promise<TreeChildren> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const parent = await loadObjectRow(ctx.db, query.node)
  if (!rights.mayList(parent.fullPath)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const offset = query.offset ?? query.start
  const where =
    query.withVariants === false
      ? sql`${childCondition(parent, rights, query.filter)} and o.type <> 'variant'`
      : childCondition(parent, rights, query.filter)
  const [{ rows }, counted] = await Promise.all([
    // The page's ids first (an index-only walk), so the per-row lookups run for the page's rows
    // only, not for every row OFFSET skips: a deep page of 100,000 children costs ~5x less.
    ctx.db.execute<NodeRow>(
      nodeSelect(
        ctx.admin.userId,
        sql`o.id in (select o.id from objects o where ${where} ${childOrder(parent)}
          limit ${query.limit} offset ${offset})`,
        childOrder(parent),
      ),
    ),
    ctx.db.execute<{ total: number | string }>(
      sql`select count(*) as total from objects o where ${where}`,
    ),
  ])
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    offset,
    limit: query.limit,
    nodes: rows.map((row) => toNode(row, rights)),
  }
}

/** For revealing an element: per ancestor, where the next element of the path lies in its children. */
export async function getIdPathPagingInfo(
  ctx: AdminContext,
  input: { id: number; limit: number },
): Promise<IdPathPagingInfo> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const element = await loadObjectRow(ctx.db, input.id)
  if (!rights.mayList(element.fullPath)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const { rows: chain } = await ctx.db.execute<{ id: number | string; depth: number }>(sql`
    with recursive up as (
      select id, parent_id, 0 as depth from objects where id = ${input.id}
      union all
      select p.id, p.parent_id, up.depth + 1 from up join objects p on p.id = up.parent_id
    )
    select id, depth from up order by depth desc`)
  const ids = chain.map((r) => Number(r.id))
  const steps: IdPathPagingInfo['steps'] = []
  for (let i = 0; i + 1 < ids.length; i++) {
    const parent = await loadObjectRow(ctx.db, ids[i]!)
    const child = await loadObjectRow(ctx.db, ids[i + 1]!)
    const where = childCondition(parent, rights)
    const desc = parent.childrenSortOrder === 'desc'
    const before =
      parent.childrenSortBy === 'index'
        ? desc
          ? sql`(o.index, o.key) > (${child.index}, ${child.key})`
          : sql`(o.index, o.key) < (${child.index}, ${child.key})`
        : desc
          ? sql`o.key > ${child.key}`
          : sql`o.key < ${child.key}`
    const { rows } = await ctx.db.execute<{ offset: number | string; total: number | string }>(sql`
      select count(*) filter (where ${before}) as offset, count(*) as total
      from objects o where ${where}`)
    const offset = Number(rows[0]?.offset ?? 0)
    steps.push({
      parentId: parent.id,
      id: child.id,
      offset,
      page: Math.floor(offset / input.limit),
      total: Number(rows[0]?.total ?? 0),
    })
  }
  return { steps }
}

/** How the tree and grid order the element's children. */
export async function changeChildrenSortBy(
  ctx: AdminContext,
  input: { id: number; sortBy: 'key' | 'index'; sortOrder: 'asc' | 'desc' },
): Promise<{ success: true }> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const element = await loadObjectRow(ctx.db, input.id)
  rights.assert(element.fullPath, 'settings')
  await ctx.db
    .update(objects)
    .set({
      childrenSortBy: input.sortBy,
      childrenSortOrder: input.sortOrder,
      updatedAt: new Date(),
    })
    .where(eq(objects.id, input.id))
  return { success: true }
}
