import type { FastifyInstance } from 'fastify'
import { resolveSite } from '../../cms/sites/resolve-site.ts'
import type { RedirectStore } from '../../operations/redirects/redirect-store.ts'
import type { RedirectRuleSet } from '../../operations/redirects/redirect-rules.ts'

/** How long a browser or proxy may keep a permanent redirect (a rule can be changed later). */
const PERMANENT_MAX_AGE_S = 3600

/**
 * The SEO redirects, applied before any page route (decision 054): a GET or HEAD whose path a
 * live rule matches answers the rule's status and target. Exact paths are a map lookup,
 * expressions run in priority order; anything no rule matches goes on untouched, whoever asks.
 * Other methods (a form posted to an old address) are left to the page.
 */
export function registerRedirects(scope: FastifyInstance, store: RedirectStore): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const url = request.url
    const at = url.indexOf('?')
    const path = at === -1 ? url : url.slice(0, at)
    // React Router's own data requests (`/cs/x.data`) follow the page's answer, not a rule.
    if (path.endsWith('.data')) return
    let ruleSet: RedirectRuleSet
    let siteId: number | null = null
    try {
      ruleSet = await store.rules()
      if (ruleSet.size === 0) return
      if (ruleSet.usesSites) siteId = (await resolveSite(request.ctx.db, request.host))?.id ?? null
    } catch (error) {
      // The database is away: the page answers for itself (its own 503), unredirected.
      request.log.warn({ err: error }, 'redirect rules unavailable')
      return
    }
    const match = ruleSet.match({
      path,
      query: at === -1 ? '' : url.slice(at + 1),
      siteId,
      now: new Date(),
    })
    if (!match) return
    const permanent = match.rule.statusCode === 301 || match.rule.statusCode === 308
    return reply
      .header('cache-control', permanent ? `public, max-age=${PERMANENT_MAX_AGE_S}` : 'no-store')
      .redirect(match.location, match.rule.statusCode)
  })
}
