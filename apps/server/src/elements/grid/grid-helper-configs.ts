import { and, eq } from 'drizzle-orm'
import { jobs } from '../../platform/db/schema/pim.ts'
import { notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

const HELPER_CONFIG_JOB = 'grid-helper-config'

/**
 * Stores a temporary column choice for an export (a finished job row of the caller, so it
 * needs no table of its own and is only theirs). `scope` says which grid it is for.
 */
export async function storeHelperColumns(
  ctx: AdminContext,
  scope: Readonly<Record<string, string>>,
  columns: readonly string[],
): Promise<string> {
  const [row] = await ctx.db
    .insert(jobs)
    .values({
      type: HELPER_CONFIG_JOB,
      ownerId: ctx.admin.userId,
      status: 'done',
      params: { ...scope, columns },
      finishedAt: new Date(),
    })
    .returning({ id: jobs.id })
  return row!.id
}

/** The columns of the caller's helper configuration for the grid `scope` names; else 404. */
export async function readHelperColumns(
  ctx: AdminContext,
  id: string,
  scope: Readonly<Record<string, string>>,
): Promise<string[]> {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.id, id), eq(jobs.ownerId, ctx.admin.userId), eq(jobs.type, HELPER_CONFIG_JOB)),
    )
  const params = (row?.params ?? {}) as Record<string, unknown>
  const sameGrid = Object.entries(scope).every(([key, value]) => (params[key] ?? '') === value)
  if (!sameGrid || !Array.isArray(params.columns)) throw notFound('pimGrid.configNotFound')
  return params.columns.map(String)
}
