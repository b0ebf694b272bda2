import { Readable } from 'node:stream'
import {
  REDIRECT_CSV_COLUMNS,
  REDIRECT_CSV_MAX_ROWS,
  RedirectInputSchema,
  type RedirectImportResult,
  type RedirectInput,
} from '@optika/domain/operations/redirects'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import { seoRedirects } from '../../platform/db/schema/seo-redirects.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { buildRuleSet } from './redirect-rules.ts'
import {
  checkRedirectFields,
  loadRedirectRules,
  loopsThrough,
  toRedirect,
  type RedirectStaff,
} from './redirects-service.ts'
import { eq } from 'drizzle-orm'
import { pathKey, type RedirectRule } from './redirect-rules.ts'

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab/CR before one). */
const FORMULA_START = /^[=+\-@\t\r]/

/** The cell as text a spreadsheet shows, never runs: a leading `'` before a formula character. */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** Our own escape undone on import (`'=x` → `=x`; such a value is then refused by its field's form). */
function unescapeCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}

/** Every rule as CSV (a header, then one line per rule), streamed from one read. */
export async function exportRedirectsCsv(db: Db): Promise<Readable> {
  const rules = await db.select().from(seoRedirects).orderBy(seoRedirects.id)
  const { stringify } = await import('csv-stringify')
  const csv = stringify({ header: true, columns: [...REDIRECT_CSV_COLUMNS], bom: true })
  const rows = Readable.from(
    (function* () {
      for (const row of rules) {
        const rule = toRedirect(row)
        yield Object.fromEntries(
          REDIRECT_CSV_COLUMNS.map((column) => {
            const value = rule[column]
            return [column, escapeCsvCell(value === null ? '' : String(value))]
          }),
        )
      }
    })(),
  )
  return rows.pipe(csv)
}

/** The delimiter the header line uses most: `,`, `;` or a tab. */
function detectDelimiter(firstChunk: string): string {
  const header = firstChunk.split(/\r?\n/, 1)[0] ?? ''
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0]?.[1] ? counts[0][0] : ','
}

function parseBoolean(value: string): boolean | string {
  const v = value.trim().toLowerCase()
  if (v === '' || v === '1' || v === 'true' || v === 'yes') return true
  if (v === '0' || v === 'false' || v === 'no') return false
  return value
}

/** One CSV record as the input schema's shape (empty cells = defaults). */
function recordToInput(record: Record<string, string>): unknown {
  const cell = (name: string) => unescapeCsvCell((record[name] ?? '').trim())
  const optional = (name: string) => (cell(name) === '' ? undefined : cell(name))
  const nullable = (name: string) => (cell(name) === '' ? null : cell(name))
  const siteId = cell('siteId')
  return {
    sourceType: optional('sourceType'),
    source: cell('source'),
    target: cell('target'),
    statusCode: optional('statusCode'),
    priority: optional('priority'),
    siteId: siteId === '' ? null : /^\d+$/.test(siteId) ? Number(siteId) : siteId,
    language: nullable('language'),
    active: parseBoolean(cell('active')),
    passQuery: cell('passQuery') === '' ? false : parseBoolean(cell('passQuery')),
    activeFrom: nullable('activeFrom'),
    activeTo: nullable('activeTo'),
    expiresAt: nullable('expiresAt'),
  }
}

interface LineError {
  readonly line: number
  readonly key: string
  readonly params?: Record<string, string | number>
  /** The line's source and target as read, for the application log's file object. */
  readonly text?: string
}

/** Error lines reported at most (the rest are counted). */
const MAX_REPORTED_ERRORS = 100

/**
 * Imports rules from a CSV stream (streamed through the parser, never read whole): each line is
 * checked on its own and against all rules together (duplicates in the file, loops); any error
 * means nothing is written and every bad line is reported. Rules with the same source, site and
 * language as a stored one update it. One transaction, one audit entry.
 */
export async function importRedirectsCsv(
  deps: { db: Db; staff: RedirectStaff; ownOrigin: string | null },
  input: AsyncIterable<Buffer | string>,
): Promise<RedirectImportResult> {
  const rows: { line: number; data: RedirectInput }[] = []
  const errors: LineError[] = []
  const addError = (error: LineError) => {
    errors.push(error)
  }

  const iterator = input[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) throw new AppError(400, 'REDIRECT_IMPORT_EMPTY', 'seoRedirects.error.importEmpty')
  const firstChunk = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value)
  const { parse } = await import('csv-parse')
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim()),
    delimiter: detectDelimiter(firstChunk.toString('utf8')),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: false,
    max_record_size: 10_000,
    info: true,
  })
  const feed = (async () => {
    parser.write(firstChunk)
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (!parser.write(next.value)) await new Promise((resolve) => parser.once('drain', resolve))
    }
    parser.end()
  })()
  feed.catch((error: unknown) => parser.destroy(error as Error))

  try {
    let headerChecked = false
    for await (const item of parser as AsyncIterable<{
      record: Record<string, string>
      info: { lines: number }
    }>) {
      if (!headerChecked) {
        headerChecked = true
        if (!('source' in item.record) || !('target' in item.record)) {
          throw new AppError(400, 'REDIRECT_IMPORT_HEADER', 'seoRedirects.error.importHeader')
        }
      }
      if (rows.length + errors.length >= REDIRECT_CSV_MAX_ROWS) {
        throw new AppError(400, 'REDIRECT_IMPORT_TOO_MANY', 'seoRedirects.error.importTooMany', {
          max: REDIRECT_CSV_MAX_ROWS,
        })
      }
      const line = item.info.lines
      const parsed = RedirectInputSchema.safeParse(recordToInput(item.record))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const key = issue?.message.startsWith('seoRedirects.')
          ? issue.message
          : 'seoRedirects.error.importField'
        addError({
          line,
          key,
          params: { field: String(issue?.path[0] ?? '') },
          text: lineText(item.record),
        })
        continue
      }
      const refusal = checkRedirectFields(parsed.data)[0]
      if (refusal) {
        addError({ line, key: refusal.key, text: lineText(item.record) })
        continue
      }
      rows.push({ line, data: parsed.data })
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(400, 'REDIRECT_IMPORT_UNREADABLE', 'seoRedirects.error.importUnreadable')
  }
  await feed.catch(() => undefined)

  try {
    return await applyRows(deps, rows, errors, addError)
  } catch (error) {
    if (error instanceof AppError && error.code === 'REDIRECT_IMPORT_INVALID') {
      // Outside the rolled-back transaction: the refusal stays on record.
      await logRejectedLines(deps, errors)
    }
    throw error
  }
}

/** A CSV line's source and target as read (cut short), for the rejected lines' file object. */
function lineText(record: Record<string, string>): string {
  return `${record.source ?? ''} -> ${record.target ?? ''}`.slice(0, 500)
}

/** A refused import in the application log, its rejected lines as the file object. */
async function logRejectedLines(
  deps: { db: Db; staff: RedirectStaff },
  errors: readonly LineError[],
): Promise<void> {
  const sorted = [...errors].sort((a, b) => a.line - b.line)
  const lines = sorted.map((e) => {
    const params = e.params ? ` ${JSON.stringify(e.params)}` : ''
    return `line ${String(e.line)}: ${e.key}${params}${e.text ? ` — ${e.text}` : ''}`
  })
  await writeAppLog(deps.db, {
    priority: 'warning',
    component: 'import.redirects',
    message:
      `Redirects CSV import refused, nothing written: ${String(sorted.length)} rejected lines, the first ${lines[0] ?? ''}`.slice(
        0,
        1_000,
      ),
    context: { rejected: sorted.length, firstLine: sorted[0]?.line ?? null },
    fileObject: lines.join('\n'),
    requestId: deps.staff.requestId,
    source: 'redirects-csv',
  })
}

async function applyRows(
  deps: { db: Db; staff: RedirectStaff; ownOrigin: string | null },
  rows: readonly { line: number; data: RedirectInput }[],
  errors: LineError[],
  addError: (error: LineError) => void,
): Promise<RedirectImportResult> {
  return deps.db.transaction(async (tx) => {
    const existing = await loadRedirectRules(tx)
    const keyOf = (r: RedirectInput) =>
      `${r.sourceType}\u0000${r.sourceType === 'path' ? pathKey(r.source) : r.source}\u0000${r.siteId ?? 0}\u0000${r.language ?? ''}`
    const storedByKey = new Map(existing.map((rule) => [keyOf(rule), rule]))
    const seen = new Map<string, number>()
    const candidates: { line: number; rule: RedirectRule; data: RedirectInput; id?: number }[] = []
    let nextTempId = -1
    for (const row of rows) {
      const key = keyOf(row.data)
      const earlier = seen.get(key)
      if (earlier !== undefined) {
        addError({
          line: row.line,
          key: 'seoRedirects.error.importDuplicate',
          params: { line: earlier },
        })
        continue
      }
      seen.set(key, row.line)
      const stored = storedByKey.get(key)
      const id = stored?.id ?? nextTempId--
      candidates.push({
        line: row.line,
        rule: { ...row.data, id },
        data: row.data,
        ...(stored ? { id: stored.id } : {}),
      })
    }
    const replaced = new Set(candidates.map((c) => c.rule.id))
    const all = [
      ...existing.filter((rule) => !replaced.has(rule.id)),
      ...candidates.map((c) => c.rule),
    ]
    const ruleSet = buildRuleSet(
      all.map((rule) => ({
        ...rule,
        active: true,
        activeFrom: null,
        activeTo: null,
        expiresAt: null,
      })),
    )
    for (const candidate of candidates) {
      if (loopsThrough(candidate.rule, ruleSet, deps.ownOrigin)) {
        addError({ line: candidate.line, key: 'seoRedirects.error.loop' })
      }
    }
    if (errors.length > 0) {
      const sorted = [...errors].sort((a, b) => a.line - b.line)
      throw new AppError(
        400,
        'REDIRECT_IMPORT_INVALID',
        'seoRedirects.error.importInvalid',
        { count: sorted.length },
        sorted.slice(0, MAX_REPORTED_ERRORS).map((e) => ({
          path: String(e.line),
          key: e.key,
          ...(e.params ? { params: e.params } : {}),
        })),
      )
    }
    let updated = 0
    const inserts: (typeof seoRedirects.$inferInsert)[] = []
    for (const candidate of candidates) {
      const values = {
        sourceType: candidate.data.sourceType,
        source: candidate.data.source,
        target: candidate.data.target,
        statusCode: candidate.data.statusCode,
        priority: candidate.data.priority,
        siteId: candidate.data.siteId,
        language: candidate.data.language,
        active: candidate.data.active,
        passQuery: candidate.data.passQuery,
        activeFrom: candidate.data.activeFrom ? new Date(candidate.data.activeFrom) : null,
        activeTo: candidate.data.activeTo ? new Date(candidate.data.activeTo) : null,
        expiresAt: candidate.data.expiresAt ? new Date(candidate.data.expiresAt) : null,
      }
      if (candidate.id !== undefined) {
        await tx
          .update(seoRedirects)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(seoRedirects.id, candidate.id))
        updated += 1
      } else {
        inserts.push({ ...values, origin: 'import' })
      }
    }
    for (let at = 0; at < inserts.length; at += 500) {
      await tx.insert(seoRedirects).values(inserts.slice(at, at + 500))
    }
    const created = inserts.length
    await recordAudit(tx, {
      actor: { id: deps.staff.adminUserId, name: deps.staff.name },
      action: 'seoRedirect.import',
      entityType: 'seoRedirect',
      after: { created, updated },
      ip: deps.staff.ip,
      requestId: deps.staff.requestId,
    })
    return { success: true, created, updated, errors: [] }
  })
}
