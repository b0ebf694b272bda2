import type { Locale } from '@optika/i18n/locales'
import { AppError } from '../../platform/http/app-error.ts'
import type { GridField } from './grid-class.ts'

/**
 * A data patch that sets one grid value: a localized field keeps its other languages (the
 * object's current map is merged), everything else is replaced.
 */
export function patchForValue(
  field: GridField,
  current: Readonly<Record<string, unknown>>,
  value: unknown,
  language: Locale,
): Record<string, unknown> {
  if (!field.localized) return { [field.name]: value }
  const stored = current[field.name]
  const map =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {}
  return { [field.name]: { ...map, [language]: value } }
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'ano', 'igen', 'tak', 'da', 'áno', 'x'])
const FALSE_WORDS = new Set(['0', 'false', 'no', 'ne', 'nem', 'nie', 'nu', ''])

/** Spreadsheet programs run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+@\t\r]/

/**
 * A text as a CSV cell that a spreadsheet program shows rather than evaluates (a leading
 * apostrophe); `parseCellValue` removes it again on import.
 */
export function csvSafeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** A CSV cell as the field's value (empty = null); a cell that cannot be one is refused (400). */
export function parseCellValue(field: GridField, text: string): unknown {
  const trimmed = text.trim()
  const cell =
    trimmed.startsWith("'") && FORMULA_START.test(trimmed.slice(1)) ? trimmed.slice(1) : trimmed
  switch (field.type) {
    case 'number': {
      if (cell === '') return null
      const number = Number(cell.replace(',', '.'))
      if (!Number.isFinite(number)) {
        throw new AppError(400, 'BAD_CELL', 'pimGrid.importBadNumber', { column: field.name })
      }
      return number
    }
    case 'boolean': {
      const word = cell.toLowerCase()
      if (TRUE_WORDS.has(word)) return true
      if (FALSE_WORDS.has(word)) return false
      throw new AppError(400, 'BAD_CELL', 'pimGrid.importBadBoolean', { column: field.name })
    }
    case 'multiselect':
      return cell === ''
        ? []
        : cell
            .split(/[,|]/)
            .map((part) => part.trim())
            .filter(Boolean)
    default:
      return cell === '' ? null : cell
  }
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
