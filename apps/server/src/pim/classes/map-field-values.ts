import type { FieldDefinition, LayoutNode } from '@optika/domain/pim/class-definition'
import { isRecord, type ValidationLookup } from '@optika/domain/pim/validate-object-data'

/** Called for every scalar value of the data (a localized field once per language); returns the replacement. */
export type MapValue = (field: FieldDefinition, value: unknown, path: string) => unknown

/**
 * The data with every scalar field value passed through `map`, descending into localized values,
 * block rows, field-collection items and object bricks (their layouts from `lookup`). Values of
 * fields the layout does not know are kept as they are. Classification-store values are left
 * alone: their keys hold plain scalars, never references or HTML.
 */
export function mapFieldValues(
  layout: readonly LayoutNode[],
  data: Readonly<Record<string, unknown>>,
  map: MapValue,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
  prefix = '',
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data }
  const visit = (nodes: readonly LayoutNode[], localized: boolean) => {
    for (const node of nodes) {
      if (node.kind === 'layout') {
        visit(node.children, localized || node.type === 'localizedfields')
        continue
      }
      const value = data[node.name]
      if (value === undefined || value === null) continue
      const path = `${prefix}${node.name}`
      if (localized && isRecord(value)) {
        out[node.name] = Object.fromEntries(
          Object.entries(value).map(([language, languageValue]) => [
            language,
            mapOne(node, languageValue, `${path}.${language}`, map, lookup),
          ]),
        )
      } else out[node.name] = mapOne(node, value, path, map, lookup)
    }
  }
  visit(layout, false)
  return out
}

function mapOne(
  field: FieldDefinition,
  value: unknown,
  path: string,
  map: MapValue,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
): unknown {
  switch (field.type) {
    case 'block':
      return Array.isArray(value)
        ? (value as unknown[]).map((row, index) =>
            isRecord(row)
              ? mapFieldValues(field.children ?? [], row, map, lookup, `${path}.${index}.`)
              : row,
          )
        : value
    case 'fieldcollections':
      return Array.isArray(value)
        ? (value as unknown[]).map((item, index) => {
            if (!isRecord(item) || typeof item.type !== 'string') return item
            const container = lookup.fieldContainer('fieldcollection', item.type)
            return container
              ? mapFieldValues(container.layout, item, map, lookup, `${path}.${index}.`)
              : item
          })
        : value
    case 'objectbricks':
      return isRecord(value)
        ? Object.fromEntries(
            Object.entries(value).map(([key, brick]) => {
              const container = lookup.fieldContainer('objectbrick', key)
              return [
                key,
                container && isRecord(brick)
                  ? mapFieldValues(container.layout, brick, map, lookup, `${path}.${key}.`)
                  : brick,
              ]
            }),
          )
        : value
    case 'classificationstore':
      return value
    default:
      return map(field, value, path)
  }
}
