import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  HidePostSchema,
  MoveThreadSchema,
  ReportPostSchema,
} from '@optika/domain/community/forum-api'
import {
  AdminForumBoardInputSchema,
  AdminForumBoardParamsSchema,
  AdminForumBoardSchema,
  AdminForumModeratorSchema,
  AdminModerationLogPageSchema,
  AdminModerationLogQuerySchema,
} from '@optika/domain/community/forum-moderation-admin-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { ForumModerationService } from './forum-moderation-service.ts'
import {
  createForumBoard,
  listForumBoards,
  listForumModerators,
  readModerationLog,
  updateForumBoard,
} from './forum-admin.ts'

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const IdParamsSchema = z.object({ id })
const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
const PostResultSchema = z.object({
  id: z.number(),
  threadId: z.number(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
})
const ThreadResultSchema = z.object({ id: z.number(), locked: z.boolean(), boardKey: z.string() })
/** Moderation answers name the viewer's rights: nobody may keep them. */
const NO_STORE = 'private, no-store'

/** Reports and moderation (packages/domain/src/community/forum-api.ts) and the back office's forum screen. */
export async function registerForumModerationRoutes(
  app: FastifyInstance,
  deps: { readonly moderation: ForumModerationService; readonly translator: Translator },
): Promise<void> {
  const { moderation } = deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['storefront forum']
  const mailOf = (request: FastifyRequest) => ({ requestId: request.id, log: request.log })

  r.post(
    '/api/forum/posts/:id/report',
    {
      schema: {
        tags,
        summary: "A signed-in reader reports someone else's post (once per post)",
        params: IdParamsSchema,
        body: ReportPostSchema,
        response: { 200: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request) => moderation.report(request.viewer, request.params.id, request.body.reason),
  )

  r.get(
    '/api/forum/moderation/reports',
    {
      schema: {
        tags,
        summary: 'Open reports, a post’s reports together (moderators)',
        querystring: PageQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE)
      return moderation.queue(request.viewer, request.query.page, request.ctx.locale)
    },
  )

  r.post(
    '/api/forum/moderation/posts/:id/hide',
    {
      schema: {
        tags,
        summary: 'A moderator hides a post with a reason; the author is mailed',
        params: IdParamsSchema,
        body: HidePostSchema,
        response: { 200: PostResultSchema },
      },
    },
    async (request) =>
      moderation.hide(request.viewer, request.params.id, request.body.reason, mailOf(request)),
  )

  r.post(
    '/api/forum/moderation/posts/:id/restore',
    {
      schema: {
        tags,
        summary: 'A moderator shows a hidden post again',
        params: IdParamsSchema,
        response: { 200: PostResultSchema },
      },
    },
    async (request) => moderation.restore(request.viewer, request.params.id),
  )

  for (const action of ['lock', 'unlock'] as const) {
    r.post(
      `/api/forum/moderation/threads/:id/${action}`,
      {
        schema: {
          tags,
          summary: `A moderator ${action}s a thread`,
          params: IdParamsSchema,
          response: { 200: ThreadResultSchema },
        },
      },
      async (request) => moderation.setLocked(request.viewer, request.params.id, action === 'lock'),
    )
  }

  r.post(
    '/api/forum/moderation/threads/:id/move',
    {
      schema: {
        tags,
        summary: 'A moderator moves a thread to another board',
        params: IdParamsSchema,
        body: MoveThreadSchema,
        response: { 200: ThreadResultSchema },
      },
    },
    async (request) => moderation.move(request.viewer, request.params.id, request.body.boardKey),
  )

  r.post(
    '/api/forum/moderation/reports/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'A moderator dismisses a report; the post stays as it is',
        params: IdParamsSchema,
        response: { 200: z.object({ id: z.number(), resolved: z.literal(true) }) },
      },
    },
    async (request) => moderation.dismissReport(request.viewer, request.params.id),
  )

  // ── Back office (/admin/forum) ──────────────────────────────────────────────────────────────
  const adminTags = ['admin forum']
  const guard = { preValidation: [requirePermission('forum')] }
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)

  r.get(
    '/admin/forum-moderation/boards',
    { ...guard, schema: { tags: adminTags, response: { 200: z.array(AdminForumBoardSchema) } } },
    async (request) => listForumBoards(ctxOf(request).db),
  )
  r.post(
    '/admin/forum-moderation/boards',
    {
      ...guard,
      schema: {
        tags: adminTags,
        body: AdminForumBoardInputSchema,
        response: { 200: AdminForumBoardSchema },
      },
    },
    async (request) => createForumBoard(ctxOf(request), request.body),
  )
  r.put(
    '/admin/forum-moderation/boards/:id',
    {
      ...guard,
      schema: {
        tags: adminTags,
        params: AdminForumBoardParamsSchema,
        body: AdminForumBoardInputSchema,
        response: { 200: AdminForumBoardSchema },
      },
    },
    async (request) => updateForumBoard(ctxOf(request), request.params.id, request.body),
  )
  r.get(
    '/admin/forum-moderation/log',
    {
      ...guard,
      schema: {
        tags: adminTags,
        querystring: AdminModerationLogQuerySchema,
        response: { 200: AdminModerationLogPageSchema },
      },
    },
    async (request) => readModerationLog(ctxOf(request).db, request.query),
  )
  r.get(
    '/admin/forum-moderation/moderators',
    {
      ...guard,
      schema: { tags: adminTags, response: { 200: z.array(AdminForumModeratorSchema) } },
    },
    async (request) => listForumModerators(ctxOf(request).db),
  )
}
