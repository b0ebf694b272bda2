import type { AssetMetadataItem, AssetMetadataType } from '@optika/domain/pim/asset-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'

/** '' is a field for every language; otherwise one of the shop's six. */
export type MetadataLanguage = '' | Locale
export const METADATA_LANGUAGES: readonly MetadataLanguage[] = ['', ...LOCALES]

/** The custom metadata types this editor offers (text, long text, date, yes/no). */
export const EDITABLE_METADATA_TYPES = ['input', 'textarea', 'date', 'checkbox'] as const
export type EditableMetadataType = (typeof EDITABLE_METADATA_TYPES)[number]

/** A row as the editor holds it while typing; `fixedType` rows (relations, select) stay as they are. */
export interface MetadataRow {
  name: string
  language: MetadataLanguage
  type: AssetMetadataType
  data: string | number | boolean | null
}

export function toMetadataRows(items: readonly AssetMetadataItem[]): MetadataRow[] {
  return items.map((item) => ({
    name: item.name,
    language: item.language,
    type: item.type,
    data: item.data,
  }))
}

/** The rows as the save call expects them: blank names dropped, names trimmed, yes/no as booleans. */
export function toMetadataItems(rows: readonly MetadataRow[]): AssetMetadataItem[] {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => ({
      name: row.name.trim(),
      language: row.language,
      type: row.type,
      data:
        row.type === 'checkbox'
          ? row.data === true
          : row.data === null || row.data === ''
            ? null
            : row.data,
    }))
}

/** Index of every row whose name and language repeat an earlier row's (the server refuses those). */
export function findDuplicateRows(rows: readonly MetadataRow[]): Set<number> {
  const seen = new Set<string>()
  const duplicates = new Set<number>()
  rows.forEach((row, index) => {
    const name = row.name.trim().toLowerCase()
    if (name === '') return
    const key = `${name}\u0000${row.language}`
    if (seen.has(key)) duplicates.add(index)
    seen.add(key)
  })
  return duplicates
}

/** A new field with the same name for each of the six languages (Pimcore's "add for all languages"). */
export function rowsForEveryLanguage(name: string): MetadataRow[] {
  return LOCALES.map((language) => ({ name, language, type: 'input', data: null }))
}
