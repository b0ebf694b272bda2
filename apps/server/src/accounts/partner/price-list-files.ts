import type { PriceListFormat } from '@optika/domain/accounts/partner-api'
import { MINOR_UNITS } from '@optika/domain/commerce/currencies'
import { createPdf, fit } from '../../platform/pdf/pdf-text.ts'
import type { PriceListContent } from './price-lists.service.ts'

/** Column headings and the title, already in the viewer's language. */
export interface PriceListLabels {
  readonly code: string
  readonly name: string
  readonly catalogPrice: string
  readonly partnerPrice: string
  readonly currency: string
  /** 'Price list {name}, {date}' */
  readonly title: string
}

export interface RenderedFile {
  readonly body: Buffer
  readonly contentType: string
  readonly fileName: string
}

const CONTENT_TYPES: Record<PriceListFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
}

/** Minor units as a decimal number of major units (12345 CZK hellers → 123.45). */
function major(amount: number | null, currency: PriceListContent['currency']): number | null {
  return amount === null ? null : amount / MINOR_UNITS[currency]
}

/** The file name: the list's name reduced to safe characters, then the extension. */
export function priceListFileName(content: PriceListContent, format: PriceListFormat): string {
  const base = content.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return `${base || `price-list-${content.id}`}.${format}`
}

export async function renderPriceList(
  content: PriceListContent,
  format: PriceListFormat,
  labels: PriceListLabels,
): Promise<RenderedFile> {
  const body =
    format === 'xlsx'
      ? await renderXlsx(content, labels)
      : format === 'csv'
        ? await renderCsv(content, labels)
        : await renderPdf(content, labels)
  return { body, contentType: CONTENT_TYPES[format], fileName: priceListFileName(content, format) }
}

function header(labels: PriceListLabels): string[] {
  return [labels.code, labels.name, labels.catalogPrice, labels.partnerPrice, labels.currency]
}

/**
 * A text cell a spreadsheet would run as a formula ('=HYPERLINK(…)') gets a leading apostrophe:
 * product names come from the back office, and a CSV opened in Excel must not execute them.
 */
export function safeCell(text: string): string {
  return /^[=+@\t\r]|^-\D/.test(text) ? `'${text}` : text
}

async function renderCsv(content: PriceListContent, labels: PriceListLabels): Promise<Buffer> {
  const { stringify } = await import('csv-stringify/sync')
  const rows = content.rows.map((row) => [
    safeCell(row.code),
    safeCell(row.name),
    major(row.catalogPrice, content.currency)?.toFixed(2) ?? '',
    major(row.partnerPrice, content.currency)?.toFixed(2) ?? '',
    content.currency,
  ])
  // The byte order mark makes Excel read the file as UTF-8 (names with č, ł, ő, ș).
  return Buffer.from(`\ufeff${stringify([header(labels), ...rows])}`, 'utf8')
}

async function renderXlsx(content: PriceListContent, labels: PriceListLabels): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Optika'
  // Sheet names: at most 31 characters, none of []*?/\: or a leading/trailing apostrophe.
  const sheetName = content.name
    .replace(/[[\]*?/\\:']/g, ' ')
    .trim()
    .slice(0, 31)
  const sheet = workbook.addWorksheet(sheetName || 'Price list')
  sheet.columns = [
    { header: labels.code, key: 'code', width: 18 },
    { header: labels.name, key: 'name', width: 50 },
    { header: labels.catalogPrice, key: 'catalog', width: 16, style: { numFmt: '#,##0.00' } },
    { header: labels.partnerPrice, key: 'partner', width: 16, style: { numFmt: '#,##0.00' } },
    { header: labels.currency, key: 'currency', width: 10 },
  ]
  sheet.getRow(1).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  for (const row of content.rows) {
    sheet.addRow({
      code: row.code,
      name: row.name,
      catalog: major(row.catalogPrice, content.currency),
      partner: major(row.partnerPrice, content.currency),
      currency: content.currency,
    })
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function renderPdf(content: PriceListContent, labels: PriceListLabels): Promise<Buffer> {
  const { pdf, font, rgb } = await createPdf(content.name)
  const [pageWidth, pageHeight] = [595.28, 841.89] // A4 portrait
  const margin = 40
  const size = 9
  const lineHeight = 14
  // x offset and width of each column; prices are right-aligned.
  const columns = [
    { x: margin, width: 90 },
    { x: margin + 95, width: 230 },
    { x: margin + 330, width: 70, right: true },
    { x: margin + 405, width: 70, right: true },
    { x: margin + 480, width: 35 },
  ]
  const money = (value: number | null) =>
    major(value, content.currency)?.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }) ?? ''

  let page = pdf.addPage([pageWidth, pageHeight])
  let y = pageHeight - margin
  const drawRow = (cells: readonly string[], bold = false) => {
    cells.forEach((cell, i) => {
      const column = columns[i]!
      const text = fit(cell, font, size, column.width)
      const x = column.right
        ? column.x + column.width - font.widthOfTextAtSize(text, size)
        : column.x
      page.drawText(text, { x, y, size, font, color: bold ? rgb(0, 0, 0) : rgb(0.15, 0.15, 0.15) })
    })
    y -= lineHeight
  }
  const startPage = (first: boolean) => {
    if (!first) {
      page = pdf.addPage([pageWidth, pageHeight])
      y = pageHeight - margin
    }
    if (first) {
      page.drawText(fit(labels.title, font, 14, pageWidth - 2 * margin), {
        x: margin,
        y,
        size: 14,
        font,
      })
      y -= 28
    }
    drawRow(header(labels), true)
    page.drawLine({
      start: { x: margin, y: y + lineHeight - 4 },
      end: { x: pageWidth - margin, y: y + lineHeight - 4 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    })
  }
  startPage(true)
  for (const row of content.rows) {
    if (y < margin) startPage(false)
    drawRow([
      row.code,
      row.name,
      money(row.catalogPrice),
      money(row.partnerPrice),
      content.currency,
    ])
  }
  // Without object streams the font dictionaries stay readable to tools that inspect the file.
  return Buffer.from(await pdf.save({ useObjectStreams: false }))
}
