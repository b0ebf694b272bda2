/** Spreadsheet programs run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+@\t\r]/

/**
 * A text as a CSV cell that a spreadsheet program shows rather than evaluates (a leading
 * apostrophe); `readCsvSafeText` removes it again on import.
 */
export function csvSafeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** A cell written by `csvSafeText` as the text it stood for. */
export function readCsvSafeText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

/** A value as an export cell: lists joined, structures as JSON. */
export function exportCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.join(',')
  }
  return JSON.stringify(value)
}
