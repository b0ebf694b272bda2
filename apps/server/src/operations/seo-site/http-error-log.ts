import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type {
  HttpError,
  HttpErrorList,
  HttpErrorListQuery,
} from '@optika/domain/operations/seo-site'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { httpErrors } from '../../platform/db/schema/seo-site.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { redactUrlSecrets } from '../../platform/http/redact-url-secrets.ts'

/** What one storefront answer contributes to the log. */
export interface HttpErrorHit {
  readonly uri: string
  readonly code: number
  readonly referrer: string
  readonly userAgent: string
  readonly at: Date
}

export interface HttpErrorLogLimits {
  /** Rows the table keeps; past it the longest-unseen rows are pruned (default 10,000). */
  readonly maxRows?: number
  /** Distinct URLs one process holds between writes; further new URLs wait for the next (default 500). */
  readonly maxPending?: number
  /** How often held hits are written (default 5 s). */
  readonly flushMs?: number
}

const URI_MAX = 1_000
const REFERRER_MAX = 1_000
const USER_AGENT_MAX = 400

/**
 * The storefront's HTTP error log. Hits are counted in memory per URL and status and written in
 * one statement every few seconds, so a crawler hammering missing URLs costs at most one write per
 * interval (rate limit); the table keeps the most recently seen `maxRows` URLs (bound).
 */
export function createHttpErrorLog(
  db: Db,
  limits: HttpErrorLogLimits = {},
  log?: { warn(object: object, message: string): void },
) {
  const maxRows = limits.maxRows ?? 10_000
  const maxPending = limits.maxPending ?? 500
  const pending = new Map<string, HttpErrorHit & { count: number; firstAt: Date }>()
  let dropped = 0
  let writing: Promise<void> = Promise.resolve()

  const timer = setInterval(() => {
    void flush()
  }, limits.flushMs ?? 5_000)
  timer.unref()

  /** Counts one error answer; cheap and synchronous (called from the response hook). */
  function note(hit: HttpErrorHit): void {
    const uri = clip(redactUrlSecrets(hit.uri), URI_MAX)
    const key = `${hit.code} ${uri}`
    const held = pending.get(key)
    if (held) {
      held.count += 1
      pending.set(key, { ...held, at: hit.at, referrer: hit.referrer || held.referrer })
      return
    }
    if (pending.size >= maxPending) {
      dropped += 1
      return
    }
    pending.set(key, {
      uri,
      code: hit.code,
      referrer: clip(redactUrlSecrets(hit.referrer), REFERRER_MAX),
      userAgent: clip(hit.userAgent, USER_AGENT_MAX),
      at: hit.at,
      firstAt: hit.at,
      count: 1,
    })
  }

  /** Writes the held hits (one upsert) and prunes past the cap; one write at a time. */
  function flush(): Promise<void> {
    writing = writing.then(writePending, writePending)
    return writing
  }

  async function writePending(): Promise<void> {
    if (pending.size === 0) return
    const hits = [...pending.values()]
    pending.clear()
    if (dropped > 0) {
      log?.warn({ dropped }, 'http error log: hits of new URLs dropped (too many at once)')
      dropped = 0
    }
    try {
      await db
        .insert(httpErrors)
        .values(
          hits.map((hit) => ({
            uri: hit.uri,
            code: hit.code,
            referrer: hit.referrer,
            userAgent: hit.userAgent,
            count: hit.count,
            firstSeen: hit.firstAt,
            lastSeen: hit.at,
          })),
        )
        .onConflictDoUpdate({
          target: [httpErrors.uri, httpErrors.code],
          set: {
            count: sql`least(${httpErrors.count}::bigint + excluded.count, 2147483647)::int`,
            lastSeen: sql`greatest(${httpErrors.lastSeen}, excluded.last_seen)`,
            referrer: sql`case when excluded.referrer <> '' then excluded.referrer else ${httpErrors.referrer} end`,
            userAgent: sql`excluded.user_agent`,
          },
        })
      await pruneHttpErrors(db, maxRows)
    } catch (error) {
      // The log must never break a page; a lost batch of counts is acceptable.
      log?.warn({ err: error }, 'http error log: write failed')
    }
  }

  function close(): Promise<void> {
    clearInterval(timer)
    return flush()
  }

  return { note, flush, close }
}
export type HttpErrorLog = ReturnType<typeof createHttpErrorLog>

/** Keeps the `maxRows` most recently seen rows. */
export async function pruneHttpErrors(db: Db, maxRows: number): Promise<void> {
  const [edge] = await db
    .select({ lastSeen: httpErrors.lastSeen, id: httpErrors.id })
    .from(httpErrors)
    .orderBy(desc(httpErrors.lastSeen), desc(httpErrors.id))
    .offset(maxRows)
    .limit(1)
  if (!edge) return
  await db
    .delete(httpErrors)
    .where(
      or(
        lt(httpErrors.lastSeen, edge.lastSeen),
        and(eq(httpErrors.lastSeen, edge.lastSeen), sql`${httpErrors.id} <= ${edge.id}`),
      ),
    )
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

const SORT_COLUMNS = {
  lastSeen: httpErrors.lastSeen,
  firstSeen: httpErrors.firstSeen,
  count: httpErrors.count,
  uri: httpErrors.uri,
  code: httpErrors.code,
} as const

function toHttpError(row: typeof httpErrors.$inferSelect): HttpError {
  return {
    id: row.id,
    uri: row.uri,
    code: row.code,
    referrer: row.referrer,
    userAgent: row.userAgent,
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
  }
}

/** A page of the log: filter in URL and referrer, by status class, sorted, paged. */
export async function listHttpErrors(db: Db, query: HttpErrorListQuery): Promise<HttpErrorList> {
  const conditions: SQL[] = []
  const text = query.filter.trim()
  if (text !== '') {
    const pattern = `%${escapeLike(text)}%`
    conditions.push(or(ilike(httpErrors.uri, pattern), ilike(httpErrors.referrer, pattern))!)
  }
  if (query.code === '404') conditions.push(eq(httpErrors.code, 404))
  if (query.code === '5xx') conditions.push(gte(httpErrors.code, 500))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const column = SORT_COLUMNS[query.sort]
  const order = query.dir === 'asc' ? asc(column) : desc(column)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(httpErrors)
      .where(where)
      .orderBy(order, desc(httpErrors.id))
      .offset(query.start)
      .limit(query.limit),
    db.select({ value: count() }).from(httpErrors).where(where),
  ])
  return { success: true, items: rows.map(toHttpError), total: total?.value ?? 0 }
}

export async function getHttpError(
  db: Db,
  by: { readonly id?: number | undefined; readonly uri?: string | undefined },
): Promise<HttpError> {
  const [row] = await db
    .select()
    .from(httpErrors)
    .where(by.id !== undefined ? eq(httpErrors.id, by.id) : eq(httpErrors.uri, by.uri ?? ''))
    .orderBy(desc(httpErrors.lastSeen))
    .limit(1)
  if (!row) throw new AppError(404, 'NOT_FOUND', 'seoSite.httpErrors.notFound')
  return toHttpError(row)
}

/** Empties the log (Pimcore's flush), or only the given rows; audited with how many went. */
export async function flushHttpErrors(
  ctx: AdminContext,
  ids: readonly number[] | null,
): Promise<{ success: true; deleted: number }> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(httpErrors)
      .where(ids ? inArray(httpErrors.id, [...ids]) : undefined)
      .returning({ id: httpErrors.id })
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
      action: 'seoSite.httpErrors.flush',
      entityType: 'httpErrorLog',
      after: { deleted: deleted.length, ...(ids ? { ids } : {}) },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return { success: true as const, deleted: deleted.length }
  })
}
