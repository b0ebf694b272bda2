import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApplyToAllSchema,
  AvailableFieldsQuerySchema,
  BatchUpdateSchema,
  ColumnConfigAnswerSchema,
  ColumnConfigQuerySchema,
  ConfigIdQuerySchema,
  DoExportSchema,
  DownloadQuerySchema,
  ExportConfigsSchema,
  GridColumnInfoSchema,
  GridListQuerySchema,
  GridListSchema,
  GridPageSchema,
  GridRowSchema,
  GridSelectionSchema,
  GridSortSchema,
  GridUpdateResultSchema,
  GridUpdateSchema,
  HelperConfigAnswerSchema,
  ImportOptionsSchema,
  JobChunksSchema,
  JobIdQuerySchema,
  JobIdSchema,
  JobSchema,
  LoadObjectDataQuerySchema,
  MarkFavouriteSchema,
  PrepareHelperConfigSchema,
  SaveColumnConfigSchema,
  SavedGridConfigSchema,
  SuccessSchema,
  type ExportFormat,
  type GridList,
  type GridListQuery,
} from '@optika/domain/pim/grid-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import {
  applyColumnConfigToAll,
  deleteColumnConfig,
  getColumnConfig,
  listAvailableFields,
  listExportConfigs,
  markFavouriteColumnConfig,
  saveColumnConfig,
} from './column-configs.ts'
import {
  defineGridExportJobs,
  listJobChunks,
  openExportFile,
  prepareHelperColumnConfig,
  startGridExport,
} from './export-grid.ts'
import {
  defineGridEditJobs,
  loadObjectData,
  startBatchUpdate,
  startCsvImport,
  updateGridRow,
} from './grid-edits.ts'
import { parseGridFiltersQuery } from '../../elements/grid/grid-filters-query.ts'
import { listGridRows } from './grid-rows.ts'

/** The largest CSV import accepted. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024

const JobChunksInputSchema = GridSelectionSchema.extend({ sort: GridSortSchema.optional() })

/** The GET form of a grid query (filters as JSON) as the POST form. */
function gridListFromQuery(query: GridListQuery): GridList {
  return GridListSchema.parse({
    folderId: query.folderId,
    classId: query.classId,
    onlyDirectChildren: query.onlyDirectChildren,
    includeVariants: query.includeVariants,
    filters: parseGridFiltersQuery(query.filters),
    query: query.query,
    language: query.language,
    limit: query.limit,
    start: query.start,
    ...(query.sort
      ? { sort: { column: query.sort, direction: query.dir?.toLowerCase() ?? 'asc' } }
      : {}),
  })
}

/** import-upload's `mapping` field: JSON of CSV header → field name. */
function parseMapping(text: string | undefined): unknown {
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError(400, 'BAD_MAPPING', 'pimGrid.importBadMapping')
  }
}

/**
 * The object grid: /admin/object/grid-proxy (list, inline edit) and the object helper
 * /admin/object-helper/* (column configurations, exports, batch updates, CSV import, jobs).
 * Everything needs the `objects` key; rows follow the user's workspace rights. The grid's jobs
 * run on the queue (any process); their files live in the shared file store.
 */
export async function registerPimGridRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { readonly jobs: JobQueue; readonly files: JobFileStore },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const jobDeps = { jobs: deps.jobs, files: deps.files }
  const handlerDeps = { ...jobDeps, db: deps.db, translator: deps.translator, log: app.log }
  defineGridExportJobs(handlerDeps)
  defineGridEditJobs(handlerDeps)
  // Session and key are checked before the input, so nobody probes without rights.
  const guard = { preValidation: [requirePermission('objects')] }
  const tags = ['admin object grid']
  const helper = '/admin/object-helper'

  r.get(
    '/admin/object/grid-proxy',
    {
      ...guard,
      schema: { tags, querystring: GridListQuerySchema, response: { 200: GridPageSchema } },
    },
    async (request) => listGridRows(ctxOf(request), gridListFromQuery(request.query)),
  )
  r.post(
    '/admin/object/grid-proxy',
    { ...guard, schema: { tags, body: GridListSchema, response: { 200: GridPageSchema } } },
    async (request) => listGridRows(ctxOf(request), request.body),
  )
  r.put(
    '/admin/object/grid-proxy',
    {
      ...guard,
      schema: { tags, body: GridUpdateSchema, response: { 200: GridUpdateResultSchema } },
    },
    async (request) => ({
      success: true as const,
      row: await updateGridRow(ctxOf(request), request.body),
    }),
  )

  r.get(
    `${helper}/grid-get-column-config`,
    {
      ...guard,
      schema: {
        tags,
        querystring: ColumnConfigQuerySchema,
        response: { 200: ColumnConfigAnswerSchema },
      },
    },
    async (request) => getColumnConfig(ctxOf(request), request.query),
  )
  r.post(
    `${helper}/grid-save-column-config`,
    {
      ...guard,
      schema: { tags, body: SaveColumnConfigSchema, response: { 200: SavedGridConfigSchema } },
    },
    async (request) => saveColumnConfig(ctxOf(request), request.body),
  )
  r.delete(
    `${helper}/grid-delete-column-config`,
    {
      ...guard,
      schema: { tags, querystring: ConfigIdQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await deleteColumnConfig(ctxOf(request), request.query.id)
      return { success: true as const }
    },
  )
  r.post(
    `${helper}/grid-mark-favourite-column-config`,
    { ...guard, schema: { tags, body: MarkFavouriteSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await markFavouriteColumnConfig(ctxOf(request), request.body)
      return { success: true as const }
    },
  )
  r.post(
    `${helper}/grid-config-apply-to-all`,
    { ...guard, schema: { tags, body: ApplyToAllSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await applyColumnConfigToAll(ctxOf(request), request.body.id)
      return { success: true as const }
    },
  )
  r.post(
    `${helper}/prepare-helper-column-configs`,
    {
      ...guard,
      schema: {
        tags,
        body: PrepareHelperConfigSchema,
        response: { 200: HelperConfigAnswerSchema },
      },
    },
    async (request) => prepareHelperColumnConfig(ctxOf(request), request.body),
  )
  r.get(
    `${helper}/get-available-visible-vields`,
    {
      ...guard,
      schema: {
        tags,
        querystring: AvailableFieldsQuerySchema,
        response: { 200: z.array(GridColumnInfoSchema) },
      },
    },
    async (request) => listAvailableFields(ctxOf(request), request.query.classId),
  )
  r.get(
    `${helper}/get-export-configs`,
    {
      ...guard,
      schema: {
        tags,
        querystring: AvailableFieldsQuerySchema,
        response: { 200: ExportConfigsSchema },
      },
    },
    async (request) => listExportConfigs(ctxOf(request), request.query.classId),
  )
  r.get(
    `${helper}/load-object-data`,
    {
      ...guard,
      schema: { tags, querystring: LoadObjectDataQuerySchema, response: { 200: GridRowSchema } },
    },
    async (request) => loadObjectData(ctxOf(request), request.query),
  )
  for (const name of ['get-export-jobs', 'get-batch-jobs']) {
    r.post(
      `${helper}/${name}`,
      {
        ...guard,
        schema: { tags, body: JobChunksInputSchema, response: { 200: JobChunksSchema } },
      },
      async (request) => listJobChunks(ctxOf(request), request.body),
    )
  }
  r.post(
    `${helper}/do-export`,
    { ...guard, schema: { tags, body: DoExportSchema, response: { 200: JobIdSchema } } },
    async (request) => startGridExport(ctxOf(request), jobDeps, request.body),
  )
  const download = (format: ExportFormat) =>
    r.get(
      `${helper}/download-${format}-file`,
      { ...guard, schema: { tags, querystring: DownloadQuerySchema } },
      async (request, reply) => {
        const file = await openExportFile(ctxOf(request), deps.files, request.query.jobId, format)
        return reply
          .type(file.contentType)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      },
    )
  download('csv')
  download('xlsx')
  r.put(
    `${helper}/batch`,
    { ...guard, schema: { tags, body: BatchUpdateSchema, response: { 200: JobIdSchema } } },
    async (request) => startBatchUpdate(ctxOf(request), jobDeps, request.body),
  )
  r.get(
    `${helper}/job`,
    { ...guard, schema: { tags, querystring: JobIdQuerySchema, response: { 200: JobSchema } } },
    async (request) => {
      const ctx = ctxOf(request)
      return toJob(await readOwnJob(ctx.db, ctx.admin.userId, request.query.id), (key) =>
        ctx.t(key),
      )
    },
  )

  // Multipart bodies are parsed only here, one file of at most IMPORT_MAX_BYTES.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 100_000, parts: 12 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      `${helper}/import-upload`,
      {
        ...guard,
        bodyLimit: IMPORT_MAX_BYTES + 200_000,
        schema: { tags, response: { 200: JobIdSchema } },
      },
      async (request) => {
        const fields: Record<string, string> = {}
        let file: Buffer | null = null
        for await (const part of request.parts()) {
          if (part.type === 'file') file = await part.toBuffer()
          else fields[part.fieldname] = String(part.value)
        }
        if (!file) throw new AppError(400, 'NO_FILE', 'pimGrid.importNoFile')
        const options = ImportOptionsSchema.parse({
          ...fields,
          mapping: parseMapping(fields.mapping),
        })
        return startCsvImport(ctxOf(request), jobDeps, options, file)
      },
    )
  })
}
