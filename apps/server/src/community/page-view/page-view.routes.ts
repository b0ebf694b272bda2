import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  PAGE_VIEW_ANCHOR,
  PAGE_VIEW_COOKIE,
  PAGE_VIEW_MAX_AGE_S,
} from '@optika/domain/community/page-view'
import { PageViewFormSchema } from '@optika/domain/community/page-view-form'

/**
 * POST /api/page-view: the footer's mobile-view toggle, a plain form (no script on any page pays
 * for it). Desktop sets the cookie for 400 days; mobile, the default, removes it — so the page
 * cache (decision 041) keeps serving mobile-view visitors.
 */
export async function registerPageViewRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)))
      },
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/page-view',
      {
        schema: {
          tags: ['storefront'],
          summary: 'Switches this device between the mobile and the full desktop layout',
          body: PageViewFormSchema,
        },
      },
      async (request, reply) => {
        const { view, back } = request.body
        const options = {
          httpOnly: true,
          secure: reply.server.cookiePolicy.secure,
          sameSite: 'lax',
          path: '/',
        } as const
        if (view === 'desktop') {
          reply.setCookie(PAGE_VIEW_COOKIE, 'desktop', { ...options, maxAge: PAGE_VIEW_MAX_AGE_S })
        } else {
          reply.clearCookie(PAGE_VIEW_COOKIE, options)
        }
        const path = back.split('#')[0] ?? '/'
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${path}#${PAGE_VIEW_ANCHOR}`, 303)
      },
    )
  })
}
