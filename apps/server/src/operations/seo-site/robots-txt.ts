import { eq } from 'drizzle-orm'
import type { RobotsTxtEntry, RobotsTxtPut } from '@optika/domain/operations/seo-site'
import { RobotsTxtContentSchema } from '@optika/domain/operations/seo-site'
import { loadSites, resolveSite } from '../../cms/sites/resolve-site.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { robotsTxts } from '../../platform/db/schema/seo-site.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** The main shop's row; sites use their own id. */
export const MAIN_SHOP_SITE_ID = 0

/** The shop's origin on a host: a site's own domain, else PUBLIC_URL's. */
export function originFor(publicUrl: string, host: string | null): string {
  const base = new URL(publicUrl)
  return host ? `${base.protocol}//${host}` : base.origin
}

/**
 * What a site serves before anyone edits it: crawl the catalogue and the pages, not the back
 * office, the JSON API, carts, accounts, search results or previews; and where the sitemap is.
 */
export function defaultRobotsTxt(origin: string, withSitemap = true): string {
  return [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /api/',
    'Disallow: /*/cart',
    'Disallow: /*/account',
    'Disallow: /*/login',
    'Disallow: /*/search',
    'Disallow: /*?preview=',
    '',
    // The sitemap lists the main shop's pages; a site's own pages are not in it (decision 055).
    withSitemap ? `Sitemap: ${origin}/sitemap.xml` : '# No sitemap for this site yet.',
    '',
  ].join('\n')
}

/** Every site's robots.txt (the main shop first), saved or default. */
export async function listRobotsTxts(db: Db, publicUrl: string): Promise<RobotsTxtEntry[]> {
  const [saved, sites] = await Promise.all([db.select().from(robotsTxts), loadSites(db)])
  const byId = new Map(saved.map((row) => [row.siteId, row]))
  const targets = [
    { siteId: MAIN_SHOP_SITE_ID, siteName: '', host: '' },
    ...sites.map((site) => ({
      siteId: site.id,
      siteName: site.mainDomain || site.domains[0] || site.rootPath,
      host: site.mainDomain || site.domains[0] || '',
    })),
  ]
  return targets.map((target) => {
    const row = byId.get(target.siteId)
    return {
      ...target,
      content:
        row?.content ??
        defaultRobotsTxt(originFor(publicUrl, target.host || null), target.siteId === 0),
      isDefault: !row,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    }
  })
}

/**
 * Saves robots.txt of one or more sites in one transaction (Pimcore's `data` map, or one site):
 * an unknown site or an unfit text changes nothing.
 */
export async function saveRobotsTxts(
  ctx: AdminContext,
  input: RobotsTxtPut,
  publicUrl: string,
): Promise<RobotsTxtEntry[]> {
  const changes =
    'data' in input
      ? Object.entries(input.data).map(([siteId, content]) => ({
          siteId: siteIdOf(siteId),
          content,
        }))
      : [{ siteId: input.siteId, content: input.content }]
  if (changes.length === 0) throw new AppError(400, 'BAD_REQUEST', 'seoSite.robots.nothingToSave')
  const known = new Set([MAIN_SHOP_SITE_ID, ...(await loadSites(ctx.db)).map((s) => s.id)])
  for (const change of changes) {
    if (!known.has(change.siteId)) throw new AppError(404, 'NOT_FOUND', 'seoSite.robots.noSite')
    RobotsTxtContentSchema.parse(change.content)
  }
  await ctx.db.transaction(async (tx) => {
    for (const { siteId, content } of changes) {
      const [before] = await tx.select().from(robotsTxts).where(eq(robotsTxts.siteId, siteId))
      const text = normalizeLineEnds(content)
      await tx
        .insert(robotsTxts)
        .values({ siteId, content: text })
        .onConflictDoUpdate({
          target: robotsTxts.siteId,
          set: { content: text, updatedAt: new Date() },
        })
      await recordAudit(tx, {
        actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
        action: 'seoSite.robotsTxt.update',
        entityType: 'robotsTxt',
        entityId: siteId,
        before: before ? { content: before.content } : null,
        after: { content: text },
        ip: ctx.ip,
        requestId: ctx.requestId,
      })
    }
  })
  robotsCache.clear()
  return listRobotsTxts(ctx.db, publicUrl)
}

function siteIdOf(value: string): number {
  // Pimcore names the main site 'default'.
  if (value === 'default' || value === '') return MAIN_SHOP_SITE_ID
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new AppError(404, 'NOT_FOUND', 'seoSite.robots.noSite')
  }
  return id
}

function normalizeLineEnds(text: string): string {
  const unified = text.replace(/\r\n?/g, '\n')
  return unified.endsWith('\n') ? unified : `${unified}\n`
}

/** Per-process copy, so crawlers' requests cost no query; a save here clears it at once. */
const robotsCache = new Map<number, { content: string | null; loadedAt: number }>()
const ROBOTS_RECHECK_MS = 5_000

/** The robots.txt a request's host is served: its site's, else the main shop's. */
export async function robotsTxtForHost(
  db: Db,
  host: string | undefined,
  publicUrl: string,
): Promise<string> {
  const site = await resolveSite(db, host)
  const siteId = site?.id ?? MAIN_SHOP_SITE_ID
  const cached = robotsCache.get(siteId)
  let content: string | null
  if (cached && Date.now() - cached.loadedAt < ROBOTS_RECHECK_MS) content = cached.content
  else {
    const [row] = await db
      .select({ content: robotsTxts.content })
      .from(robotsTxts)
      .where(eq(robotsTxts.siteId, siteId))
    content = row?.content ?? null
    robotsCache.set(siteId, { content, loadedAt: Date.now() })
  }
  return content ?? defaultRobotsTxt(originFor(publicUrl, site ? site.host : null), !site)
}
