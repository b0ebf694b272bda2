import { createReadStream } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  HttpErrorDetailQuerySchema,
  HttpErrorListQuerySchema,
  HttpErrorListSchema,
  HttpErrorSchema,
  RobotsTxtListSchema,
  RobotsTxtPutSchema,
  SeoTreeQuerySchema,
  SeoTreeSchema,
  SeoUpdateSchema,
  SitemapStateSchema,
  type HttpErrorListQuery,
} from '@optika/domain/operations/seo-site'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'
import type { Env } from '../../platform/env.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  createHttpErrorLog,
  flushHttpErrors,
  getHttpError,
  listHttpErrors,
  type HttpErrorLogLimits,
} from './http-error-log.ts'
import { listRobotsTxts, robotsTxtForHost, saveRobotsTxts } from './robots-txt.ts'
import { saveCategorySeo, saveDocumentSeo, seoTreeChildren, seoTreeRoot } from './seo-panel.ts'
import { sitemapRoot } from './generate-sitemap.ts'
import { defineSitemapJob, readSitemapState, requestSitemap, servedSitemap } from './sitemap-job.ts'

export interface SeoSiteDeps {
  readonly env: Env
  readonly db: Db
  readonly translator: Translator
  readonly jobs: JobQueue
  /** Tests tighten the error log's bounds. */
  readonly httpErrorLimits?: HttpErrorLogLimits
}

const SuccessSchema = z.object({ success: z.literal(true) })
const FlushSchema = z.object({ success: z.literal(true), deleted: z.number().int() })
const SitemapFileParamsSchema = z.object({
  file: z.string().regex(/^[a-z]{2}-(products|categories|documents|articles)-\d{1,5}\.xml$/),
})

/** Paths that are never storefront pages: their errors are the API's, not the site's. */
const NOT_PAGE = /^\/(?:api|admin|media|assets|__)(?:[/?]|$)/

/** Pimcore's grid sort (`[{"property":"date","direction":"DESC"}]`) as our sort and direction. */
function pimcoreSort(value: unknown): Partial<Pick<HttpErrorListQuery, 'sort' | 'dir'>> {
  if (typeof value !== 'string' || !value.startsWith('[')) return {}
  try {
    const [first] = JSON.parse(value) as { property?: unknown; direction?: unknown }[]
    const property = { date: 'lastSeen', uri: 'uri', code: 'code', count: 'count' }[
      String(first?.property)
    ]
    const dir = String(first?.direction).toLowerCase() === 'asc' ? 'asc' : 'desc'
    return property ? { sort: property as HttpErrorListQuery['sort'], dir } : { dir }
  } catch {
    return {}
  }
}

/** A list request's parameters from the query and the body (Pimcore posts a form). */
function listQueryOf(request: FastifyRequest): HttpErrorListQuery {
  const body =
    request.body && typeof request.body === 'object'
      ? (request.body as Record<string, unknown>)
      : {}
  const merged: Record<string, unknown> = { ...(request.query as object), ...body }
  const sortParts = pimcoreSort(merged.sort)
  if ('sort' in sortParts || typeof merged.sort === 'string') delete merged.sort
  return HttpErrorListQuerySchema.parse({ ...merged, ...sortParts })
}

/**
 * robots.txt, the sitemap, the HTTP error log and the SEO panel (issue 19): the seed's
 * `/admin/bundle/seo/…` calls, the storefront's `/robots.txt`, `/sitemap.xml` and `/sitemaps/…`,
 * and the response hook that logs the storefront's 404s and 5xx.
 */
export async function registerSeoSiteRoutes(
  app: FastifyInstance,
  deps: SeoSiteDeps,
): Promise<void> {
  const { env, db } = deps
  const publicUrl = env.PUBLIC_URL
  const errorLog = createHttpErrorLog(db, deps.httpErrorLimits, app.log)
  app.addHook('onClose', async () => errorLog.close())
  app.addHook('onResponse', async (request, reply) => {
    const code = reply.statusCode
    if (code !== 404 && code < 500) return
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    if (NOT_PAGE.test(request.url)) return
    // A client-side navigation asks for `/cs/x.data`: log the page it meant.
    const [path = '', query] = request.url.split('?', 2) as [string, string | undefined]
    const params = new URLSearchParams(query ?? '')
    params.delete('_routes')
    const rest = params.toString()
    errorLog.note({
      uri: `${path.replace(/\.data$/, '')}${rest ? `?${rest}` : ''}`,
      code,
      referrer: String(request.headers.referer ?? ''),
      userAgent: String(request.headers['user-agent'] ?? ''),
      at: new Date(),
    })
  })
  defineSitemapJob(app, deps.jobs, { db, dataDir: env.DATA_DIR, publicUrl })

  const api = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)

  // ——— robots.txt ———
  const robots = { preValidation: [requirePermission('robots')] }
  api.get(
    '/admin/bundle/seo/robots-txt',
    { ...robots, schema: { response: { 200: RobotsTxtListSchema } } },
    async () => robotsAnswer(await listRobotsTxts(db, publicUrl)),
  )
  api.put(
    '/admin/bundle/seo/robots-txt',
    { ...robots, schema: { body: RobotsTxtPutSchema, response: { 200: RobotsTxtListSchema } } },
    async (request) => robotsAnswer(await saveRobotsTxts(ctxOf(request), request.body, publicUrl)),
  )
  // The sitemap's state and a manual regeneration (the robots tab shows both).
  api.get(
    '/admin/bundle/seo/sitemap',
    { ...robots, schema: { response: { 200: SitemapStateSchema } } },
    async () => readSitemapState(db, publicUrl),
  )
  api.post(
    '/admin/bundle/seo/sitemap/regenerate',
    { ...robots, schema: { response: { 200: SitemapStateSchema } } },
    async (request) => {
      await requestSitemap(deps.jobs, ctxOf(request))
      return readSitemapState(db, publicUrl)
    },
  )

  app.get('/robots.txt', async (request, reply) => {
    const text = await robotsTxtForHost(db, request.headers.host, publicUrl)
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(text)
  })

  // ——— sitemap ———
  app.get('/sitemap.xml', async (_request, reply) => {
    const served = await servedSitemap(db, env.DATA_DIR)
    if (!served) {
      await requestSitemap(deps.jobs, null)
      return sendNotReady(reply)
    }
    return sendXmlFile(reply, join(sitemapRoot(env.DATA_DIR), served.generation, 'index.xml'))
  })
  api.get(
    '/sitemaps/:file',
    { schema: { params: SitemapFileParamsSchema } },
    async (request, reply) => {
      const served = await servedSitemap(db, env.DATA_DIR)
      if (!served?.files.some((file) => file.name === request.params.file)) {
        throw new AppError(404, 'NOT_FOUND', 'server.notFound')
      }
      return sendXmlFile(
        reply,
        join(sitemapRoot(env.DATA_DIR), served.generation, request.params.file),
      )
    },
  )

  // ——— HTTP error log ———
  const httpErrors = { preValidation: [requirePermission('httpErrors')] }
  api.post(
    '/admin/bundle/seo/http-error-log',
    { ...httpErrors, schema: { response: { 200: HttpErrorListSchema } } },
    async (request) => {
      // This process's held hits first, so what just happened is listed.
      await errorLog.flush()
      return listHttpErrors(db, listQueryOf(request))
    },
  )
  api.get(
    '/admin/bundle/seo/http-error-log-detail',
    {
      ...httpErrors,
      schema: {
        querystring: HttpErrorDetailQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: HttpErrorSchema }) },
      },
    },
    async (request) => ({ success: true as const, data: await getHttpError(db, request.query) }),
  )
  api.delete(
    '/admin/bundle/seo/http-error-log-flush',
    { ...httpErrors, schema: { response: { 200: FlushSchema } } },
    async (request) => {
      await errorLog.flush()
      return flushHttpErrors(ctxOf(request), null)
    },
  )

  // ——— SEO panel ———
  const seoPanel = { preValidation: [requirePermission('seoDocumentEditor')] }
  api.get(
    '/admin/bundle/seo/document/seopanel-tree-root',
    { ...seoPanel, schema: { response: { 200: SeoTreeSchema } } },
    async () => ({ success: true as const, nodes: await seoTreeRoot(db) }),
  )
  api.get(
    '/admin/bundle/seo/document/seopanel-tree',
    { ...seoPanel, schema: { querystring: SeoTreeQuerySchema, response: { 200: SeoTreeSchema } } },
    async (request) => ({
      success: true as const,
      nodes: await seoTreeChildren(db, request.query.node, request.query.language),
    }),
  )
  api.put(
    '/admin/bundle/seo/document/seopanel-save',
    { ...seoPanel, schema: { body: SeoUpdateSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const input = request.body
      if (input.kind === 'document') await saveDocumentSeo(ctxOf(request), input)
      else await saveCategorySeo(ctxOf(request), input)
      return { success: true as const }
    },
  )
}

function robotsAnswer(items: Awaited<ReturnType<typeof listRobotsTxts>>) {
  return {
    success: true as const,
    items,
    data: Object.fromEntries(items.map((item) => [String(item.siteId), item.content])),
  }
}

function sendNotReady(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', '60')
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('The sitemap is being generated; try again in a minute.\n')
}

/** Streams a generated file (never read whole: a products file may be tens of megabytes). */
function sendXmlFile(reply: FastifyReply, path: string): FastifyReply {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(createReadStream(path))
}
