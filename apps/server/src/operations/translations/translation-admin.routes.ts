import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import {
  ApplyImportSchema,
  CleanupResultSchema,
  CreateTranslationSchema,
  DestroyTranslationSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  MergeItemSchema,
  TRANSLATION_DOMAINS,
  TranslationDomainsSchema,
  TranslationKeySchema,
  TranslationListQuerySchema,
  TranslationListSchema,
  translationDomainOf,
  UpdateTranslationSchema,
  WebsiteLanguagesSchema,
} from '@optika/domain/operations/translations'
import type { Database } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import {
  createTranslation,
  deleteTranslation,
  listTranslations,
  updateTranslation,
  upsertTexts,
  auditTranslationChange,
  readTexts,
} from './translation-grid.ts'
import { applyImport, IMPORT_MAX_BYTES, previewImport } from './import-translations.ts'
import { exportTranslations } from './export-translations.ts'
import {
  addAdminTranslationKeys,
  cleanupTranslations,
  findUnusedTranslations,
} from './cleanup-translations.ts'

export interface TranslationAdminDeps {
  readonly translator: Translator
  readonly database: Database
  readonly dataDir: string
}

const DomainSchema = z.object({ domain: z.enum(TRANSLATION_DOMAINS).default('website') })

/** Pimcore sends `data` as a JSON string; our screens send an object. */
function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    throw new AppError(400, 'INVALID_DATA', 'adminTranslations.error.badData')
  }
}

/** The query string and a JSON body as one object; Pimcore's names mapped to ours. */
function inputOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {}
  const input: Record<string, unknown> = { ...query, ...body }
  if (input.searchString !== undefined && input.search === undefined)
    input.search = input.searchString
  if (input.start !== undefined && input.offset === undefined) input.offset = input.start
  // Pimcore's grid pages by up to several hundred rows; ours are capped at 500.
  if (Number(input.limit) > 500) input.limit = 500
  // Pimcore's ExtJS sort: `[{"property":"key","direction":"DESC"}]`.
  if (typeof input.sort === 'string' && input.sort.startsWith('[')) {
    const parsed = jsonField(input.sort)
    const first = (Array.isArray(parsed) ? parsed[0] : undefined) as
      { property?: unknown; direction?: unknown } | undefined
    const field = first?.property === 'key' ? 'key' : 'updatedAt'
    input.sort = first?.direction === 'DESC' ? `-${field}` : field
  }
  return input
}

/** A Pimcore `data` item `{ key, en: '…', cs: '…' }` or ours `{ key, texts }`. */
function itemOf(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const item = data as Record<string, unknown>
  if (item.texts !== undefined) return item
  const texts = Object.fromEntries(
    LOCALES.flatMap((l) => (typeof item[l] === 'string' ? [[l, item[l]]] : [])),
  )
  return { key: item.key, texts }
}

/**
 * /admin/translation/* (Pimcore's paths, seed ADMIN-CALLS "translation"): the shared dictionary's
 * grid, import with a preview, export, merge, cleanup and the admin domain's keys. All need the
 * `translations` permission; every write is audited and reloads the dictionary, so the change
 * shows on the storefront at once (other processes follow within a second by the 'translations' change signal the table's trigger moves, decisions 052 and 060).
 */
export async function registerTranslationAdminRoutes(
  app: FastifyInstance,
  deps: TranslationAdminDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['translations']
  const preValidation = [requirePermission('translations')]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const base = '/admin/translation'

  r.post(
    `${base}/translations`,
    {
      preValidation,
      schema: { tags, summary: 'List, create, update or delete translation keys (xaction)' },
    },
    async (request) => {
      const input = inputOf(request)
      const xaction = z
        .enum(['read', 'create', 'update', 'destroy'])
        .catch('read')
        .parse(input.xaction)
      const { domain } = DomainSchema.parse(input)
      if (xaction === 'read')
        return TranslationListSchema.parse(
          await listTranslations(request.ctx.db, TranslationListQuerySchema.parse(input)),
        )
      const data = itemOf(jsonField(input.data))
      if (xaction === 'create') {
        const item = CreateTranslationSchema.parse(data)
        await createTranslation(ctxOf(request), deps, domain, item)
        return { success: true as const, key: item.key }
      }
      if (xaction === 'update') {
        const item = UpdateTranslationSchema.parse(data)
        await updateTranslation(ctxOf(request), deps, item)
        return {
          success: true as const,
          key: item.key,
          texts: await readTexts(request.ctx.db, item.key),
        }
      }
      const item = DestroyTranslationSchema.parse(data)
      await deleteTranslation(ctxOf(request), deps, item.key)
      return { success: true as const, key: item.key }
    },
  )

  r.get(
    `${base}/export`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'The dictionary of a domain as CSV or XLSX (formula-escaped, streamed)',
        querystring: DomainSchema.extend({
          format: z.enum(['csv', 'xlsx']).default('csv'),
          delimiter: z.enum([';', ',', '\t']).default(';'),
        }),
      },
    },
    async (request, reply) => {
      const { domain, format, delimiter } = request.query
      const stamp = new Date().toISOString().slice(0, 10)
      const name = `translations-${domain}-${stamp}.${format}`
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
      return reply.send(exportTranslations(request.ctx.db, domain, format, delimiter))
    },
  )

  r.put(
    `${base}/merge-item`,
    { preValidation, schema: { tags, summary: 'Writes one text of one key (a merge decision)' } },
    async (request) => {
      const input = inputOf(request)
      const raw = jsonField(input.data ?? input) as Record<string, unknown> | null
      const item = MergeItemSchema.parse(
        raw && typeof raw === 'object' ? { ...raw, locale: raw.locale ?? raw.lg } : raw,
      )
      const ctx = ctxOf(request)
      await ctx.db.transaction(async (tx) => {
        const before = await readTexts(tx, item.key)
        if (Object.keys(before).length === 0) {
          throw new AppError(404, 'KEY_NOT_FOUND', 'adminTranslations.error.keyNotFound', {
            key: item.key,
          })
        }
        await upsertTexts(tx, [item])
        await auditTranslationChange(tx, ctx, {
          action: 'translation.mergeItem',
          entityId: item.key,
          before: { [item.locale]: before[item.locale] ?? null },
          after: { [item.locale]: item.text },
        })
      })
      await deps.translator.reload()
      return { success: true as const }
    },
  )

  r.delete(
    `${base}/cleanup`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Lists (preview=1) or deletes the keys no longer used',
        response: { 200: CleanupResultSchema },
      },
    },
    async (request) => {
      const input = inputOf(request)
      const { domain } = DomainSchema.parse(input)
      const preview = input.preview === '1' || input.preview === 'true' || input.preview === true
      if (preview) {
        return {
          success: true as const,
          preview: true,
          keys: await findUnusedTranslations(request.ctx.db, domain),
        }
      }
      const keys =
        input.keys === undefined
          ? null
          : z.array(z.string()).max(100_000).parse(jsonField(input.keys))
      return cleanupTranslations(ctxOf(request), deps, domain, keys)
    },
  )

  r.post(
    `${base}/add-admin-translation-keys`,
    {
      preValidation,
      schema: { tags, summary: 'Adds back-office keys the admin lacks, with empty texts' },
    },
    async (request) => {
      const input = inputOf(request)
      const keys = z.array(TranslationKeySchema).min(1).max(1000).parse(jsonField(input.keys))
      // A key outside the back office's sections would land in the website domain: skipped.
      const admin = keys.filter((key) => translationDomainOf(key) === 'admin')
      const result = await addAdminTranslationKeys(ctxOf(request), deps, admin)
      return { ...result, skipped: keys.filter((key) => translationDomainOf(key) !== 'admin') }
    },
  )

  r.get(
    `${base}/get-website-translation-languages`,
    { preValidation, schema: { tags, response: { 200: WebsiteLanguagesSchema } } },
    async () => ({ view: [...LOCALES], edit: [...LOCALES] }),
  )

  r.get(
    `${base}/get-translation-domains`,
    { preValidation, schema: { tags, response: { 200: TranslationDomainsSchema } } },
    async (request) => ({
      domains: await Promise.all(
        TRANSLATION_DOMAINS.map(async (name) => ({
          name,
          keys: (
            await listTranslations(
              request.ctx.db,
              TranslationListQuerySchema.parse({ domain: name, limit: 1 }),
            )
          ).total,
        })),
      ),
    }),
  )

  // Multipart bodies are parsed only here: one file of at most IMPORT_MAX_BYTES, streamed to disk.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    })
    const receive = async (request: FastifyRequest) => {
      if (!request.isMultipart())
        throw new AppError(400, 'NO_FILE', 'adminTranslations.error.noFile')
      for await (const part of request.parts()) {
        if (part.type === 'file') return previewImport(ctxOf(request), deps.dataDir, part.file)
      }
      throw new AppError(400, 'NO_FILE', 'adminTranslations.error.noFile')
    }
    const uploadRoute = upload.withTypeProvider<ZodTypeProvider>()
    uploadRoute.post(
      `${base}/upload-import`,
      {
        preValidation,
        bodyLimit: IMPORT_MAX_BYTES + 100_000,
        schema: {
          tags,
          summary: 'Uploads a CSV/XLSX and answers a preview with a diff',
          response: { 200: ImportPreviewSchema },
        },
      },
      receive,
    )
    uploadRoute.post(
      `${base}/import`,
      {
        preValidation,
        bodyLimit: IMPORT_MAX_BYTES + 100_000,
        schema: {
          tags,
          summary: 'Applies a previewed import (merge: only missing or newer texts)',
        },
      },
      async (request) => {
        if (request.isMultipart()) return receive(request)
        const input = ApplyImportSchema.parse(inputOf(request))
        return ImportResultSchema.parse(
          await applyImport(ctxOf(request), deps, deps.dataDir, input),
        )
      },
    )
  })
}
