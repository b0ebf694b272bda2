import { domainToASCII } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import {
  MAX_SITE_DOMAINS,
  type Site,
  type UpdateSiteInput,
} from '@optika/domain/cms/document-sites-api'
import type { Db } from '../../platform/db/client.ts'
import { sites } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditDocumentChange } from '../documents/document-audit.ts'
import {
  DOCUMENT_ROOT_ID,
  findDocumentByPath,
  fullPathOf,
  loadDocument,
  loadDocumentWithRight,
  type DocumentRow,
} from '../documents/read-document-tree.ts'
import { invalidateSiteCache, loadSites } from './resolve-site.ts'

/** The document types that may be a site's root (Pimcore: "Use as site" on pages and hardlinks). */
const SITE_ROOT_TYPES: ReadonlySet<DocumentRow['type']> = new Set(['page', 'hardlink'])

/** One label of a host name: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * A domain as a site stores it: lower case, ASCII (an internationalized name in its punycode
 * form), without scheme, port, path or trailing dot; null when it is not a host name.
 */
export function normalizeSiteDomain(input: string): string | null {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '')
  if (trimmed === '' || trimmed.length > 253 || /[^\p{L}\p{N}.-]/u.test(trimmed)) return null
  const ascii = domainToASCII(trimmed)
  if (ascii === '' || ascii.length > 253) return null
  const labels = ascii.split('.')
  if (!labels.every((label) => LABEL.test(label))) return null
  // A bare number (an IPv4 address or a port-like value) is not a domain.
  if (labels.every((label) => /^\d+$/.test(label))) return null
  return ascii
}

function invalidDomain(domain: string): AppError {
  return new AppError(400, 'SITE_DOMAIN_INVALID', 'cmsSites.domainInvalid', {
    domain: domain.slice(0, 100),
  })
}

function isWithin(fullPath: string, rootPath: string): boolean {
  return fullPath === rootPath || fullPath.startsWith(`${rootPath}/`)
}

/** An error page named by path or id: it must exist and be a page. */
async function errorDocumentId(db: Db, ref: string | number): Promise<number | null> {
  if (ref === '' || ref === 0) return null
  const row =
    typeof ref === 'number'
      ? await loadDocument(db, ref)
      : await findDocumentByPath(db, `/${ref.split('/').filter(Boolean).join('/')}`)
  const named = typeof ref === 'number' ? `#${ref}` : ref.slice(0, 300)
  if (!row) {
    throw new AppError(400, 'SITE_ERROR_DOCUMENT_NOT_FOUND', 'cmsSites.errorDocumentNotFound', {
      path: named,
    })
  }
  if (row.type !== 'page') {
    throw new AppError(400, 'SITE_ERROR_DOCUMENT_NOT_PAGE', 'cmsSites.errorDocumentNotPage', {
      path: fullPathOf(row),
    })
  }
  return row.id
}

/** The checked domains of an update: normalized, without repeats, at least one, at most 50. */
function checkedDomains(input: readonly string[]): string[] {
  const domains: string[] = []
  for (const raw of input) {
    const domain = normalizeSiteDomain(raw)
    if (domain === null) throw invalidDomain(raw)
    if (!domains.includes(domain)) domains.push(domain)
  }
  if (domains.length === 0) {
    throw new AppError(400, 'SITE_DOMAINS_REQUIRED', 'cmsSites.domainsRequired')
  }
  if (domains.length > MAX_SITE_DOMAINS) {
    throw new AppError(400, 'SITE_TOO_MANY_DOMAINS', 'cmsSites.tooManyDomains', {
      max: MAX_SITE_DOMAINS,
    })
  }
  return domains
}

/** The site whose root `rootId` is, as the back office shows it, or null. */
export async function loadSiteOfRoot(db: Db, rootId: number): Promise<Site | null> {
  return (await loadSites(db)).find((s) => s.rootId === rootId) ?? null
}

/** GET get-site: the site whose root the document is (null when it is none). */
export async function getSiteOfRoot(ctx: AdminContext, id: number): Promise<{ site: Site | null }> {
  await loadDocumentWithRight(ctx, id, 'view')
  return { site: await loadSiteOfRoot(ctx.db, id) }
}

/**
 * PUT update-site: makes a page (or hardlink) below the root the root of a site, or changes
 * its site. Domains are host names unique across sites; the main domain is one of them; error
 * pages are pages. Sites do not nest. The site is saved whole or not at all.
 */
export async function updateSite(ctx: AdminContext, input: UpdateSiteInput): Promise<Site> {
  const { row, rights } = await loadDocumentWithRight(ctx, input.id, 'settings')
  if (row.id === DOCUMENT_ROOT_ID || row.parentId === null) {
    throw new AppError(400, 'SITE_ROOT_IS_MAIN_SITE', 'cmsSites.rootIsMainSite')
  }
  if (!SITE_ROOT_TYPES.has(row.type)) {
    throw new AppError(400, 'SITE_ROOT_TYPE', 'cmsSites.siteTypeInvalid')
  }
  const domains = checkedDomains(input.domains)
  let mainDomain = domains[0]!
  if (input.mainDomain.trim() !== '') {
    const main = normalizeSiteDomain(input.mainDomain)
    if (main === null) throw invalidDomain(input.mainDomain)
    if (!domains.includes(main)) {
      throw new AppError(400, 'SITE_MAIN_DOMAIN_NOT_LISTED', 'cmsSites.mainDomainNotListed', {
        domain: main,
      })
    }
    mainDomain = main
  }
  const errorDocuments: Record<string, number> = {}
  const anyLanguage = await errorDocumentId(ctx.db, input.errorDocument)
  if (anyLanguage !== null) errorDocuments[''] = anyLanguage
  for (const [language, ref] of Object.entries(input.errorDocuments)) {
    const id = await errorDocumentId(ctx.db, ref)
    if (id !== null) errorDocuments[language] = id
  }
  for (const id of Object.values(errorDocuments)) {
    const page = await loadDocument(ctx.db, id)
    if (page && !rights.mayList(fullPathOf(page))) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
  const rootPath = fullPathOf(row)

  await ctx.db.transaction(async (tx) => {
    // One site change at a time, so two sites cannot take the same domain at once.
    await tx.execute(sql`lock table sites in share row exclusive mode`)
    const others = (await loadSites(tx)).filter((s) => s.rootId !== row.id)
    for (const other of others) {
      if (isWithin(rootPath, other.rootPath) || isWithin(other.rootPath, rootPath)) {
        throw new AppError(409, 'SITE_NESTED', 'cmsSites.siteNested', { path: other.rootPath })
      }
      const taken = other.domains.find((d) => domains.includes(d))
      if (taken !== undefined) {
        throw new AppError(409, 'SITE_DOMAIN_TAKEN', 'cmsSites.domainTaken', {
          domain: taken,
          path: other.rootPath,
        })
      }
    }
    const [before] = await tx.select().from(sites).where(eq(sites.rootId, row.id))
    const values = {
      domains,
      mainDomain,
      redirectToMainDomain: input.redirectToMainDomain,
      defaultLanguage: input.defaultLanguage === '' ? null : input.defaultLanguage,
      errorDocuments,
      updatedAt: new Date(),
    }
    await tx
      .insert(sites)
      .values({ rootId: row.id, ...values })
      .onConflictDoUpdate({ target: sites.rootId, set: values })
    await auditDocumentChange(ctx, tx, {
      action: before ? 'document.siteUpdate' : 'document.siteAdd',
      documentId: row.id,
      before: before ?? null,
      after: { rootId: row.id, ...values },
    })
  })
  invalidateSiteCache()
  const saved = await loadSiteOfRoot(ctx.db, row.id)
  if (!saved) throw new Error('The saved site was not found')
  return saved
}

/** DELETE remove-site: the document stops being a site's root (the document stays). */
export async function removeSite(ctx: AdminContext, id: number): Promise<{ success: true }> {
  const { row } = await loadDocumentWithRight(ctx, id, 'settings')
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx.delete(sites).where(eq(sites.rootId, row.id)).returning()
    if (!removed) throw new AppError(404, 'SITE_NOT_FOUND', 'cmsSites.siteNotFound')
    await auditDocumentChange(ctx, tx, {
      action: 'document.siteRemove',
      documentId: row.id,
      before: removed,
    })
  })
  invalidateSiteCache()
  return { success: true }
}
