import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { EmailDraftSchema, EmailPreviewSchema } from '@optika/domain/cms/email-api'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { documentContextOf, documentGuard, documentTags } from '../documents/documents.routes.ts'
import { previewEmailDocument, type EmailPreviewDeps } from './email-preview.ts'

/**
 * An e-mail document's preview with sample values. Its test mail (`POST
 * /admin/email/send-test-email`) is registered with the e-mail log, which shares the path.
 */
export function registerEmailRoutes(
  app: FastifyInstance,
  deps: RouteDeps & EmailPreviewDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = documentTags
  const ctxOf = (request: FastifyRequest) => documentContextOf(request, deps)
  r.post(
    '/admin/email/preview',
    {
      ...documentGuard,
      schema: { tags, body: EmailDraftSchema, response: { 200: EmailPreviewSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return previewEmailDocument(ctxOf(request), deps, request.body)
    },
  )
}
