import { sql, type SQL } from 'drizzle-orm'
import type {
  ColumnType,
  ReportCell,
  ReportColumn,
  ReportFilter,
  ReportSort,
} from '@optika/domain/operations/custom-reports'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { checkReportSql } from './report-sql.ts'

/** The role a report's SQL runs as: it reads the `reports` views only (migration 0033). */
export const REPORT_READER_ROLE = 'optika_report_reader'
/** A report query is cancelled after this long (PostgreSQL; PGlite cannot interrupt, see 066). */
export const REPORT_STATEMENT_TIMEOUT_MS = 5_000
/** No report answers, counts or exports more rows than this. */
export const REPORT_ROW_LIMIT = 10_000

export interface ResultField {
  readonly name: string
  readonly type: ColumnType
}

interface RawResult {
  rows: Record<string, unknown>[]
  fields?: { name: string; dataTypeID: number }[]
}

const NUMBER_TYPES = new Set([20, 21, 23, 26, 700, 701, 790, 1700])
const DATE_TYPES = new Set([1082, 1114, 1184])

function columnTypeOf(oid: number): ColumnType {
  if (oid === 16) return 'boolean'
  if (NUMBER_TYPES.has(oid)) return 'number'
  if (DATE_TYPES.has(oid)) return 'date'
  return 'text'
}

/** A database value as a grid cell: numbers as numbers, dates as ISO text, the rest as text. */
export function toCell(value: unknown): ReportCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
    return value
  }
  if (typeof value === 'bigint') return Number(value)
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value)
}

function pgCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function pgMessage(error: unknown): string {
  let current: unknown = error
  let message = ''
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const own = (current as { message?: unknown }).message
    if (typeof own === 'string') message = own
    current = (current as { cause?: unknown }).cause
  }
  return message.replace(/^Failed query:[\s\S]*?\n/, '').slice(0, 300)
}

/** The database's refusal of a report SQL as a translated 400 (never a 500). */
function reportError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const code = pgCode(error)
  if (code === '57014')
    return new AppError(400, 'REPORT_TIMEOUT', 'customReports.error.sql.timeout')
  if (code === '42501') {
    return new AppError(400, 'REPORT_SQL_REFUSED', 'customReports.error.sql.notAllowed')
  }
  if (code === '25006') {
    return new AppError(400, 'REPORT_SQL_REFUSED', 'customReports.error.sql.readOnly')
  }
  if (code && /^(42|22|21|2F|0A|54|53)/.test(code)) {
    return new AppError(400, 'REPORT_SQL_FAILED', 'customReports.error.sql.failed', {
      detail: pgMessage(error),
    })
  }
  throw error
}

/**
 * Runs `work` in a READ ONLY transaction as the reader role, with the statement timeout and the
 * `reports` schema first on the search path (so `FROM orders` reads the view). Nothing done in it
 * can write, and the role cannot read a table of the shop.
 */
export async function inReportTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw('set transaction read only'))
      await tx.execute(sql.raw(`set local statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`))
      await tx.execute(sql.raw('set local search_path = reports'))
      try {
        await tx.execute(sql.raw(`set local role ${REPORT_READER_ROLE}`))
      } catch {
        throw new AppError(503, 'REPORT_READER_MISSING', 'customReports.error.readerMissing')
      }
      return work(tx)
    })
  } catch (error) {
    throw reportError(error)
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

function source(checked: string): SQL {
  // Newlines around the text: nothing in it can reach the wrapping query's own clauses.
  return sql.raw(`(\n${checked}\n) as report_source`)
}

/** The columns (names and types) of a report SQL, from running it with LIMIT 0, and a preview. */
export async function describeReportSql(
  db: Db,
  text: string,
  previewRows = 0,
): Promise<{ fields: ResultField[]; rows: Record<string, ReportCell>[] }> {
  const checked = checkReportSql(text)
  return inReportTransaction(db, async (tx) => {
    const result = (await tx.execute(
      sql`select * from ${source(checked)} limit ${previewRows}`,
    )) as unknown as RawResult
    const fields = (result.fields ?? []).map((f) => ({
      name: f.name,
      type: columnTypeOf(f.dataTypeID),
    }))
    const names = new Set<string>()
    for (const field of fields) {
      if (names.has(field.name)) {
        throw new AppError(400, 'REPORT_SQL_REFUSED', 'customReports.error.sql.duplicateColumn', {
          column: field.name,
        })
      }
      names.add(field.name)
    }
    return { fields, rows: result.rows.map((row) => cellsOf(row, result)) }
  })
}

/** The row's cells; numbers the driver answers as text (bigint, numeric) become numbers. */
function cellsOf(row: Record<string, unknown>, result?: RawResult): Record<string, ReportCell> {
  const numeric = new Set(
    (result?.fields ?? []).filter((f) => NUMBER_TYPES.has(f.dataTypeID)).map((f) => f.name),
  )
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => {
      if (numeric.has(k) && typeof v === 'string' && Number.isFinite(Number(v))) {
        return [k, Number(v)]
      }
      return [k, toCell(v)]
    }),
  )
}

export interface ReportQueryInput {
  readonly sql: string
  readonly columns: readonly ReportColumn[]
  readonly filters: readonly ReportFilter[]
  readonly sort: ReportSort | null
  readonly offset: number
  readonly limit: number
}

function filterCondition(column: ReportColumn, filter: ReportFilter): SQL {
  const col = sql.raw(`report_source.${quoteIdent(column.name)}`)
  const values = Array.isArray(filter.value) ? filter.value : [filter.value]
  const cast = (value: unknown): SQL => {
    switch (column.type) {
      case 'number': {
        const number = Number(value)
        if (!Number.isFinite(number)) throw badFilter(column)
        return sql`${number}::numeric`
      }
      case 'date': {
        const date = new Date(String(value))
        if (Number.isNaN(date.getTime())) throw badFilter(column)
        return sql`${date.toISOString()}::timestamptz`
      }
      case 'boolean':
        return sql`${value === true || value === 'true' || value === 1}::boolean`
      default:
        return sql`${String(value)}`
    }
  }
  const target = column.type === 'text' ? sql`${col}::text` : col
  switch (filter.operator) {
    case 'like': {
      const text = String(values[0] ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)
      return sql`${col}::text ilike ${`%${text}%`}`
    }
    case 'lt':
      return sql`${target} <= ${cast(values[0])}`
    case 'gt':
      return sql`${target} >= ${cast(values[0])}`
    case 'in':
      if (values.length === 0) return sql`false`
      return sql`${target} in (${sql.join(
        values.map((value) => cast(value)),
        sql`, `,
      )})`
    default:
      return sql`${target} = ${cast(values[0])}`
  }
}

function badFilter(column: ReportColumn): AppError {
  return new AppError(400, 'REPORT_FILTER_INVALID', 'customReports.error.filterInvalid', {
    column: column.label || column.name,
  })
}

function knownColumn(columns: readonly ReportColumn[], name: string): ReportColumn {
  const column = columns.find((c) => c.name === name)
  if (!column) {
    throw new AppError(400, 'REPORT_COLUMN_UNKNOWN', 'customReports.error.columnUnknown', {
      column: name.slice(0, 63),
    })
  }
  return column
}

function whereClause(input: Pick<ReportQueryInput, 'columns' | 'filters'>): SQL {
  if (input.filters.length === 0) return sql``
  const conditions = input.filters.map((f) =>
    filterCondition(knownColumn(input.columns, f.column), f),
  )
  return sql` where ${sql.join(conditions, sql` and `)}`
}

function orderClause(columns: readonly ReportColumn[], sort: ReportSort | null): SQL {
  if (!sort) return sql``
  const column = knownColumn(columns, sort.column)
  const direction = sort.direction === 'desc' ? 'desc nulls last' : 'asc nulls first'
  return sql.raw(` order by report_source.${quoteIdent(column.name)} ${direction}`)
}

/** A page of a report's rows (filters as parameters) and how many match, up to the row limit. */
export async function queryReport(
  db: Db,
  input: ReportQueryInput,
): Promise<{ rows: Record<string, ReportCell>[]; total: number; truncated: boolean }> {
  const checked = checkReportSql(input.sql)
  const where = whereClause(input)
  const order = orderClause(input.columns, input.sort)
  const offset = Math.min(input.offset, REPORT_ROW_LIMIT)
  const limit = Math.max(0, Math.min(input.limit, REPORT_ROW_LIMIT - offset))
  return inReportTransaction(db, async (tx) => {
    const page = (await tx.execute(
      sql`select * from ${source(checked)}${where}${order} limit ${limit} offset ${offset}`,
    )) as unknown as RawResult
    // Counted through a LIMIT: a 10-million-row source costs the row limit, not its size.
    const counted = (await tx.execute(
      sql`select count(*)::int as n from (select 1 from ${source(checked)}${where} limit ${REPORT_ROW_LIMIT + 1}) as limited`,
    )) as unknown as RawResult
    const n = Number(counted.rows[0]?.n ?? 0)
    return {
      rows: page.rows.map((row) => cellsOf(row, page)),
      total: Math.min(n, REPORT_ROW_LIMIT),
      truncated: n > REPORT_ROW_LIMIT,
    }
  })
}

/** A column's distinct values among the filtered rows (for a list filter), at most `max`. */
export async function distinctValues(
  db: Db,
  input: Pick<ReportQueryInput, 'sql' | 'columns' | 'filters'> & { field: string; max: number },
): Promise<ReportCell[]> {
  const checked = checkReportSql(input.sql)
  const column = knownColumn(input.columns, input.field)
  const col = sql.raw(`report_source.${quoteIdent(column.name)}`)
  const where = whereClause(input)
  return inReportTransaction(db, async (tx) => {
    const result = (await tx.execute(
      sql`select distinct ${col} as value from (select * from ${source(checked)}${where} limit ${REPORT_ROW_LIMIT}) as report_source order by 1 nulls first limit ${input.max}`,
    )) as unknown as RawResult
    return result.rows.map((row) => cellsOf(row, result).value ?? null)
  })
}
