import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isLocale, LOCALES } from '@optika/i18n/locales'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

/** GET /api/translations/{locale}: one language's dictionary, revalidated by ETag. */
export function registerTranslationRoutes(app: FastifyInstance, translator: Translator): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/translations/:locale',
    {
      schema: {
        tags: ['i18n'],
        summary: "One language's translation dictionary (English fills missing texts)",
        params: z.object({ locale: z.string().describe(`One of ${LOCALES.join(', ')}`) }),
        response: { 200: z.record(z.string(), z.string()), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { locale } = request.params
      if (!isLocale(locale)) {
        throw new AppError(404, 'UNKNOWN_LANGUAGE', 'server.unknownLanguage', { locale })
      }
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
