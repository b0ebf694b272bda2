import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DOCUMENT_TYPES } from '@optika/domain/cms/document-api'
import {
  ChangeMainDocumentBodySchema,
  ConvertDocumentBodySchema,
  ConvertedDocumentSchema,
  DiffVersionsParamsSchema,
  DiffVersionsSchema,
  DocumentIdQuerySchema,
  DocumentVersionBodySchema,
  SavedDocumentSchema,
  SaveDocumentBodySchema,
  SaveToSessionBodySchema,
  SuccessSchema,
} from '@optika/domain/cms/document-save-api'
import { DocumentDataSchema } from '@optika/domain/cms/document-tree-api'
import { z } from 'zod'
import {
  documentContextOf,
  documentGuard,
  documentTags,
  type DocumentRouteDeps,
} from '../documents/documents.routes.ts'
import { changeMainDocument } from './change-main-document.ts'
import { convertDocument } from './convert-document.ts'
import { removeDocumentFromSession, saveDocumentToSession } from './document-session.ts'
import { diffDocumentVersions, publishVersion, versionToSession } from './document-versions.ts'
import { getTypedDocumentData } from './read-document-content.ts'
import { saveDocument } from './save-document.ts'

/** Saves carry the editables (up to 1 MB) in a form or JSON body: room for them and the rest. */
const SAVE_BODY_LIMIT = 2 * 1024 * 1024

/**
 * The documents' content calls (issue 17, slice "content"): per type (page, snippet, email,
 * folder, hardlink, link) get-data-by-id, save (PUT/POST), save-to-session, remove-from-session
 * and change-main-document; and publish-version, version-to-session, diff-versions and convert.
 * Every call needs the `documents` key and the workspace right on the document's path.
 */
export function registerDocumentContentRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = documentTags
  const guard = documentGuard
  const ctxOf = (request: FastifyRequest) => documentContextOf(request, deps)

  for (const type of DOCUMENT_TYPES) {
    r.get(
      `/admin/${type}/get-data-by-id`,
      {
        ...guard,
        schema: { tags, querystring: DocumentIdQuerySchema, response: { 200: DocumentDataSchema } },
      },
      async (request) => getTypedDocumentData(ctxOf(request), type, request.query.id),
    )
    for (const method of ['PUT', 'POST'] as const) {
      r.route({
        method,
        url: `/admin/${type}/save`,
        ...guard,
        bodyLimit: SAVE_BODY_LIMIT,
        schema: {
          tags,
          description:
            '`task`: publish, unpublish, version (a draft), autoSave, scheduler (`scheduler` tasks).',
          body: SaveDocumentBodySchema,
          response: { 200: SavedDocumentSchema },
        },
        handler: async (request) => {
          const { scheduler, note, ...body } = request.body
          return saveDocument(ctxOf(request), {
            ...body,
            type,
            ...(scheduler ? { scheduler } : {}),
            ...(note ? { note } : {}),
          })
        },
      })
    }
    r.post(
      `/admin/${type}/save-to-session`,
      {
        ...guard,
        bodyLimit: SAVE_BODY_LIMIT,
        schema: { tags, body: SaveToSessionBodySchema, response: { 200: SuccessSchema } },
      },
      async (request) => saveDocumentToSession(ctxOf(request), { ...request.body, type }),
    )
    r.delete(
      `/admin/${type}/remove-from-session`,
      {
        ...guard,
        schema: { tags, querystring: DocumentIdQuerySchema, response: { 200: SuccessSchema } },
      },
      async (request) => removeDocumentFromSession(ctxOf(request), { id: request.query.id, type }),
    )
    r.put(
      `/admin/${type}/change-main-document`,
      {
        ...guard,
        schema: {
          tags,
          body: ChangeMainDocumentBodySchema,
          response: {
            200: z.object({
              success: z.literal(true),
              contentMainDocumentId: z.number().int().nullable(),
            }),
          },
        },
      },
      async (request) => changeMainDocument(ctxOf(request), { ...request.body, type }),
    )
  }

  r.post(
    '/admin/document/publish-version',
    {
      ...guard,
      schema: {
        tags,
        body: DocumentVersionBodySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            id: z.number().int(),
            versionCount: z.number().int(),
            versionId: z.number().int(),
          }),
        },
      },
    },
    async (request) => publishVersion(ctxOf(request), request.body.id),
  )
  r.post(
    '/admin/document/version-to-session',
    {
      ...guard,
      schema: { tags, body: DocumentVersionBodySchema, response: { 200: SuccessSchema } },
    },
    async (request) => versionToSession(ctxOf(request), request.body.id),
  )
  r.get(
    '/admin/document/diff-versions/:from/:to',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Both versions’ content flattened to name → text; ids are digits only (else 404).',
        params: DiffVersionsParamsSchema,
        response: { 200: DiffVersionsSchema },
      },
    },
    async (request) => diffDocumentVersions(ctxOf(request), request.params.from, request.params.to),
  )
  r.put(
    '/admin/document/convert',
    {
      ...guard,
      schema: { tags, body: ConvertDocumentBodySchema, response: { 200: ConvertedDocumentSchema } },
    },
    async (request) => convertDocument(ctxOf(request), request.body),
  )
}
