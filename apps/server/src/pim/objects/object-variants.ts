import { sql, type SQL } from 'drizzle-orm'
import type { GetVariantsQuery, UpdatedElement, VariantList } from '@optika/domain/pim/object-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { updateElement } from './object-elements.ts'
import { likeContains, loadObjectRow } from './object-rows.ts'
import { fullPathOf, loadObjectRights } from './object-rights.ts'
import { resolveObjectData } from './resolve-object-data.ts'

/** One page of an object's variants (in index order) with their inherited values resolved. */
export async function getVariants(
  ctx: AdminContext,
  query: GetVariantsQuery,
): Promise<VariantList> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const parent = await loadObjectRow(ctx.db, query.objectId)
  rights.assert(parent.fullPath, 'view')
  const parts: SQL[] = [sql`o.parent_id = ${parent.id}`, sql`o.type = 'variant'`]
  const listFilter = rights.childListFilter(parent.fullPath)
  const keys = (list: readonly string[]) =>
    sql.join(
      list.map((k) => sql`${k}`),
      sql`, `,
    )
  if (!listFilter.all) {
    parts.push(
      listFilter.include.length > 0 ? sql`o.key in (${keys(listFilter.include)})` : sql`false`,
    )
  } else if (listFilter.exclude.length > 0) {
    parts.push(sql`o.key not in (${keys(listFilter.exclude)})`)
  }
  if (query.filter) parts.push(sql`o.key ilike ${likeContains(query.filter)}`)
  const where = sql.join(parts, sql` and `)
  const [page, counted] = await Promise.all([
    ctx.db.execute<{
      id: number | string
      key: string
      path: string
      index: number
      published: boolean
      data: Record<string, unknown>
    }>(sql`
      select o.id, o.key, o.path, o.index, o.published, o.data from objects o
      where ${where}
      order by o.index, o.key
      limit ${query.limit} offset ${query.start}`),
    ctx.db.execute<{ n: number | string }>(sql`select count(*) as n from objects o where ${where}`),
  ])
  const resolved = await resolveObjectData(
    ctx.db,
    page.rows.map((r) => Number(r.id)),
  )
  return {
    total: Number(counted.rows[0]?.n ?? 0),
    variants: page.rows.map((r) => ({
      id: Number(r.id),
      key: r.key,
      fullPath: fullPathOf(r),
      index: r.index,
      published: r.published,
      data: r.data,
      resolved: resolved.get(Number(r.id)) ?? r.data,
    })),
  }
}

/** Renames a variant (keys are unique per parent). */
export async function updateVariantKey(
  ctx: AdminContext,
  input: { id: number; key: string },
): Promise<UpdatedElement> {
  const row = await loadObjectRow(ctx.db, input.id)
  if (row.type !== 'variant') throw new AppError(400, 'NOT_A_VARIANT', 'pimObjects.notAVariant')
  return updateElement(ctx, { id: input.id, key: input.key })
}
