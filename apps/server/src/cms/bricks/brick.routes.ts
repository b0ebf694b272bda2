import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BigIdSchema } from '@optika/domain/ids'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { parseByteRange } from '../../dam/thumbnails/thumbnails.routes.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Db } from '../../platform/db/client.ts'
import { loadDocumentFile } from './document-file.ts'

const tags = ['documents']

export interface BrickRouteDeps {
  readonly db: Db
  readonly assetStore: AssetStore
}

/** `inline` or `attachment` with the file's name (RFC 6266: an ASCII fallback and UTF-8). */
function contentDisposition(inline: boolean, fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The storefront's calls behind the bricks: the files pages show (the contact form is community's). */
export async function registerBrickRoutes(
  app: FastifyInstance,
  deps: BrickRouteDeps,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(
    '/api/document-file/:id',
    {
      schema: {
        tags,
        summary: 'A file a published document shows or links to (answers Range requests)',
        description:
          'Only while a published document uses the asset. Videos, audio, PDF and pictures are ' +
          'shown in the page; any other type is a download.',
        params: z.object({ id: BigIdSchema }),
      },
    },
    async (request, reply) => {
      const file = await loadDocumentFile(deps.db, deps.assetStore, request.params.id)
      const size = file.body.length
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', file.etag)
        .header('cache-control', 'public, max-age=300, must-revalidate')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition(file.inline, file.fileName))
        .type(file.contentType)
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
      const range = parseByteRange(request.headers.range, size)
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`)
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'cmsBricks.rangeNotSatisfiable')
      }
      if (range === null) return reply.send(file.body)
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .send(file.body.subarray(range.start, range.end + 1))
    },
  )
}
