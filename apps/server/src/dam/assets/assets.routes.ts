import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddAssetFolderSchema,
  AddAssetQuerySchema,
  AssetChildrenQuerySchema,
  AssetChildrenSchema,
  AssetDataSchema,
  AssetIdQuerySchema,
  AssetNodeSchema,
} from '@optika/domain/pim/asset-api'
import { BigIdSchema } from '@optika/domain/ids'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { createAssetStore, type AssetStore } from './asset-store.ts'
import { deleteAsset } from './delete-asset.ts'
import { assetNotFound, getAssetData, getAssetRoot, listAssetChildren } from './read-asset-tree.ts'
import { addAssetFolder, uploadAsset, type UploadedFile } from './upload-asset.ts'

const tags = ['admin assets']

/**
 * Assets, minimal: upload pictures into folders, browse, thumbnails, delete (the shop's
 * `GET /api/product/images/{id}` is features/product-detail's). The rest of /admin/asset comes
 * with a later issue.
 */
export async function registerAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  store: AssetStore = createAssetStore(deps.env),
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preHandler: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  app.log.info({ store: store.description }, 'asset store')

  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: deps.env.ASSET_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/asset/add-asset',
      {
        ...guard,
        schema: {
          tags,
          description: 'Uploads one picture (multipart field `file`) into the folder `parentId`.',
          querystring: AddAssetQuerySchema,
          response: { 200: AssetNodeSchema },
        },
      },
      async (request) => {
        const { file, parentId } = await readUpload(request, deps.env.ASSET_MAX_BYTES)
        const folderId = request.query.parentId ?? parentId
        if (folderId === undefined) throw new AppError(400, 'NO_FOLDER', 'pimAssets.noFolder')
        return uploadAsset(ctxOf(request), store, folderId, file)
      },
    )
  })

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
  r.get(
    '/admin/asset/get-image-thumbnail',
    { ...guard, schema: { tags, querystring: AssetIdQuerySchema } },
    async (request, reply) => {
      const asset = await getAssetData(ctxOf(request), request.query.id)
      if (!asset.thumbnail) throw assetNotFound()
      return reply.redirect(asset.thumbnail, 302)
    },
  )
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

/** The one uploaded file and a `parentId` form field; too large → 413, none → 400. */
async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: UploadedFile; parentId: number | undefined }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.notMultipart')
  }
  let file: UploadedFile | null = null
  let parentId: number | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        if (file === null) file = { filename: part.filename, content }
      } else if (part.fieldname === 'parentId' && typeof part.value === 'string') {
        const id = BigIdSchema.safeParse(part.value)
        if (id.success) parentId = id.data
      }
    }
  } catch (error) {
    if (isTooLarge(error)) {
      throw new AppError(413, 'FILE_TOO_LARGE', 'pimAssets.fileTooLarge', {
        value: formatBytes(maxBytes),
      })
    }
    throw new AppError(400, 'UPLOAD_INVALID', 'pimAssets.uploadInvalid')
  }
  if (!file) throw new AppError(400, 'NO_FILE', 'pimAssets.noFile')
  return { file, parentId }
}

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  )
}

/** '20 MB', '195 KB': the limit as a person reads it. */
function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? `${Math.floor(mb)} MB` : `${Math.floor(bytes / 1024)} KB`
}
