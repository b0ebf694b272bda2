import { AppError } from '../../platform/http/app-error.ts'

/**
 * The first line of a report SQL's defence (decision 066): before the database sees it, the text
 * must be one SELECT (or WITH … SELECT) statement without comments hiding anything, without
 * parameters of its own, and without the words that write, change the session or reach outside
 * the database. The database is the second and final line: the SQL runs wrapped as a sub-select
 * in a READ ONLY transaction as the reader role (which reads only the `reports` views) with a
 * statement timeout and a row limit — see report-runner.ts.
 */

/** Statements and clauses a report never needs; any of them refuses the SQL. */
const FORBIDDEN_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'drop',
  'alter',
  'create',
  'grant',
  'revoke',
  'copy',
  'call',
  'do',
  'execute',
  'prepare',
  'deallocate',
  'listen',
  'notify',
  'unlisten',
  'lock',
  'vacuum',
  'analyze',
  'cluster',
  'reindex',
  'set',
  'reset',
  'refresh',
  'comment',
  'into',
  'checkpoint',
  'discard',
  'load',
  'import',
  'explain',
  'security',
  'session_authorization',
])

/**
 * Functions that sleep, change settings or roles, read files, take locks, write or run SQL given
 * as text (the `*_to_xml` family): refused by name, with or without a schema in front.
 */
const FORBIDDEN_PREFIXES = [
  'pg_sleep',
  'set_config',
  'pg_read',
  'pg_ls_',
  'pg_stat_file',
  'pg_file',
  'lo_',
  'dblink',
  'pg_terminate',
  'pg_cancel',
  'pg_reload',
  'pg_rotate',
  'pg_advisory',
  'pg_try_advisory',
  'pg_notify',
  'pg_logical',
  'pg_create',
  'pg_drop',
  'pg_replication',
  'pg_switch',
  'pg_backup',
  'pg_promote',
  'pg_import',
  'txid_',
  'pg_current_xact',
  'nextval',
  'setval',
  'query_to_xml',
  'table_to_xml',
  'cursor_to_xml',
  'schema_to_xml',
  'database_to_xml',
]

const FIRST_WORDS = new Set(['select', 'with'])

function refuse(reason: string, params: Record<string, string | number> = {}): never {
  throw new AppError(400, 'REPORT_SQL_REFUSED', `customReports.error.sql.${reason}`, params)
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c)

/** The SQL with comments turned into spaces, its trailing `;` dropped, and its lowercased words. */
interface ScannedSql {
  readonly text: string
  readonly words: readonly string[]
}

function scan(source: string): ScannedSql {
  let out = ''
  const words: string[] = []
  let i = 0
  const n = source.length
  while (i < n) {
    const c = source[i]!
    const next = source[i + 1]
    if (c === '-' && next === '-') {
      const end = source.indexOf('\n', i)
      i = end === -1 ? n : end
      out += ' '
      continue
    }
    if (c === '/' && next === '*') {
      let depth = 1
      let j = i + 2
      while (j < n && depth > 0) {
        if (source[j] === '/' && source[j + 1] === '*') {
          depth += 1
          j += 2
        } else if (source[j] === '*' && source[j + 1] === '/') {
          depth -= 1
          j += 2
        } else j += 1
      }
      if (depth > 0) refuse('unterminated')
      i = j
      out += ' '
      continue
    }
    if ((c === 'u' || c === 'U') && next === '&' && !isWordChar(source[i - 1])) {
      // Unicode escapes (U&'\0064elete', U&"…") would spell any word past the checks.
      refuse('unicodeEscape')
    }
    if (c === "'") {
      const escapes = /[eE]/.test(source[i - 1] ?? '') && !isWordChar(source[i - 2])
      let j = i + 1
      for (;;) {
        if (j >= n) refuse('unterminated')
        if (escapes && source[j] === '\\') j += 2
        else if (source[j] === "'" && source[j + 1] === "'") j += 2
        else if (source[j] === "'") break
        else j += 1
      }
      out += source.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (c === '"') {
      let j = i + 1
      let name = ''
      for (;;) {
        if (j >= n) refuse('unterminated')
        if (source[j] === '"' && source[j + 1] === '"') {
          name += '"'
          j += 2
        } else if (source[j] === '"') break
        else name += source[j++]
      }
      // A quoted name is still a name: "pg_sleep"(1) calls pg_sleep.
      words.push(name.toLowerCase())
      out += source.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (c === '$' && !isWordChar(source[i - 1])) {
      if (/[0-9]/.test(next ?? '')) refuse('parameter')
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(source.slice(i))
      if (tag) {
        const end = source.indexOf(tag[0], i + tag[0].length)
        if (end === -1) refuse('unterminated')
        out += source.slice(i, end + tag[0].length)
        i = end + tag[0].length
        continue
      }
    }
    if (c === ';') {
      if (source.slice(i + 1).trim() !== '' && scanRest(source.slice(i + 1))) {
        refuse('multipleStatements')
      }
      break
    }
    if (isWordChar(c) && !isWordChar(source[i - 1])) {
      let j = i
      while (j < n && isWordChar(source[j])) j += 1
      const word = source.slice(i, j)
      if (!/^[0-9]/.test(word)) words.push(word.toLowerCase())
      out += word
      i = j
      continue
    }
    out += c
    i += 1
  }
  return { text: out.trim(), words }
}

/** Whether what follows a `;` holds anything but comments and blanks. */
function scanRest(rest: string): boolean {
  return (
    rest
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() !== ''
  )
}

/**
 * Checks a report's SQL and answers it ready to be wrapped as a sub-select: comments removed,
 * a trailing `;` dropped. Refuses (translated 400) what is not one read-only SELECT.
 */
export function checkReportSql(source: string): string {
  if (source.trim() === '') refuse('empty')
  if (source.length > 20_000) refuse('tooLong')
  const { text, words } = scan(source)
  if (text === '' || !FIRST_WORDS.has(words[0] ?? '')) refuse('selectOnly')
  for (const word of words) {
    const bare = word.includes('.') ? word.slice(word.lastIndexOf('.') + 1) : word
    if (FORBIDDEN_WORDS.has(bare)) refuse('forbiddenWord', { word: bare.toUpperCase() })
    const prefix = FORBIDDEN_PREFIXES.find((p) => bare.startsWith(p))
    if (prefix) refuse('forbiddenFunction', { word: bare })
  }
  return text
}
