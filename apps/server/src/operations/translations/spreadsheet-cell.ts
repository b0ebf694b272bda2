/**
 * A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets
 * (OWASP "CSV injection"): `=cmd|' /C calc'!A0`, `+1+cmd…`, `-2+…`, `@SUM(…)`, or those hidden
 * behind a tab or carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** A text made safe to open in a spreadsheet: a leading apostrophe keeps a formula a text. */
export function escapeSpreadsheetCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/**
 * A cell read from an imported file, as plain text: our own escape is undone (export and import
 * round-trip), anything else is kept as inert text — the dictionary never evaluates it, React
 * escapes it on the page, and the next export escapes it again.
 */
export function readSpreadsheetCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}
