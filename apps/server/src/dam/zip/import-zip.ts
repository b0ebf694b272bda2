import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { ZipFile } from 'yauzl'
import type { ZipImportError, ZipImportResult } from '@optika/domain/pim/asset-zip-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementVersions, jobs } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { jobFileKey } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import {
  defineTrackedJob,
  startJob,
  type JobHandle,
  type JobLogger,
} from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { addFolder } from '../assets/write-asset-tree.ts'
import { loadTargetFolder } from '../assets/read-asset-tree.ts'
import { sanitizeFolderName } from '../upload/asset-names.ts'
import { uploadAsset } from '../upload/upload-asset.ts'
import { fileTooLarge } from '../upload/prepare-asset-file.ts'
import {
  openZipPlan,
  printableName,
  type ZipImportLimits,
  type ZipPlanEntry,
} from './open-zip-plan.ts'

export const ZIP_IMPORT_JOB = 'asset.import-zip'
const ARCHIVE_FILE = 'import.zip'

/** What the zip import needs besides the request's context. */
export interface ZipImportDeps {
  readonly jobs: JobQueue
  /** Where the assets go, and the archive while it waits for its job (`jobs/<id>/import.zip`). */
  readonly store: AssetStore
  readonly limits: ZipImportLimits & {
    /** Largest single file (ASSET_MAX_BYTES, as for any upload). */
    readonly maxEntryBytes: number
  }
}

interface ZipImportParams {
  readonly folderId: number
  readonly locale: string
  readonly name: string
}

/**
 * Starts importing a zip archive (already on disk) into a folder: the archive is checked whole
 * first — a hostile or broken one is refused here with its reason and nothing is stored — then it
 * waits in the file store for the job, which any process may run.
 */
export async function startZipImport(
  ctx: AdminContext,
  deps: ZipImportDeps,
  folderId: number,
  upload: { readonly path: string; readonly filename: string },
): Promise<{ jobId: string }> {
  await loadTargetFolder(ctx, folderId)
  const plan = await openZipPlan(upload.path, deps.limits)
  plan.zip.close()
  const jobId = randomUUID()
  await deps.store.putFile(jobFileKey(jobId, ARCHIVE_FILE), upload.path, 'application/zip')
  const params: ZipImportParams = {
    folderId,
    locale: ctx.locale,
    name: printableName(upload.filename),
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    id: jobId,
    type: ZIP_IMPORT_JOB,
    ownerId: ctx.admin.userId,
    total: plan.files,
    params: { ...params },
  })
  return { jobId: id }
}

function corrupt(item: ZipPlanEntry): AppError {
  return new AppError(400, 'ZIP_CORRUPT', 'assetZip.corrupt', { name: printableName(item.name) })
}

/**
 * Unpacks one entry to a file on local disk, streamed: at most `maxBytes` (yauzl also holds the
 * real size to the declared one), bad compressed data or a lying header fail as a damaged archive.
 */
async function extractEntry(
  zip: ZipFile,
  item: ZipPlanEntry,
  file: string,
  maxBytes: number,
): Promise<void> {
  let length = 0
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      length += chunk.length
      callback(length > maxBytes ? corrupt(item) : null, chunk)
    },
  })
  try {
    await pipeline(await zip.openReadStreamPromise(item.entry), cap, createWriteStream(file))
  } catch {
    throw corrupt(item)
  }
}

/** What an import created so far, to take back if the archive turns out broken midway. */
interface Created {
  readonly files: { id: number; storageKey: string | null }[]
  readonly folders: number[]
}

/** Deletes what a failed import created: files first, then its folders, deepest first. */
async function undoImport(db: Db, store: AssetStore, created: Created): Promise<void> {
  for (const file of created.files) {
    if (file.storageKey) await store.delete(file.storageKey).catch(() => undefined)
  }
  const fileIds = created.files.map((file) => file.id)
  if (fileIds.length > 0) {
    await db
      .delete(elementVersions)
      .where(
        and(eq(elementVersions.elementType, 'asset'), inArray(elementVersions.elementId, fileIds)),
      )
    await db.delete(assets).where(inArray(assets.id, fileIds))
  }
  // A folder someone else has put something into meanwhile stays.
  for (const id of [...created.folders].reverse()) {
    await db
      .delete(assets)
      .where(
        and(eq(assets.id, id), sql`not exists (select 1 from assets c where c.parent_id = ${id})`),
      )
  }
}

/**
 * What an earlier run of this job created (it died midway and the queue runs it again): the
 * assets audited under the job's request id, files and folders, newest first.
 */
async function createdByEarlierRun(db: Db, requestId: string): Promise<Created> {
  const rows = await db
    .select({ id: assets.id, type: assets.type, storageKey: assets.storageKey })
    .from(auditLog)
    .innerJoin(assets, sql`${assets.id}::text = ${auditLog.entityId}`)
    .where(
      and(
        eq(auditLog.requestId, requestId),
        eq(auditLog.entityType, 'asset'),
        inArray(auditLog.action, ['asset.create', 'asset.folder.create', 'asset.addFolder']),
      ),
    )
    .orderBy(asc(assets.id))
  return {
    files: rows.filter((row) => row.type !== 'folder'),
    folders: rows.filter((row) => row.type === 'folder').map((row) => row.id),
  }
}

/**
 * Imports an archive's entries below the folder: sub-folders are created as needed (an existing
 * folder of that name is reused), each file goes through the same path as an upload (type
 * sniffed, name sanitized and unique). A file the upload refuses is listed in the result; an
 * archive that turns out broken while reading undoes everything the job created.
 */
async function runZipImport(
  deps: ZipImportDeps & { readonly db: Db; readonly translator: Translator },
  job: JobHandle<ZipImportParams>,
): Promise<Record<string, unknown>> {
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: job.params.locale,
    jobId: job.id,
  })
  // A run starts from nothing: what an interrupted earlier run stored is taken back first.
  await undoImport(deps.db, deps.store, await createdByEarlierRun(deps.db, ctx.requestId))
  const key = jobFileKey(job.id, ARCHIVE_FILE)
  const stored = await deps.store.get(key)
  if (!stored) throw new AppError(400, 'ZIP_INVALID', 'assetZip.notAZip')
  const workDir = await mkdtemp(join(tmpdir(), 'optika-zip-import-'))
  const archive = join(workDir, ARCHIVE_FILE)
  const created: Created = { files: [], folders: [] }
  try {
    await pipeline(stored, createWriteStream(archive))
    const plan = await openZipPlan(archive, deps.limits)
    try {
      const target = await loadTargetFolder(ctx, job.params.folderId)
      const folderIds = new Map<string, number>([['', target.id]])
      const errors: ZipImportError[] = []
      const folderOf = async (segments: readonly string[]): Promise<number> => {
        let parentId = target.id
        let path = ''
        for (const segment of segments) {
          path = `${path}/${segment}`
          const known = folderIds.get(path)
          if (known !== undefined) {
            parentId = known
            continue
          }
          parentId = await ensureFolder(ctx, parentId, sanitizeFolderName(segment), created)
          folderIds.set(path, parentId)
        }
        return parentId
      }
      let done = 0
      for (const [index, item] of plan.entries.entries()) {
        job.signal.throwIfAborted()
        try {
          if (item.directory) {
            await folderOf(item.segments)
            continue
          }
          const parentId = await folderOf(item.segments.slice(0, -1))
          if (item.entry.uncompressedSize > deps.limits.maxEntryBytes) {
            throw fileTooLarge(deps.limits.maxEntryBytes)
          }
          const file = join(workDir, `entry-${index}`)
          await extractEntry(plan.zip, item, file, deps.limits.maxEntryBytes)
          try {
            const node = await uploadAsset(
              ctx,
              deps.store,
              { folderId: parentId },
              { filename: item.segments[item.segments.length - 1]!, file },
              { maxBytes: deps.limits.maxEntryBytes },
            )
            const [row] = await ctx.db
              .select({ storageKey: assets.storageKey })
              .from(assets)
              .where(eq(assets.id, node.id))
            created.files.push({ id: node.id, storageKey: row?.storageKey ?? null })
          } finally {
            await rm(file, { force: true })
          }
        } catch (error) {
          // A broken archive stops the import; a file or folder the upload refuses is reported.
          if (!(error instanceof AppError) || error.code === 'ZIP_CORRUPT') throw error
          errors.push({ name: printableName(item.name), message: ctx.t(error.key, error.params) })
        }
        if (!item.directory) {
          done += 1
          job.progress(done)
        }
      }
      const result: ZipImportResult = {
        created: created.files.length,
        folders: created.folders.length,
        failed: errors.length,
        errors,
      }
      await auditAssetChange(ctx, ctx.db, {
        action: 'asset.importZip',
        assetId: target.id,
        after: { archive: job.params.name, created: result.created, folders: result.folders },
      })
      await deps.store.delete(key).catch(() => undefined)
      await writeAppLog(deps.db, {
        priority: errors.length > 0 ? 'warning' : 'info',
        component: 'import.assets',
        message:
          errors.length > 0
            ? `Zip import of ${job.params.name}: ${String(result.created)} files stored, ${String(errors.length)} rejected`
            : `Zip import of ${job.params.name}: ${String(result.created)} files stored`,
        context: { jobId: job.id, archive: job.params.name, ...result, errors: undefined },
        element: { type: 'asset', id: target.id },
        ...(errors.length > 0
          ? { fileObject: errors.map((e) => `${e.name}: ${e.message}`).join('\n') }
          : {}),
        requestId: ctx.requestId,
        source: 'import-zip',
      })
      return { ...result }
    } finally {
      plan.zip.close()
    }
  } catch (error) {
    await undoImport(deps.db, deps.store, created)
    if (error instanceof AppError) {
      // The row only keeps the message's key: its parameters wait in the result for the reader.
      await deps.store.delete(key).catch(() => undefined)
      await recordJobErrorParams(deps.db, job.id, error.params)
    }
    throw error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** A sub-folder of `parentId` named `name`: the existing one, else a new one (unique beside a file). */
async function ensureFolder(
  ctx: AdminContext,
  parentId: number,
  name: string,
  created: Created,
): Promise<number> {
  for (let n = 0; n < 100; n += 1) {
    const key = n === 0 ? name : `${name}_${n}`
    const [existing] = await ctx.db
      .select({ id: assets.id, type: assets.type })
      .from(assets)
      .where(and(eq(assets.parentId, parentId), eq(assets.key, key)))
    if (existing?.type === 'folder') return existing.id
    if (existing) continue
    try {
      // addFolder writes the folder's audit entry, which a rerun finds by the job's request id.
      const folder = await addFolder(ctx, { parentId, name: key })
      created.folders.push(folder.id)
      return folder.id
    } catch (error) {
      // Taken meanwhile by another import: look again.
      if (error instanceof AppError && error.code === 'ASSET_KEY_TAKEN') continue
      throw error
    }
  }
  throw new AppError(409, 'ASSET_KEY_CONFLICT', 'pimAssets.keyConflict')
}

/** Keeps a failure's message parameters with the job (`result.errorParams`). */
export async function recordJobErrorParams(
  db: Db,
  jobId: string,
  params: Record<string, string | number>,
): Promise<void> {
  if (Object.keys(params).length === 0) return
  await db
    .update(jobs)
    .set({ result: { errorParams: params } })
    .where(eq(jobs.id, jobId))
}

/** Registers the zip import job (every process, at start). */
export function defineZipImportJob(
  deps: ZipImportDeps & {
    readonly db: Db
    readonly translator: Translator
    readonly log?: JobLogger
  },
): void {
  defineTrackedJob<ZipImportParams>(deps.jobs, deps.db, {
    type: ZIP_IMPORT_JOB,
    log: deps.log,
    run: (job) => runZipImport(deps, job),
  })
}
