import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CountrySchema, PingSchema, ValidLanguageSchema } from '@optika/domain/admin/users-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { requireAdmin } from '../../identity/admin-auth/require-admin.ts'
import type { Translator } from '../../platform/i18n/translator.ts'

/** The shop's countries (seed §9), named through the `country.*` translations. */
export const SHOP_COUNTRIES = ['CZ', 'SK', 'HU', 'PL', 'RO'] as const

/** Each language named in `locale`, capitalised as a list item ("Maďarština", not "maďarština"). */
export function listValidLanguages(locale: Locale): { code: Locale; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'language' })
  return LOCALES.map((code) => {
    const name = names.of(code) ?? code
    return { code, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) }
  })
}

/** The shop's countries named in `locale`. */
export function listCountries(translator: Translator, locale: Locale) {
  return SHOP_COUNTRIES.map((code) => ({ code, name: translator.t(locale, `country.${code}`) }))
}

/**
 * /admin/misc: ping (keeps the session alive — the session hook touches it), the language list
 * and the country list, named in the signed-in user's language. All need a session.
 */
export function registerAdminMiscRoutes(app: FastifyInstance, translator: Translator): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin misc']
  const preValidation = [requireAdmin]
  r.get(
    '/admin/misc/ping',
    { preValidation, schema: { tags, response: { 200: PingSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { success: true as const, timestamp: Date.now() }
    },
  )
  r.get(
    '/admin/misc/get-valid-languages',
    { preValidation, schema: { tags, response: { 200: z.array(ValidLanguageSchema) } } },
    async (request) => listValidLanguages(request.admin?.language ?? request.ctx.locale),
  )
  // Pimcore's name for the language list; the same answer as get-valid-languages.
  r.get(
    '/admin/misc/language-list',
    { preValidation, schema: { tags, response: { 200: z.array(ValidLanguageSchema) } } },
    async (request) => listValidLanguages(request.admin?.language ?? request.ctx.locale),
  )
  r.get(
    '/admin/misc/country-list',
    { preValidation, schema: { tags, response: { 200: z.array(CountrySchema) } } },
    async (request) => listCountries(translator, request.admin?.language ?? request.ctx.locale),
  )
}
