import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CACHE_IDS,
  CacheListSchema,
  ClearCacheAnswerSchema,
  ClearCacheQuerySchema,
  CUSTOM_LOGO_MAX_BYTES,
  CustomLogoSchema,
  SystemSettingsAnswerSchema,
  SystemSettingsSchema,
  WebsiteSettingsCallSchema,
  type CacheId,
} from '@optika/domain/operations/system-settings'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { refuseNulCharacters } from '../../commerce/cart/nul-characters.ts'
import { requireAdmin, requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { SystemSettingsStore } from '../../platform/settings/system-settings-store.ts'
import { deleteCustomLogo, uploadCustomLogo } from './custom-logo.ts'
import { applyDebugMode, saveSystemSettings } from './save-system-settings.ts'
import { clearCaches, measureCaches, type SiteCaches } from './site-caches.ts'
import { callWebsiteSettings } from './website-settings-admin.ts'
import type { WebsiteSettingsStore } from './website-settings-store.ts'

export interface SettingsRouteDeps {
  readonly translator: Translator
  readonly systemSettings: SystemSettingsStore
  readonly websiteSettings: WebsiteSettingsStore
  readonly caches: SiteCaches
  /** The log level the environment asks for; debug mode raises it to `debug`. */
  readonly logLevel: string
}

/** Text the database cannot store (a NUL character) is a bad field, not a 500. */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  refuseNulCharacters(request.body, 'body')
  refuseNulCharacters(request.query, 'querystring')
}

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
function guard(key: PermissionKey) {
  return { preValidation: [requirePermission(key), refuseUnstorableText] }
}

/** The caches "clear cache" empties when none are named: all but uploads' temporary files. */
const DATA_CACHES: readonly CacheId[] = CACHE_IDS.filter((id) => id !== 'temporaryFiles')

/** Reads the one file of a multipart upload (Pimcore's field is `Filedata`; any file field will do). */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'LOGO_TYPE', 'systemSettings.logo.type')
  let file: Buffer | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        file ??= content
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'systemSettings.logo.tooLarge', {
        value: `${CUSTOM_LOGO_MAX_BYTES / 1024} KB`,
      })
    }
    throw new AppError(400, 'UPLOAD_INVALID', 'systemSettings.logo.invalid')
  }
  if (!file) throw new AppError(400, 'NO_FILE', 'systemSettings.logo.noFile')
  return file
}

/**
 * /admin/settings: the system settings (`GET/PUT /admin/settings/system`, not in the seed:
 * Pimcore's get-system/set-system), the back office's custom logo, website settings and the
 * caches with their sizes (`GET /admin/settings/caches`, ours) and clearing.
 */
export async function registerSettingsRoutes(
  app: FastifyInstance,
  deps: SettingsRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const tags = ['admin settings']
  const { systemSettings, websiteSettings, caches } = deps

  // Debug mode survives a restart, and follows a change made by another process.
  app.addHook('onReady', async () => {
    const settings = await systemSettings.fresh()
    applyDebugMode(app.log, deps.logLevel, settings.debugMode)
  })

  // ── System settings ──
  r.get(
    '/admin/settings/system',
    { ...guard('settings'), schema: { tags, response: { 200: SystemSettingsAnswerSchema } } },
    async () => ({ settings: await systemSettings.fresh(), logo: await systemSettings.logoInfo() }),
  )
  r.put(
    '/admin/settings/system',
    {
      ...guard('settings'),
      schema: { tags, body: SystemSettingsSchema, response: { 200: SystemSettingsAnswerSchema } },
    },
    async (request) => {
      const settings = await saveSystemSettings(ctxOf(request), systemSettings, request.body)
      applyDebugMode(app.log, deps.logLevel, settings.debugMode)
      return { settings, logo: await systemSettings.logoInfo() }
    },
  )

  // ── Custom logo ──
  // Every signed-in user sees the logo in the header, so reading it needs no permission key.
  r.get(
    '/admin/settings/display-custom-logo',
    { preValidation: [requireAdmin], schema: { tags } },
    async (_request, reply) => {
      const logo = await systemSettings.logo()
      if (!logo) throw new AppError(404, 'NOT_FOUND', 'systemSettings.logo.none')
      return (
        reply
          .type(logo.type)
          .header('cache-control', 'private, no-cache')
          .header('last-modified', logo.updatedAt.toUTCString())
          // An SVG opened on its own runs nothing and loads nothing (it was checked on upload too).
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .header('x-content-type-options', 'nosniff')
          .send(logo.body)
      )
    },
  )
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: CUSTOM_LOGO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/settings/upload-custom-logo',
      {
        preValidation: [requirePermission('settings')],
        schema: {
          tags,
          description: 'Multipart, one file: PNG, JPEG, WebP or SVG (no scripts), ≤ 512 KB.',
          response: { 200: CustomLogoSchema },
        },
      },
      async (request) =>
        uploadCustomLogo(ctxOf(request), systemSettings, await readLogoUpload(request)),
    )
  })
  r.delete(
    '/admin/settings/delete-custom-logo',
    { ...guard('settings'), schema: { tags, response: { 200: CustomLogoSchema } } },
    async (request) => deleteCustomLogo(ctxOf(request), systemSettings),
  )

  // ── Website settings ──
  r.post(
    '/admin/settings/website-settings',
    { ...guard('websiteSettings'), schema: { tags, body: WebsiteSettingsCallSchema.optional() } },
    async (request) =>
      callWebsiteSettings(ctxOf(request), websiteSettings, request.body ?? { xaction: 'read' }),
  )

  // ── Caches ──
  r.get(
    '/admin/settings/caches',
    { ...guard('clearCache'), schema: { tags, response: { 200: CacheListSchema } } },
    async () => ({ caches: await measureCaches(caches) }),
  )
  r.delete(
    '/admin/settings/clear-cache',
    {
      ...guard('clearCache'),
      schema: {
        tags,
        querystring: ClearCacheQuerySchema,
        response: { 200: ClearCacheAnswerSchema },
      },
    },
    async (request) => clearCaches(ctxOf(request), caches, request.query.only ?? DATA_CACHES),
  )
  r.delete(
    '/admin/settings/clear-output-cache',
    { ...guard('clearCache'), schema: { tags, response: { 200: ClearCacheAnswerSchema } } },
    async (request) => clearCaches(ctxOf(request), caches, ['pages']),
  )
  r.delete(
    '/admin/settings/clear-temporary-files',
    { ...guard('clearCache'), schema: { tags, response: { 200: ClearCacheAnswerSchema } } },
    async (request) => clearCaches(ctxOf(request), caches, ['temporaryFiles']),
  )
}
