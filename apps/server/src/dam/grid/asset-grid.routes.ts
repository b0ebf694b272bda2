import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ConfigIdQuerySchema,
  DownloadQuerySchema,
  JobChunksSchema,
  JobIdQuerySchema,
  JobIdSchema,
  JobSchema,
  MarkFavouriteSchema,
  SuccessSchema,
  type ExportFormat,
} from '@optika/domain/pim/grid-api'
import {
  AssetBatchSchema,
  AssetColumnConfigAnswerSchema,
  AssetColumnConfigQuerySchema,
  AssetDoExportSchema,
  AssetGridListQuerySchema,
  AssetGridListSchema,
  AssetGridPageSchema,
  AssetGridUpdateResultSchema,
  AssetGridUpdateSchema,
  AssetHelperConfigAnswerSchema,
  AssetJobChunksInputSchema,
  AssetMetadataColumnsSchema,
  PrepareAssetHelperConfigSchema,
  SaveAssetColumnConfigSchema,
  SavedAssetGridConfigSchema,
  type AssetGridList,
  type AssetGridListQuery,
} from '@optika/domain/pim/asset-grid-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import { parseGridFiltersQuery } from '../../elements/grid/grid-filters-query.ts'
import {
  deleteAssetColumnConfig,
  getAssetColumnConfig,
  listMetadataColumnInfos,
  markFavouriteAssetColumnConfig,
  saveAssetColumnConfig,
} from './asset-column-configs.ts'
import { defineAssetBatchJobs, startAssetBatch, updateAssetGridRow } from './asset-grid-edits.ts'
import { listAssetGridRows } from './asset-grid-rows.ts'
import {
  defineAssetExportJobs,
  listAssetJobChunks,
  openAssetExportFile,
  prepareAssetHelperColumnConfig,
  startAssetGridExport,
} from './export-asset-grid.ts'

/** The GET form of a grid query (filters as JSON) as the POST form. */
function gridListFromQuery(query: AssetGridListQuery): AssetGridList {
  return AssetGridListSchema.parse({
    folderId: query.folderId,
    onlyDirectChildren: query.onlyDirectChildren,
    includeFolders: query.includeFolders,
    filters: parseGridFiltersQuery(query.filters),
    query: query.query,
    limit: query.limit,
    start: query.start,
    ...(query.sort
      ? { sort: { column: query.sort, direction: query.dir?.toLowerCase() ?? 'asc' } }
      : {}),
  })
}

/** POST grid-proxy lists (a selection) or edits (a row's `values`), as Pimcore's does. */
const GridProxyPostSchema = z.union([AssetGridUpdateSchema, AssetGridListSchema])

/**
 * The asset grid: /admin/asset/grid-proxy (list; inline edit of custom metadata) and the asset
 * helper /admin/asset-helper/* (column configurations and their sharing, metadata columns,
 * exports, batch edits, jobs). Everything needs the `assets` key; rows follow the user's
 * workspace rights. Jobs run on the queue; their files live in the shared file store.
 */
export async function registerGridAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { readonly jobs: JobQueue },
  files: JobFileStore,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const jobDeps = { jobs: deps.jobs }
  const handlerDeps = { jobs: deps.jobs, files, db: deps.db, translator: deps.translator }
  defineAssetExportJobs({ ...handlerDeps, log: app.log })
  defineAssetBatchJobs({ ...handlerDeps, log: app.log })
  // Session and key are checked before the input, so nobody probes without rights.
  const guard = { preValidation: [requirePermission('assets')] }
  const tags = ['admin asset grid']
  const helper = '/admin/asset-helper'

  r.get(
    '/admin/asset/grid-proxy',
    {
      ...guard,
      schema: {
        tags,
        querystring: AssetGridListQuerySchema,
        response: { 200: AssetGridPageSchema },
      },
    },
    async (request) => listAssetGridRows(ctxOf(request), gridListFromQuery(request.query)),
  )
  r.post(
    '/admin/asset/grid-proxy',
    {
      ...guard,
      schema: {
        tags,
        description: 'Lists a page of assets, or (with `id` and `values`) edits one row.',
        body: GridProxyPostSchema,
        response: { 200: z.union([AssetGridUpdateResultSchema, AssetGridPageSchema]) },
      },
    },
    async (request) => {
      const body = request.body
      if ('values' in body) {
        return { success: true as const, row: await updateAssetGridRow(ctxOf(request), body) }
      }
      return listAssetGridRows(ctxOf(request), body)
    },
  )
  r.put(
    '/admin/asset/grid-proxy',
    {
      ...guard,
      schema: {
        tags,
        body: AssetGridUpdateSchema,
        response: { 200: AssetGridUpdateResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      row: await updateAssetGridRow(ctxOf(request), request.body),
    }),
  )

  r.get(
    `${helper}/grid-get-column-config`,
    {
      ...guard,
      schema: {
        tags,
        querystring: AssetColumnConfigQuerySchema,
        response: { 200: AssetColumnConfigAnswerSchema },
      },
    },
    async (request) => getAssetColumnConfig(ctxOf(request), request.query),
  )
  r.post(
    `${helper}/grid-save-column-config`,
    {
      ...guard,
      schema: {
        tags,
        body: SaveAssetColumnConfigSchema,
        response: { 200: SavedAssetGridConfigSchema },
      },
    },
    async (request) => saveAssetColumnConfig(ctxOf(request), request.body),
  )
  r.delete(
    `${helper}/grid-delete-column-config`,
    {
      ...guard,
      schema: { tags, querystring: ConfigIdQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await deleteAssetColumnConfig(ctxOf(request), request.query.id)
      return { success: true as const }
    },
  )
  r.post(
    `${helper}/grid-mark-favourite-column-config`,
    { ...guard, schema: { tags, body: MarkFavouriteSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await markFavouriteAssetColumnConfig(ctxOf(request), request.body)
      return { success: true as const }
    },
  )
  r.get(
    `${helper}/get-metadata-for-column-config`,
    { ...guard, schema: { tags, response: { 200: AssetMetadataColumnsSchema } } },
    async (request) => listMetadataColumnInfos(ctxOf(request)),
  )
  r.post(
    `${helper}/prepare-helper-column-configs`,
    {
      ...guard,
      schema: {
        tags,
        body: PrepareAssetHelperConfigSchema,
        response: { 200: AssetHelperConfigAnswerSchema },
      },
    },
    async (request) => prepareAssetHelperColumnConfig(ctxOf(request), request.body),
  )
  for (const name of ['get-export-jobs', 'get-batch-jobs']) {
    r.post(
      `${helper}/${name}`,
      {
        ...guard,
        schema: { tags, body: AssetJobChunksInputSchema, response: { 200: JobChunksSchema } },
      },
      async (request) => listAssetJobChunks(ctxOf(request), request.body),
    )
  }
  r.post(
    `${helper}/do-export`,
    { ...guard, schema: { tags, body: AssetDoExportSchema, response: { 200: JobIdSchema } } },
    async (request) => startAssetGridExport(ctxOf(request), jobDeps, request.body),
  )
  const download = (format: ExportFormat) =>
    r.get(
      `${helper}/download-${format}-file`,
      { ...guard, schema: { tags, querystring: DownloadQuerySchema } },
      async (request, reply) => {
        const file = await openAssetExportFile(ctxOf(request), files, request.query.jobId, format)
        return reply
          .type(file.contentType)
          .header('content-disposition', file.disposition)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      },
    )
  download('csv')
  download('xlsx')
  r.put(
    `${helper}/batch`,
    { ...guard, schema: { tags, body: AssetBatchSchema, response: { 200: JobIdSchema } } },
    async (request) => startAssetBatch(ctxOf(request), jobDeps, request.body),
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
}
