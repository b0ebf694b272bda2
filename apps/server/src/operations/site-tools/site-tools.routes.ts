import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { GlossaryListSchema } from '@optika/domain/operations/glossary'
import {
  StaticRouteListSchema,
  StaticRouteTestQuerySchema,
  StaticRouteTestResultSchema,
} from '@optika/domain/operations/static-routes'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import type { GlossaryService } from './glossary-service.ts'
import { readGridRequest } from './grid-request.ts'
import { staffOf } from './site-tools-audit.ts'
import type { StaticRoutesService } from './static-routes-service.ts'

const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
}
/** Pimcore's grid parameters, as query string or JSON body (read by `readGridRequest`). */
/** Pimcore's grid parameters may come in the query string too; `readGridRequest` checks them. */
const GridParamsSchema = z.looseObject({
  xaction: z.unknown().optional(),
  data: z.unknown().optional(),
})

/**
 * Permissions are checked on request, before the parameters are validated: an anonymous caller
 * gets 401 and a user without the key 403, whatever they sent.
 *
 * The back office's static routes and glossary (Pimcore's StaticRoutesBundle and GlossaryBundle
 * paths): one grid call each (list, create, update, destroy) and the static routes' path test.
 */
export function registerSiteToolsRoutes(
  app: FastifyInstance,
  services: { readonly staticRoutes: StaticRoutesService; readonly glossary: GlossaryService },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.post(
    '/admin/bundle/staticroutes/staticroutes',
    {
      onRequest: requirePermission('staticRoutes'),
      schema: {
        tags: ['admin-site-tools'],
        summary: 'Static routes: list, create, update or destroy (xaction)',
        querystring: GridParamsSchema,
        body: GridParamsSchema.nullable(),
        response: { 200: StaticRouteListSchema, ...errors },
      },
    },
    async (request) => {
      const grid = readGridRequest(request.query, request.body)
      const result = await services.staticRoutes.grid(request.ctx.db, staffOf(request), grid)
      return { success: true as const, ...result }
    },
  )

  typed.get(
    '/admin/bundle/staticroutes/test',
    {
      onRequest: requirePermission('staticRoutes'),
      schema: {
        tags: ['admin-site-tools'],
        summary: 'Which static route answers a storefront address, and what it draws',
        querystring: StaticRouteTestQuerySchema,
        response: { 200: StaticRouteTestResultSchema, ...errors },
      },
    },
    async (request) => services.staticRoutes.test(request.ctx.db, request.query),
  )

  typed.post(
    '/admin/bundle/glossary/settings/glossary',
    {
      onRequest: requirePermission('glossary'),
      schema: {
        tags: ['admin-site-tools'],
        summary: 'Glossary terms: list, create, update or destroy (xaction)',
        querystring: GridParamsSchema,
        body: GridParamsSchema.nullable(),
        response: { 200: GlossaryListSchema, ...errors },
      },
    },
    async (request) => {
      const grid = readGridRequest(request.query, request.body)
      const result = await services.glossary.grid(request.ctx.db, staffOf(request), grid)
      return { success: true as const, ...result }
    },
  )
}
