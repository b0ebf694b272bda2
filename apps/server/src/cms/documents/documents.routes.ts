import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AddDocumentSchema,
  AddedDocumentSchema,
  CreateDocTypeSchema,
  DocTypeIdQuerySchema,
  DocTypeListSchema,
  DocTypeSavedSchema,
  DocTypesQuerySchema,
  DocumentChildrenQuerySchema,
  DocumentChildrenSchema,
  DocumentCopyInfoSchema,
  DocumentCopyQuerySchema,
  DocumentDataSchema,
  DocumentDeletedSchema,
  DocumentDeleteInfoSchema,
  DocumentIdForPathSchema,
  DocumentIdQuerySchema,
  DocumentJobSchema,
  DocumentNodeSchema,
  DocumentPathQuerySchema,
  DocumentRewriteIdsSchema,
  DocumentRewrittenSchema,
  UpdateDocTypeSchema,
  UpdateDocumentSchema,
  UpdatedDocumentSchema,
} from '@optika/domain/cms/document-tree-api'
import { JobIdQuerySchema, JobSchema } from '@optika/domain/pim/grid-api'
import { z } from 'zod'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { requireAdminForAreas } from '../../identity/admin-auth/require-admin-for-areas.ts'
import { adminContextOf, type AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import {
  defineDocumentCopyJob,
  getDocumentCopyInfo,
  rewriteCopiedIds,
  startDocumentCopy,
} from './copy-documents.ts'
import { createDocType, deleteDocType, listDocTypes, updateDocType } from './document-types.ts'
import {
  addDocument,
  deleteDocument,
  getDocumentDeleteInfo,
  updateDocument,
} from './write-document-tree.ts'
import { registerDocumentContentRoutes } from '../content/document-content.routes.ts'
import { registerDocumentSiteRoutes } from '../sites/document-sites.routes.ts'
import { registerEmailRoutes } from '../mails/email.routes.ts'
import { createMailSampleRegistry, type MailSampleRegistry } from '../mails/mail-samples.ts'
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
  /** Sample values for e-mail previews (commerce registers the newest order); default: made up. */
  readonly mailSamples?: MailSampleRegistry
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
  registerDocumentContentRoutes(app, deps)
  registerDocumentSiteRoutes(app, deps)
  registerEmailRoutes(app, { ...deps, mailSamples: deps.mailSamples ?? createMailSampleRegistry() })
}

function registerDocumentTreeRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = documentTags
  const guard = documentGuard
  const ctxOf = (request: FastifyRequest) => documentContextOf(request, deps)
  defineDocumentCopyJob({ jobs: deps.jobs, db: deps.db, translator: deps.translator, log: app.log })

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
  r.get(
    '/admin/document/delete-info',
    {
      ...guard,
      schema: {
        tags,
        querystring: DocumentIdQuerySchema,
        response: { 200: DocumentDeleteInfoSchema },
      },
    },
    async (request) => getDocumentDeleteInfo(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/document/copy-info',
    {
      ...guard,
      schema: {
        tags,
        querystring: DocumentCopyQuerySchema,
        response: { 200: DocumentCopyInfoSchema },
      },
    },
    async (request) => getDocumentCopyInfo(ctxOf(request), request.query),
  )
  r.post(
    '/admin/document/add',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Adds a page, snippet, e-mail, link, hardlink or folder; editable types from a document type (`docTypeId`) or a template.',
        body: AddDocumentSchema,
        response: { 200: AddedDocumentSchema },
      },
    },
    async (request) => {
      const node = await addDocument(ctxOf(request), request.body)
      return { success: true as const, id: node.id, type: node.type, node }
    },
  )
  r.put(
    '/admin/document/update',
    {
      ...guard,
      schema: {
        tags,
        description: 'Renames (`key`), moves (`parentId`) and reorders (`index`) a document.',
        body: UpdateDocumentSchema,
        response: { 200: UpdatedDocumentSchema },
      },
    },
    async (request) => ({
      success: true as const,
      node: await updateDocument(ctxOf(request), request.body),
    }),
  )
  r.delete(
    '/admin/document/delete',
    {
      ...guard,
      schema: {
        tags,
        description: 'Deletes a document with its subtree into the recycle bin.',
        querystring: DocumentIdQuerySchema,
        response: { 200: DocumentDeletedSchema },
      },
    },
    async (request) => deleteDocument(ctxOf(request), request.query.id),
  )
  r.post(
    '/admin/document/copy',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Copies a document (with `type=recursive` its subtree) under `targetId`, as a job; `rewrite` points references into the source subtree at the copies.',
        body: DocumentCopyQuerySchema,
        response: { 200: DocumentJobSchema },
      },
    },
    async (request) => startDocumentCopy(ctxOf(request), deps, request.body),
  )
  r.get(
    '/admin/document/job',
    {
      ...guard,
      schema: {
        tags,
        description: 'Progress of a document job the user started (copy); its result when done.',
        querystring: JobIdQuerySchema,
        response: { 200: JobSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request)
      return toJob(await readOwnJob(ctx.db, ctx.admin.userId, request.query.id), (key) =>
        ctx.t(key),
      )
    },
  )
  r.put(
    '/admin/document/copy-rewrite-ids',
    {
      ...guard,
      schema: {
        tags,
        description:
          'After a copy (`transactionId` = its job): references in the copies that point into the copied subtree point at the copies.',
        body: DocumentRewriteIdsSchema,
        response: { 200: DocumentRewrittenSchema },
      },
    },
    async (request) => rewriteCopiedIds(ctxOf(request), request.body.transactionId),
  )
  r.get(
    '/admin/document/doc-types',
    {
      ...guard,
      schema: { tags, querystring: DocTypesQuerySchema, response: { 200: DocTypeListSchema } },
    },
    async (request) => listDocTypes(ctxOf(request).db, request.query.type),
  )
  r.get(
    '/admin/document/get-doc-types',
    {
      ...guard,
      schema: {
        tags,
        description: 'The document types of one kind (`type`: page, snippet, email) for “add”.',
        querystring: DocTypesQuerySchema,
        response: { 200: DocTypeListSchema },
      },
    },
    async (request) => listDocTypes(ctxOf(request).db, request.query.type),
  )
  r.post(
    '/admin/document/doc-types',
    {
      ...guard,
      schema: { tags, body: CreateDocTypeSchema, response: { 200: DocTypeSavedSchema } },
    },
    async (request) => createDocType(ctxOf(request), request.body),
  )
  r.put(
    '/admin/document/doc-types',
    {
      ...guard,
      schema: { tags, body: UpdateDocTypeSchema, response: { 200: DocTypeSavedSchema } },
    },
    async (request) => updateDocType(ctxOf(request), request.body),
  )
  r.delete(
    '/admin/document/doc-types',
    {
      ...guard,
      schema: {
        tags,
        querystring: DocTypeIdQuerySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => deleteDocType(ctxOf(request), request.query.id),
  )
}
