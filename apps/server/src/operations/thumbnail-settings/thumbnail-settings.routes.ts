import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  AdapterCheckSchema,
  DownloadableThumbnailSchema,
  ImageThumbnailAddSchema,
  ImageThumbnailConfigSchema,
  ListCallSchema,
  PredefinedMetadataQuerySchema,
  PredefinedMetadataSchema,
  PredefinedPropertySchema,
  ThumbnailNameQuerySchema,
  ThumbnailTreeNodeSchema,
  VideoThumbnailAddSchema,
  VideoThumbnailConfigSchema,
  listAnswerSchema,
  type AdapterCheck,
} from '@optika/domain/operations/thumbnail-settings'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { locateFfmpeg } from '../../dam/thumbnails/run-ffmpeg.ts'
import {
  listImageThumbnailConfigs,
  listVideoThumbnailConfigs,
} from '../../dam/thumbnails/thumbnail-config-registry.ts'
import {
  metadataForAssetType,
  parseListData,
  predefinedMetadataCall,
  predefinedPropertiesCall,
} from './predefined-lists.ts'
import {
  addImageConfig,
  addVideoConfig,
  deleteConfig,
  getImageConfig,
  getVideoConfig,
  toConfigTree,
  updateImageConfig,
  updateVideoConfig,
} from './thumbnail-configs.ts'

const tags = ['admin settings']

/** preValidation: 401 without a session, 403 unless the user holds one of `keys`. */
function requireAnyPermission(keys: readonly PermissionKey[]) {
  return async function requireOneOfKeys(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    const { permissions } = request.admin
    if (!keys.some((key) => permissions.has(key)))
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  }
}

/**
 * The call's fields from the query and the body together; Pimcore's forms send the settings as
 * JSON text in `settings` or `data`, our screens as the object itself.
 */
function callInput(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>
  const body =
    request.body !== null && typeof request.body === 'object'
      ? (request.body as Record<string, unknown>)
      : {}
  const merged: Record<string, unknown> = { ...query, ...body }
  for (const field of ['settings', 'data']) {
    const value = merged[field]
    if (value === undefined) continue
    const decoded = parseListData(value)
    delete merged[field]
    if (decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)) {
      Object.assign(merged, decoded)
    }
  }
  return merged
}

/** sharp's libvips and what it can write. */
export async function checkImageAdapter(): Promise<AdapterCheck> {
  const sharp = await loadSharp()
  const formats = (['jpeg', 'png', 'webp', 'avif'] as const).filter(
    (format) => sharp.format[format === 'avif' ? 'heif' : format]?.output.buffer === true,
  )
  return { available: true, adapter: 'sharp', version: sharp.versions.vips, formats }
}

/**
 * Image and video thumbnail configurations, asset metadata definitions and predefined properties
 * (`/admin/settings/*`, Pimcore 11's paths). Reads the editors need (definitions, downloadable
 * configurations) are open to those who edit the elements; every write needs the area's key and
 * is audited.
 */
export function registerThumbnailSettingsRoutes(
  app: FastifyInstance,
  deps: Pick<RouteDeps, 'env' | 'translator'>,
  store: AssetStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const thumbnails = { preValidation: [requirePermission('thumbnails')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const nameOf = (request: FastifyRequest) =>
    ThumbnailNameQuerySchema.parse(callInput(request)).name

  const treeAnswer = { 200: z.array(ThumbnailTreeNodeSchema) }
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/admin/settings/thumbnail-tree',
      ...thumbnails,
      schema: {
        tags,
        description: 'Image thumbnail configurations, grouped.',
        response: treeAnswer,
      },
      handler: async (request) => toConfigTree(await listImageThumbnailConfigs(ctxOf(request).db)),
    })
    r.route({
      method,
      url: '/admin/settings/video-thumbnail-tree',
      ...thumbnails,
      schema: {
        tags,
        description: 'Video thumbnail configurations, grouped.',
        response: treeAnswer,
      },
      handler: async (request) => toConfigTree(await listVideoThumbnailConfigs(ctxOf(request).db)),
    })
  }
  r.get(
    '/admin/settings/thumbnail-list',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Every image thumbnail configuration with its settings (the settings grid).',
        response: { 200: z.array(ImageThumbnailConfigSchema) },
      },
    },
    async (request) => listImageThumbnailConfigs(ctxOf(request).db),
  )
  r.get(
    '/admin/settings/video-thumbnail-list',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Every video thumbnail configuration with its settings.',
        response: { 200: z.array(VideoThumbnailConfigSchema) },
      },
    },
    async (request) => listVideoThumbnailConfigs(ctxOf(request).db),
  )
  r.get(
    '/admin/settings/thumbnail-get',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'One image configuration by `name`.',
        response: { 200: ImageThumbnailConfigSchema },
      },
    },
    async (request) => getImageConfig(ctxOf(request), nameOf(request)),
  )
  r.get(
    '/admin/settings/video-thumbnail-get',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'One video configuration by `name`.',
        response: { 200: VideoThumbnailConfigSchema },
      },
    },
    async (request) => getVideoConfig(ctxOf(request), nameOf(request)),
  )
  r.post(
    '/admin/settings/thumbnail-add',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Adds an image configuration (`name`, settings optional).',
        response: { 200: ImageThumbnailConfigSchema },
      },
    },
    async (request) =>
      addImageConfig(ctxOf(request), ImageThumbnailAddSchema.parse(callInput(request))),
  )
  r.post(
    '/admin/settings/video-thumbnail-add',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Adds a video configuration.',
        response: { 200: VideoThumbnailConfigSchema },
      },
    },
    async (request) =>
      addVideoConfig(ctxOf(request), VideoThumbnailAddSchema.parse(callInput(request))),
  )
  r.put(
    '/admin/settings/thumbnail-update',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Changes an image configuration; its cached thumbnails are deleted.',
        response: { 200: ImageThumbnailConfigSchema },
      },
    },
    async (request) =>
      updateImageConfig(ctxOf(request), store, ImageThumbnailAddSchema.parse(callInput(request))),
  )
  r.put(
    '/admin/settings/video-thumbnail-update',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Changes a video configuration; its cached previews are deleted.',
        response: { 200: VideoThumbnailConfigSchema },
      },
    },
    async (request) =>
      updateVideoConfig(ctxOf(request), store, VideoThumbnailAddSchema.parse(callInput(request))),
  )
  const deleted = { 200: z.object({ success: z.literal(true), deleted: z.number().int() }) }
  r.delete(
    '/admin/settings/thumbnail-delete',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Deletes an image configuration and its thumbnails.',
        response: deleted,
      },
    },
    async (request) => deleteConfig(ctxOf(request), store, 'image', nameOf(request)),
  )
  r.delete(
    '/admin/settings/video-thumbnail-delete',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Deletes a video configuration and its previews.',
        response: deleted,
      },
    },
    async (request) => deleteConfig(ctxOf(request), store, 'video', nameOf(request)),
  )
  r.get(
    '/admin/settings/thumbnail-adapter-check',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Whether pictures can be rendered (sharp) and to what.',
        response: { 200: AdapterCheckSchema },
      },
    },
    async () => checkImageAdapter(),
  )
  r.get(
    '/admin/settings/video-thumbnail-adapter-check',
    {
      ...thumbnails,
      schema: {
        tags,
        description: 'Whether videos can be rendered (ffmpeg); without it only video calls fail.',
        response: { 200: AdapterCheckSchema },
      },
    },
    async (): Promise<AdapterCheck> => {
      const ffmpeg = await locateFfmpeg(deps.env.FFMPEG_PATH)
      return ffmpeg
        ? { available: true, adapter: 'ffmpeg', version: null, formats: ['mp4', 'webm'] }
        : { available: false, adapter: 'ffmpeg', version: null, formats: [] }
    },
  )
  r.get(
    '/admin/settings/thumbnail-downloadable',
    {
      preValidation: [requireAnyPermission(['thumbnails', 'assets'])],
      schema: {
        tags,
        description: "The configurations the asset editor's download menu offers.",
        response: { 200: z.array(DownloadableThumbnailSchema) },
      },
    },
    async (request) =>
      (await listImageThumbnailConfigs(ctxOf(request).db))
        .filter((config) => config.downloadable)
        .map((config) => ({
          id: config.name,
          text: config.name,
          width: config.width,
          height: config.height,
          format: config.format,
        })),
  )

  r.get(
    '/admin/settings/get-predefined-metadata',
    {
      preValidation: [requireAnyPermission(['assetMetadata', 'assets'])],
      schema: {
        tags,
        description: 'Asset metadata definitions for one asset type (`subType`, or `type`).',
        querystring: PredefinedMetadataQuerySchema,
        response: { 200: listAnswerSchema(PredefinedMetadataSchema) },
      },
    },
    async (request) => {
      const data = await metadataForAssetType(
        ctxOf(request),
        request.query.subType ?? request.query.type,
      )
      return { success: true as const, data, total: data.length }
    },
  )
  r.post(
    '/admin/settings/predefined-metadata',
    {
      preValidation: [requirePermission('assetMetadata')],
      schema: {
        tags,
        description: 'Asset metadata definitions: xaction read|create|update|destroy, `data` JSON.',
        response: { 200: listAnswerSchema(PredefinedMetadataSchema) },
      },
    },
    async (request) =>
      predefinedMetadataCall(ctxOf(request), ListCallSchema.parse(callListInput(request))),
  )
  r.post(
    '/admin/settings/properties',
    {
      // Reading is what the elements' properties tab does; writing needs the area's key.
      preValidation: [
        requireAnyPermission(['predefinedProperties', 'documents', 'assets', 'objects']),
      ],
      schema: {
        tags,
        description: 'Predefined properties: xaction read|create|update|destroy, `data` JSON.',
        response: { 200: listAnswerSchema(PredefinedPropertySchema) },
      },
    },
    async (request) => {
      const call = ListCallSchema.parse(callListInput(request))
      if (call.xaction !== 'read' && !request.admin?.permissions.has('predefinedProperties')) {
        throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
      }
      return predefinedPropertiesCall(ctxOf(request), call)
    },
  )
}

/** A list call's fields from the query and the body (ExtJS posts a form; screens post JSON). */
function callListInput(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>
  const body =
    request.body !== null && typeof request.body === 'object'
      ? (request.body as Record<string, unknown>)
      : {}
  return { ...query, ...body }
}
