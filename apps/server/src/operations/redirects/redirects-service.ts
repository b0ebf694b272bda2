import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import {
  RedirectInputSchema,
  type Redirect,
  type RedirectInput,
  type RedirectList,
  type RedirectListQuery,
  type RedirectOrigin,
  type RedirectTestResult,
} from '@optika/domain/operations/redirects'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'
import { seoRedirects } from '../../platform/db/schema/seo-redirects.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { regexRefusal } from './redirect-regex.ts'
import {
  buildRuleSet,
  fillTarget,
  followRedirects,
  pathKey,
  type RedirectRule,
} from './redirect-rules.ts'

/** The back-office user acting, for the audit log. */
export interface RedirectStaff {
  readonly adminUserId: number
  readonly name: string
  readonly ip: string
  readonly requestId: string
}

type Row = typeof seoRedirects.$inferSelect

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

export function toRedirect(row: Row): Redirect {
  return {
    id: row.id,
    sourceType: row.sourceType,
    source: row.source,
    target: row.target,
    statusCode: row.statusCode,
    priority: row.priority,
    siteId: row.siteId,
    language: row.language as Redirect['language'],
    active: row.active,
    passQuery: row.passQuery,
    activeFrom: iso(row.activeFrom),
    activeTo: iso(row.activeTo),
    expiresAt: iso(row.expiresAt),
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function rowValues(input: RedirectInput) {
  return {
    sourceType: input.sourceType,
    source: input.source,
    target: input.target,
    statusCode: input.statusCode,
    priority: input.priority,
    siteId: input.siteId,
    language: input.language,
    active: input.active,
    passQuery: input.passQuery,
    activeFrom: input.activeFrom ? new Date(input.activeFrom) : null,
    activeTo: input.activeTo ? new Date(input.activeTo) : null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  }
}

const SORT_COLUMNS = {
  source: seoRedirects.source,
  target: seoRedirects.target,
  statusCode: seoRedirects.statusCode,
  priority: seoRedirects.priority,
  updatedAt: seoRedirects.updatedAt,
  expiresAt: seoRedirects.expiresAt,
} as const

/** One page of rules: search in source and target, status and state filters, sort. */
export async function listRedirects(db: Db, query: RedirectListQuery): Promise<RedirectList> {
  const conditions: SQL[] = []
  const q = query.q?.trim()
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(or(ilike(seoRedirects.source, like), ilike(seoRedirects.target, like))!)
  }
  if (query.statusCode !== undefined) conditions.push(eq(seoRedirects.statusCode, query.statusCode))
  if (query.sourceType) conditions.push(eq(seoRedirects.sourceType, query.sourceType))
  if (query.state === 'expired') {
    conditions.push(
      and(isNotNull(seoRedirects.expiresAt), lte(seoRedirects.expiresAt, sql`now()`))!,
    )
  } else if (query.state === 'active') {
    conditions.push(
      sql`${seoRedirects.active} AND (${seoRedirects.expiresAt} IS NULL OR ${seoRedirects.expiresAt} > now()) AND (${seoRedirects.activeTo} IS NULL OR ${seoRedirects.activeTo} > now()) AND (${seoRedirects.activeFrom} IS NULL OR ${seoRedirects.activeFrom} <= now())`,
    )
  } else if (query.state === 'inactive') {
    conditions.push(
      sql`NOT (${seoRedirects.active} AND (${seoRedirects.expiresAt} IS NULL OR ${seoRedirects.expiresAt} > now()) AND (${seoRedirects.activeTo} IS NULL OR ${seoRedirects.activeTo} > now()) AND (${seoRedirects.activeFrom} IS NULL OR ${seoRedirects.activeFrom} <= now()))`,
    )
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const column = SORT_COLUMNS[query.sort]
  const order = query.dir.toUpperCase() === 'ASC' ? asc(column) : desc(column)
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(seoRedirects)
      .where(where)
      .orderBy(order, asc(seoRedirects.id))
      .limit(query.limit)
      .offset(query.start),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(seoRedirects)
      .where(where),
  ])
  return { success: true, data: rows.map(toRedirect), total: count?.total ?? 0 }
}

/** Every stored rule (the storefront's copy and the loop check read them all). */
export async function loadRedirectRules(db: Db): Promise<Redirect[]> {
  const rows = await db.select().from(seoRedirects)
  return rows.map(toRedirect)
}

/** A field's refusal: `path` names the field, `key` the catalogue text. */
export interface RedirectRefusal {
  readonly path: string
  readonly key: string
}

/**
 * What is wrong with a rule on its own (before looking at the others): the source's form (a
 * path, or an expression that is valid and cannot backtrack catastrophically), the target's
 * (a path of the shop or an http(s) URL) and the dates' order.
 */
export function checkRedirectFields(input: RedirectInput): RedirectRefusal[] {
  const refusals: RedirectRefusal[] = []
  if (input.sourceType === 'path') {
    if (!/^\/[^\s?#]*$/.test(input.source) || input.source.startsWith('//')) {
      refusals.push({ path: 'source', key: 'seoRedirects.error.sourcePath' })
    }
  } else {
    const refusal = regexRefusal(input.source)
    if (refusal) refusals.push({ path: 'source', key: refusal })
  }
  const target = input.target
  // eslint-disable-next-line no-control-regex
  const hasControl = /[\s\u0000-\u001f\u007f]/.test(target)
  const isPath = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
  const isUrl = /^https?:\/\/[^/\s]+/i.test(target) && URL.canParse(target.replace(/\$\d+/g, 'x'))
  if (hasControl || (!isPath && !isUrl)) {
    refusals.push({ path: 'target', key: 'seoRedirects.error.targetForm' })
  }
  if (input.activeFrom && input.activeTo && input.activeFrom >= input.activeTo) {
    refusals.push({ path: 'activeTo', key: 'seoRedirects.error.dates' })
  }
  return refusals
}

/** Rules as the loop check sees them: every rule counts, whatever its dates or switch. */
function everLive(rule: RedirectRule): RedirectRule {
  return { ...rule, active: true, activeFrom: null, activeTo: null, expiresAt: null }
}

/** Where a rule's chain starts: its path, or its target with sample captures for an expression. */
function chainStart(rule: RedirectRule): string {
  return rule.sourceType === 'path' ? rule.source : fillTarget(rule.target, ['', 'x', 'x', 'x'])
}

/**
 * Whether `rules` (the candidate set) lets `rule` take part in a loop: from its source (or, for
 * an expression, its target) the chain comes back or never ends. Rules of other sites are left
 * out; site-wide rules count for every site.
 */
export function loopsThrough(
  rule: RedirectRule,
  ruleSet: ReturnType<typeof buildRuleSet>,
  ownOrigin: string | null,
): boolean {
  const chain = followRedirects(ruleSet, chainStart(rule), {
    siteId: rule.siteId,
    now: new Date(0),
    ownOrigin,
  })
  return chain.loops
}

function candidateSet(existing: readonly RedirectRule[], changed: readonly RedirectRule[]) {
  const changedIds = new Set(changed.map((rule) => rule.id))
  const all = [...existing.filter((rule) => !changedIds.has(rule.id)), ...changed]
  return buildRuleSet(all.map(everLive))
}

function sameKey(a: RedirectInput, b: RedirectInput): boolean {
  const source = (r: RedirectInput) => (r.sourceType === 'path' ? pathKey(r.source) : r.source)
  return (
    a.sourceType === b.sourceType &&
    source(a) === source(b) &&
    a.siteId === b.siteId &&
    a.language === b.language
  )
}

function refused(refusals: readonly RedirectRefusal[]): AppError {
  const first = refusals[0]
  return new AppError(
    400,
    'REDIRECT_INVALID',
    first?.key ?? 'seoRedirects.error.invalid',
    {},
    refusals.map((r) => ({ path: r.path, key: r.key })),
  )
}

interface SaveDeps {
  readonly db: Db
  readonly staff: RedirectStaff
  /** The shop's own origin: absolute targets on it are followed by the loop check. */
  readonly ownOrigin: string | null
}

/**
 * Creates or updates one rule: refuses bad fields, a duplicate source, a catastrophic expression
 * and a loop with the stored rules (400, nothing written); writes and audits in one transaction.
 */
export async function saveRedirect(
  deps: SaveDeps,
  input: { id?: number | undefined; data: RedirectInput },
): Promise<Redirect> {
  const refusals = checkRedirectFields(input.data)
  if (refusals.length > 0) throw refused(refusals)
  return deps.db.transaction(async (tx) => {
    const existing = await loadRedirectRules(tx)
    const before = input.id === undefined ? null : existing.find((rule) => rule.id === input.id)
    if (input.id !== undefined && !before) {
      throw new AppError(404, 'REDIRECT_NOT_FOUND', 'seoRedirects.error.notFound')
    }
    if (existing.some((rule) => rule.id !== input.id && sameKey(rule, input.data))) {
      throw refused([{ path: 'source', key: 'seoRedirects.error.duplicate' }])
    }
    const candidate: RedirectRule = { ...input.data, id: input.id ?? -1 }
    if (loopsThrough(candidate, candidateSet(existing, [candidate]), deps.ownOrigin)) {
      throw refused([{ path: 'target', key: 'seoRedirects.error.loop' }])
    }
    const values = rowValues(input.data)
    const [row] = before
      ? await tx
          .update(seoRedirects)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(seoRedirects.id, before.id))
          .returning()
      : await tx.insert(seoRedirects).values(values).returning()
    const saved = toRedirect(row!)
    await recordAudit(tx, {
      actor: { id: deps.staff.adminUserId, name: deps.staff.name },
      action: before ? 'seoRedirect.update' : 'seoRedirect.create',
      entityType: 'seoRedirect',
      entityId: saved.id,
      before,
      after: saved,
      ip: deps.staff.ip,
      requestId: deps.staff.requestId,
    })
    return saved
  })
}

/** Deletes rules by id (unknown ids are ignored); audited; answers how many went. */
export async function deleteRedirects(
  deps: Pick<SaveDeps, 'db' | 'staff'>,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(seoRedirects)
      .where(inArray(seoRedirects.id, [...ids]))
      .returning()
    for (const row of rows) {
      await recordAudit(tx, {
        actor: { id: deps.staff.adminUserId, name: deps.staff.name },
        action: 'seoRedirect.delete',
        entityType: 'seoRedirect',
        entityId: row.id,
        before: toRedirect(row),
        ip: deps.staff.ip,
        requestId: deps.staff.requestId,
      })
    }
    return rows.length
  })
}

/** Deletes every rule whose expiry has passed (Pimcore's cleanup); one audit entry. */
export async function cleanupExpiredRedirects(
  deps: Pick<SaveDeps, 'db' | 'staff'>,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(seoRedirects)
      .where(and(isNotNull(seoRedirects.expiresAt), lte(seoRedirects.expiresAt, sql`now()`)))
      .returning({ id: seoRedirects.id, source: seoRedirects.source })
    if (rows.length > 0) {
      await recordAudit(tx, {
        actor: { id: deps.staff.adminUserId, name: deps.staff.name },
        action: 'seoRedirect.cleanup',
        entityType: 'seoRedirect',
        before: rows,
        ip: deps.staff.ip,
        requestId: deps.staff.requestId,
      })
    }
    return rows.length
  })
}

/** "Test a URL": the rules live now that answer it, hop by hop, and the final address. */
export async function testRedirectUrl(
  db: Db,
  input: { url: string; siteId: number | null; ownOrigin: string | null },
): Promise<RedirectTestResult> {
  const ruleSet = buildRuleSet(await loadRedirectRules(db))
  let url = input.url.trim()
  if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) url = `/${url}`
  const chain = followRedirects(ruleSet, url, {
    siteId: input.siteId,
    now: new Date(),
    ownOrigin: input.ownOrigin ?? originOfUrl(url),
  })
  return {
    matched: chain.hops.length > 0,
    hops: chain.hops.map((hop) => ({ ...hop })),
    finalTarget: chain.loops ? null : chain.final,
  }
}

function originOfUrl(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * A PIM slug change's redirect (301, origin `slug`): the old URL goes to the new one; rules that
 * pointed at the old URL now point at the new one (no chains), and a rule whose source is the new
 * URL — it was an older slug — goes, since that address is live again. Caller's transaction.
 */
export async function addSlugRedirect(tx: Db, change: { from: string; to: string }): Promise<void> {
  if (change.from === change.to) return
  await tx
    .delete(seoRedirects)
    .where(
      and(
        eq(seoRedirects.sourceType, 'path'),
        inArray(seoRedirects.source, [change.to, `${change.to}/`]),
      ),
    )
  await tx
    .update(seoRedirects)
    .set({ target: change.to, updatedAt: new Date() })
    .where(eq(seoRedirects.target, change.from))
  const origin: RedirectOrigin = 'slug'
  const values = {
    ...rowValues(RedirectInputSchema.parse({ source: change.from, target: change.to })),
    origin,
  }
  // The old address's own rule (site-wide, any language) is replaced by this one.
  await tx
    .delete(seoRedirects)
    .where(
      and(
        eq(seoRedirects.sourceType, 'path'),
        eq(seoRedirects.source, change.from),
        isNull(seoRedirects.siteId),
        isNull(seoRedirects.language),
      ),
    )
  await tx.insert(seoRedirects).values(values)
}
