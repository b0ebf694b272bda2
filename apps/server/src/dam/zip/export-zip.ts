import type { Readable } from 'node:stream'
import { asc, inArray, like } from 'drizzle-orm'
import type { EndOptions } from 'yazl'
import type { DownloadAsZipJobsQuery, ZipExportResult } from '@optika/domain/pim/asset-zip-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import {
  defineTrackedJob,
  startJob,
  type JobHandle,
  type JobLogger,
} from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { readStream, type AssetStore } from '../assets/asset-store.ts'
import {
  assetNotFound,
  childPathOf,
  findAsset,
  fullPathOf,
  type AssetRow,
} from '../assets/read-asset-tree.ts'
import { recordJobErrorParams } from './import-zip.ts'

export const ZIP_EXPORT_JOB = 'asset.export-zip'
const MANIFEST_FILE = 'manifest.json'
/** Rows read per query while collecting and while streaming. */
const CHUNK = 1000

export interface ZipExportDeps {
  readonly jobs: JobQueue
  readonly files: JobFileStore
  readonly store: AssetStore
  /** Most files one zip may hold (ASSET_ZIP_EXPORT_MAX_FILES). */
  readonly maxFiles: number
}

interface ZipExportParams {
  readonly rootId: number
  readonly selectedIds: readonly number[] | null
  readonly locale: string
}

/** One line of what the zip will hold: an asset and its path inside the zip ('a/b.png', 'a/'). */
interface ManifestEntry {
  readonly id: number
  readonly path: string
  readonly folder: boolean
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Starts collecting assets for a zip download: the folder (or file) `id` the user may view, or
 * only the assets and folders of `selectedIds` inside it. The zip itself is streamed on download.
 */
export async function startZipExport(
  ctx: AdminContext,
  deps: ZipExportDeps,
  query: DownloadAsZipJobsQuery,
): Promise<{ jobId: string }> {
  const root = await findAsset(ctx.db, query.id)
  if (!root) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(root), 'view')
  const params: ZipExportParams = {
    rootId: root.id,
    selectedIds: query.selectedIds && query.selectedIds.length > 0 ? query.selectedIds : null,
    locale: ctx.locale,
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: ZIP_EXPORT_JOB,
    ownerId: ctx.admin.userId,
    total: 0,
    params: { ...params },
  })
  return { jobId: id }
}

/** The columns a zip needs (not metadata: a folder of 100,000 assets is read at once). */
const zipColumns = {
  id: assets.id,
  parentId: assets.parentId,
  type: assets.type,
  key: assets.key,
  path: assets.path,
  size: assets.size,
  storageKey: assets.storageKey,
  updatedAt: assets.updatedAt,
}
type ZipRow = Pick<
  AssetRow,
  'id' | 'parentId' | 'type' | 'key' | 'path' | 'size' | 'storageKey' | 'updatedAt'
>

/** Every asset below a folder's child path, in path order (folders before their content). */
async function descendantsOf(db: Db, childPath: string): Promise<ZipRow[]> {
  return db
    .select(zipColumns)
    .from(assets)
    .where(like(assets.path, `${escapeLike(childPath)}%`))
    .orderBy(asc(assets.path), asc(assets.key))
}

/**
 * Collects what the zip will hold and keeps it as the job's manifest: every file and folder the
 * user may view, with its path relative to the chosen folder. Folders are listed too, so an empty
 * one survives a round trip.
 */
async function runZipExport(
  deps: ZipExportDeps & { readonly db: Db; readonly translator: Translator },
  job: JobHandle<ZipExportParams>,
): Promise<Record<string, unknown>> {
  try {
    return await collectZipExport(deps, job)
  } catch (error) {
    if (error instanceof AppError) await recordJobErrorParams(deps.db, job.id, error.params)
    throw error
  }
}

async function collectZipExport(
  deps: ZipExportDeps & { readonly db: Db; readonly translator: Translator },
  job: JobHandle<ZipExportParams>,
): Promise<Record<string, unknown>> {
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: job.params.locale,
    jobId: job.id,
  })
  const root = await findAsset(ctx.db, job.params.rootId)
  if (!root) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(root), 'view')
  // Paths in the zip are relative to the folder (a single file: to its parent).
  const base = root.type === 'folder' ? childPathOf(root) : root.path
  const picked: ZipRow[] = []
  if (root.type !== 'folder') {
    picked.push(root)
  } else if (job.params.selectedIds === null) {
    picked.push(...(await descendantsOf(ctx.db, base)))
  } else {
    const ids = job.params.selectedIds
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await ctx.db
        .select(zipColumns)
        .from(assets)
        .where(inArray(assets.id, ids.slice(start, start + CHUNK)))
      for (const row of rows) {
        // Only what lies inside the chosen folder.
        if (row.parentId === null || !fullPathOf(row).startsWith(base)) continue
        picked.push(row)
        if (row.type === 'folder') picked.push(...(await descendantsOf(ctx.db, childPathOf(row))))
      }
      job.progress(0, picked.length)
    }
  }
  const seen = new Set<number>()
  const manifest: ManifestEntry[] = []
  let files = 0
  let folders = 0
  let bytes = 0
  for (const [index, row] of picked.entries()) {
    if (seen.has(row.id)) continue
    seen.add(row.id)
    const full = fullPathOf(row)
    if (!rights.may('asset', full, 'view')) continue
    const relative = full.slice(base.length)
    if (row.type === 'folder') {
      manifest.push({ id: row.id, path: `${relative}/`, folder: true })
      folders += 1
    } else if (row.storageKey) {
      files += 1
      if (files > deps.maxFiles) {
        throw new AppError(400, 'ZIP_TOO_MANY', 'assetZip.tooManyToDownload', {
          value: deps.maxFiles,
        })
      }
      manifest.push({ id: row.id, path: relative, folder: false })
      bytes += row.size ?? 0
    }
    if (index % CHUNK === 0) job.progress(index, picked.length)
  }
  manifest.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  await deps.files.put(
    jobFileKey(job.id, MANIFEST_FILE),
    Buffer.from(JSON.stringify(manifest)),
    'application/json',
  )
  job.progress(picked.length, picked.length)
  const result: ZipExportResult = {
    files,
    folders,
    bytes,
    fileName: `${root.type === 'folder' ? root.key || 'assets' : root.key.replace(/\.[^.]*$/, '')}.zip`,
  }
  return { ...result }
}

/** A zip download ready to send: its stream, suggested name and length when it is known. */
export interface ZipDownload {
  readonly stream: Readable
  readonly fileName: string
  /** Bytes of the whole zip, or null when it cannot be known beforehand. */
  readonly size: number | null
}

/**
 * Streams the zip of a finished export job of the caller: entries are read from the store one at
 * a time as the client takes the bytes (nothing whole in memory), stored without recompression so
 * the length is known up front. Assets deleted since the job ran, or no longer viewable, are left out.
 */
export async function streamZipExport(
  ctx: AdminContext,
  deps: { readonly files: JobFileStore; readonly store: AssetStore },
  jobId: string,
): Promise<ZipDownload> {
  const job = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (job.type !== ZIP_EXPORT_JOB) throw new AppError(404, 'NOT_FOUND', 'pimGrid.jobNotFound')
  if (job.status !== 'done') throw new AppError(409, 'ZIP_NOT_READY', 'assetZip.notReady')
  const file = await deps.files.get(jobFileKey(job.id, MANIFEST_FILE))
  if (!file) throw new AppError(410, 'ZIP_GONE', 'assetZip.gone')
  const manifest = JSON.parse((await readStream(file)).toString('utf8')) as ManifestEntry[]
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const { default: yazl } = await import('yazl')
  const zip = new yazl.ZipFile()
  // A file gone or changed since the job ran ends the download (the client sees a broken
  // transfer) instead of an unhandled error.
  const output = zip.outputStream as Readable
  zip.on('error', (error: Error) => output.destroy(error))
  for (let start = 0; start < manifest.length; start += CHUNK) {
    const slice = manifest.slice(start, start + CHUNK)
    const rows = await ctx.db
      .select(zipColumns)
      .from(assets)
      .where(
        inArray(
          assets.id,
          slice.map((entry) => entry.id),
        ),
      )
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const entry of slice) {
      const row = byId.get(entry.id)
      if (!row || !rights.may('asset', fullPathOf(row), 'view')) continue
      const mtime = row.updatedAt
      if (entry.folder) {
        zip.addEmptyDirectory(entry.path, { mtime })
        continue
      }
      const storageKey = row.storageKey
      if (!storageKey || row.size === null) continue
      zip.addReadStreamLazy(entry.path, { compress: false, size: row.size, mtime }, (callback) => {
        deps.store.get(storageKey).then(
          (stream) =>
            stream
              ? callback(null, stream)
              : callback(new Error(`asset file ${storageKey} is gone`), undefined as never),
          (error: unknown) => callback(error, undefined as never),
        )
      })
    }
  }
  // yazl's types omit the size its `end` callback receives (-1 when it cannot be known).
  const end = zip.end.bind(zip) as unknown as (
    options: Partial<EndOptions>,
    sized: (finalSize: number) => void,
  ) => void
  const size = await new Promise<number>((resolve) => end({}, resolve))
  const result = job.result as Partial<ZipExportResult> | null
  return {
    stream: output,
    fileName: result?.fileName ?? 'assets.zip',
    size: size >= 0 ? size : null,
  }
}

/** Registers the zip export job (every process, at start). */
export function defineZipExportJob(
  deps: ZipExportDeps & {
    readonly db: Db
    readonly translator: Translator
    readonly log?: JobLogger
  },
): void {
  defineTrackedJob<ZipExportParams>(deps.jobs, deps.db, {
    type: ZIP_EXPORT_JOB,
    log: deps.log,
    run: (job) => runZipExport(deps, job),
  })
}
