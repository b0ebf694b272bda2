import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddAssetFolderSchema,
  AssetChildrenQuerySchema,
  AssetChildrenSchema,
  AssetCopyInfoSchema,
  AssetCopyQuerySchema,
  AssetCopySchema,
  AssetDataSchema,
  AssetDeleteInfoSchema,
  AssetExistsQuerySchema,
  AssetExistsSchema,
  AssetFolderPreviewQuerySchema,
  AssetFolderPreviewSchema,
  AssetIdQuerySchema,
  AssetJobSchema,
  AssetNodeSchema,
  AssetPublishedVersionSchema,
  AssetSavedSchema,
  AssetSaveSchema,
  AssetUpdateSchema,
  AssetVersionIdSchema,
  AssetVersionViewSchema,
} from '@optika/domain/pim/asset-api'
import { JobIdQuerySchema, JobSchema } from '@optika/domain/pim/grid-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import type { AssetRouteDeps } from './assets.routes.ts'
import type { AssetStore } from './asset-store.ts'
import { getCopyInfo, getDeleteInfo, getFolderContentPreview } from './asset-tree-info.ts'
import { publishAssetVersion, showAssetVersion } from './asset-versions.ts'
import { defineAssetCopyJob, startAssetCopy } from './copy-assets.ts'
import { deleteAsset } from './delete-asset.ts'
import { getAssetData, getAssetRoot, listAssetChildren } from './read-asset-tree.ts'
import { addFolder, assetExists, saveAsset, updateAsset } from './write-asset-tree.ts'

const tags = ['admin assets']

/**
 * The asset tree's reads and writes (issue 16, slice "tree"): root, children, data, exists,
 * delete/copy info, folder preview, add folder, update, save, versions, copy (a job), delete to
 * the recycle bin. Every call needs the `assets` permission and the workspace right on the path.
 */
export function registerTreeAssetRoutes(
  app: FastifyInstance,
  deps: AssetRouteDeps,
  store: AssetStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preValidation: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  defineAssetCopyJob({
    jobs: deps.jobs,
    db: deps.db,
    translator: deps.translator,
    store,
    log: app.log,
  })

  r.get(
    '/admin/asset/tree-get-root',
    { ...guard, schema: { tags, response: { 200: AssetNodeSchema } } },
    async (request) => getAssetRoot(ctxOf(request)),
  )
  r.get(
    '/admin/asset/tree-get-children-by-id',
    {
      ...guard,
      schema: {
        tags,
        description:
          'One page of a folder’s children: folders first, then by `sort` (key: natural, case-insensitive).',
        querystring: AssetChildrenQuerySchema,
        response: { 200: AssetChildrenSchema },
      },
    },
    async (request) => listAssetChildren(ctxOf(request), request.query),
  )
  r.get(
    '/admin/asset/get-data-by-id',
    {
      ...guard,
      schema: { tags, querystring: AssetIdQuerySchema, response: { 200: AssetDataSchema } },
    },
    async (request) => getAssetData(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/asset/exists',
    {
      ...guard,
      schema: { tags, querystring: AssetExistsQuerySchema, response: { 200: AssetExistsSchema } },
    },
    async (request) => assetExists(ctxOf(request), request.query),
  )
  r.get(
    '/admin/asset/delete-info',
    {
      ...guard,
      schema: { tags, querystring: AssetIdQuerySchema, response: { 200: AssetDeleteInfoSchema } },
    },
    async (request) => getDeleteInfo(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/asset/copy-info',
    {
      ...guard,
      schema: { tags, querystring: AssetCopyQuerySchema, response: { 200: AssetCopyInfoSchema } },
    },
    async (request) => getCopyInfo(ctxOf(request), request.query),
  )
  r.get(
    '/admin/asset/get-folder-content-preview',
    {
      ...guard,
      schema: {
        tags,
        querystring: AssetFolderPreviewQuerySchema,
        response: { 200: AssetFolderPreviewSchema },
      },
    },
    async (request) => getFolderContentPreview(ctxOf(request), request.query),
  )
  r.post(
    '/admin/asset/add-folder',
    { ...guard, schema: { tags, body: AddAssetFolderSchema, response: { 200: AssetNodeSchema } } },
    async (request) => addFolder(ctxOf(request), request.body),
  )
  r.put(
    '/admin/asset/update',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Renames and/or moves an asset; may also set its custom metadata and settings.',
        body: AssetUpdateSchema,
        response: { 200: AssetDataSchema },
      },
    },
    async (request) => updateAsset(ctxOf(request), request.body),
  )
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/admin/asset/save',
      ...guard,
      schema: {
        tags,
        description: 'Saves custom metadata and settings as a new version.',
        body: AssetSaveSchema,
        response: { 200: AssetSavedSchema },
      },
      handler: async (request) => saveAsset(ctxOf(request), request.body),
    })
  }
  r.post(
    '/admin/asset/publish-version',
    {
      ...guard,
      schema: {
        tags,
        body: AssetVersionIdSchema,
        response: { 200: AssetPublishedVersionSchema },
      },
    },
    async (request) =>
      publishAssetVersion(ctxOf(request), store, deps.env.DATA_DIR, request.body.id),
  )
  r.get(
    '/admin/asset/show-version',
    {
      ...guard,
      schema: { tags, querystring: AssetIdQuerySchema, response: { 200: AssetVersionViewSchema } },
    },
    async (request) => showAssetVersion(ctxOf(request), request.query.id),
  )
  r.post(
    '/admin/asset/copy',
    {
      ...guard,
      schema: {
        tags,
        description: 'Copies an asset (and with `recursive` its subtree) into a folder, as a job.',
        body: AssetCopySchema,
        response: { 200: AssetJobSchema },
      },
    },
    async (request) => startAssetCopy(ctxOf(request), deps, request.body),
  )
  r.get(
    '/admin/asset/job',
    {
      ...guard,
      schema: {
        tags,
        description: 'Progress of an asset job the user started (copy, zip, …).',
        querystring: JobIdQuerySchema,
        response: { 200: JobSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request)
      return toJob(await readOwnJob(ctx.db, ctx.admin.userId, request.query.id), (key) =>
        ctx.t(key),
      )
    },
  )
  r.delete(
    '/admin/asset/delete',
    {
      ...guard,
      schema: {
        tags,
        description: 'Deletes an asset with its subtree into the recycle bin.',
        querystring: AssetIdQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            deleted: z.number().int(),
            binId: z.number().int(),
          }),
        },
      },
    },
    async (request) => deleteAsset(ctxOf(request), deps.env.DATA_DIR, request.query.id),
  )
}
