import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BigIdSchema } from '@optika/domain/ids'
import {
  ClearThumbnailAnswerSchema,
  DocumentPreviewQuerySchema,
  DocumentThumbnailQuerySchema,
  FolderThumbnailQuerySchema,
  ImageEditorDataSchema,
  ImageEditorSaveSchema,
  ImageThumbnailQuerySchema,
  ServeVideoPreviewQuerySchema,
  ThumbnailConfigListSchema,
  VideoPreviewQuerySchema,
  VideoPreviewSchema,
  VideoThumbnailQuerySchema,
} from '@optika/domain/pim/asset-thumbnail-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { clearThumbnail } from './clear-thumbnail.ts'
import { getDocumentPreview, getDocumentThumbnail } from './document-thumbnails.ts'
import { getFolderThumbnail } from './folder-thumbnail.ts'
import { getImageEditorData, saveImageEdits } from './image-editor.ts'
import { downloadImageThumbnail, getImageThumbnail } from './image-thumbnail.ts'
import type { Derivative, ThumbnailDeps } from './load-asset-for-thumbnail.ts'
import { getVideoPreview, getVideoThumbnail, serveVideoPreview } from './video-thumbnails.ts'
import { findThumbnailConfig, listImageThumbnailConfigs } from './thumbnail-config-registry.ts'

const tags = ['admin assets']

/**
 * `attachment` with an ASCII file name any browser takes and the real one in RFC 5987 form: a
 * name with quotes, line breaks or non-Latin letters can never break the header.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]+/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Sends a derivative: private to the signed-in user, revalidated by its entity tag (which changes
 * with the file, the focal point and the recipe), never sniffed as something else.
 */
function sendDerivative(
  request: FastifyRequest,
  reply: FastifyReply,
  derivative: Derivative,
  download?: string,
): FastifyReply {
  reply
    .header('etag', derivative.etag)
    .header('cache-control', 'private, max-age=300, must-revalidate')
    .header('x-content-type-options', 'nosniff')
  if (request.headers['if-none-match'] === derivative.etag) return reply.code(304).send()
  if (download) reply.header('content-disposition', attachmentDisposition(download))
  return reply.type(derivative.contentType).send(derivative.body)
}

/** A single `bytes=` range of a body of `size` bytes; null for none or one this ignores. */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Several ranges, or another unit: the whole body is a correct answer (RFC 9110 § 14.2).
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return 'unsatisfiable'
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/**
 * Thumbnails by named configuration, folder collages, video frames and previews (ffmpeg; 503
 * without it), PDF pages (pdf.js), clearing the cache, and the image editor. Every call needs the
 * `assets` permission and the asset's workspace right ('view'; 'publish' for the writes).
 */
export function registerThumbnailAssetRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  store: AssetStore,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preValidation: [requirePermission('assets')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const thumbnails: ThumbnailDeps = {
    store,
    dataDir: deps.env.DATA_DIR,
    ffmpegPath: deps.env.FFMPEG_PATH,
  }

  r.get(
    '/admin/asset/thumbnail-configs',
    {
      ...guard,
      schema: {
        tags,
        description: 'The named thumbnail configurations (settings › image thumbnails).',
        response: { 200: ThumbnailConfigListSchema },
      },
    },
    // `auto` is shown as the format a browser asking with this request's header would get.
    async (request) =>
      Promise.all(
        (await listImageThumbnailConfigs(request.ctx.db)).map(async (config) => {
          const { version: _version, ...resolved } = await findThumbnailConfig(
            request.ctx.db,
            config.name,
            request.headers.accept,
          )
          return resolved
        }),
      ),
  )
  r.get(
    '/admin/asset/get-image-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description: 'A picture in a named thumbnail configuration (`config`, default `preview`).',
        querystring: ImageThumbnailQuerySchema,
      },
    },
    async (request, reply) =>
      sendDerivative(
        request,
        reply,
        await getImageThumbnail(ctxOf(request), thumbnails, request.query, request.headers.accept),
      ),
  )
  r.get(
    '/admin/asset/download-image-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description: 'A picture in a named thumbnail configuration, as a download.',
        querystring: ImageThumbnailQuerySchema,
      },
    },
    async (request, reply) => {
      const thumbnail = await downloadImageThumbnail(ctxOf(request), thumbnails, request.query)
      return sendDerivative(request, reply, thumbnail, thumbnail.fileName)
    },
  )
  r.get(
    '/admin/asset/get-folder-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description: 'A collage of the first pictures in a folder and its subfolders.',
        querystring: FolderThumbnailQuerySchema,
      },
    },
    async (request, reply) =>
      sendDerivative(
        request,
        reply,
        await getFolderThumbnail(ctxOf(request), thumbnails, request.query.id),
      ),
  )
  r.get(
    '/admin/asset/get-video-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description: 'The frame `time` seconds into a video, in a named configuration (ffmpeg).',
        querystring: VideoThumbnailQuerySchema,
      },
    },
    async (request, reply) =>
      sendDerivative(
        request,
        reply,
        await getVideoThumbnail(ctxOf(request), thumbnails, request.query),
      ),
  )
  r.get(
    '/admin/asset/get-preview-video',
    {
      ...guard,
      schema: {
        tags,
        description: 'Makes the small preview of a video and answers where the player finds it.',
        querystring: VideoPreviewQuerySchema,
        response: { 200: VideoPreviewSchema },
      },
    },
    async (request) => getVideoPreview(ctxOf(request), thumbnails, request.query.id),
  )
  r.get(
    '/admin/asset/serve-video-preview',
    {
      ...guard,
      schema: {
        tags,
        description: 'The preview of a video (MP4 or WebM); answers Range requests.',
        querystring: ServeVideoPreviewQuerySchema,
      },
    },
    async (request, reply) => {
      const preview = await serveVideoPreview(ctxOf(request), thumbnails, request.query)
      reply.header('accept-ranges', 'bytes')
      const size = preview.body.length
      const range = parseByteRange(request.headers.range, size)
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`)
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'assetThumbnails.rangeNotSatisfiable')
      }
      if (range === null) return sendDerivative(request, reply, preview)
      return reply
        .code(206)
        .header('etag', preview.etag)
        .header('cache-control', 'private, max-age=300, must-revalidate')
        .header('x-content-type-options', 'nosniff')
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .type(preview.contentType)
        .send(preview.body.subarray(range.start, range.end + 1))
    },
  )
  r.get(
    '/admin/asset/get-document-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description: 'Page `page` (default 1) of a PDF in a named thumbnail configuration.',
        querystring: DocumentThumbnailQuerySchema,
      },
    },
    async (request, reply) =>
      sendDerivative(
        request,
        reply,
        await getDocumentThumbnail(ctxOf(request), thumbnails, request.query),
      ),
  )
  r.get(
    '/admin/asset/get-preview-document',
    {
      ...guard,
      schema: {
        tags,
        description: 'Page `page` of a PDF rendered large (WebP); header `x-page-count`.',
        querystring: DocumentPreviewQuerySchema,
      },
    },
    async (request, reply) => {
      const preview = await getDocumentPreview(ctxOf(request), thumbnails, request.query)
      reply.header('x-page-count', String(preview.pageCount))
      return sendDerivative(request, reply, preview)
    },
  )
  r.post(
    '/admin/asset/clear-thumbnail',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Forgets every cached thumbnail and preview of an asset (`id` in body or query).',
        querystring: z.object({ id: BigIdSchema.optional() }),
        body: z.object({ id: BigIdSchema.optional() }).nullish(),
        response: { 200: ClearThumbnailAnswerSchema },
      },
    },
    async (request) => {
      const id = request.body?.id ?? request.query.id
      if (id === undefined) throw new AppError(400, 'NO_ASSET', 'assetThumbnails.noAssetChosen')
      return clearThumbnail(ctxOf(request), thumbnails, id)
    },
  )
  r.get(
    '/admin/asset/image-editor',
    {
      ...guard,
      schema: {
        tags,
        description: 'What the image editor needs about a picture.',
        querystring: z.object({ id: BigIdSchema }),
        response: { 200: ImageEditorDataSchema },
      },
    },
    async (request) => getImageEditorData(ctxOf(request), request.query.id),
  )
  r.put(
    '/admin/asset/image-editor-save',
    {
      ...guard,
      schema: {
        tags,
        description: 'Crops, rotates, flips or resizes a picture and saves it as a new version.',
        body: ImageEditorSaveSchema,
        response: { 200: ImageEditorDataSchema },
      },
    },
    async (request) => saveImageEdits(ctxOf(request), thumbnails, request.body),
  )
}
