import type { Locale } from '@optika/i18n/locales'
import { AppError } from '../../platform/http/app-error.ts'
import { readCsvSafeText } from '../../elements/grid/grid-cells.ts'
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

/** A CSV cell as the field's value (empty = null); a cell that cannot be one is refused (400). */
export function parseCellValue(field: GridField, text: string): unknown {
  const trimmed = text.trim()
  const cell = readCsvSafeText(trimmed)
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
