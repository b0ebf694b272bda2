import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  ASSET_TUS_ID_HEADER,
  ASSET_TUS_PATH,
  AssetTusMetadataSchema,
} from '@optika/domain/pim/asset-upload-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf, type AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { loadTargetFolder } from '../assets/read-asset-tree.ts'
import { fileTooLarge } from './prepare-asset-file.ts'
import { uploadAsset } from './upload-asset.ts'

/** Where unfinished resumable uploads wait: DATA_DIR/tmp/asset-tus. */
function tusDirectory(dataDir: string): string {
  return join(dataDir, 'tmp', 'asset-tus')
}

/** The tus protocol's way of refusing: a status and a body (here the app's translated error). */
interface TusRefusal {
  readonly status_code: number
  readonly body: string
}

function refusal(ctx: AdminContext, error: unknown): TusRefusal {
  if (error instanceof AppError) {
    return {
      status_code: error.statusCode,
      body: JSON.stringify({ code: error.code, message: ctx.t(error.key, error.params) }),
    }
  }
  throw error
}

/** The Node request under tus's web-style request (srvx keeps it at `runtime.node.req`). */
function nodeRequestOf(request: unknown): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
}

/**
 * Resumable uploads (tus 1.0) under `/admin/asset/tus/`, for files too large to send in one go:
 * the creation names `filename` and `parentId` (and `dir`) in `Upload-Metadata`, is checked at
 * once (folder, 'create' right, declared size ≤ ASSET_MAX_BYTES, not empty), and only the
 * upload's creator may continue it. When the last byte arrives the file goes through the same
 * checks as `add-asset` and becomes an asset, whose id the last answer names in `Asset-Id`; the
 * uploaded bytes are removed either way.
 */
export async function registerAssetTusUploads(
  app: FastifyInstance,
  deps: RouteDeps,
  store: AssetStore,
): Promise<void> {
  const directory = tusDirectory(deps.env.DATA_DIR)
  await mkdir(directory, { recursive: true })
  const maxBytes = deps.env.ASSET_MAX_BYTES
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 3600_000 })
  const contexts = new WeakMap<IncomingMessage, AdminContext>()
  const contextOf = (request: unknown): AdminContext => {
    const raw = nodeRequestOf(request)
    const ctx = raw ? contexts.get(raw) : undefined
    if (!ctx) throw new Error('tus request without an admin context')
    return ctx
  }
  const removeUpload = async (id: string) => {
    await datastore.remove(id).catch(() => undefined)
    await rm(join(directory, id), { force: true })
  }

  const tus = new Server({
    path: ASSET_TUS_PATH.replace(/\/$/, ''),
    datastore,
    relativeLocation: true,
    exposedHeaders: [ASSET_TUS_ID_HEADER],
    async onUploadCreate(request, upload: Upload) {
      const ctx = contextOf(request)
      try {
        const metadata = AssetTusMetadataSchema.safeParse(upload.metadata ?? {})
        if (!metadata.success) {
          throw new AppError(400, 'TUS_METADATA_INVALID', 'assetUpload.tusMetadataInvalid')
        }
        if (upload.size === undefined) {
          throw new AppError(400, 'TUS_LENGTH_REQUIRED', 'assetUpload.tusLengthRequired')
        }
        if (upload.size === 0) throw new AppError(400, 'EMPTY_FILE', 'assetUpload.emptyFile')
        if (upload.size > maxBytes) throw fileTooLarge(maxBytes)
        await loadTargetFolder(ctx, metadata.data.parentId)
      } catch (error) {
        throw refusal(ctx, error)
      }
      return { metadata: { ...upload.metadata, ownerId: String(ctx.admin.userId) } }
    },
    async onIncomingRequest(request, id) {
      const ctx = contextOf(request)
      const upload = await datastore.getUpload(id).catch(() => null)
      // Someone else's upload is as good as none to this user.
      if (upload && upload.metadata?.ownerId !== String(ctx.admin.userId)) {
        throw refusal(ctx, new AppError(404, 'TUS_UPLOAD_NOT_FOUND', 'assetUpload.tusNotFound'))
      }
    },
    async onUploadFinish(request, upload: Upload) {
      const ctx = contextOf(request)
      try {
        const metadata = AssetTusMetadataSchema.parse(upload.metadata ?? {})
        const node = await uploadAsset(
          ctx,
          store,
          { folderId: metadata.parentId, dir: metadata.dir },
          { filename: metadata.filename, file: join(directory, upload.id) },
          { maxBytes },
        )
        return { headers: { [ASSET_TUS_ID_HEADER]: node.id } }
      } catch (error) {
        throw refusal(ctx, error)
      } finally {
        await removeUpload(upload.id)
      }
    },
  })

  await app.register(async (scope) => {
    // tus sends its bytes as application/offset+octet-stream: left unread for tus to stream.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null)
    })
    const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      contexts.set(request.raw, adminContextOf(request, deps.translator))
      await reply.hijack()
      await tus.handle(request.raw, reply.raw)
    }
    scope.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE'],
      url: `${ASSET_TUS_PATH}*`,
      preHandler: [requirePermission('assets')],
      schema: { tags: ['admin assets'], hide: true },
      handler: handle,
    })
  })
}
