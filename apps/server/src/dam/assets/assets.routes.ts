import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AssetIdQuerySchema } from '@optika/domain/pim/asset-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { createAssetStore, type AssetStore } from './asset-store.ts'
import { registerTreeAssetRoutes } from './asset-tree.routes.ts'
import { assetNotFound, getAssetData } from './read-asset-tree.ts'
import { registerUploadAssetRoutes } from '../upload/upload.routes.ts'

const tags = ['admin assets']

/** What the asset routes need: the app's services and the job queue (copy, zip, exports). */
export interface AssetRouteDeps extends RouteDeps {
  readonly jobs: JobQueue
}

/**
 * The asset API (`/admin/asset/*`, issue 16): each slice registers its calls from its own file
 * below (the shop's `GET /api/product/images/{id}` is features/product-detail's).
 */
export async function registerAssetRoutes(
  app: FastifyInstance,
  deps: AssetRouteDeps,
  store: AssetStore = createAssetStore(deps.env),
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preHandler: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  app.log.info({ store: store.description }, 'asset store')

  await registerUploadAssetRoutes(app, deps, store)

  r.get(
    '/admin/asset/get-image-thumbnail',
    { ...guard, schema: { tags, querystring: AssetIdQuerySchema } },
    async (request, reply) => {
      const asset = await getAssetData(ctxOf(request), request.query.id)
      if (!asset.thumbnail) throw assetNotFound()
      return reply.redirect(asset.thumbnail, 302)
    },
  )
  registerTreeAssetRoutes(app, deps, store)
}
