import { buyerKindKey, paymentKindKey } from '@optika/domain/commerce/admin-orders-api'
import { CURRENCIES, MINOR_UNITS, type Currency } from '@optika/domain/commerce/currencies'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import { csvSafeText } from '../../elements/grid/grid-cells.ts'
import type { OrderRow } from './read-orders.ts'

type T = (key: string) => string
type Cell = string | number

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/** Minor units as a number of major units (1210.5), for a spreadsheet to sum. */
function major(row: OrderRow, amount: number): number {
  const units = (CURRENCIES as readonly string[]).includes(row.currency)
    ? MINOR_UNITS[row.currency as Currency]
    : 100
  return amount / units
}

/** The exported columns: header translation key and the cell, translated where it is a label. */
const COLUMNS: readonly [string, (row: OrderRow, t: T) => Cell][] = [
  ['order.number', (r) => r.number],
  ['order.date', (r) => r.createdAt.toISOString()],
  ['order.status', (r, t) => t(orderStatusKey(r.status))],
  ['customer.clientNumber', (r) => r.clientNumber ?? ''],
  ['customer.fullName', (r) => r.name],
  ['customer.email', (r) => r.email],
  ['customer.phone', (r) => r.phone],
  ['admin.orders.field.buyerKind', (r, t) => t(buyerKindKey(r.buyerKind))],
  ['customer.country', (r, t) => t(`country.${r.country}`)],
  ['order.originalCurrency', (r) => r.currency],
  ['admin.orders.field.shipping', (r) => r.shippingName],
  ['admin.orders.field.paymentKind', (r, t) => t(paymentKindKey(r.paymentKind))],
  ['order.coupon', (r) => r.couponCode ?? ''],
  ['order.catalogPriceSum', (r) => major(r, r.catalogSumNet)],
  ['admin.orders.field.discountGross', (r) => major(r, r.discountGross)],
  ['order.deliveryPrice', (r) => major(r, r.shippingGross)],
  ['order.paymentFee', (r) => major(r, r.paymentFeeGross)],
  ['order.priceWithoutVat', (r) => major(r, r.totalNet)],
  ['order.priceWithVat', (r) => major(r, r.totalGross)],
]

function table(rows: readonly OrderRow[], t: T): Cell[][] {
  return [
    COLUMNS.map(([key]) => t(key)),
    ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row, t))),
  ]
}

const safe = (cell: Cell): Cell => (typeof cell === 'string' ? csvSafeText(cell) : cell)

/**
 * The orders as a CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the accents)
 * or an XLSX file (amounts as numbers). Cells a spreadsheet would run as a formula are defused.
 */
export async function exportOrders(
  rows: readonly OrderRow[],
  format: 'csv' | 'xlsx',
  t: T,
): Promise<Buffer> {
  const cells = table(rows, t)
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync')
    const csv = stringify(cells.map((line) => line.map((cell) => String(safe(cell)))))
    return Buffer.from(`\uFEFF${csv}`, 'utf8')
  }
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Orders')
  for (const line of cells) sheet.addRow(line.map(safe))
  sheet.getRow(1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
