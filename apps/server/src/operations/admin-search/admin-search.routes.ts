import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AdminSearchPageSchema,
  AdminSearchQuerySchema,
  QuickSearchAnswerSchema,
  QuickSearchByIdQuerySchema,
  QuickSearchQuerySchema,
  SearchPreviewSchema,
} from '@optika/domain/operations/admin-search'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { findElements, previewElement, quickSearch } from './admin-search.ts'

/** 401 without a session, 403 for a user who may open none of the three trees. */
async function requireSomeTree(request: FastifyRequest): Promise<void> {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  const may = (['objects', 'assets', 'documents'] as const).some((key) =>
    admin.permissions.has(key),
  )
  if (!may) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
}

/**
 * The back-office search (seed: Pimcore's SimpleBackendSearchBundle at
 * `/admin/bundle/search/search/*`): `find` for the results grid, `quicksearch` for the header
 * box as one types, `quicksearch-get-by-id` for a hit's preview.
 */
export function registerAdminSearchRoutes(app: FastifyInstance, translator: Translator): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin search']
  const preValidation = [requireSomeTree]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, translator)
  r.get(
    '/admin/bundle/search/search/find',
    {
      preValidation,
      schema: {
        tags,
        querystring: AdminSearchQuerySchema,
        response: { 200: AdminSearchPageSchema },
      },
    },
    async (request) => findElements(ctxOf(request), request.query),
  )
  r.post(
    '/admin/bundle/search/search/find',
    {
      preValidation,
      schema: {
        tags,
        body: AdminSearchQuerySchema.nullish(),
        response: { 200: AdminSearchPageSchema },
      },
    },
    async (request) =>
      findElements(ctxOf(request), request.body ?? AdminSearchQuerySchema.parse({})),
  )
  r.get(
    '/admin/bundle/search/search/quicksearch',
    {
      preValidation,
      schema: {
        tags,
        querystring: QuickSearchQuerySchema,
        response: { 200: QuickSearchAnswerSchema },
      },
    },
    async (request) => quickSearch(ctxOf(request), request.query.query),
  )
  r.get(
    '/admin/bundle/search/search/quicksearch-get-by-id',
    {
      preValidation,
      schema: {
        tags,
        querystring: QuickSearchByIdQuerySchema,
        response: { 200: SearchPreviewSchema },
      },
    },
    async (request) => previewElement(ctxOf(request), request.query.type, request.query.id),
  )
}
