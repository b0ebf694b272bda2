import { and, asc, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  APP_LOG_PRIORITY_NAMES,
  type AppLogEntry,
  type AppLogItem,
  type AppLogListQuerySchema,
  type AppLogPage,
} from '@optika/domain/operations/application-log'
import type { Db } from '../../platform/db/client.ts'
import { applicationLog } from '../../platform/db/schema/governance.ts'
import { AppError } from '../../platform/http/app-error.ts'

type ListQuery = z.output<typeof AppLogListQuerySchema>
type AppLogRow = typeof applicationLog.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** A bare date as the upper bound means its whole day. */
function untilBound(until: Date): Date {
  const isMidnight = until.getTime() % DAY_MS === 0
  return new Date(until.getTime() + (isMidnight ? DAY_MS : 1))
}

function conditionsOf(query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (query.priority !== undefined) {
    // 0 is the most severe: "at least error" is error and everything worse.
    conditions.push(
      query.priorityMode === 'exactly'
        ? eq(applicationLog.priority, query.priority)
        : lte(applicationLog.priority, query.priority),
    )
  }
  if (query.component) conditions.push(eq(applicationLog.component, query.component))
  if (query.elementType) conditions.push(eq(applicationLog.elementType, query.elementType))
  const elementId = query.elementId ?? query.relatedobject
  if (elementId !== undefined) conditions.push(eq(applicationLog.elementId, elementId))
  const from = query.from ?? query.fromDate
  if (from) conditions.push(gte(applicationLog.at, from))
  const until = query.until ?? query.toDate
  if (until) conditions.push(lt(applicationLog.at, untilBound(until)))
  const text = query.q ?? query.message
  if (text) conditions.push(ilike(applicationLog.message, containsPattern(text)))
  const requestId = query.requestId ?? query.pid
  if (requestId) conditions.push(eq(applicationLog.requestId, requestId))
  const present = conditions.filter((c): c is SQL => c !== undefined)
  return present.length ? and(...present) : undefined
}

const itemColumns = {
  id: applicationLog.id,
  at: applicationLog.at,
  priority: applicationLog.priority,
  component: applicationLog.component,
  message: applicationLog.message,
  elementType: applicationLog.elementType,
  elementId: applicationLog.elementId,
  requestId: applicationLog.requestId,
  source: applicationLog.source,
  fileObjectLength: sql<number>`coalesce(length(${applicationLog.fileObject}), 0)::int`,
}

type ItemRow = Omit<AppLogRow, 'context' | 'fileObject'> & { fileObjectLength: number }

function itemOf(row: ItemRow): AppLogItem {
  return {
    id: row.id,
    at: row.at.toISOString(),
    priority: row.priority,
    component: row.component,
    message: row.message,
    elementType: row.elementType,
    elementId: row.elementId,
    requestId: row.requestId,
    source: row.source,
    hasFileObject: row.fileObjectLength > 0,
  }
}

const SORT_COLUMNS = {
  at: applicationLog.at,
  priority: applicationLog.priority,
  component: applicationLog.component,
} as const

/** The log filtered, sorted and paged on the server (the newest first unless asked otherwise). */
export async function listAppLog(db: Db, query: ListQuery): Promise<AppLogPage> {
  const where = conditionsOf(query)
  const order = query.dir === 'asc' ? asc : desc
  const rows = await db
    .select(itemColumns)
    .from(applicationLog)
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(applicationLog.id))
    .limit(query.limit)
    .offset(query.start)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applicationLog)
    .where(where)
  return { items: rows.map(itemOf), total: count?.total ?? 0 }
}

async function loadEntry(db: Db, id: number): Promise<AppLogRow> {
  const [row] = await db.select().from(applicationLog).where(eq(applicationLog.id, id))
  if (!row) throw new AppError(404, 'NOT_FOUND', 'applicationLog.error.notFound')
  return row
}

/** One entry with its structured context (the file object is read on demand). */
export async function showAppLogEntry(db: Db, id: number): Promise<AppLogEntry> {
  const row = await loadEntry(db, id)
  const fileObjectLength = row.fileObject?.length ?? 0
  return {
    ...itemOf({ ...row, fileObjectLength }),
    context: row.context ?? null,
    fileObjectLength,
  }
}

/** An entry's file object (a stack, an import's rejected lines); 404 when it has none. */
export async function appLogFileObject(db: Db, id: number): Promise<string> {
  const row = await loadEntry(db, id)
  if (row.fileObject === null) {
    throw new AppError(404, 'NO_FILE_OBJECT', 'applicationLog.error.noFileObject')
  }
  return row.fileObject
}

/** The 8 priorities, 0 (emergency) to 7 (debug), with their names in the caller's language. */
export function appLogPriorities(t: (key: string) => string) {
  return {
    priorities: APP_LOG_PRIORITY_NAMES.map((name, key) => ({
      key,
      value: t(`applicationLog.priority.${name}`),
    })),
  }
}

/** The components that have written to the log, alphabetically. */
export async function appLogComponents(db: Db) {
  const rows = await db
    .selectDistinct({ component: applicationLog.component })
    .from(applicationLog)
    .orderBy(asc(applicationLog.component))
    .limit(500)
  return { components: rows.map(({ component }) => ({ key: component, value: component })) }
}
