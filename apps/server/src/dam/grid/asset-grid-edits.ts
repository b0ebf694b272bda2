import { eq } from 'drizzle-orm'
import type { AssetBatch, AssetGridRow, AssetGridUpdate } from '@optika/domain/pim/asset-grid-api'
import type { JobItemError } from '@optika/domain/pim/grid-api'
import { AssetMetadataItemSchema } from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { defineTrackedJob, startJob, type JobHandle } from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { loadElementRights, type ElementRights } from '../../elements/element-rights.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import {
  jobItemMessage,
  type GridJobDeps,
  type GridJobHandlerDeps,
} from '../../elements/grid/grid-jobs.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { saveAssetVersion } from '../assets/asset-versions.ts'
import { auditAssetGrid } from './asset-grid-audit.ts'
import {
  loadMetadataColumns,
  resolveAssetColumn,
  unknownColumn,
  type MetadataColumn,
} from './asset-grid-columns.ts'
import { selectAssetGridIds, toAssetGridRow } from './asset-grid-rows.ts'

type AssetRow = typeof assets.$inferSelect
type MetadataValue = AssetGridUpdate['values'][string]

/** At most this many custom metadata fields per asset (as the asset editor allows). */
const MAX_METADATA_ITEMS = 500

interface MetadataItem {
  name: string
  language: string
  type: string
  data: unknown
}

const fullPathOf = (row: AssetRow) => (row.parentId === null ? '/' : row.path + row.key)

/**
 * The metadata column a grid edit names; system columns, malformed keys and names the asset
 * editor would refuse (`AssetMetadataItemSchema`) are a 400.
 */
function editableColumn(key: string, known: readonly MetadataColumn[]): MetadataColumn {
  const column = resolveAssetColumn(key, known)
  if (column.kind === 'system') {
    throw new AppError(400, 'NOT_EDITABLE', 'assetGrid.notEditable', { column: key })
  }
  if (!AssetMetadataItemSchema.shape.name.safeParse(column.name).success) {
    throw unknownColumn(key)
  }
  return column
}

/** A value as the field's data: a checkbox takes yes/no, the other types text or a number. */
function dataFor(column: MetadataColumn, value: MetadataValue): unknown {
  if (value === null || value === '') return null
  const fits = column.type === 'checkbox' ? typeof value === 'boolean' : typeof value !== 'boolean'
  if (!fits) {
    throw new AppError(400, 'BAD_VALUE', 'assetGrid.badValue', { column: column.key })
  }
  return value
}

function itemsOf(metadata: unknown): MetadataItem[] {
  if (!Array.isArray(metadata)) return []
  return (metadata as unknown[]).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return []
    const { name, language, type, data } = item as Record<string, unknown>
    if (typeof name !== 'string') return []
    return [
      {
        name,
        language: typeof language === 'string' ? language : '',
        type: typeof type === 'string' ? type : 'input',
        data: data ?? null,
      },
    ]
  })
}

/** The metadata list with the columns set (null data removes a field; a new field goes last). */
function applyValues(
  metadata: unknown,
  changes: readonly { column: MetadataColumn; data: unknown }[],
): MetadataItem[] {
  let items = itemsOf(metadata)
  for (const { column, data } of changes) {
    const same = (item: MetadataItem) =>
      item.name === column.name && item.language === column.language
    if (data === null) {
      items = items.filter((item) => !same(item))
    } else if (items.some(same)) {
      items = items.map((item) => (same(item) ? { ...item, data } : item))
    } else {
      items = [...items, { name: column.name, language: column.language, type: column.type, data }]
    }
  }
  if (items.length > MAX_METADATA_ITEMS) {
    throw new AppError(400, 'TOO_MANY_METADATA', 'assetGrid.tooManyMetadata', {
      max: MAX_METADATA_ITEMS,
    })
  }
  return items
}

/**
 * Sets custom metadata fields of one asset: the caller needs `publish` on its path (an asset
 * the caller may not see is 404) and no other user's lock; the new metadata, a new version and
 * the audit entry are written in one transaction, or nothing is.
 */
export async function setAssetMetadata(
  ctx: AdminContext,
  input: AssetGridUpdate,
  prepared?: { rights: ElementRights; known: readonly MetadataColumn[] },
): Promise<AssetRow> {
  const rights = prepared?.rights ?? (await loadElementRights(ctx.db, ctx.admin))
  const known = prepared?.known ?? (await loadMetadataColumns(ctx.db))
  const changes = Object.entries(input.values).map(([key, value]) => {
    const column = editableColumn(key, known)
    return { column, data: dataFor(column, value) }
  })
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(assets).where(eq(assets.id, input.id)).for('update')
    if (!row || !rights.may('asset', fullPathOf(row), 'view')) {
      throw notFound('pimAssets.assetNotFound')
    }
    rights.assert('asset', fullPathOf(row), 'publish')
    await assertNotLockedByOther(tx, { type: 'asset', id: row.id }, ctx.admin.userId)
    const metadata = applyValues(row.metadata, changes)
    await tx
      .update(assets)
      .set({ metadata, userModification: ctx.admin.userId, updatedAt: new Date() })
      .where(eq(assets.id, row.id))
    await saveAssetVersion(tx, ctx, row.id, input.note === undefined ? {} : { note: input.note })
    await auditAssetChange(ctx, tx, {
      action: 'asset.metadata',
      assetId: row.id,
      before: { metadata: row.metadata },
      after: { metadata },
    })
    const [saved] = await tx.select().from(assets).where(eq(assets.id, row.id))
    return saved!
  })
}

/** Inline edit of one row (PUT|POST grid-proxy): its custom metadata, saved as a new version. */
export async function updateAssetGridRow(
  ctx: AdminContext,
  input: AssetGridUpdate,
): Promise<AssetGridRow> {
  return toAssetGridRow(await setAssetMetadata(ctx, input))
}

const BATCH_JOB = 'asset-batch-metadata'

/** What a batch job is started with: everything it needs in whichever process runs it. */
interface BatchParams {
  readonly ids: number[]
  readonly column: string
  readonly value: MetadataValue
  readonly note?: string | undefined
  readonly locale: string
}

/**
 * Sets one custom metadata field to one value on many assets as a job: each asset is saved on
 * its own (its own version), so one failure (rights, lock) is reported and the others still go in.
 */
export async function startAssetBatch(
  ctx: AdminContext,
  deps: GridJobDeps,
  input: AssetBatch,
): Promise<{ jobId: string }> {
  if (!input.ids && !input.selection) {
    throw new AppError(400, 'NO_ASSETS', 'assetGrid.batchNoAssets')
  }
  // A column or value that cannot be set is refused before any work starts.
  const column = editableColumn(input.column, await loadMetadataColumns(ctx.db))
  dataFor(column, input.value)
  const ids = input.ids ?? (await selectAssetGridIds(ctx, input.selection!)).ids
  const params: BatchParams = {
    ids,
    column: input.column,
    value: input.value,
    note: input.note,
    locale: ctx.locale,
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: BATCH_JOB,
    ownerId: ctx.admin.userId,
    total: ids.length,
    params: { ...params, count: ids.length },
  })
  await auditAssetGrid(ctx, {
    action: 'asset.batchMetadata',
    entityType: 'job',
    entityId: id,
    after: { column: input.column, value: input.value, count: ids.length },
  })
  return { jobId: id }
}

async function runAssetBatch(
  deps: GridJobHandlerDeps,
  job: JobHandle<BatchParams>,
): Promise<Record<string, unknown>> {
  const input = job.params
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: input.locale,
    jobId: job.id,
  })
  const prepared = {
    rights: await loadElementRights(ctx.db, ctx.admin),
    known: await loadMetadataColumns(ctx.db),
  }
  const errors: JobItemError[] = []
  let updated = 0
  for (const [index, id] of input.ids.entries()) {
    try {
      await setAssetMetadata(
        ctx,
        {
          id,
          values: { [input.column]: input.value },
          ...(input.note === undefined ? {} : { note: input.note }),
        },
        prepared,
      )
      updated += 1
    } catch (error) {
      errors.push({ id, message: jobItemMessage(ctx, error, deps.log) })
    }
    job.progress(index + 1)
  }
  return { updated, created: 0, failed: errors.length, errors }
}

/** Registers the asset batch job (every process, at start). */
export function defineAssetBatchJobs(deps: GridJobHandlerDeps): void {
  defineTrackedJob<BatchParams>(deps.jobs, deps.db, {
    type: BATCH_JOB,
    log: deps.log,
    run: (job) => runAssetBatch(deps, job),
  })
}
