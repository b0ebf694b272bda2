import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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

/** The tus server's way of refusing: an error with `status_code` and `body` (the app's JSON). */
class TusRefusal extends Error {
  readonly status_code: number
  readonly body: string
  constructor(status: number, body: string) {
    super(body)
    this.status_code = status
    this.body = body
  }
}

/** An AppError as tus answers it, translated; anything else stays the error it is. */
function refusal(ctx: AdminContext, error: unknown): unknown {
  if (error instanceof AppError) {
    return new TusRefusal(
      error.statusCode,
      JSON.stringify({ code: error.code, message: ctx.t(error.key, error.params) }),
    )
  }
  return error
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
        throw refusal(ctx, error) as Error
      }
      return { metadata: { ...upload.metadata, ownerId: String(ctx.admin.userId) } }
    },
    async onIncomingRequest(request, id) {
      const ctx = contextOf(request)
      const upload = await datastore.getUpload(id).catch(() => null)
      // Someone else's upload is as good as none to this user.
      if (upload && upload.metadata?.ownerId !== String(ctx.admin.userId)) {
        throw new TusRefusal(
          404,
          JSON.stringify({
            code: 'TUS_UPLOAD_NOT_FOUND',
            message: ctx.t('assetUpload.tusNotFound'),
          }),
        )
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
        throw refusal(ctx, error) as Error
      } finally {
        await removeUpload(upload.id)
      }
    },
  })

  // Uploads abandoned for a day (a closed laptop) are dropped when the server starts.
  void tus.cleanUpExpiredUploads().catch((error: unknown) => {
    app.log.warn({ err: error }, 'could not clean up expired asset uploads')
  })

  await app.register(async (scope) => {
    // tus sends its bytes as application/offset+octet-stream: left unread for tus to stream.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null)
    })
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      contexts.set(request.raw, adminContextOf(request, deps.translator))
      reply.hijack()
      await tus.handle(request.raw, reply.raw)
    }
    scope.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE'],
      url: `${ASSET_TUS_PATH}*`,
      preValidation: [requirePermission('assets')],
      schema: { tags: ['admin assets'], hide: true },
      handler: handle,
    })
  })
}
