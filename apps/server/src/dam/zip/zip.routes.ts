import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { BigIdSchema } from '@optika/domain/ids'
import { JobIdSchema, JobSchema } from '@optika/domain/pim/grid-api'
import {
  DownloadAsZipJobsQuerySchema,
  ImportZipQuerySchema,
  ZipJobIdSchema,
} from '@optika/domain/pim/asset-zip-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf, type AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import {
  defineZipExportJob,
  startZipExport,
  streamZipExport,
  ZIP_EXPORT_JOB,
} from './export-zip.ts'
import { defineZipImportJob, startZipImport, ZIP_IMPORT_JOB } from './import-zip.ts'
import { formatBytes } from './open-zip-plan.ts'

const tags = ['admin assets']

/** A job of the caller and of this type, its failure translated with the parameters it kept. */
async function readZipJob(ctx: AdminContext, jobId: string, type: string) {
  const row = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (row.type !== type) throw new AppError(404, 'NOT_FOUND', 'pimGrid.jobNotFound')
  const kept = (row.result as { errorParams?: Record<string, string | number> } | null)?.errorParams
  const job = toJob(row, (key) => ctx.t(key, kept ?? {}))
  return row.status === 'failed' ? { ...job, result: null } : job
}

/**
 * The asset library's zip calls: `import-zip` (a zip archive into a folder, as a job),
 * `import-zip-files` (that job's progress and result), `download-as-zip-jobs` (collect a folder or
 * a selection, as a job), `download-as-zip-add-files` (its progress), `download-as-zip` (the zip,
 * streamed). Limits come from ASSET_ZIP_* (README "Configuration").
 */
export async function registerZipAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { readonly jobs: JobQueue },
  store: AssetStore,
): Promise<void> {
  const { env } = deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preValidation: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const importDeps = {
    jobs: deps.jobs,
    store,
    limits: {
      maxFiles: env.ASSET_ZIP_MAX_FILES,
      maxBytes: env.ASSET_ZIP_MAX_BYTES,
      maxRatio: env.ASSET_ZIP_MAX_RATIO,
      maxEntryBytes: env.ASSET_MAX_BYTES,
    },
  }
  const exportDeps = {
    jobs: deps.jobs,
    files: store,
    store,
    maxFiles: env.ASSET_ZIP_EXPORT_MAX_FILES,
  }
  const handlerDeps = { db: deps.db, translator: deps.translator, log: app.log }
  defineZipImportJob({ ...importDeps, ...handlerDeps })
  defineZipExportJob({ ...exportDeps, ...handlerDeps })

  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: env.ASSET_ZIP_MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/asset/import-zip',
      {
        ...guard,
        bodyLimit: env.ASSET_ZIP_MAX_UPLOAD_BYTES + 1024 * 1024,
        schema: {
          tags,
          description:
            'Imports a zip archive (multipart field `file`) into the folder `parentId` as a job: ' +
            'a hostile or broken archive is refused whole with its reason; nothing is stored.',
          querystring: ImportZipQuerySchema,
          response: { 200: JobIdSchema },
        },
      },
      async (request) => {
        const upload = await receiveArchive(request, env.ASSET_ZIP_MAX_UPLOAD_BYTES)
        try {
          const folderId = request.query.parentId ?? upload.parentId
          if (folderId === undefined) throw new AppError(400, 'NO_FOLDER', 'pimAssets.noFolder')
          return await startZipImport(ctxOf(request), importDeps, folderId, upload)
        } finally {
          await rm(upload.path, { force: true })
        }
      },
    )
  })

  r.post(
    '/admin/asset/import-zip-files',
    {
      ...guard,
      schema: {
        tags,
        description: 'The zip import job: progress, then `{ created, folders, failed, errors }`.',
        body: ZipJobIdSchema,
        response: { 200: JobSchema },
      },
    },
    async (request) => readZipJob(ctxOf(request), request.body.jobId, ZIP_IMPORT_JOB),
  )
  r.get(
    '/admin/asset/download-as-zip-jobs',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Starts collecting the folder `id` (or only `selectedIds` inside it) for a zip download.',
        querystring: DownloadAsZipJobsQuerySchema,
        response: { 200: JobIdSchema },
      },
    },
    async (request) => startZipExport(ctxOf(request), exportDeps, request.query),
  )
  r.get(
    '/admin/asset/download-as-zip-add-files',
    {
      ...guard,
      schema: {
        tags,
        description: 'The zip download job: progress, then `{ files, folders, bytes, fileName }`.',
        querystring: ZipJobIdSchema,
        response: { 200: JobSchema },
      },
    },
    async (request) => readZipJob(ctxOf(request), request.query.jobId, ZIP_EXPORT_JOB),
  )
  r.get(
    '/admin/asset/download-as-zip',
    {
      ...guard,
      schema: {
        tags,
        description: 'The zip of a finished download job, streamed.',
        querystring: ZipJobIdSchema,
      },
    },
    async (request, reply) => {
      const zip = await streamZipExport(ctxOf(request), exportDeps, request.query.jobId)
      if (zip.size !== null) reply.header('content-length', zip.size)
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(zip.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(zip.stream)
    },
  )
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the real name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The uploaded archive written to a temporary file (never whole in memory), and `parentId`. */
async function receiveArchive(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ path: string; filename: string; parentId: number | undefined }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.notMultipart')
  }
  const path = join(tmpdir(), `optika-zip-upload-${randomUUID()}.zip`)
  let filename: string | null = null
  let parentId: number | undefined
  let tooLarge = false
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (filename !== null) {
          part.file.resume()
          continue
        }
        filename = part.filename
        await pipeline(part.file, createWriteStream(path))
        if (part.file.truncated) tooLarge = true
      } else if (part.fieldname === 'parentId' && typeof part.value === 'string') {
        const id = BigIdSchema.safeParse(part.value)
        if (id.success) parentId = id.data
      }
    }
  } catch (error) {
    await rm(path, { force: true })
    if (isTooLarge(error)) tooLarge = true
    else throw new AppError(400, 'UPLOAD_INVALID', 'pimAssets.uploadInvalid')
  }
  if (tooLarge) {
    await rm(path, { force: true })
    throw new AppError(413, 'ZIP_TOO_LARGE', 'assetZip.archiveTooLarge', {
      value: formatBytes(maxBytes),
    })
  }
  if (filename === null) throw new AppError(400, 'NO_FILE', 'pimAssets.noFile')
  return { path, filename, parentId }
}

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  )
}
