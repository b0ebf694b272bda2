import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  DocumentChildrenQuerySchema,
  DocumentChildrenSchema,
  DocumentDataSchema,
  DocumentIdForPathSchema,
  DocumentIdQuerySchema,
  DocumentNodeSchema,
  DocumentPathQuerySchema,
} from '@optika/domain/cms/document-tree-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { requireAdminForAreas } from '../../identity/admin-auth/require-admin-for-areas.ts'
import { adminContextOf, type AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import {
  getDocumentData,
  getDocumentIdForPath,
  getDocumentRoot,
  listDocumentChildren,
} from './read-document-tree.ts'

/** What the document routes need: the app's services, the job queue (copy) and the mailer. */
export interface DocumentRouteDeps extends RouteDeps {
  readonly jobs: JobQueue
  readonly mailer: Mailer
}

/** The API areas of documents: the tree's and the per-type controllers' (Pimcore's names). */
export const DOCUMENT_API_AREAS = [
  '/admin/document',
  '/admin/page',
  '/admin/snippet',
  '/admin/email',
  '/admin/folder',
  '/admin/hardlink',
  '/admin/link',
] as const

export const documentTags = ['admin documents']

/** The guard of every document call: a back-office session (401) with `documents` (403). */
export const documentGuard = { preValidation: [requirePermission('documents')] }

/** The acting user's context of a document request. */
export function documentContextOf(request: FastifyRequest, deps: RouteDeps): AdminContext {
  return adminContextOf(request, deps.translator)
}

/**
 * The documents API (`/admin/document/*` and the per-type controllers, issue 17): the tree's
 * calls here; each other slice (content, sites, mails …) adds its `register…` call below.
 */
export async function registerDocumentRoutes(
  app: FastifyInstance,
  deps: DocumentRouteDeps,
): Promise<void> {
  requireAdminForAreas(app, DOCUMENT_API_AREAS)
  registerDocumentTreeRoutes(app, deps)
}

function registerDocumentTreeRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = documentTags
  const guard = documentGuard
  const ctxOf = (request: FastifyRequest) => documentContextOf(request, deps)

  r.get(
    '/admin/document/tree-get-root',
    { ...guard, schema: { tags, response: { 200: DocumentNodeSchema } } },
    async (request) => getDocumentRoot(ctxOf(request)),
  )
  r.get(
    '/admin/document/tree-get-children-by-id',
    {
      ...guard,
      schema: {
        tags,
        description: 'One page of a document’s children the user may list, by index then key.',
        querystring: DocumentChildrenQuerySchema,
        response: { 200: DocumentChildrenSchema },
      },
    },
    async (request) => listDocumentChildren(ctxOf(request), request.query),
  )
  r.get(
    '/admin/document/get-data-by-id',
    {
      ...guard,
      schema: { tags, querystring: DocumentIdQuerySchema, response: { 200: DocumentDataSchema } },
    },
    async (request) => getDocumentData(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/document/get-id-for-path',
    {
      ...guard,
      schema: {
        tags,
        querystring: DocumentPathQuerySchema,
        response: { 200: DocumentIdForPathSchema },
      },
    },
    async (request) => getDocumentIdForPath(ctxOf(request), request.query.path),
  )
}
