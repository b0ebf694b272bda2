import { and, eq, inArray } from 'drizzle-orm'
import type { VersionDiff, VersionPreview } from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { layoutFor, requireClass } from './class-access.ts'
import { diffSnapshots } from './diff-object-versions.ts'
import { iso, loadObjectRow } from './object-rows.ts'
import { loadObjectRights, type ObjectRights } from './object-rights.ts'
import { validateForRow, writePublishedRow } from './save-object.ts'

type VersionRow = typeof elementVersions.$inferSelect

interface Snapshot {
  key?: string
  path?: string
  classId?: string | null
  published?: boolean
  data?: Record<string, unknown>
}

async function loadObjectVersion(db: Db, versionId: number): Promise<VersionRow> {
  const [version] = await db
    .select()
    .from(elementVersions)
    .where(and(eq(elementVersions.id, versionId), eq(elementVersions.elementType, 'object')))
  if (!version) throw notFound()
  return version
}

/**
 * Makes a stored version the published state: validates its data with the mandatory fields,
 * writes the row, a new public version and the dependencies, and re-indexes, in the caller's
 * transaction. `rights` (when given) must allow publish. Also run by the scheduler.
 */
export async function publishObjectVersion(
  tx: Db,
  input: { versionId: number; userId: number | null; rights?: ObjectRights },
): Promise<{ id: number; versionCount: number; published: boolean }> {
  const version = await loadObjectVersion(tx, input.versionId)
  const row = await loadObjectRow(tx, version.elementId, true)
  input.rights?.assert(row.fullPath, 'publish')
  const cls = await requireClass(tx, row.classId)
  const snapshot = version.snapshot as Snapshot
  const data = await validateForRow(tx, row, cls.definition, snapshot.data ?? {}, true)
  const { versionCount } = await writePublishedRow(tx, {
    row,
    definition: cls.definition,
    data,
    published: true,
    userId: input.userId,
    note: `version ${version.versionCount} published`,
  })
  await updateProductIndex(tx, [row.id])
  return { id: row.id, versionCount, published: true }
}

export async function publishVersion(
  ctx: AdminContext,
  versionId: number,
): Promise<{ id: number; versionCount: number; published: boolean }> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  return ctx.db.transaction((tx) =>
    publishObjectVersion(tx, { versionId, userId: ctx.admin.userId, rights }),
  )
}

/** A version's snapshot with the layout the user sees, for a read-only preview. */
export async function previewVersion(
  ctx: AdminContext,
  versionId: number,
): Promise<VersionPreview> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const version = await loadObjectVersion(ctx.db, versionId)
  const row = await loadObjectRow(ctx.db, version.elementId)
  rights.assert(row.fullPath, 'versions')
  const snapshot = version.snapshot as Snapshot
  const classId = snapshot.classId ?? row.classId
  const layout = classId ? await layoutFor(ctx.db, ctx.admin, classId) : []
  return {
    versionId: version.id,
    elementId: version.elementId,
    versionCount: version.versionCount,
    key: snapshot.key ?? row.key,
    path: snapshot.path ?? row.path,
    published: snapshot.published ?? false,
    isPublic: version.isPublic,
    classId,
    layout,
    data: snapshot.data ?? {},
    createdAt: iso(version.createdAt),
    userId: version.userId,
  }
}

/** Field-by-field differences of two versions of one object. */
export async function diffVersions(
  ctx: AdminContext,
  input: { from: number; to: number },
): Promise<VersionDiff> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  const versions = await ctx.db
    .select()
    .from(elementVersions)
    .where(
      and(
        eq(elementVersions.elementType, 'object'),
        inArray(elementVersions.id, [input.from, input.to]),
      ),
    )
  const from = versions.find((v) => v.id === input.from)
  const to = versions.find((v) => v.id === input.to)
  if (!from || !to) throw notFound()
  if (from.elementId !== to.elementId) {
    throw new AppError(400, 'VERSIONS_DIFFER', 'pimObjects.versionsOfDifferentElements')
  }
  const row = await loadObjectRow(ctx.db, from.elementId)
  rights.assert(row.fullPath, 'versions')
  const cls = await requireClass(ctx.db, row.classId)
  const meta = (v: VersionRow) => ({
    id: v.id,
    versionCount: v.versionCount,
    createdAt: iso(v.createdAt),
    userId: v.userId,
  })
  return {
    elementId: row.id,
    from: meta(from),
    to: meta(to),
    fields: diffSnapshots(
      cls.definition.layout,
      (from.snapshot as Snapshot).data ?? {},
      (to.snapshot as Snapshot).data ?? {},
    ),
  }
}
