import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  FORUM_IMAGE_BYTES_MAX,
  FORUM_IMAGES_MAX,
  ForumBoardKeySchema,
  NewPostSchema,
  NewThreadSchema,
} from '@optika/domain/community/forum-api'
import { BigIdSchema } from '@optika/domain/ids'
import { AppError } from '../../platform/http/app-error.ts'
import type { ForumUpload } from './forum-images.ts'
import type { ForumContext, ForumService } from './forum-service.ts'
import { boardNotFound } from './forum-errors.ts'

const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})

function forumContext(request: FastifyRequest): ForumContext {
  return { db: request.ctx.db, locale: request.ctx.locale, viewer: request.viewer }
}

/** A board key from the URL; anything else is a board that does not exist. */
function boardKeyOf(value: string): string {
  const parsed = ForumBoardKeySchema.safeParse(value)
  if (!parsed.success) throw boardNotFound()
  return parsed.data
}

/** The composer's multipart form: its text fields and up to FORUM_IMAGES_MAX `images`. */
async function readComposer(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; images: ForumUpload[] }> {
  if (!request.isMultipart()) {
    const body = request.body
    const fields: Record<string, string> = {}
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string' || typeof value === 'boolean') fields[name] = String(value)
      }
    }
    return { fields, images: [] }
  }
  const fields: Record<string, string> = {}
  const images: ForumUpload[] = []
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        images.push({ filename: part.filename, bytes: await part.toBuffer() })
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'forum.imageTooLarge', {
        value: FORUM_IMAGE_BYTES_MAX / (1024 * 1024),
      })
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError(400, 'VALIDATION_ERROR', 'forum.validation.tooManyImages')
    }
    throw new AppError(400, 'UPLOAD_INVALID', 'forum.uploadInvalid')
  }
  return { fields, images }
}

/**
 * The forum's reading and posting API (forum-api.ts). Reading is public; writing needs a
 * signed-in customer or partner (the service says 401/403); pictures are served only while
 * the post is visible to the one asking.
 */
export async function registerForumRoutes(
  app: FastifyInstance,
  forum: ForumService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: FORUM_IMAGE_BYTES_MAX,
        files: FORUM_IMAGES_MAX,
        fields: 10,
        parts: FORUM_IMAGES_MAX + 10,
        fieldSize: 64 * 1024,
      },
    })
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const tags = ['forum']

    r.get('/api/forum/boards', { schema: { tags } }, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return forum.listBoards(forumContext(request))
    })
    r.get(
      '/api/forum/boards/:key',
      { schema: { tags, params: z.object({ key: z.string() }), querystring: PageQuerySchema } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return forum.boardPage(
          forumContext(request),
          boardKeyOf(request.params.key),
          request.query.page,
        )
      },
    )
    r.get(
      '/api/forum/threads/:id',
      {
        schema: {
          tags,
          params: z.object({ id: BigIdSchema }),
          querystring: PageQuerySchema,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return forum.threadPage(forumContext(request), request.params.id, request.query.page)
      },
    )
    r.post(
      '/api/forum/boards/:key/threads',
      {
        schema: {
          tags,
          description:
            'Starts a thread (multipart: title, body, notifyAuthor, productId, ≤3 images).',
          params: z.object({ key: z.string() }),
        },
      },
      async (request, reply) => {
        const ctx = forumContext(request)
        const { fields, images } = await readComposer(request)
        const input = NewThreadSchema.parse(fields)
        const place = await forum.startThread(ctx, boardKeyOf(request.params.key), input, images)
        return reply.code(201).send(place)
      },
    )
    r.post(
      '/api/forum/threads/:id/posts',
      {
        schema: {
          tags,
          description: 'Replies (multipart: body, quotePostId, productId, ≤3 images).',
          params: z.object({ id: BigIdSchema }),
        },
      },
      async (request, reply) => {
        const ctx = forumContext(request)
        const { fields, images } = await readComposer(request)
        const input = NewPostSchema.parse(fields)
        const place = await forum.reply(ctx, request.params.id, input, images)
        return reply.code(201).send(place)
      },
    )
    r.get(
      '/api/forum/posts/:id/images/:position',
      {
        schema: {
          tags,
          params: z.object({ id: BigIdSchema, position: z.coerce.number().int().min(0).max(9) }),
          querystring: z.object({
            size: z.enum(['full', 'thumbnail']).catch('full').default('full'),
          }),
        },
      },
      async (request, reply) => {
        const image = await forum.openImage(
          forumContext(request),
          request.params.id,
          request.params.position,
          request.query.size,
        )
        return reply
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .type(image.mimeType)
          .send(image.body)
      },
    )
  })
}
