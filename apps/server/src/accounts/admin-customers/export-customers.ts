import type { customers } from '../../platform/db/schema/users.ts'
import { csvSafeText } from '../../elements/grid/grid-cells.ts'

type CustomerRow = typeof customers.$inferSelect
type T = (key: string) => string

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/** The exported columns: header translation key and the cell, translated where it is a label. */
const COLUMNS: readonly [string, (row: CustomerRow, t: T) => string][] = [
  ['customer.clientNumber', (r) => r.clientNumber],
  ['adminCustomers.field.kind', (r, t) => t(`role.${r.kind}`)],
  ['adminCustomers.field.firstName', (r) => r.firstName],
  ['adminCustomers.field.lastName', (r) => r.lastName],
  ['customer.company', (r) => r.company ?? ''],
  ['customer.email', (r) => r.email],
  ['customer.username', (r) => r.username ?? ''],
  ['customer.phone', (r) => r.phone],
  ['customer.tin', (r) => r.tin ?? ''],
  ['customer.vatId', (r) => r.vatId ?? ''],
  ['customer.country', (r, t) => t(`country.${r.country}`)],
  ['adminCustomers.field.language', (r) => r.language],
  [
    'adminCustomers.field.partnerStatus',
    (r, t) => (r.partnerStatus ? t(`adminCustomers.partnerStatus.${r.partnerStatus}`) : ''),
  ],
  ['customer.newsletter', (r, t) => t(r.newsletter ? 'admin.common.yes' : 'admin.common.no')],
  ['adminCustomers.field.registeredAt', (r) => r.createdAt.toISOString()],
  ['adminCustomers.field.lastLogin', (r) => r.lastLoginAt?.toISOString() ?? ''],
]

function table(rows: readonly CustomerRow[], t: T): string[][] {
  return [
    COLUMNS.map(([key]) => t(key)),
    ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row, t))),
  ]
}

/**
 * The customers as a CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the
 * accents) or an XLSX file. Cells that a spreadsheet would run as a formula are defused.
 */
export async function exportCustomers(
  rows: readonly CustomerRow[],
  format: 'csv' | 'xlsx',
  t: T,
): Promise<Buffer> {
  const cells = table(rows, t)
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync')
    const csv = stringify(cells.map((line) => line.map(csvSafeText)))
    return Buffer.from(`\uFEFF${csv}`, 'utf8')
  }
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Customers')
  for (const line of cells) sheet.addRow(line.map(csvSafeText))
  sheet.getRow(1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
