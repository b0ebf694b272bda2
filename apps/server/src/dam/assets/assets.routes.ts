import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddAssetFolderSchema,
  AssetChildrenQuerySchema,
  AssetChildrenSchema,
  AssetDataSchema,
  AssetIdQuerySchema,
  AssetNodeSchema,
} from '@optika/domain/pim/asset-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { registerZipAssetRoutes } from '../zip/zip.routes.ts'
import { registerGridAssetRoutes } from '../grid/asset-grid.routes.ts'
import { createAssetStore, type AssetStore } from './asset-store.ts'
import { deleteAsset } from './delete-asset.ts'
import { getAssetData, getAssetRoot, listAssetChildren } from './read-asset-tree.ts'
import { registerUploadAssetRoutes } from '../upload/upload.routes.ts'
import { addAssetFolder } from './add-asset-folder.ts'
import { registerThumbnailAssetRoutes } from '../thumbnails/thumbnails.routes.ts'

const tags = ['admin assets']

/**
 * Assets, minimal: upload pictures into folders, browse, thumbnails, delete (the shop's
 * `GET /api/product/images/{id}` is features/product-detail's). The rest of /admin/asset comes
 * with a later issue.
 */
export async function registerAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { readonly jobs: JobQueue },
  store: AssetStore = createAssetStore(deps.env),
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preHandler: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  app.log.info({ store: store.description }, 'asset store')
  await registerZipAssetRoutes(app, deps, store)
  await registerGridAssetRoutes(app, deps, store)

  await registerUploadAssetRoutes(app, deps, store)

  r.post(
    '/admin/asset/add-folder',
    { ...guard, schema: { tags, body: AddAssetFolderSchema, response: { 200: AssetNodeSchema } } },
    async (request) => addAssetFolder(ctxOf(request), request.body),
  )
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
  registerThumbnailAssetRoutes(app, deps, store)
  r.delete(
    '/admin/asset/delete',
    {
      ...guard,
      schema: {
        tags,
        querystring: AssetIdQuerySchema,
        response: { 200: z.object({ success: z.literal(true), deleted: z.number().int() }) },
      },
    },
    async (request) => deleteAsset(ctxOf(request), store, deps.env.DATA_DIR, request.query.id),
  )
}
