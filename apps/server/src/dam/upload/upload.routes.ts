import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AssetNodeSchema } from '@optika/domain/pim/asset-api'
import {
  AddAssetCompatibilityAnswerSchema,
  AddAssetFieldsSchema,
  AssetFileQuerySchema,
  AssetTextQuerySchema,
  AssetTextSchema,
  ReplaceAssetQuerySchema,
} from '@optika/domain/pim/asset-upload-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { readAssetText } from './read-asset-text.ts'
import { withReceivedUpload } from './receive-upload.ts'
import { replaceAsset } from './replace-asset.ts'
import { openAssetFile, sendAssetFile } from './serve-asset-file.ts'
import { registerAssetTusUploads } from './tus-uploads.ts'
import { uploadAsset } from './upload-asset.ts'

const tags = ['admin assets']

/** The folder and relative `dir` of an upload: from the query string, else the form fields. */
function uploadTargetOf(query: unknown, fields: Readonly<Record<string, string>>) {
  const fromQuery = AddAssetFieldsSchema.parse(query)
  const fromForm = AddAssetFieldsSchema.safeParse(fields)
  const folderId = fromQuery.parentId ?? (fromForm.success ? fromForm.data.parentId : undefined)
  const dir = fromQuery.dir ?? (fromForm.success ? fromForm.data.dir : undefined)
  if (folderId === undefined) throw new AppError(400, 'NO_FOLDER', 'pimAssets.noFolder')
  return { folderId, dir }
}

/**
 * Asset files in and out: `add-asset`, `add-asset-compatibility`, `replace-asset` (POST and
 * PUT), `download`, `get-asset`, `get-text`, and resumable uploads under `/admin/asset/tus/`.
 */
export async function registerUploadAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  store: AssetStore,
): Promise<void> {
  const guard = { preValidation: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const maxBytes = deps.env.ASSET_MAX_BYTES
  const receiving = { dataDir: deps.env.DATA_DIR, maxBytes }

  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 },
    })
    const r = upload.withTypeProvider<ZodTypeProvider>()
    r.post(
      '/admin/asset/add-asset',
      {
        ...guard,
        schema: {
          tags,
          description:
            'Uploads one file (multipart field `file`) into the folder `parentId` (and its relative `dir`).',
          querystring: AddAssetFieldsSchema,
          response: { 200: AssetNodeSchema },
        },
      },
      async (request) =>
        withReceivedUpload(request, receiving, (received, fields) =>
          uploadAsset(ctxOf(request), store, uploadTargetOf(request.query, fields), received, {
            maxBytes,
          }),
        ),
    )
    r.post(
      '/admin/asset/add-asset-compatibility',
      {
        ...guard,
        schema: {
          tags,
          description: "As add-asset, answering Pimcore's `{ success, id, fullpath, type }`.",
          querystring: AddAssetFieldsSchema,
          response: { 200: AddAssetCompatibilityAnswerSchema },
        },
      },
      async (request) => {
        const node = await withReceivedUpload(request, receiving, (received, fields) =>
          uploadAsset(ctxOf(request), store, uploadTargetOf(request.query, fields), received, {
            maxBytes,
          }),
        )
        return { success: true as const, id: node.id, fullpath: node.fullPath, type: node.type }
      },
    )
    for (const method of ['POST', 'PUT'] as const) {
      r.route({
        method,
        url: '/admin/asset/replace-asset',
        ...guard,
        schema: {
          tags,
          description:
            'Replaces the file of asset `id` with one of the same type (multipart `file`, optional `note`); a new version.',
          querystring: ReplaceAssetQuerySchema,
          response: { 200: AssetNodeSchema },
        },
        handler: async (request) =>
          withReceivedUpload(request, receiving, (received, fields) =>
            replaceAsset(ctxOf(request), store, request.query.id, received, {
              maxBytes,
              dataDir: deps.env.DATA_DIR,
              note: fields.note?.slice(0, 1000),
            }),
          ),
      })
    }
  })

  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/admin/asset/download',
    {
      ...guard,
      schema: {
        tags,
        description: "The asset's file, as a download.",
        querystring: AssetFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { row, stream } = await openAssetFile(ctxOf(request), store, request.query.id)
      return sendAssetFile(reply, row, stream, 'attachment')
    },
  )
  r.get(
    '/admin/asset/get-asset',
    {
      ...guard,
      schema: {
        tags,
        description: "The asset's file, shown in the browser when its type is safe to show.",
        querystring: AssetFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { row, stream } = await openAssetFile(ctxOf(request), store, request.query.id)
      return sendAssetFile(reply, row, stream, 'inline')
    },
  )
  r.get(
    '/admin/asset/get-text',
    {
      ...guard,
      schema: {
        tags,
        description: 'The text of a text file or a PDF (one page or all).',
        querystring: AssetTextQuerySchema,
        response: { 200: AssetTextSchema },
      },
    },
    async (request) => readAssetText(ctxOf(request), store, request.query),
  )

  await registerAssetTusUploads(app, deps, store)
}
