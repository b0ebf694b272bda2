import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import chardet from 'chardet'
import iconv from 'iconv-lite'
import { isLocale, type Locale } from '@optika/i18n/locales'
import { TranslationKeySchema, type ImportFormat } from '@optika/domain/operations/translations'
import { AppError } from '../../platform/http/app-error.ts'
import { readSpreadsheetCell } from './spreadsheet-cell.ts'

/** One row of an import: a key and the texts it brings (empty cells bring nothing). */
export interface ImportRow {
  readonly line: number
  readonly key: string
  readonly texts: Partial<Record<Locale, string>>
  /** The file's `_modificationDate` of the row, when it has one. */
  readonly modifiedAt: Date | null
}

/** How a file was read: found once by `sniffTranslationFile`, used by every later pass. */
export interface FileDialect {
  readonly format: ImportFormat
  readonly encoding: string
  readonly delimiter: string
}

const SNIFF_BYTES = 64 * 1024
const DELIMITERS = [';', ',', '\t', '|'] as const
const MAX_TEXT = 20_000
/** Pimcore's export columns we read (`_modificationDate`) or pass over. */
const KNOWN_EXTRA_COLUMNS = new Set(['_creationdate', '_modificationdate'])

function invalid(key: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(400, 'INVALID_IMPORT', `adminTranslations.error.${key}`, params)
}

/**
 * Finds what a file is from its first bytes: an XLSX (a ZIP), or a CSV whose encoding (a BOM,
 * else chardet) and delimiter (the most frequent of ; , tab | in the header line) are guessed.
 */
export async function sniffTranslationFile(path: string): Promise<FileDialect> {
  const handle = await open(path, 'r')
  let head: Buffer
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  if (head.length === 0) throw invalid('emptyFile')
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    return { format: 'xlsx', encoding: 'binary', delimiter: '' }
  }
  const encoding = detectEncoding(head)
  const text = iconv.decode(head, encoding)
  if (text.includes('\u0000') || (!encoding.startsWith('utf-16') && head.includes(0))) {
    throw invalid('notText')
  }
  const firstLine = (text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '').replace(
    /"[^"]*"/g,
    '',
  )
  const counts = DELIMITERS.map((d) => [d, firstLine.split(d).length - 1] as const)
  const [delimiter, count] = counts.reduce((best, next) => (next[1] > best[1] ? next : best))
  if (count === 0) throw invalid('badHeader')
  return { format: 'csv', encoding, delimiter }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

function detectEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8'
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  if (head.includes(0)) throw invalid('notText')
  // A cut at SNIFF_BYTES may split a character: judge the text before it.
  const sample = head.length === SNIFF_BYTES ? head.subarray(0, -4) : head
  if (isUtf8(sample)) return 'utf-8'
  const candidates = chardet.analyse(sample)
  const top = candidates[0]
  if (!top) throw invalid('unknownEncoding')
  // The shop's languages are Central European: a short Czech text often looks like Western
  // windows-1252 to chardet by a few points; prefer the Central European code page when close.
  const central = candidates.find((c) => /^(windows-1250|iso-8859-2)$/i.test(c.name))
  const detected = central && central.confidence >= top.confidence * 0.6 ? central.name : top.name
  const name = detected.toLowerCase()
  if (name === 'ascii') return 'utf-8'
  if (!iconv.encodingExists(name)) throw invalid('unknownEncoding')
  if (name.startsWith('utf-32')) throw invalid('unknownEncoding')
  return name
}

/** The header's meaning: which column is the key, which ones are languages. */
interface Header {
  readonly keyColumn: number
  readonly locales: readonly (readonly [number, Locale])[]
  readonly modifiedColumn: number | null
}

function readHeader(cells: readonly string[]): Header {
  const names = cells.map((c) => c.trim().toLowerCase())
  const keyColumn = names.indexOf('key')
  if (keyColumn === -1) throw invalid('badHeader')
  const locales: [number, Locale][] = []
  const seen = new Set<string>()
  for (const [index, name] of names.entries()) {
    if (index === keyColumn || KNOWN_EXTRA_COLUMNS.has(name)) continue
    if (name === '') continue
    if (!isLocale(name)) throw invalid('unknownLanguage', { language: name.slice(0, 20) })
    if (seen.has(name)) throw invalid('duplicateColumn', { column: name })
    seen.add(name)
    locales.push([index, name])
  }
  if (locales.length === 0) throw invalid('noLanguages')
  const modified = names.indexOf('_modificationdate')
  return { keyColumn, locales, modifiedColumn: modified === -1 ? null : modified }
}

/** Pimcore's `_modificationDate` is Unix seconds; ours too; an ISO date is read as well. */
function readDate(cell: string | undefined): Date | null {
  const value = cell?.trim()
  if (!value) return null
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

function toRow(header: Header, cells: readonly string[], line: number): ImportRow | null {
  const key = cells[header.keyColumn]?.trim() ?? ''
  if (key === '' && cells.every((c) => c.trim() === '')) return null
  if (!TranslationKeySchema.safeParse(key).success) throw invalid('badKey', { line })
  const texts: Partial<Record<Locale, string>> = {}
  for (const [index, locale] of header.locales) {
    const cell = cells[index] ?? ''
    if (cell === '') continue
    if (cell.length > MAX_TEXT) throw invalid('textTooLong', { line })
    texts[locale] = readSpreadsheetCell(cell)
  }
  const modifiedAt = header.modifiedColumn === null ? null : readDate(cells[header.modifiedColumn])
  return { line, key, texts, modifiedAt }
}

/**
 * Reads an import file row by row without holding it whole (csv-parse and exceljs's streaming
 * reader): memory stays flat for a 50 MB file. Refuses, with a translated 400 naming the line, a
 * header without `key` or with a language the shop does not have, a ragged row, a bad key, a
 * formula cell (XLSX) and text that is not in the detected encoding.
 */
export async function* readTranslationFile(
  path: string,
  dialect: FileDialect,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<ImportRow> {
  if (dialect.format === 'xlsx') {
    yield* readXlsx(path, onBytes)
    return
  }
  const { parse } = await import('csv-parse')
  const file = createReadStream(path, { highWaterMark: 64 * 1024 })
  if (onBytes) file.on('data', () => onBytes(file.bytesRead))
  const decoder = iconv.decodeStream(dialect.encoding, { stripBOM: true })
  const parser = parse({
    delimiter: dialect.delimiter,
    bom: true,
    relax_quotes: false,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_TEXT * 8,
  })
  file.on('error', (error) => parser.destroy(error))
  decoder.on('error', () => parser.destroy(invalid('wrongEncoding')))
  file.pipe(decoder).pipe(parser)
  let header: Header | null = null
  let width = 0
  try {
    for await (const record of parser as AsyncIterable<{
      record: string[]
      info: { lines: number }
    }>) {
      const { record: cells, info } = record
      if (cells.some((c) => c.includes('\uFFFD'))) throw invalid('wrongEncoding')
      if (!header) {
        header = readHeader(cells)
        width = cells.length
        continue
      }
      if (cells.length !== width) throw invalid('raggedRow', { line: info.lines })
      const row = toRow(header, cells, info.lines)
      if (row) yield row
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const line = (error as { lines?: unknown }).lines
    const code = (error as { code?: unknown }).code
    if (
      code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' ||
      code === 'CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH'
    ) {
      throw invalid('raggedRow', { line: typeof line === 'number' ? line : 0 })
    }
    if (
      (error as { name?: unknown }).name === 'CsvError' ||
      (typeof code === 'string' && code.startsWith('CSV_'))
    ) {
      throw invalid('badCsv', { line: typeof line === 'number' ? line : 0 })
    }
    throw error
  } finally {
    file.destroy()
  }
  if (!header) throw invalid('badHeader')
}

/** An XLSX cell as text; a formula is refused rather than guessed at. */
function cellText(value: unknown, line: number): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) throw invalid('formulaCell', { line })
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText
        .map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : ''))
        .join('')
    }
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
  }
  return ''
}

async function* readXlsx(
  path: string,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<ImportRow> {
  const { default: ExcelJS } = await import('exceljs')
  const file = createReadStream(path, { highWaterMark: 64 * 1024 })
  if (onBytes) file.on('data', () => onBytes(file.bytesRead))
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  })
  let header: Header | null = null
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : []
        const cells = values.map((v: unknown) => cellText(v, row.number))
        if (!header) {
          header = readHeader(cells)
          continue
        }
        const parsed = toRow(header, cells, row.number)
        if (parsed) yield parsed
      }
      break // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw invalid('badXlsx')
  } finally {
    file.destroy()
  }
  if (!header) throw invalid('badHeader')
}
