import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isLocale, LOCALES, type Locale } from '@optika/i18n/locales'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  createStorefrontDictionaries,
  type StorefrontDictionary,
} from '../../platform/i18n/storefront-dictionary.ts'

const LocaleParams = z.object({ locale: z.string().describe(`One of ${LOCALES.join(', ')}`) })

/** The language an address names; 404 for one the shop does not have. */
function knownLocale(locale: string): Locale {
  if (!isLocale(locale)) {
    throw new AppError(404, 'UNKNOWN_LANGUAGE', 'server.unknownLanguage', { locale })
  }
  return locale
}

/** Long enough for "for good": a year, the most HTTP caches honour. */
const FOR_GOOD = 'public, max-age=31536000, immutable'

/**
 * GET /api/translations/{locale}: one language's dictionary, revalidated by ETag; and
 * GET /api/translations/{locale}/storefront.js?v={version}: the storefront's texts as the script
 * its pages load (decision 070), kept for good under the current version's address.
 */
export function registerTranslationRoutes(
  app: FastifyInstance,
  translator: Translator,
  storefrontDictionary: (locale: Locale) => StorefrontDictionary = createStorefrontDictionaries(
    translator,
  ),
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/translations/:locale/storefront.js',
    {
      schema: {
        tags: ['i18n'],
        summary: "The storefront's texts in one language, as the script its pages load",
        params: LocaleParams,
        querystring: z.object({ v: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const locale = knownLocale(request.params.locale)
      const { version, script } = storefrontDictionary(locale)
      // An older page's address gets today's texts, but only the current address is kept.
      const current = request.query.v === version
      return reply
        .header('cache-control', current ? FOR_GOOD : 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(script)
    },
  )
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/translations/:locale',
    {
      schema: {
        tags: ['i18n'],
        summary: "One language's translation dictionary (English fills missing texts)",
        params: LocaleParams,
        response: { 200: z.record(z.string(), z.string()), 304: z.null() },
      },
    },
    async (request, reply) => {
      const locale = knownLocale(request.params.locale)
      const { entries, etag, json } = translator.dictionary(locale)
      reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null)
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(entries)
    },
  )
}
