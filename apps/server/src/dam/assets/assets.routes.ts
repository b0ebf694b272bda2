import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { createAssetStore, type AssetStore } from './asset-store.ts'
import { registerTreeAssetRoutes } from './asset-tree.routes.ts'
import { registerUploadAssetRoutes } from '../upload/upload.routes.ts'
import { registerThumbnailAssetRoutes } from '../thumbnails/thumbnails.routes.ts'
import { registerZipAssetRoutes } from '../zip/zip.routes.ts'
import { registerGridAssetRoutes } from '../grid/asset-grid.routes.ts'

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
  app.log.info({ store: store.description }, 'asset store')
  await registerUploadAssetRoutes(app, deps, store)
  registerThumbnailAssetRoutes(app, deps, store)
  registerTreeAssetRoutes(app, deps, store)
  await registerZipAssetRoutes(app, deps, store)
  await registerGridAssetRoutes(app, deps, store)
}
