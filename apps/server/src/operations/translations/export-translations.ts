import { PassThrough, Readable } from 'node:stream'
import { and, asc, gt, inArray } from 'drizzle-orm'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { TranslationDomain } from '@optika/domain/operations/translations'
import type { Db } from '../../platform/db/client.ts'
import { translations } from '../../platform/db/schema/translations.ts'
import { domainCondition } from './translation-grid.ts'
import { escapeSpreadsheetCell } from './spreadsheet-cell.ts'

const PAGE = 1000

interface ExportRow {
  readonly key: string
  readonly texts: Partial<Record<Locale, string>>
  readonly modifiedAt: Date
}

/** The domain's keys in key order, a page at a time (keyset paging: nothing held whole). */
async function* readDomain(db: Db, domain: TranslationDomain): AsyncGenerator<ExportRow> {
  let after = ''
  for (;;) {
    const keys = await db
      .selectDistinct({ key: translations.key })
      .from(translations)
      .where(and(domainCondition(domain), gt(translations.key, after)))
      .orderBy(asc(translations.key))
      .limit(PAGE)
    if (keys.length === 0) return
    const rows = await db
      .select()
      .from(translations)
      .where(
        inArray(
          translations.key,
          keys.map((k) => k.key),
        ),
      )
    const byKey = new Map<string, ExportRow>()
    for (const row of rows) {
      const entry = byKey.get(row.key) ?? { key: row.key, texts: {}, modifiedAt: row.updatedAt }
      ;(entry.texts as Record<string, string>)[row.locale] = row.text
      byKey.set(row.key, {
        ...entry,
        modifiedAt: row.updatedAt > entry.modifiedAt ? row.updatedAt : entry.modifiedAt,
      })
    }
    for (const { key } of keys) {
      const row = byKey.get(key)
      if (row) yield row
    }
    after = keys[keys.length - 1]?.key ?? after
    if (keys.length < PAGE) return
  }
}

/** Header and cells of one row, formula-escaped (a text is never a formula in a spreadsheet). */
function cells(row: ExportRow): string[] {
  return [
    escapeSpreadsheetCell(row.key),
    ...LOCALES.map((l) => escapeSpreadsheetCell(row.texts[l] ?? '')),
    String(Math.floor(row.modifiedAt.getTime() / 1000)),
  ]
}
const HEADER = ['key', ...LOCALES, '_modificationDate']

/**
 * The domain's dictionary as CSV (UTF-8 with a BOM for Excel, `;` by default as Pimcore writes
 * it) or XLSX, streamed page by page. Every text cell is formula-escaped.
 */
export function exportTranslations(
  db: Db,
  domain: TranslationDomain,
  format: 'csv' | 'xlsx',
  delimiter: string,
): Readable {
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        const { stringify } = await import('csv-stringify/sync')
        yield '\uFEFF' + stringify([HEADER], { delimiter })
        for await (const row of readDomain(db, domain)) yield stringify([cells(row)], { delimiter })
      })(),
    )
  }
  const out = new PassThrough()
  void (async () => {
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
    })
    const sheet = workbook.addWorksheet('translations')
    sheet.addRow(HEADER).commit()
    for await (const row of readDomain(db, domain)) sheet.addRow(cells(row)).commit()
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => out.destroy(error as Error))
  return out
}
