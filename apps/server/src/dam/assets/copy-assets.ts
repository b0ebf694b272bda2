import { extname } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { AssetCopyQuery } from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import {
  defineTrackedJob,
  startJob,
  type JobHandle,
  type JobLogger,
} from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { copyProperties, replaceDependencies } from '../../elements/element-services.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { auditAssetChange } from './asset-audit.ts'
import { readStream, type AssetStore } from './asset-store.ts'
import { loadCopyPair, rowsToCopy } from './asset-tree-info.ts'
import { saveAssetVersion } from './asset-versions.ts'
import { childPathOf, keysInFolder, type AssetRow } from './read-asset-tree.ts'

export const ASSET_COPY_JOB = 'asset.copy'

interface CopyParams {
  readonly sourceId: number
  readonly targetId: number
  readonly type: AssetCopyQuery['type']
  readonly locale: string
}

export interface AssetCopyDeps {
  readonly jobs: JobQueue
  readonly db: Db
  readonly translator: Translator
  readonly store: AssetStore
  readonly log?: JobLogger
}

/** POST /admin/asset/copy: checks the pair now, then copies in a job (progress per asset). */
export async function startAssetCopy(
  ctx: AdminContext,
  deps: Pick<AssetCopyDeps, 'jobs'>,
  input: AssetCopyQuery,
): Promise<{ jobId: string }> {
  const { source, rights } = await loadCopyPair(ctx, input)
  const rows = await rowsToCopy(ctx.db, rights, source, input.type)
  const params: CopyParams = { ...input, locale: ctx.locale }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: ASSET_COPY_JOB,
    ownerId: ctx.admin.userId,
    total: rows.length,
    params: { ...params },
  })
  return { jobId: id }
}

/** Registers the copy job (every process, at start). */
export function defineAssetCopyJob(deps: AssetCopyDeps): void {
  defineTrackedJob<CopyParams>(deps.jobs, deps.db, {
    type: ASSET_COPY_JOB,
    log: deps.log,
    run: (job) => runCopy(deps, job),
  })
}

/** `name.jpg` → `name_copy.jpg`, `name_copy_2.jpg`, …: the first key free in the folder. */
export function copyKeyOf(key: string, used: ReadonlySet<string>): string {
  if (!used.has(key)) return key
  const ext = extname(key)
  const base = ext && ext !== key ? key.slice(0, -ext.length) : key
  const suffix = ext && ext !== key ? ext : ''
  for (let n = 1; ; n += 1) {
    const candidate = `${base}_copy${n === 1 ? '' : `_${n}`}${suffix}`.slice(-190)
    if (!used.has(candidate)) return candidate
  }
}

/**
 * Copies the source (and with 'recursive' what is below it) into the target folder in one
 * transaction: rows, files (under new storage keys), properties, metadata references and a
 * first version of each file. A failure leaves nothing behind, so a retry starts clean.
 */
async function runCopy(
  deps: AssetCopyDeps,
  job: JobHandle<CopyParams>,
): Promise<Record<string, unknown>> {
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: job.params.locale,
    jobId: job.id,
  })
  const { source, target, rights } = await loadCopyPair(ctx, job.params)
  const rows = await rowsToCopy(ctx.db, rights, source, job.params.type)
  job.progress(0, rows.length)
  const written: string[] = []
  try {
    const newRootId = await ctx.db.transaction(async (tx) => {
      const newIds = new Map<number, number>()
      const newRows = new Map<number, AssetRow>()
      let done = 0
      for (const row of rows) {
        if (job.signal.aborted) throw new Error('copy interrupted')
        const parent = row.id === source.id ? target : newRows.get(row.parentId!)
        if (!parent) continue
        const key =
          row.id === source.id ? copyKeyOf(row.key, await keysInFolder(tx, parent.id)) : row.key
        const path = childPathOf(parent)
        const [created] = await tx
          .insert(assets)
          .values({
            parentId: parent.id,
            type: row.type,
            key,
            path,
            mimeType: row.mimeType,
            size: row.size,
            width: row.width,
            height: row.height,
            metadata: row.metadata,
            embeddedMetadata: row.embeddedMetadata,
            customSettings: row.customSettings,
            checksum: row.checksum,
            userOwner: ctx.admin.userId,
            userModification: ctx.admin.userId,
          })
          .returning()
        if (!created) throw new AppError(409, 'ASSET_KEY_TAKEN', 'assetTree.keyTaken', { key })
        let copy: AssetRow = created
        if (row.storageKey) {
          const storageKey = await freeStorageKey(deps.store, `${path.slice(1)}${key}`, created.id)
          const stream = await deps.store.get(row.storageKey)
          if (!stream) {
            throw new AppError(409, 'ASSET_FILE_MISSING', 'assetTree.fileMissing', {
              path: `${row.path}${row.key}`,
            })
          }
          await deps.store.put(
            storageKey,
            await readStream(stream),
            row.mimeType ?? 'application/octet-stream',
          )
          written.push(storageKey)
          const [updated] = await tx
            .update(assets)
            .set({ storageKey })
            .where(eq(assets.id, created.id))
            .returning()
          copy = updated!
        }
        newIds.set(row.id, copy.id)
        newRows.set(row.id, copy)
        await copyProperties(tx, { type: 'asset', id: row.id }, { type: 'asset', id: copy.id })
        const targets = await tx
          .select({ type: elementDependencies.targetType, id: elementDependencies.targetId })
          .from(elementDependencies)
          .where(
            and(
              eq(elementDependencies.sourceType, 'asset'),
              eq(elementDependencies.sourceId, row.id),
            ),
          )
        if (targets.length > 0) {
          await replaceDependencies(tx, { type: 'asset', id: copy.id }, targets)
        }
        if (copy.type !== 'folder') {
          await saveAssetVersion(tx, ctx, copy.id, { note: `copy of ${row.id}` })
        }
        done += 1
        job.progress(done, rows.length)
      }
      const rootId = newIds.get(source.id)!
      await auditAssetChange(ctx, tx, {
        action: 'asset.copy',
        assetId: rootId,
        before: { sourceId: source.id },
        after: { targetId: target.id, amount: newIds.size },
      })
      return rootId
    })
    return { id: newRootId, amount: rows.length }
  } catch (error) {
    for (const key of written) await deps.store.delete(key).catch(() => undefined)
    throw error
  }
}

async function freeStorageKey(store: AssetStore, wanted: string, id: number): Promise<string> {
  if (!(await store.exists(wanted))) return wanted
  const slash = wanted.lastIndexOf('/')
  return `${wanted.slice(0, slash + 1)}${id}-${wanted.slice(slash + 1)}`
}
