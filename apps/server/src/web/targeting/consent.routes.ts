import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clearCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import { forgetVisitor } from './visitor-targeting.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60
/** A path of this shop, never another site ("//evil.example", "/\\evil.example"). */
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/

const ConsentFormSchema = z.object({
  /** `reset` forgets the choice, so the banner asks again. */
  choice: z.enum(['granted', 'denied', 'reset']),
  back: z
    .string()
    .max(2000)
    .optional()
    .transform((path) => (path !== undefined && LOCAL_PATH.test(path) ? path : '/')),
})

/**
 * POST /api/consent: the storefront's consent banner, a plain form (works without scripts). The
 * choice is remembered in a first-party cookie for a year; refusing (or resetting) also deletes
 * the visitor id, the visit history and the session's rules at once. Answers with the page again.
 */
export async function registerConsentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)))
      },
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/consent',
      {
        schema: {
          tags: ['storefront'],
          summary: 'Remembers (or forgets) the visitor’s consent to personalization',
          body: ConsentFormSchema,
        },
      },
      async (request, reply) => {
        const { choice, back } = request.body
        if (choice === 'granted') {
          setCookie(reply, 'consent', 'granted', { maxAgeSeconds: ONE_YEAR_S })
        } else {
          if (choice === 'denied')
            setCookie(reply, 'consent', 'denied', { maxAgeSeconds: ONE_YEAR_S })
          else clearCookie(reply, 'consent')
          forgetVisitor(reply)
        }
        return reply.header('cache-control', 'no-store').redirect(back.split('#')[0] ?? '/', 303)
      },
    )
  })
}
