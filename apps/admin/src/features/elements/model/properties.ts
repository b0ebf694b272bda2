import type { PropertyInput, PropertyType } from '@optika/domain/pim/element-api'

/** A property row as the editor holds it while typing. */
export interface EditableProperty {
  name: string
  type: PropertyType
  data: string | number | boolean | null
  inheritable: boolean
}

/**
 * The rows as the save call expects them: blank names dropped, values typed by the property type
 * (relations are element ids, a blank value is null).
 */
export function toPropertyInputs(rows: readonly EditableProperty[]): PropertyInput[] {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row): PropertyInput => {
      const name = row.name.trim()
      const text = row.data === null ? '' : String(row.data).trim()
      switch (row.type) {
        case 'bool':
          return { name, type: 'bool', data: row.data === true, inheritable: row.inheritable }
        case 'text':
        case 'select':
          return {
            name,
            type: row.type,
            data: text === '' ? null : text,
            inheritable: row.inheritable,
          }
        case 'object':
        case 'asset':
        case 'document': {
          const id = Number(text)
          return {
            name,
            type: row.type,
            data: text !== '' && Number.isInteger(id) && id > 0 ? id : null,
            inheritable: row.inheritable,
          }
        }
      }
    })
}
