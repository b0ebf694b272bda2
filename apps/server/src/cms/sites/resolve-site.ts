import { asc, eq, inArray } from 'drizzle-orm'
import type { Site } from '@optika/domain/cms/document-sites-api'
import { isLocale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents, sites } from '../../platform/db/schema/documents.ts'

/** A site as a request on one of its domains sees it. */
export interface ResolvedSite extends Site {
  /** The request's host, normalized (lower case, no port, no trailing dot). */
  readonly host: string
  /** The main domain to redirect to (301), when the site asks for it and this is another one. */
  readonly redirectToHost: string | null
}

interface SiteCache {
  /** `siteCacheGeneration` when the load began: an invalidation since then makes it stale. */
  readonly generation: number
  readonly loadedAt: number
  readonly byHost: ReadonlyMap<string, Site>
  readonly sites: readonly Site[]
}

/**
 * How long a process trusts its copy without looking again. A change made in this process
 * invalidates it at once; one made by another process (WORKERS=N) is seen within this time.
 */
const RECHECK_MS = 1_000

let siteCacheGeneration = 0
const caches = new WeakMap<Db, SiteCache>()
const loading = new WeakMap<Db, Promise<SiteCache>>()

/** Drops every process-local copy of the sites; call after a committed change of them. */
export function invalidateSiteCache(): void {
  siteCacheGeneration += 1
}

/** A Host header's host name: lower case, without port and trailing dot ('' when unusable). */
export function normalizeHost(host: string | undefined | null): string {
  if (!host) return ''
  let name = host.trim().toLowerCase()
  if (name.startsWith('[')) {
    const end = name.indexOf(']')
    name = end === -1 ? '' : name.slice(0, end + 1)
  } else {
    const colon = name.indexOf(':')
    if (colon !== -1) name = name.slice(0, colon)
  }
  return name.endsWith('.') ? name.slice(0, -1) : name
}

/** Every site with its root's path and its error pages' paths (one read of the small table). */
export async function loadSites(db: Db): Promise<Site[]> {
  const rows = await db
    .select({
      site: sites,
      rootParentId: documents.parentId,
      rootPath: documents.path,
      rootKey: documents.key,
    })
    .from(sites)
    .innerJoin(documents, eq(documents.id, sites.rootId))
    .orderBy(asc(sites.id))
  const errorIds = [
    ...new Set(rows.flatMap((r) => Object.values(r.site.errorDocuments).map(Number))),
  ].filter((id) => Number.isSafeInteger(id) && id > 0)
  const errorPaths = new Map<number, string>()
  if (errorIds.length > 0) {
    const docs = await db
      .select({
        id: documents.id,
        parentId: documents.parentId,
        path: documents.path,
        key: documents.key,
      })
      .from(documents)
      .where(inArray(documents.id, errorIds))
    for (const d of docs) errorPaths.set(d.id, d.parentId === null ? '/' : `${d.path}${d.key}`)
  }
  return rows.map(({ site, rootParentId, rootPath, rootKey }) => ({
    id: site.id,
    rootId: site.rootId,
    rootPath: rootParentId === null ? '/' : `${rootPath}${rootKey}`,
    domains: site.domains,
    mainDomain: site.mainDomain,
    redirectToMainDomain: site.redirectToMainDomain,
    defaultLanguage: isLocale(site.defaultLanguage) ? site.defaultLanguage : null,
    errorDocuments: Object.fromEntries(
      Object.entries(site.errorDocuments).flatMap(([language, id]) => {
        const path = errorPaths.get(Number(id))
        return path === undefined ? [] : [[language, { id: Number(id), path }]]
      }),
    ),
  }))
}

async function loadCache(db: Db): Promise<SiteCache> {
  const generation = siteCacheGeneration
  const list = await loadSites(db)
  const byHost = new Map<string, Site>()
  for (const site of list) for (const domain of site.domains) byHost.set(domain, site)
  const cache = { generation, loadedAt: Date.now(), byHost, sites: list }
  caches.set(db, cache)
  return cache
}

/** This process's copy of the sites, loaded again when invalidated or older than RECHECK_MS. */
async function cachedSites(db: Db): Promise<SiteCache> {
  const cache = caches.get(db)
  if (
    cache &&
    cache.generation === siteCacheGeneration &&
    Date.now() - cache.loadedAt < RECHECK_MS
  ) {
    return cache
  }
  const pending = loading.get(db)
  if (pending) return pending
  const load = loadCache(db).finally(() => loading.delete(db))
  loading.set(db, load)
  return load
}

/**
 * The site a request's Host header names, or null for the main shop (no site has that
 * domain). Read from a copy in memory (see RECHECK_MS), so every page may ask.
 */
export async function resolveSite(
  db: Db,
  host: string | undefined | null,
): Promise<ResolvedSite | null> {
  const name = normalizeHost(host)
  if (name === '') return null
  const site = (await cachedSites(db)).byHost.get(name)
  if (!site) return null
  const redirectToHost =
    site.redirectToMainDomain && site.mainDomain !== '' && site.mainDomain !== name
      ? site.mainDomain
      : null
  return { ...site, host: name, redirectToHost }
}

/** The site whose subtree holds a document path (a site root's own path included), or null. */
export async function siteOfDocumentPath(db: Db, fullPath: string): Promise<Site | null> {
  const { sites: list } = await cachedSites(db)
  return list.find((s) => isWithin(fullPath, s.rootPath)) ?? null
}

function isWithin(fullPath: string, rootPath: string): boolean {
  return fullPath === rootPath || fullPath.startsWith(`${rootPath}/`)
}

/** The document path a request path names on a site ('/cs/x' on a site at '/brand' → '/brand/cs/x'). */
export function documentPathOnSite(
  site: Pick<Site, 'rootPath'> | null,
  requestPath: string,
): string {
  if (!site) return requestPath
  return requestPath === '/' || requestPath === ''
    ? site.rootPath
    : `${site.rootPath}${requestPath}`
}

/**
 * The request path of a document on a site (the inverse of `documentPathOnSite`), or null when
 * the document is outside the site's subtree.
 */
export function requestPathOnSite(
  site: Pick<Site, 'rootPath'> | null,
  fullPath: string,
): string | null {
  if (!site) return fullPath
  if (fullPath === site.rootPath) return '/'
  return fullPath.startsWith(`${site.rootPath}/`) ? fullPath.slice(site.rootPath.length) : null
}
