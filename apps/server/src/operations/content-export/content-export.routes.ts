import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  ContentExportBodySchema,
  ContentExportDownloadQuerySchema,
  ContentExportJobQuerySchema,
  ContentExportJobsBodySchema,
  ContentExportJobsSchema,
  ContentExportStartedSchema,
  XLIFF_IMPORT_MAX_BYTES,
  XliffImportElementBodySchema,
  XliffImportResultSchema,
  XliffImportUploadSchema,
  type ContentExportFormat,
} from '@optika/domain/operations/content-export'
import { JobSchema } from '@optika/domain/pim/grid-api'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import {
  defineContentExportJobs,
  listContentExportJobs,
  openContentExportFile,
  startContentExport,
  type ContentExportDeps,
} from './content-export-jobs.ts'
import { importXliffElement, uploadXliff } from './xliff-import.ts'

/** 401 without a session, 403 unless the user holds one of `keys`. */
function requireAnyPermission(...keys: PermissionKey[]) {
  return async function requireOneOf(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    if (!keys.some((key) => request.admin!.permissions.has(key))) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
}

const JOB_FORMATS: Readonly<Record<string, ContentExportFormat>> = {
  'contentExport.xliff': 'xliff',
  'contentExport.word': 'word',
}

/**
 * Word and XLIFF export/import for translators (Pimcore's WordExportBundle and XliffBundle paths)
 * and POST /admin/translation/content-export-jobs. Word calls need `wordExport`, XLIFF calls
 * `xliffExport`; the element list and a job's progress either. Exports run on the job queue.
 */
export async function registerContentExportRoutes(
  app: FastifyInstance,
  deps: ContentExportDeps,
): Promise<void> {
  defineContentExportJobs(deps)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin content export']
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const either = { preValidation: [requireAnyPermission('xliffExport', 'wordExport')] }
  const word = { preValidation: [requireAnyPermission('wordExport')] }
  const xliff = { preValidation: [requireAnyPermission('xliffExport')] }

  r.post(
    '/admin/translation/content-export-jobs',
    {
      ...either,
      schema: {
        tags,
        body: ContentExportJobsBodySchema,
        response: { 200: ContentExportJobsSchema },
      },
    },
    async (request) => listContentExportJobs(ctxOf(request), request.body.elements),
  )
  r.get(
    '/admin/translation/content-export-job',
    {
      ...either,
      schema: { tags, querystring: ContentExportJobQuerySchema, response: { 200: JobSchema } },
    },
    async (request) => {
      const ctx = ctxOf(request)
      const job = await readOwnJob(ctx.db, ctx.admin.userId, request.query.id)
      if (!JOB_FORMATS[job.type]) throw notFound('pimGrid.jobNotFound')
      return toJob(job, (key) => ctx.t(key))
    },
  )
  for (const [format, guard, base] of [
    ['word', word, '/admin/bundle/wordexport/translation/word-export'],
    ['xliff', xliff, '/admin/bundle/xliff/translation/xliff-export'],
  ] as const) {
    r.post(
      base,
      {
        ...guard,
        schema: {
          tags,
          body: ContentExportBodySchema,
          response: { 200: ContentExportStartedSchema },
        },
      },
      async (request) => startContentExport(ctxOf(request), deps, format, request.body),
    )
    r.get(
      `${base}-download`,
      { ...guard, schema: { tags, querystring: ContentExportDownloadQuerySchema } },
      async (request, reply) => {
        const file = await openContentExportFile(
          ctxOf(request),
          deps.files,
          format,
          request.query.id,
          request.query.language,
        )
        return reply
          .type(file.contentType)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      },
    )
  }
  r.post(
    '/admin/bundle/xliff/translation/xliff-import-element',
    {
      ...xliff,
      schema: {
        tags,
        body: XliffImportElementBodySchema,
        response: { 200: XliffImportResultSchema },
      },
    },
    async (request) => importXliffElement(ctxOf(request), deps.files, request.body),
  )

  // Multipart bodies are parsed only here: one file of at most XLIFF_IMPORT_MAX_BYTES.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: XLIFF_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/bundle/xliff/translation/xliff-import-upload',
      {
        ...xliff,
        bodyLimit: XLIFF_IMPORT_MAX_BYTES + 100_000,
        schema: { tags, response: { 200: XliffImportUploadSchema } },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(400, 'NO_FILE', 'contentExport.xliffNoFile')
        }
        let file: Buffer | null = null
        for await (const part of request.parts()) {
          if (part.type === 'file') file = await part.toBuffer()
        }
        if (!file) throw new AppError(400, 'NO_FILE', 'contentExport.xliffNoFile')
        return uploadXliff(ctxOf(request), deps.files, file)
      },
    )
  })
}
