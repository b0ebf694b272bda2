import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  REDIRECT_CSV_MAX_BYTES,
  REDIRECT_STATUS_CODES,
  RedirectCleanupResultSchema,
  RedirectImportResultSchema,
  RedirectInputSchema,
  RedirectListQuerySchema,
  RedirectStatusCodesSchema,
  RedirectTestInputSchema,
  RedirectTestResultSchema,
} from '@optika/domain/operations/redirects'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { resolveSite } from '../../cms/sites/resolve-site.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { RedirectStore } from './redirect-store.ts'
import { exportRedirectsCsv, importRedirectsCsv } from './redirects-csv.ts'
import {
  cleanupExpiredRedirects,
  deleteRedirects,
  listRedirects,
  saveRedirect,
  testRedirectUrl,
  type RedirectStaff,
} from './redirects-service.ts'

export interface RedirectRoutesDeps {
  readonly db: Db
  readonly translator: Translator
  readonly store: RedirectStore
  /** The shop's public origin (PUBLIC_URL): absolute targets on it count in the loop check. */
  readonly publicUrl: string
}

function staffOf(request: FastifyRequest): RedirectStaff {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return {
    adminUserId: admin.userId,
    name: admin.name || admin.username,
    ip: request.ip,
    requestId: request.id,
  }
}

/** Pimcore's grid field names, read beside ours (`regex`, `sourceSite`, `passThroughParameters`, `expiry`). */
function fromPimcoreFields(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const record = { ...(value as Record<string, unknown>) }
  if (record.sourceType === undefined && typeof record.regex === 'boolean') {
    record.sourceType = record.regex ? 'regex' : 'path'
  }
  if (record.siteId === undefined && record.sourceSite !== undefined) {
    record.siteId = record.sourceSite === '' ? null : record.sourceSite
  }
  if (record.passQuery === undefined && typeof record.passThroughParameters === 'boolean') {
    record.passQuery = record.passThroughParameters
  }
  if (record.expiresAt === undefined && typeof record.expiry === 'number') {
    record.expiresAt = new Date(record.expiry * 1000).toISOString()
  }
  for (const key of ['regex', 'sourceSite', 'passThroughParameters', 'expiry', 'id']) {
    Reflect.deleteProperty(record, key)
  }
  return record
}

/** `data` as sent: a JSON string (Pimcore's grid), an object, or a list of either. */
function dataItems(data: unknown): unknown[] {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      throw new AppError(400, 'REDIRECT_BAD_DATA', 'seoRedirects.error.badData')
    }
  }
  if (value === undefined || value === null) {
    throw new AppError(400, 'REDIRECT_BAD_DATA', 'seoRedirects.error.badData')
  }
  return Array.isArray(value) ? value : [value]
}

const IdOfSchema = z.union([
  z.coerce.number().int().positive().max(2_147_483_647),
  z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).transform((v) => v.id),
])

const ListBodySchema = z
  .object({
    xaction: z.enum(['read', 'create', 'update', 'destroy']).default('read'),
    data: z.unknown().optional(),
  })
  .loose()

/**
 * SEO redirects at Pimcore's paths (`/admin/bundle/seo/redirects/*`, permission `redirects`):
 * `list` (read, create, update, destroy by `xaction`), CSV export and import, the status codes,
 * `cleanup` of expired rules, and our `test-url`. Each write drops the storefront's copy.
 */
export async function registerRedirectRoutes(
  app: FastifyInstance,
  deps: RedirectRoutesDeps,
): Promise<void> {
  const { db, store } = deps
  const ownOrigin = new URL(deps.publicUrl).origin
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: REDIRECT_CSV_MAX_BYTES, files: 1, fields: 10, parts: 12 },
    })
    // Pimcore's grid posts forms; our screens post JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const tags = ['admin seo redirects']
    const guard = { preValidation: [requirePermission('redirects')] }
    const base = '/admin/bundle/seo/redirects'

    r.post(`${base}/list`, { ...guard, schema: { tags } }, async (request) => {
      const body = ListBodySchema.parse(request.body ?? {})
      if (body.xaction === 'read') {
        const params = { ...(request.query as Record<string, unknown>), ...body }
        // Pimcore's grid sends its search as `filter`.
        if (params.q === undefined && typeof params.filter === 'string') params.q = params.filter
        return listRedirects(db, RedirectListQuerySchema.parse(params))
      }
      const staff = staffOf(request)
      if (body.xaction === 'destroy') {
        const ids = dataItems(body.data).map((item) => IdOfSchema.parse(item))
        const deleted = await deleteRedirects({ db, staff }, ids)
        store.invalidate()
        return { success: true, deleted }
      }
      const saved = []
      for (const item of dataItems(body.data)) {
        const id = body.xaction === 'update' ? IdOfSchema.parse(item) : undefined
        const data = RedirectInputSchema.parse(fromPimcoreFields(item))
        saved.push(await saveRedirect({ db, staff, ownOrigin }, { id, data }))
        store.invalidate()
      }
      return { success: true, data: saved.length === 1 ? saved[0] : saved }
    })

    r.get(`${base}/csv-export`, { ...guard, schema: { tags } }, async (_request, reply) => {
      const date = new Date().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="redirects-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(await exportRedirectsCsv(db))
    })

    r.post(
      `${base}/csv-import`,
      { ...guard, schema: { tags, response: { 200: RedirectImportResultSchema } } },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(400, 'REDIRECT_IMPORT_NO_FILE', 'seoRedirects.error.importNoFile')
        }
        const file = await request.file()
        if (!file)
          throw new AppError(400, 'REDIRECT_IMPORT_NO_FILE', 'seoRedirects.error.importNoFile')
        const stream = file.file
        // A file over the limit is cut by multipart: refused before anything is written.
        async function* wholeFile(): AsyncGenerator<Buffer> {
          for await (const chunk of stream) yield chunk as Buffer
          if (stream.truncated) {
            throw new AppError(
              413,
              'REDIRECT_IMPORT_TOO_LARGE',
              'seoRedirects.error.importTooLarge',
              {
                max: Math.round(REDIRECT_CSV_MAX_BYTES / 1024 / 1024),
              },
            )
          }
        }
        const result = await importRedirectsCsv(
          { db, staff: staffOf(request), ownOrigin },
          wholeFile(),
        )
        store.invalidate()
        return result
      },
    )

    r.get(
      `${base}/get-statuscodes`,
      { ...guard, schema: { tags, response: { 200: RedirectStatusCodesSchema } } },
      async (request) => ({
        data: REDIRECT_STATUS_CODES.map((value) => ({
          value,
          label: `${value} ${deps.translator.t(request.ctx.locale, `seoRedirects.status.s${value}`)}`,
        })),
      }),
    )

    r.delete(
      `${base}/cleanup`,
      { ...guard, schema: { tags, response: { 200: RedirectCleanupResultSchema } } },
      async (request) => {
        const deleted = await cleanupExpiredRedirects({ db, staff: staffOf(request) })
        store.invalidate()
        return { success: true as const, deleted }
      },
    )

    r.post(
      `${base}/test-url`,
      {
        ...guard,
        schema: {
          tags,
          summary:
            'Which rules answer a URL and where the visitor ends up (not one of Pimcore’s calls)',
          body: RedirectTestInputSchema,
          response: { 200: RedirectTestResultSchema },
        },
      },
      async (request) => {
        const site = request.body.host ? await resolveSite(db, request.body.host) : null
        return testRedirectUrl(db, {
          url: request.body.url,
          siteId: site?.id ?? null,
          ownOrigin,
        })
      },
    )
  })
}
