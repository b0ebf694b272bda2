import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib'
import { isStreamedRows } from '../../accounts/personal-data/stream-json.ts'
import type { PersonalData } from '../../accounts/personal-data/extract-personal-data.ts'
import { createPdf, fit } from '../../platform/pdf/pdf-text.ts'

/** A section of streamed rows lists this many in the PDF; the JSON holds them all. */
export const PDF_ROWS_PER_SECTION = 300

export interface PersonalDataPdfLabels {
  readonly title: string
  readonly generatedAt: string
  /** 'and {count} more — see the JSON export', with the count filled in. */
  readonly more: (count: number) => string
  readonly none: string
  readonly section: (name: string) => string
}

const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89] // A4 portrait
const MARGIN = 40
const SIZE = 9
const LINE = 13
const WIDTH = PAGE_WIDTH - 2 * MARGIN

/** A value as one line of text: dates as ISO, objects as compact JSON, no control characters. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(value)
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ')
}

/** One row of a list: its scalar fields as `key: value`, joined (nested lists counted). */
function rowLine(row: unknown): string {
  if (typeof row !== 'object' || row === null) return textOf(row)
  return Object.entries(row)
    .map(([key, value]) =>
      Array.isArray(value) ? `${key}: ${String(value.length)}` : `${key}: ${textOf(value)}`,
    )
    .join(' · ')
}

class PdfWriter {
  private readonly pdf: PDFDocument
  private readonly font: PDFFont
  private readonly colors: { readonly black: RGB; readonly grey: RGB }
  private page: PDFPage
  private y = PAGE_HEIGHT - MARGIN

  constructor(pdf: PDFDocument, font: PDFFont, colors: { black: RGB; grey: RGB }) {
    this.pdf = pdf
    this.font = font
    this.colors = colors
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
  }

  line(text: string, options: { size?: number; indent?: number; grey?: boolean } = {}) {
    const size = options.size ?? SIZE
    const height = Math.max(LINE, size + 5)
    if (this.y - height < MARGIN) {
      this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
      this.y = PAGE_HEIGHT - MARGIN
    }
    this.y -= height
    const indent = options.indent ?? 0
    this.page.drawText(fit(textOf(text), this.font, size, WIDTH - indent), {
      x: MARGIN + indent,
      y: this.y,
      size,
      font: this.font,
      color: options.grey ? this.colors.grey : this.colors.black,
    })
  }

  gap() {
    this.y -= LINE / 2
  }
}

/**
 * The person's export as a readable PDF (DejaVu Sans: every letter of the six languages): each
 * section with a heading, plain sections as `field: value` lines, lists one row per line (the
 * first PDF_ROWS_PER_SECTION; the rest counted and left to the JSON export).
 */
export async function renderPersonalDataPdf(
  data: PersonalData,
  labels: PersonalDataPdfLabels,
): Promise<Buffer> {
  const { pdf, font, rgb } = await createPdf(`${labels.title} — ${data.fileName}`)
  const out = new PdfWriter(pdf, font, { black: rgb(0, 0, 0), grey: rgb(0.35, 0.35, 0.35) })
  out.line(labels.title, { size: 16 })
  out.line(`${labels.generatedAt}: ${new Date().toISOString()}`, { grey: true })
  for (const [name, value] of Object.entries(data.sections)) {
    out.gap()
    out.line(labels.section(name), { size: 12 })
    if (isStreamedRows(value)) {
      let shown = 0
      let more = 0
      for await (const page of value.pages()) {
        for (const row of page) {
          if (shown < PDF_ROWS_PER_SECTION) {
            out.line(rowLine(row), { indent: 8 })
            shown += 1
          } else more += 1
        }
      }
      if (shown === 0) out.line(labels.none, { indent: 8, grey: true })
      if (more > 0) out.line(labels.more(more), { indent: 8, grey: true })
    } else if (Array.isArray(value)) {
      if (value.length === 0) out.line(labels.none, { indent: 8, grey: true })
      for (const row of value) out.line(rowLine(row), { indent: 8 })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        if (Array.isArray(field)) {
          out.line(`${key}:`, { indent: 8 })
          if (field.length === 0) out.line(labels.none, { indent: 16, grey: true })
          for (const row of field) out.line(rowLine(row), { indent: 16 })
        } else {
          out.line(`${key}: ${textOf(field)}`, { indent: 8 })
        }
      }
    } else {
      out.line(textOf(value), { indent: 8 })
    }
  }
  return Buffer.from(await pdf.save())
}
